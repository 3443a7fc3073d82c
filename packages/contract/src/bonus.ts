import { z } from 'zod';
import { moneySchema } from './envelope.ts';
import { amountInputSchema } from './money.ts';

/* ------------------------------------------------------------------------------------------------
 * Bonus money and turnover (issue 17 "Bonus money and turnover"; spec §3 "Turnover"; modules/bonus
 * README). A bonus sits in the member's bonus balance (apart from cash) until the valid bets of its
 * product types reach its turnover requirement: then what is left of it becomes cash. Money on the
 * wire is a decimal string with two places; times are epoch ms.
 * ---------------------------------------------------------------------------------------------- */

export const bonusPaths = {
  /** GET (token, real members): the original's turnover answer (statuses A, D, I, N; per game type). */
  turnoverInfo: '/wps/relay/getTurnoverInfo',
  /** GET (token, real members): every bonus of the member, newest first (member centre `bonusDetails`). */
  bonusDetails: '/wps/relay/getBonusDetails',
} as const;

export const bonusStatuses = ['active', 'converted', 'forfeited', 'expired'] as const;
export type BonusStatus = (typeof bonusStatuses)[number];

export const bonusSourceKinds = ['promotion', 'rebate', 'issued', 'adjustment'] as const;
export type BonusSourceKind = (typeof bonusSourceKinds)[number];

/**
 * The original's turnover statuses: `A` nothing required (no bonus at all), `D` done (every bonus's
 * turnover met), `I` incomplete but a withdrawal is allowed (the merchant forfeits the bonus instead:
 * warn the member), `N` incomplete and a withdrawal is refused (`promotion_turnover_not_enough`).
 */
export const turnoverStatuses = ['A', 'D', 'I', 'N'] as const;
export type TurnoverStatus = (typeof turnoverStatuses)[number];

export const turnoverDetailSchema = z.object({
  /** A product type (LIVE, RNG, PVP, FISH, SPORTS, LOTT, ...), or `ALL` for a bonus any bet counts for. */
  gameType: z.string(),
  requiredTurnover: moneySchema,
  actualTurnover: moneySchema,
});
export type TurnoverDetail = z.infer<typeof turnoverDetailSchema>;

export const turnoverInfoSchema = z.object({
  status: z.enum(turnoverStatuses),
  totalRequiredTurnover: moneySchema,
  totalActualTurnover: moneySchema,
  details: z.array(turnoverDetailSchema),
});
export type TurnoverInfo = z.infer<typeof turnoverInfoSchema>;

export const bonusDetailSchema = z.object({
  bonusId: z.string(),
  sourceKind: z.enum(bonusSourceKinds),
  /** The ledger transfer kind it was granted with (`promotion_bonus`, `rebate_auto`, ...): the site names it. */
  transferKind: z.string(),
  /**
   * A promotion's bonus: the promotion's name in the request's language. null for other sources and
   * for a promotion no longer found: the site names those by `sourceKind`.
   */
  sourceName: z.string().nullable(),
  status: z.enum(bonusStatuses),
  amount: moneySchema,
  /** What is left of it in the bonus balance (0.00 once closed). */
  remaining: moneySchema,
  requiredTurnover: moneySchema,
  /** Valid bets counted so far, at most the requirement. */
  actualTurnover: moneySchema,
  /** 0-100, whole percent, rounded down. */
  progressPercent: z.number().int().min(0).max(100),
  /** null: every product type counts. */
  productTypes: z.array(z.string()).nullable(),
  grantedAt: z.number(),
  /** null: it never expires. */
  expiresAt: z.number().nullable(),
  /** When it was converted, forfeited or expired; null while active. */
  closedAt: z.number().nullable(),
});
export type BonusDetail = z.infer<typeof bonusDetailSchema>;

export const bonusDetailsSchema = z.object({
  currency: z.string(),
  /** The member's bonus balance (sum of the active bonuses' remaining). */
  bonusBalance: moneySchema,
  list: z.array(bonusDetailSchema),
});
export type BonusDetails = z.infer<typeof bonusDetailsSchema>;

export const bonusDetailsQuerySchema = z.object({
  status: z.enum(bonusStatuses).optional(),
});

/**
 * Ledger transfer kinds of a bonus's end, history types of the member's money history
 * (`historyTypeSchema`): the remaining bonus to cash, or back to the house (forfeit and expiry alike).
 */
export const bonusTransferKinds = ['bonus_convert', 'bonus_forfeit'] as const;

