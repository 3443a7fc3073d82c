import { z } from 'zod';
import { moneySchema } from './envelope.ts';

/**
 * The back-office's reports (server module `reports`, permission `reports.read`). Every report
 * covers whole days `from`..`to` (both included) in the merchant's time zone, amounts in the
 * envelope's money strings (minor units on the server, exact to the cent), each with its totals.
 * Each JSON path has a CSV twin (`...Csv`) answering the same table as `text/csv` (UTF-8 with BOM).
 */
export const reportsPaths = {
  daily: '/admin-api/reports/daily',
  dailyCsv: '/admin-api/reports/daily.csv',
  games: '/admin-api/reports/games',
  gamesCsv: '/admin-api/reports/games.csv',
  payments: '/admin-api/reports/payments',
  paymentsCsv: '/admin-api/reports/payments.csv',
  members: '/admin-api/reports/members',
  membersCsv: '/admin-api/reports/members.csv',
} as const;

/** The longest range one report covers. */
export const reportMaxDays = 366;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
  );

function dayNumber(value: string): number {
  return Date.parse(`${value}T00:00:00Z`) / 86_400_000;
}

export const reportRangeQuerySchema = z.object({ from: isoDay, to: isoDay }).superRefine((range, context) => {
  const days = dayNumber(range.to) - dayNumber(range.from) + 1;
  if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'to is before from' });
  else if (days > reportMaxDays) context.addIssue({ code: 'custom', path: ['to'], message: 'range too long' });
});
export type ReportRangeQuery = z.infer<typeof reportRangeQuerySchema>;

export const reportMembersQuerySchema = z
  .object({ from: isoDay, to: isoDay, limit: z.coerce.number().int().min(1).max(100).default(20) })
  .superRefine((range, context) => {
    const days = dayNumber(range.to) - dayNumber(range.from) + 1;
    if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'to is before from' });
    else if (days > reportMaxDays) context.addIssue({ code: 'custom', path: ['to'], message: 'range too long' });
  });
export type ReportMembersQuery = z.infer<typeof reportMembersQuerySchema>;

/** One day of the daily summary (or the totals of the range, where `activePlayers` counts each player once). */
export const dailySummaryLineSchema = z.object({
  registrations: z.number().int(),
  firstDeposits: z.number().int(),
  activePlayers: z.number().int(),
  depositCount: z.number().int(),
  deposits: moneySchema,
  withdrawalCount: z.number().int(),
  withdrawals: moneySchema,
  rounds: z.number().int(),
  bets: moneySchema,
  validBets: moneySchema,
  payouts: moneySchema,
  /** bets − payouts. */
  ggr: moneySchema,
  bonuses: moneySchema,
  rebates: moneySchema,
  /** GGR − bonuses − rebates. */
  ngr: moneySchema,
});
export type DailySummaryLine = z.infer<typeof dailySummaryLineSchema>;

export const dailySummaryReportSchema = z.object({
  timezone: z.string(),
  from: z.string(),
  to: z.string(),
  /** Every day of the range, oldest first; a day without activity has zeros. */
  days: z.array(dailySummaryLineSchema.extend({ day: z.string(), live: z.boolean() })),
  totals: dailySummaryLineSchema,
});
export type DailySummaryReport = z.infer<typeof dailySummaryReportSchema>;

export const gameReportLineSchema = z.object({
  rounds: z.number().int(),
  /** Distinct players of a day, summed over the days of the range (player-days). */
  players: z.number().int(),
  bets: moneySchema,
  validBets: moneySchema,
  payouts: moneySchema,
  ggr: moneySchema,
  /** payouts ÷ bets in percent, two decimals; null without bets. */
  rtp: z.string().nullable(),
});
export const gameReportSchema = z.object({
  timezone: z.string(),
  from: z.string(),
  to: z.string(),
  vendors: z.array(gameReportLineSchema.extend({ vendor: z.string(), vendorName: z.string() })),
  games: z.array(
    gameReportLineSchema.extend({
      vendor: z.string(),
      vendorName: z.string(),
      gameId: z.string(),
      gameName: z.string(),
    }),
  ),
  totals: gameReportLineSchema,
});
export type GameReport = z.infer<typeof gameReportSchema>;

export const paymentReportLineSchema = z.object({
  channel: z.string(),
  status: z.string(),
  count: z.number().int(),
  amount: moneySchema,
  /** Mean seconds from request to approval, rejection or expiry, over the requests no longer pending; null if none. */
  avgProcessingSeconds: z.number().int().nullable(),
});
const paymentTotalsSchema = z.object({
  count: z.number().int(),
  amount: moneySchema,
  avgProcessingSeconds: z.number().int().nullable(),
});
export const paymentReportSchema = z.object({
  timezone: z.string(),
  from: z.string(),
  to: z.string(),
  deposits: z.array(paymentReportLineSchema),
  depositTotals: paymentTotalsSchema,
  withdrawals: z.array(paymentReportLineSchema),
  withdrawalTotals: paymentTotalsSchema,
});
export type PaymentReport = z.infer<typeof paymentReportSchema>;

export const memberReportLineSchema = z.object({
  rounds: z.number().int(),
  bets: moneySchema,
  payouts: moneySchema,
  /** The member's result: payouts − bets (positive: the member won). */
  profit: moneySchema,
  deposits: moneySchema,
  withdrawals: moneySchema,
  bonuses: moneySchema,
});
export const memberReportRowSchema = memberReportLineSchema.extend({ memberId: z.string(), username: z.string() });
export const memberReportSchema = z.object({
  timezone: z.string(),
  from: z.string(),
  to: z.string(),
  winners: z.array(memberReportRowSchema),
  losers: z.array(memberReportRowSchema),
  /** Over every member of the range, not only the listed ones. */
  totals: memberReportLineSchema.extend({ members: z.number().int() }),
});
export type MemberReport = z.infer<typeof memberReportSchema>;
