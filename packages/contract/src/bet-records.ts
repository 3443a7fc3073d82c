import { z } from 'zod';
import { moneySchema } from './envelope.ts';
import { vendorRoundDetailsSchema } from './seamless-wallet.ts';

/* ------------------------------------------------------------------------------------------------
 * Bet records (issue 5 "Games"; spec §2 page personalHistoryCopy, "betting record"): every round a
 * member played, from any vendor's bets, wins and rollbacks (apps/server/src/modules/bet-records).
 * ---------------------------------------------------------------------------------------------- */

export const betRecordPaths = {
  /**
   * GET (token, real members): the member's bet records, newest first, paged, with totals over the
   * whole filter. The name is ours, made in the original's style (`ODSFE2_MemTransDet`,
   * `ODSFE2_MemPNLDet`): the original's call for this page is not known.
   */
  betHistory: '/wps/relay/ODSFE2_MemBetDet',
} as const;

/** open: the round is still running; settled: closed by the vendor, the result is final; cancelled: every bet refunded. */
export const betRecordStatusSchema = z.enum(['open', 'settled', 'cancelled']);
export type BetRecordStatus = z.infer<typeof betRecordStatusSchema>;

/** Of a settled record: payout above, below or equal to the stake. */
export const betResultSchema = z.enum(['win', 'loss', 'draw']);
export type BetResult = z.infer<typeof betResultSchema>;

const codeSchema = z
  .string()
  .trim()
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/);

/**
 * Query of ODSFE2_MemBetDet. Dates as ODSFE2_MemTransDet has them: epoch ms of the member's own day
 * boundaries (the site computes them in the browser's time zone), start inclusive, end exclusive,
 * applied to the time of the round's first bet. `gameType` matches the vendor's game type (LIVE,
 * RNG, ...) or its category, as the game lists do.
 */
export const betHistoryQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  vassalage: codeSchema.optional(),
  gameType: codeSchema.optional(),
  startTime: z.coerce.number().int().min(0).max(8.64e15).optional(),
  endTime: z.coerce.number().int().min(0).max(8.64e15).optional(),
});
export type BetHistoryQuery = z.infer<typeof betHistoryQuerySchema>;

/** One round of one member. Money fields are sums over the round's bets and wins. */
export const betRecordSchema = z.object({
  recordId: z.number().int(),
  /** The catalogue vendor (spec: vassalage) and its name in the request's language. */
  vassalage: z.string(),
  vendorName: z.string(),
  gameId: z.string(),
  /** In the request's language; the game id when the game is not in the catalogue. */
  gameName: z.string(),
  /** The vendor's game type (LIVE, RNG, ...) and category; null when the vendor is not in the catalogue. */
  gameType: z.string().nullable(),
  gameCategory: z.string().nullable(),
  roundId: z.string(),
  stake: moneySchema,
  /** What counts towards the withdrawal turnover. */
  validBet: moneySchema,
  payout: moneySchema,
  /** payout - stake once settled; null while open or cancelled. */
  profit: moneySchema.nullable(),
  result: betResultSchema.nullable(),
  status: betRecordStatusSchema,
  /** Bets of the round not refunded. */
  betCount: z.number().int(),
  betTime: z.number().int(),
  settledTime: z.number().int().nullable(),
  /** Provably fair data of a house game's round; null for other vendors. */
  fairness: vendorRoundDetailsSchema.nullable(),
});
export type BetRecord = z.infer<typeof betRecordSchema>;

/** Sums over every record the filter matches, not only the page. */
export const betTotalsSchema = z.object({
  recordCount: z.number().int(),
  stakeAmount: moneySchema,
  validBetAmount: moneySchema,
  payoutAmount: moneySchema,
  /** payout - stake of the settled records (open rounds have no result yet). */
  profitAmount: moneySchema,
});
export type BetTotals = z.infer<typeof betTotalsSchema>;

export const betHistorySchema = z.object({
  content: z.array(betRecordSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  currency: z.string(),
  totals: betTotalsSchema,
});
export type BetHistory = z.infer<typeof betHistorySchema>;

/** Game profit and loss of settled records over one day or one game type (page personalProfit). */
export const gameProfitLineSchema = z.object({
  recordCount: z.number().int(),
  betAmount: moneySchema,
  validBetAmount: moneySchema,
  winAmount: moneySchema,
  /** winAmount - betAmount: positive when the member won. */
  profitAmount: moneySchema,
});
export type GameProfitLine = z.infer<typeof gameProfitLineSchema>;

export const gameProfitByDaySchema = gameProfitLineSchema.extend({
  /** The member's calendar day, `YYYY-MM-DD`, in the offset the query named. */
  day: z.string(),
});
export type GameProfitByDay = z.infer<typeof gameProfitByDaySchema>;

export const gameProfitByTypeSchema = gameProfitLineSchema.extend({
  /** null: games of a vendor not in the catalogue. */
  gameType: z.string().nullable(),
});
export type GameProfitByType = z.infer<typeof gameProfitByTypeSchema>;

/** How many days `gameByDay` lists at most (the latest ones). */
export const gameProfitMaxDays = 366;
