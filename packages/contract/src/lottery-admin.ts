import { z } from 'zod';
import { adminPageQuerySchema, adminPageSchema } from './backoffice.ts';
import { moneySchema } from './envelope.ts';
import { lotteryChaseStatusValues, lotteryOrderStatusValues } from './lottery-orders.ts';
import { amountInputSchema, parseAmount } from './money.ts';

/* ------------------------------------------------------------------------------------------------
 * The lottery's back-office (issue 18 "Risk and limits", "Draw lifecycle"; modules/lottery/admin
 * README): a merchant's rules per game, its blocked numbers, the book of a draw (what the house pays
 * if each number wins), its members' orders, and cancelling a draw whose result never comes (every
 * waiting order of the merchant refunded, status 12). Every call needs `lottery.manage`; every change
 * is in the audit log. Money on the wire is a decimal string with two places.
 * ---------------------------------------------------------------------------------------------- */

export const adminLotteryPaths = {
  /** GET: every game with the merchant's setting and the game's plays. */
  games: '/admin-api/lottery/games',
  /** PUT `adminLotterySettingRequestSchema`: the merchant's setting of a game, at the version read. */
  gameSetting: '/admin-api/lottery/games/:gameId/setting',
  /** GET: the game's blocked numbers (all draws and single draws); POST `adminLotteryNumberRuleRequestSchema`: add one. */
  numberRules: '/admin-api/lottery/games/:gameId/number-rules',
  /** DELETE: remove a blocked number. */
  numberRule: '/admin-api/lottery/number-rules/:ruleId',
  /** GET `adminLotteryDrawsQuerySchema`: a game's draws (newest first) with the merchant's orders on each. */
  draws: '/admin-api/lottery/draws',
  /** GET `adminLotteryBookQuerySchema`: the book of one draw (default: the game's current draw). */
  book: '/admin-api/lottery/book',
  /** GET `adminLotteryOrdersQuerySchema`: the merchant's orders, newest first. */
  orders: '/admin-api/lottery/orders',
  /** GET: one order. */
  order: '/admin-api/lottery/orders/:orderId',
  /** POST `adminLotteryCancelDrawRequestSchema`: refund every waiting order of the merchant on a draw. */
  cancelDraw: '/admin-api/lottery/draws/cancel',
} as const;

/** Error codes of the lottery's back-office; messages in the server catalogue (TH, EN). */
export const adminLotteryErrorCodes = {
  /** The setting was changed by someone else since it was read (409, field `version`): reload. */
  settingStale: 'lottery.setting.stale',
  /** The same play and number already has a rule for that scope (409, field `number`): remove it first. */
  numberRuleExists: 'lottery.number.rule.exists',
  /** The draw is settled: its orders are won or lost, nothing to refund (409, field `numero`). */
  drawSettled: 'lottery.draw.settled',
  /** The draw still takes bets (before its lock): it cannot be cancelled yet (409, field `numero`). */
  drawStillOpen: 'lottery.draw.still.open',
} as const;

const idParamSchema = z.string().regex(/^[1-9][0-9]{0,18}$/, 'must be an id');
export const adminLotteryGameParamsSchema = z.object({ gameId: z.coerce.number().int().min(1).max(2_147_483_647) });
export const adminLotteryRuleParamsSchema = z.object({ ruleId: idParamSchema });
export const adminLotteryOrderParamsSchema = z.object({ orderId: idParamSchema });

const numeroSchema = z.string().regex(/^[0-9]{8}(-[0-9A-Z]{2,5})?$/, 'must be a draw number');
const optionalAmountSchema = amountInputSchema.nullable();

export const adminLotteryOverLimitModes = ['refuse', 'reduce'] as const;

