import { z } from 'zod';
import { moneySchema } from './envelope.ts';
import { amountInputSchema, parseAmount } from './money.ts';

/* ------------------------------------------------------------------------------------------------
 * Rebates (issue 17 "Rebates"; original-programmes §3 "Manual rebate"; modules/rebates README): a
 * percent of a member's valid bets of a day, per product type. A merchant pays them one of two ways:
 * `automatic` (a daily job credits yesterday's rebate) or `manual` (the member claims a day's rebate
 * in the member centre with the original's `ODSFE2_getRebate` and `ODSFE2_rebateDisburse`). Money on
 * the wire is a decimal string with two places; a rate is a percent of the valid bet ("0.5" = 0.5 %).
 * ---------------------------------------------------------------------------------------------- */

export const rebateModes = ['automatic', 'manual'] as const;
export type RebateMode = (typeof rebateModes)[number];

/** The product types a rate is set for (the catalogue's game types). */
export const rebateProductTypes = ['LIVE', 'RNG', 'PVP', 'FISH', 'SPORTS', 'LOTT', 'ELOTT'] as const;
export type RebateProductType = (typeof rebateProductTypes)[number];

export const rebatePaths = {
  /** GET `?date=YYYY-MM-DD` (token, real members): what is left to claim of a closed day, per product. */
  remaining: '/wps/relay/ODSFE2_getRebate',
  /** POST `rebateDisburseRequestSchema` (token, real members, manual mode): claim a day's rebate. */
  disburse: '/wps/relay/ODSFE2_rebateDisburse',
  /** GET (token): the merchant's rates per product type and rules. */
  settings: '/wps/relay/MCSFE_getCustomerRebateSettingByProductType',
  /** GET `?from=&to=` (token, real members): the member's rebate per day and product, with what was paid. */
  history: '/wps/relay/MCSFE_getRebateHistory',
} as const;

export const adminRebatePaths = {
  /** GET / PUT `adminRebateSettingsRequestSchema` (brands.manage): the merchant's rebate rules. */
  settings: '/admin-api/rebates/settings',
} as const;

/** Error codes of rebates; messages in the server catalogue (TH, EN). */
export const rebateErrorCodes = {
  /** The merchant has no rebate, or not this mode (a claim while automatic): 409. */
  modeUnavailable: 'rebate.mode.unavailable',
  /** The date is today, in the future or older than the claim window (400, field named). */
  dayInvalid: 'rebate.day.invalid',
  /** A claimed amount is more than what is left of that product (409, field `rebateAmount.<p>`). */
  amountExceedsRemaining: 'rebate.amount.exceeds.remaining',
  /** The claim's total is below the merchant's minimum payout (400, field `rebateAmount`). */
  belowMinimum: 'rebate.amount.below.minimum',
  /** The settings were changed by someone else since they were read (409, field `version`). */
  settingsStale: 'rebate.settings.stale',
} as const;

/** A calendar day `YYYY-MM-DD` that exists (2026-02-30 does not). */
const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
  }, 'must be a date YYYY-MM-DD');

export const rebateRemainingQuerySchema = z.object({ date: daySchema });
export type RebateRemainingQuery = z.infer<typeof rebateRemainingQuerySchema>;

/** The original's answer: what is left of each product (lott separately, though a claim folds it into elott). */
export const rebateRemainingSchema = z.object({
  lottRemain: moneySchema,
  elottRemain: moneySchema,
  fishRemain: moneySchema,
  liveRemain: moneySchema,
  pvpRemain: moneySchema,
  rngRemain: moneySchema,
  sportsRemain: moneySchema,
});
export type RebateRemaining = z.infer<typeof rebateRemainingSchema>;

/** A claimed amount: "0" or a positive amount with at most two decimals. */
const claimAmountSchema = z
  .string()
  .max(32)
  .refine((text) => parseAmount(text) !== null, 'must be an amount with at most two decimal places');

