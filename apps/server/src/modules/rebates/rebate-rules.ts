import {
  formatMinorUnits,
  parseAmount,
  rebateProductTypes,
  type AdminRebateSettings,
  type CustomerRebateSetting,
  type RebateMode,
} from '@lotus/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** How many closed days back a manual rebate can still be claimed (yesterday is day 1). */
export const claimDays = 7;

/** A merchant's rebate rules as the code uses them; money in minor units, rates in ppm of the valid bet. */
export interface RebateRules {
  merchantId: number;
  mode: RebateMode;
  /** Product type -> ppm (5,000 = 0.5 %); products without a rate earn nothing. */
  ratesPpm: Map<string, number>;
  minPayoutMinor: bigint;
  dailyCapMinor: bigint | null;
  /** Turnover required = rebate x this / 100. */
  turnoverMultiplierCenti: number;
  version: number;
  updatedAt: Date | null;
}

/** "0.5" (percent, up to four decimals) -> 5,000 ppm. */
export function percentToPpm(percent: string): number {
  const [whole, fraction = ''] = percent.split('.');
  return Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
}

/** 5,000 ppm -> "0.5". */
export function ppmToPercent(ppm: number): string {
  const whole = Math.floor(ppm / 10_000);
  const fraction = String(ppm % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** "1.5" -> 150. */
export function multiplierToCenti(multiplier: string): number {
  return Number(parseAmount(multiplier));
}

export function centiToMultiplier(centi: number): string {
  return centi % 100 === 0 ? String(centi / 100) : (centi / 100).toFixed(2).replace(/0$/, '');
}

/** The rebate of a valid bet at a rate, rounded down to the minor unit (the member never gets a part more). */
export function rebateOf(validBetMinor: bigint, ppm: number): bigint {
  return (validBetMinor * BigInt(ppm)) / 1_000_000n;
}

/** The turnover a rebate must be wagered before it is cash. */
export function turnoverOf(rebateMinor: bigint, multiplierCenti: number): bigint {
  return (rebateMinor * BigInt(multiplierCenti)) / 100n;
}

/** The merchant's rules, or null when it pays no rebate. */
export async function findRebateRules(db: Executor, merchantId: number): Promise<RebateRules | null> {
  const row = await db
    .selectFrom('rebate_setting')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    merchantId,
    mode: row.mode,
    ratesPpm: new Map(Object.entries(row.rates).filter(([, ppm]) => ppm > 0)),
    minPayoutMinor: row.min_payout_minor,
    dailyCapMinor: row.daily_cap_minor,
    turnoverMultiplierCenti: row.turnover_multiplier_centi,
    version: row.version,
    updatedAt: row.updated_at,
  };
}

function ratesOf(rules: RebateRules | null) {
  return rebateProductTypes.map((productType) => ({
    productType,
    percent: ppmToPercent(rules?.ratesPpm.get(productType) ?? 0),
  }));
}

/** The member's view (`MCSFE_getCustomerRebateSettingByProductType`). */
export function toCustomerSetting(rules: RebateRules | null): CustomerRebateSetting {
  return {
    enabled: rules !== null,
    mode: rules?.mode ?? 'automatic',
    minPayout: formatMinorUnits(rules?.minPayoutMinor ?? 0n),
    dailyCap: rules?.dailyCapMinor ? formatMinorUnits(rules.dailyCapMinor) : null,
    turnoverMultiplier: centiToMultiplier(rules?.turnoverMultiplierCenti ?? 0),
    claimDays,
    settings: ratesOf(rules).map((rate) => ({ productType: rate.productType, rebateValue: rate.percent })),
  };
}

/** The back-office's view. */
export function toAdminSetting(rules: RebateRules | null): AdminRebateSettings {
  return {
    enabled: rules !== null,
    mode: rules?.mode ?? 'automatic',
    rates: ratesOf(rules),
    minPayout: formatMinorUnits(rules?.minPayoutMinor ?? 0n),
    dailyCap: rules?.dailyCapMinor ? formatMinorUnits(rules.dailyCapMinor) : null,
    turnoverMultiplier: centiToMultiplier(rules?.turnoverMultiplierCenti ?? 0),
    version: rules?.version ?? 0,
    updatedAt: rules?.updatedAt ? rules.updatedAt.getTime() : null,
  };
}