/** A merchant's rules for one game, as the back-office shows them. */
export const adminLotterySettingSchema = z.object({
  /** Whether the merchant sells the game (the game itself must be on too). */
  enabled: z.boolean(),
  minStakePerUnit: moneySchema,
  maxOrderAmount: moneySchema,
  maxMemberDrawAmount: moneySchema,
  maxMultiple: z.number().int(),
  minSeries: z.number().int(),
  maxSeries: z.number().int(),
  /** What the house pays at most if one number of a number play wins on a draw; null: no limit. */
  maxNumberPayout: moneySchema.nullable(),
  /** Past that limit: refuse the bet, or take the number at half odds. */
  overLimitMode: z.enum(adminLotteryOverLimitModes),
  /** A member's win on one draw is capped at their stake plus this; null: no cap. */
  maxProfit: moneySchema.nullable(),
  allowCancel: z.boolean(),
  /** The member's cancellation fee in basis points of the stake (100 = 1 %). */
  cancelFeeBps: z.number().int(),
  version: z.number().int(),
  updatedAt: z.number(),
});
export type AdminLotterySetting = z.infer<typeof adminLotterySettingSchema>;

export const adminLotteryPlaySchema = z.object({
  playId: z.number().int(),
  playCode: z.string(),
  /** A number play (its numbers have a book line each and may be blocked). */
  isNumberPlay: z.boolean(),
});

export const adminLotteryGameSchema = z.object({
  gameId: z.number().int(),
  gameCode: z.string(),
  nameTh: z.string(),
  nameEn: z.string(),
  family: z.string(),
  kind: z.enum(['house', 'official', 'yeekee']),
  /** The game itself is on (the platform's switch, above the merchant's). */
  isGameEnabled: z.boolean(),
  setting: adminLotterySettingSchema,
  plays: z.array(adminLotteryPlaySchema),
});
export type AdminLotteryGame = z.infer<typeof adminLotteryGameSchema>;
export const adminLotteryGamesSchema = z.object({ items: z.array(adminLotteryGameSchema) });
export type AdminLotteryGames = z.infer<typeof adminLotteryGamesSchema>;

/**
 * A setting as saved: every field and the version read. The orders of the limits are checked here so
 * a refusal names the field: stake ≤ order ≤ member's draw, min series ≤ max series.
 */
export const adminLotterySettingRequestSchema = z
  .strictObject({
    enabled: z.boolean(),
    minStakePerUnit: amountInputSchema,
    maxOrderAmount: amountInputSchema,
    maxMemberDrawAmount: amountInputSchema,
    maxMultiple: z.number().int().min(1).max(100_000),
    minSeries: z.number().int().min(1).max(2000),
    maxSeries: z.number().int().min(1).max(2000),
    maxNumberPayout: optionalAmountSchema,
    overLimitMode: z.enum(adminLotteryOverLimitModes),
    maxProfit: optionalAmountSchema,
    allowCancel: z.boolean(),
    cancelFeeBps: z.number().int().min(0).max(10_000),
    version: z.number().int().min(1),
  })
  .superRefine((body, context) => {
    const amount = (text: string) => parseAmount(text) ?? 0n;
    if (amount(body.minStakePerUnit) > amount(body.maxOrderAmount))
      context.addIssue({ code: 'custom', path: ['maxOrderAmount'], message: 'must not be below the minimum stake' });
    if (amount(body.maxOrderAmount) > amount(body.maxMemberDrawAmount))
      context.addIssue({
        code: 'custom',
        path: ['maxMemberDrawAmount'],
        message: 'must not be below the maximum order',
      });
    if (body.minSeries > body.maxSeries)
      context.addIssue({ code: 'custom', path: ['maxSeries'], message: 'must not be below the minimum series' });
  });
export type AdminLotterySettingRequest = z.infer<typeof adminLotterySettingRequestSchema>;

/** A blocked number: closed, or its own payout limit; for every draw of the game or one draw. */
export const adminLotteryNumberRuleSchema = z.object({
  ruleId: z.string(),
  playCode: z.string(),
  number: z.string(),
  closed: z.boolean(),
  maxPayout: moneySchema.nullable(),
  /** Null: every draw of the game. */
  numero: z.string().nullable(),
  createdAt: z.number(),
});
export type AdminLotteryNumberRule = z.infer<typeof adminLotteryNumberRuleSchema>;
export const adminLotteryNumberRulesSchema = z.object({ items: z.array(adminLotteryNumberRuleSchema) });
export type AdminLotteryNumberRules = z.infer<typeof adminLotteryNumberRulesSchema>;