/** The original's body: the amounts per product; `elott` claims LOTT and ELOTT together (LOTT first). */
export const rebateDisburseRequestSchema = z.object({
  balanceDate: daySchema,
  rebateAmount: z
    .object({
      elott: claimAmountSchema.optional(),
      fish: claimAmountSchema.optional(),
      live: claimAmountSchema.optional(),
      pvp: claimAmountSchema.optional(),
      rng: claimAmountSchema.optional(),
      sports: claimAmountSchema.optional(),
    })
    .strict(),
});
export type RebateDisburseRequest = z.infer<typeof rebateDisburseRequestSchema>;

export const rebateDisburseResultSchema = z.object({
  payoutId: z.string(),
  amount: moneySchema,
  /** What must be wagered before the rebate is cash ("0.00": it is cash at once). */
  turnoverRequired: moneySchema,
  remaining: rebateRemainingSchema,
});
export type RebateDisburseResult = z.infer<typeof rebateDisburseResultSchema>;

export const rebateSettingItemSchema = z.object({
  productType: z.enum(rebateProductTypes),
  /** Percent of the valid bet, e.g. "0.5". */
  rebateValue: z.string(),
});

export const customerRebateSettingSchema = z.object({
  /** False: the merchant pays no rebate (the other fields are then the defaults). */
  enabled: z.boolean(),
  mode: z.enum(rebateModes),
  minPayout: moneySchema,
  /** Null: no cap. */
  dailyCap: moneySchema.nullable(),
  /** e.g. "1" or "1.5": the rebate times this must be wagered before it is cash; "0": cash at once. */
  turnoverMultiplier: z.string(),
  /** How many closed days back a manual rebate can still be claimed. */
  claimDays: z.number().int(),
  settings: z.array(rebateSettingItemSchema),
});
export type CustomerRebateSetting = z.infer<typeof customerRebateSettingSchema>;

export const rebateHistoryQuerySchema = z.object({ from: daySchema, to: daySchema });
export type RebateHistoryQuery = z.infer<typeof rebateHistoryQuerySchema>;

export const rebateHistoryRowSchema = z.object({
  day: z.string(),
  productType: z.string(),
  validBet: moneySchema,
  rebateValue: z.string(),
  rebate: moneySchema,
  /** What was paid of it (automatic: the whole day once paid; manual: what was claimed). */
  paid: moneySchema,
  /** epoch ms of the automatic payout, null while none. */
  paidAt: z.number().nullable(),
});
export const rebateHistorySchema = z.object({
  rows: z.array(rebateHistoryRowSchema),
  totalRebate: moneySchema,
  totalPaid: moneySchema,
});
export type RebateHistory = z.infer<typeof rebateHistorySchema>;

/** A percent with at most four decimals, 0 to 100. */
export const rebatePercentSchema = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,4})?$/, 'must be a percent with at most four decimals')
  .refine((text) => Number(text) <= 100, 'must be at most 100');

export const adminRebateSettingsRequestSchema = z.object({
  mode: z.enum(rebateModes),
  rates: z
    .array(z.object({ productType: z.enum(rebateProductTypes), percent: rebatePercentSchema }))
    .max(rebateProductTypes.length)
    .refine(
      (rates) => new Set(rates.map((rate) => rate.productType)).size === rates.length,
      'each product type at most once',
    ),
  minPayout: z
    .string()
    .max(32)
    .refine((text) => parseAmount(text) !== null, 'must be an amount with at most two decimal places'),
  /** Empty or null: no cap. */
  dailyCap: amountInputSchema.nullable(),
  turnoverMultiplier: z
    .string()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, 'must be a number with at most two decimals')
    .refine((text) => Number(text) <= 100, 'must be at most 100'),
  /** The version read (0 when there were no settings yet). */
  version: z.number().int().min(0),
});
export type AdminRebateSettingsRequest = z.infer<typeof adminRebateSettingsRequestSchema>;

export const adminRebateSettingsSchema = z.object({
  enabled: z.boolean(),
  mode: z.enum(rebateModes),
  rates: z.array(z.object({ productType: z.enum(rebateProductTypes), percent: z.string() })),
  minPayout: moneySchema,
  dailyCap: moneySchema.nullable(),
  turnoverMultiplier: z.string(),
  version: z.number().int(),
  updatedAt: z.number().nullable(),
});
export type AdminRebateSettings = z.infer<typeof adminRebateSettingsSchema>;