export const bonusErrorCodes = {
  /** A withdrawal while a bonus's turnover is unmet and the merchant blocks (status N). */
  turnoverNotEnough: 'promotion_turnover_not_enough',
} as const;

/* ---- the merchant's bonus rules (back-office) ---- */

export const adminBonusPaths = {
  /** GET / PUT `adminBonusSettingsRequestSchema` (promotions.manage): the merchant's bonus rules. */
  settings: '/admin-api/bonus/settings',
  /** GET `bonusCostQuerySchema` (reports.read): the bonus cost report (`bonusCostReportSchema`). */
  cost: '/admin-api/bonus/cost',
  /** GET `bonusCostQuerySchema` (reports.read): the same report's day lines and totals as `text/csv` (UTF-8 with BOM). */
  costCsv: '/admin-api/bonus/cost.csv',
} as const;

/**
 * What a withdrawal does while a bonus's turnover is unmet: `block` refuses it
 * (`promotion_turnover_not_enough`, turnover status N); `forfeit` lets it go and forfeits the unmet
 * bonuses first (status I: the member is warned).
 */
export const bonusWithdrawalRules = ['block', 'forfeit'] as const;
export type BonusWithdrawalRule = (typeof bonusWithdrawalRules)[number];

/** The rules as the back-office reads them; `forfeitBelow`: cash + bonus under it forfeits the bonuses (null: never). */
export const adminBonusSettingsSchema = z.object({
  withdrawalRule: z.enum(bonusWithdrawalRules),
  forfeitBelow: moneySchema.nullable(),
});
export type AdminBonusSettings = z.infer<typeof adminBonusSettingsSchema>;

export const adminBonusSettingsRequestSchema = z.object({
  withdrawalRule: z.enum(bonusWithdrawalRules),
  forfeitBelow: amountInputSchema.nullable(),
});
export type AdminBonusSettingsRequest = z.infer<typeof adminBonusSettingsRequestSchema>;

/* ---- the bonus cost report (back-office) ---- */

/** The longest range of one bonus cost report, in days. */
export const bonusCostMaxDays = 93;

const calendarDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    // Checked even when the pattern failed: an invalid date must answer false, not throw.
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'not a calendar day');

const dayNumberOf = (value: string) => Date.parse(`${value}T00:00:00Z`) / 86_400_000;

/** Days `from`..`to`, both included, in the merchant's time zone; at most `bonusCostMaxDays`. */
export const bonusCostQuerySchema = z
  .object({ from: calendarDaySchema, to: calendarDaySchema })
  .superRefine((range, context) => {
    const days = dayNumberOf(range.to) - dayNumberOf(range.from) + 1;
    if (Number.isNaN(days)) return;
    if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'to is before from' });
    else if (days > bonusCostMaxDays) context.addIssue({ code: 'custom', path: ['to'], message: 'range too long' });
  });
export type BonusCostQuery = z.infer<typeof bonusCostQuerySchema>;

/**
 * One line's figures. `issued*` are the grants made on the day; `converted`, `forfeited`, `expired`
 * and `spent` the grants closed on the day (what the close moved to cash or back to the house, and
 * the rest of the grant, which went into bets: counted at close, when it is final); `active*` the
 * grants made on the day that are still active now, with what is left of them.
 */
export const bonusCostFiguresSchema = z.object({
  issuedCount: z.number().int(),
  issued: moneySchema,
  converted: moneySchema,
  forfeited: moneySchema,
  expired: moneySchema,
  spent: moneySchema,
  activeCount: z.number().int(),
  active: moneySchema,
});
export type BonusCostFigures = z.infer<typeof bonusCostFiguresSchema>;

/** Who paid the grants: a source kind and, for a promotion's grants, the promotion (null otherwise). */
export const bonusCostSourceSchema = z.object({
  sourceKind: z.enum(bonusSourceKinds),
  promotionId: z.number().int().nullable(),
  promotionNameTh: z.string().nullable(),
  promotionNameEn: z.string().nullable(),
});
export type BonusCostSource = z.infer<typeof bonusCostSourceSchema>;

export const bonusCostReportSchema = z.object({
  timezone: z.string(),
  from: z.string(),
  to: z.string(),
  /** One line per day and source with any figure, oldest day first. */
  rows: z.array(bonusCostFiguresSchema.merge(bonusCostSourceSchema).extend({ day: z.string() })),
  /** Each source's figures over the range. */
  sources: z.array(bonusCostFiguresSchema.merge(bonusCostSourceSchema)),
  totals: bonusCostFiguresSchema,
});
export type BonusCostReport = z.infer<typeof bonusCostReportSchema>;