export const adminLotteryNumberRuleRequestSchema = z
  .strictObject({
    /** A number play of the game's family (`THAI_3TOP`). */
    playCode: z.string().regex(/^[A-Z0-9_]{2,40}$/, 'must be a play code'),
    /** Digits only, as many as the play's numbers have (checked against the play). */
    number: z.string().regex(/^[0-9]{1,6}$/, 'must be digits'),
    closed: z.boolean(),
    /** Required when not closed. */
    maxPayout: optionalAmountSchema,
    /** One draw only; null: every draw. */
    numero: numeroSchema.nullable(),
  })
  .superRefine((body, context) => {
    if (!body.closed && body.maxPayout === null)
      context.addIssue({ code: 'custom', path: ['maxPayout'], message: 'required unless closed' });
  });
export type AdminLotteryNumberRuleRequest = z.infer<typeof adminLotteryNumberRuleRequestSchema>;

export const adminLotteryDrawStatuses = ['open', 'locked', 'drawn', 'settled', 'cancelled'] as const;

export const adminLotteryDrawsQuerySchema = adminPageQuerySchema.extend({
  gameId: z.coerce.number().int().min(1).max(2_147_483_647),
});
export type AdminLotteryDrawsQuery = z.infer<typeof adminLotteryDrawsQuerySchema>;

/** A draw with the merchant's orders on it. */
export const adminLotteryDrawRowSchema = z.object({
  drawId: z.string(),
  numero: z.string(),
  status: z.enum(adminLotteryDrawStatuses),
  locksAt: z.number(),
  drawsAt: z.number(),
  /** The result's numbers once drawn (the game's `winNoStr`), else null. */
  winningNumber: z.array(z.string()).nullable(),
  waitingOrders: z.number().int(),
  waitingStake: moneySchema,
  /** Orders refunded because the merchant cancelled the draw (status 12). */
  refundedOrders: z.number().int(),
  /** Bets are closed and the draw is not settled: an operator may cancel it. */
  isCancellable: z.boolean(),
});
export type AdminLotteryDrawRow = z.infer<typeof adminLotteryDrawRowSchema>;
export const adminLotteryDrawPageSchema = adminPageSchema(adminLotteryDrawRowSchema);
export type AdminLotteryDrawPage = z.infer<typeof adminLotteryDrawPageSchema>;

export const adminLotteryBookQuerySchema = z.object({
  gameId: z.coerce.number().int().min(1).max(2_147_483_647),
  /** Default: the game's current draw (the earliest not yet drawn). */
  numero: numeroSchema.optional(),
});
export type AdminLotteryBookQuery = z.infer<typeof adminLotteryBookQuerySchema>;

/** The most number lines a book answer carries (the highest payouts); `numberCount` says how many there are. */
export const adminLotteryBookMaxLines = 300;

export const adminLotteryBookSchema = z.object({
  gameId: z.number().int(),
  gameCode: z.string(),
  /** Null when the game has no draw to show (an official game without a calendar). */
  draw: adminLotteryDrawRowSchema.nullable(),
  totals: z.object({
    /** Orders that count (waiting, won, lost). */
    orders: z.number().int(),
    stake: moneySchema,
    members: z.number().int(),
    /** The highest payout of any one number: the house's worst case on a number play. */
    maxPayout: moneySchema,
  }),
  /** Per number play and number: stakes and what the house pays if it wins, highest payout first. */
  numbers: z.array(
    z.object({
      playCode: z.string(),
      number: z.string(),
      stake: moneySchema,
      payout: moneySchema,
      /** The limit that applies (the number's rule for the draw, else for every draw, else the game's); null: none. */
      limit: moneySchema.nullable(),
      isClosed: z.boolean(),
    }),
  ),
  numberCount: z.number().int(),
  /** Per play (every play with orders): orders and stake that count. */
  plays: z.array(
    z.object({ playCode: z.string(), isNumberPlay: z.boolean(), orders: z.number().int(), stake: moneySchema }),
  ),
});
export type AdminLotteryBook = z.infer<typeof adminLotteryBookSchema>;

