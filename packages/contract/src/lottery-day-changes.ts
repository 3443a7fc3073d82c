import { z } from 'zod';
import { officialLotteryFamilies } from './lottery-results.ts';

/* ------------------------------------------------------------------------------------------------
 * Holiday day changes of the official lottery calendars (server modules/lottery/official README
 * "Day changes"; table `lottery_official_day_change`): a scheduled draw day moved to another day, or
 * skipped. Needs `lottery.results` (draws are every brand's); every change is in the audit log.
 *
 * A draw already created for the scheduled day: without bets it is moved to the new day (or cancelled
 * when the day is skipped); with bets the change is refused (409 `lottery.day_change.has.bets`, value
 * `orders`) unless `refundBets` is true, and then the draw is cancelled and every waiting bet refunded
 * (status 12, the deadline's refund path); a moved day's draw is then a new draw on the new day.
 * ---------------------------------------------------------------------------------------------- */

export const adminLotteryDayChangePaths = {
  /** GET `adminLotteryDayChangesQuerySchema`: the official games and their upcoming changes. */
  list: '/admin-api/lottery/day-changes',
  /** POST `adminLotteryDayChangeAddRequestSchema`: move or skip a scheduled draw day. */
  add: '/admin-api/lottery/day-changes',
  /** DELETE: remove a change not yet used (`adminLotteryDayChangeParamsSchema`). */
  remove: '/admin-api/lottery/day-changes/:gameCode/:scheduledDay',
} as const;

/** Error codes of day changes; messages in the server catalogue (TH, EN). */
export const adminLotteryDayChangeErrorCodes = {
  /** The day is not one of the game's draw days (400, field `scheduledDay`). */
  notDrawDay: 'lottery.day_change.not.draw.day',
  /** Bets on that day's draw have already closed (409, field `scheduledDay` or `drawDay`). */
  tooLate: 'lottery.day_change.too.late',
  /** The day already has a change: remove it first (409, field `scheduledDay`). */
  exists: 'lottery.day_change.exists',
  /** The game already draws on the new day (409, field `drawDay`). */
  dayTaken: 'lottery.day_change.day.taken',
  /** The draw of the day has bets: send again with `refundBets` to cancel it and refund them (409, field `refundBets`, value `orders`). */
  hasBets: 'lottery.day_change.has.bets',
  /** The change has taken effect (its day has closed, a draw was cancelled, or the moved draw has bets): it stays (409, field `scheduledDay`). */
  used: 'lottery.day_change.used',
} as const;

const gameCodeSchema = z.string().regex(/^[A-Z0-9_]{2,40}$/, 'must be a game code');
const daySchema = z
  .string()
  .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, 'must be a day YYYY-MM-DD')
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    'must be a real day',
  );

export const adminLotteryDayChangesQuerySchema = z.object({ gameCode: gameCodeSchema.optional() });
export type AdminLotteryDayChangesQuery = z.infer<typeof adminLotteryDayChangesQuerySchema>;

export const adminLotteryDayChangeParamsSchema = z.object({ gameCode: gameCodeSchema, scheduledDay: daySchema });
export type AdminLotteryDayChangeParams = z.infer<typeof adminLotteryDayChangeParamsSchema>;

/** A new day is at most this many days from the scheduled one. */
export const maxDayChangeShiftDays = 31;

export const adminLotteryDayChangeAddRequestSchema = z
  .object({
    gameCode: gameCodeSchema,
    scheduledDay: daySchema,
    /** The day the draw happens instead, or null: skipped. */
    drawDay: daySchema.nullable(),
    note: z.string().trim().max(200).optional(),
    /** The operator accepts that the day's draw, which has bets, is cancelled and its bets refunded. */
    refundBets: z.boolean().default(false),
  })
  .superRefine((body, context) => {
    if (body.drawDay === null) return;
    const shift = (Date.parse(`${body.drawDay}T00:00:00Z`) - Date.parse(`${body.scheduledDay}T00:00:00Z`)) / 86_400_000;
    if (shift === 0)
      context.addIssue({ code: 'custom', path: ['drawDay'], message: 'must differ from the scheduled day' });
    else if (Math.abs(shift) > maxDayChangeShiftDays)
      context.addIssue({ code: 'custom', path: ['drawDay'], message: `must be within ${maxDayChangeShiftDays} days` });
  });
export type AdminLotteryDayChangeAddRequest = z.input<typeof adminLotteryDayChangeAddRequestSchema>;

const drawStatusSchema = z.enum(['open', 'locked', 'drawn', 'settled', 'cancelled']);

/** One change, with the draw it concerns now (the new day's, or the skipped day's cancelled one). */
export const adminLotteryDayChangeSchema = z.object({
  gameCode: z.string(),
  gameName: z.string(),
  scheduledDay: z.string(),
  drawDay: z.string().nullable(),
  note: z.string().nullable(),
  draw: z.object({ numero: z.string(), status: drawStatusSchema, orders: z.number().int() }).nullable(),
  /** Whether it can still be removed (nothing happened because of it yet). */
  isRemovable: z.boolean(),
});
export type AdminLotteryDayChange = z.infer<typeof adminLotteryDayChangeSchema>;

export const adminLotteryDayChangesSchema = z.object({
  games: z.array(
    z.object({
      gameCode: z.string(),
      gameName: z.string(),
      family: z.enum(officialLotteryFamilies),
      /** ISO weekdays 1 Monday .. 7 Sunday, and days of the month, that are draw days. */
      weekdays: z.array(z.number().int()),
      monthDays: z.array(z.number().int()),
      /** Bangkok time `HH:MM`. */
      drawTime: z.string(),
    }),
  ),
  /** Changes whose scheduled or new day is today or later (Bangkok), by day. */
  changes: z.array(adminLotteryDayChangeSchema),
});
export type AdminLotteryDayChanges = z.infer<typeof adminLotteryDayChangesSchema>;

/** What adding a change did to the draw already created for the scheduled day. */
export const adminLotteryDayChangeAddedSchema = z.object({
  change: adminLotteryDayChangeSchema,
  effect: z.enum(['none', 'moved', 'cancelled']),
  refundedOrders: z.number().int(),
});
export type AdminLotteryDayChangeAdded = z.infer<typeof adminLotteryDayChangeAddedSchema>;