export const adminLotteryOrdersQuerySchema = adminPageQuerySchema.extend({
  /** The member's username, exact (any case). */
  username: z.string().trim().max(64).optional(),
  gameId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  numero: numeroSchema.optional(),
  status: z.coerce
    .number()
    .int()
    .refine((value) => (lotteryOrderStatusValues as readonly number[]).includes(value), 'must be an order status')
    .optional(),
  /** An order number (`ABC123-001`) or a placement's (`ABC123`), any case. */
  orderNo: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{6}(-[0-9]{3})?$/, 'must be an order number')
    .optional(),
  /** epoch ms, inclusive. */
  from: z.coerce.number().int().min(0).optional(),
  /** epoch ms, exclusive. */
  to: z.coerce.number().int().min(0).optional(),
});
export type AdminLotteryOrdersQuery = z.infer<typeof adminLotteryOrdersQuerySchema>;

export const adminLotteryOrderRowSchema = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  memberId: z.string(),
  username: z.string(),
  gameId: z.number().int(),
  gameCode: z.string(),
  gameNameTh: z.string(),
  gameNameEn: z.string(),
  numero: z.string(),
  playCode: z.string(),
  betContent: z.string(),
  betNum: z.number().int(),
  stakePerUnit: moneySchema,
  multiple: z.number().int(),
  series: z.number().int(),
  betAmount: moneySchema,
  winAmount: moneySchema.nullable(),
  fee: moneySchema,
  /** 2 waiting, 4 won, 5 lost, 6 stopped by its chase, 8 cancelled by the member, 12 refunded (draw cancelled). */
  status: z.number().int(),
  reducedNumbers: z.array(z.string()),
  chaseNo: z.string().nullable(),
  createdAt: z.number(),
  settledAt: z.number().nullable(),
  cancelledAt: z.number().nullable(),
});
export type AdminLotteryOrderRow = z.infer<typeof adminLotteryOrderRowSchema>;
export const adminLotteryOrderPageSchema = adminPageSchema(adminLotteryOrderRowSchema);
export type AdminLotteryOrderPage = z.infer<typeof adminLotteryOrderPageSchema>;

export const adminLotteryOrderDetailSchema = adminLotteryOrderRowSchema.extend({
  drawStatus: z.enum(adminLotteryDrawStatuses),
  drawsAt: z.number(),
  locksAt: z.number(),
  winningNumber: z.array(z.string()).nullable(),
  /** The chase's state, or null: `win_corrected` when a corrected result took back the win that stopped it. */
  chaseStatus: z.enum(lotteryChaseStatusValues).nullable(),
});
export type AdminLotteryOrderDetail = z.infer<typeof adminLotteryOrderDetailSchema>;

export const adminLotteryCancelDrawRequestSchema = z.strictObject({
  gameId: z.number().int().min(1).max(2_147_483_647),
  numero: numeroSchema,
  /** Why (kept in the audit log). */
  reason: z.string().trim().min(3).max(500),
});
export type AdminLotteryCancelDrawRequest = z.infer<typeof adminLotteryCancelDrawRequestSchema>;

export const adminLotteryCancelDrawResultSchema = z.object({
  drawId: z.string(),
  /** Refunded by this call (0 when a first cancel already refunded them all). */
  refundedOrders: z.number().int(),
  refundedAmount: moneySchema,
  members: z.number().int(),
});
export type AdminLotteryCancelDrawResult = z.infer<typeof adminLotteryCancelDrawResultSchema>;
