import {
  formatMinorUnits,
  parseAmount,
  promotionErrorCodes,
  type ClaimResult,
  type Language,
  type SaviorRule,
  type saviorPromotionSchema,
} from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { addDays, memberPlayOfDays } from '../reports/index.ts';
import { isRunning, nameOf, type PromotionRow } from './promotion-view.ts';
import { insertReward, payLockedReward, refusalFor, type MemberRef } from './rewards.ts';

export interface SaviorReader extends MemberRef {
  language: Language;
  timeZone: string;
  nowMs: number;
}

/** `YYYY-MM-DD` of an instant in the merchant's zone. */
const localDay = (ms: number, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(ms));

/** The last closed period before today: yesterday, last week (Monday to Sunday), last month. */
export function lastClosedPeriod(periodType: SaviorRule['periodType'], today: string): { from: string; to: string } {
  if (periodType === 'DAILY') return { from: addDays(today, -1), to: addDays(today, -1) };
  if (periodType === 'WEEKLY') {
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
    const thisMonday = addDays(today, -weekday);
    return { from: addDays(thisMonday, -7), to: addDays(thisMonday, -1) };
  }
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  const lastOfPrevious = addDays(firstOfMonth, -1);
  return { from: `${lastOfPrevious.slice(0, 7)}-01`, to: lastOfPrevious };
}

/**
 * The member's net loss (bets − payouts, never below 0) over the period's days in the rule's product type
 * (null: every product) as the reports' daily job summed them, or null while a day of it is not summed yet.
 */
async function netLossOf(
  db: Kysely<Database>,
  member: MemberRef,
  period: { from: string; to: string },
  productType: SaviorRule['productType'],
): Promise<bigint | null> {
  const play = await memberPlayOfDays(db, {
    merchantId: member.merchantId,
    memberId: member.memberId,
    from: period.from,
    to: period.to,
    productType,
  });
  if (play === null) return null;
  const net = play.betsMinor - play.payoutsMinor;
  return net > 0n ? net : 0n;
}

/** The highest tier the loss reaches pays its percentage of the loss, capped by the promotion's cap. */
function rescueOf(promotion: PromotionRow, rule: SaviorRule, lossMinor: bigint): bigint {
  const reached = rule.tiers
    .map((tier) => ({ lossMinor: parseAmount(tier.netLoss) ?? 0n, bp: Math.round(tier.bonusPercentage * 100) }))
    .filter((tier) => lossMinor > 0n && lossMinor >= tier.lossMinor)
    .sort((a, b) => (a.lossMinor < b.lossMinor ? 1 : -1))[0];
  if (!reached) return 0n;
  const bonus = (lossMinor * BigInt(reached.bp)) / 10_000n;
  return promotion.bonus_cap !== null && bonus > promotion.bonus_cap ? promotion.bonus_cap : bonus;
}

async function saviorPromotions(db: Kysely<Database>, merchantId: number, nowMs: number): Promise<PromotionRow[]> {
  const rows = await db
    .selectFrom('promotion')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', 'SAVIOR')
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id', 'desc')
    .execute();
  return rows.filter((row) => isRunning(row, nowMs) && row.savior_rule !== null);
}

const periodKeyOf = (period: { from: string }) => `savior:${period.from}`;

/** MCSFE_getSaviorPromotion: the running rescue promotions with the member's net loss of the last closed period. */
export async function listSaviorPromotions(
  db: Kysely<Database>,
  reader: SaviorReader,
): Promise<Array<z.infer<typeof saviorPromotionSchema>>> {
  const today = localDay(reader.nowMs, reader.timeZone);
  const result: Array<z.infer<typeof saviorPromotionSchema>> = [];
  for (const promotion of await saviorPromotions(db, reader.merchantId, reader.nowMs)) {
    const rule = promotion.savior_rule!;
    const period = lastClosedPeriod(rule.periodType, today);
    const [loss, claimed] = await Promise.all([
      netLossOf(db, reader, period, rule.productType),
      db
        .selectFrom('promotion_claim')
        .select('id')
        .where('promotion_id', '=', promotion.id)
        .where('member_id', '=', reader.memberId)
        .where('period_key', '=', periodKeyOf(period))
        .executeTakeFirst(),
    ]);
    result.push({
      promId: Number(promotion.id),
      promName: nameOf(promotion, reader.language),
      productType: rule.productType ?? 'ALL',
      bonusType: '%',
      configDetails: rule.tiers.map((tier) => ({
        netLoss: formatMinorUnits(parseAmount(tier.netLoss) ?? 0n),
        bonusPercentage: tier.bonusPercentage,
      })),
      rewardPeriodType: rule.periodType,
      netLossInPeriod: formatMinorUnits(loss ?? 0n),
      collectableInPeriod: formatMinorUnits(claimed || loss === null ? 0n : rescueOf(promotion, rule, loss)),
      hasIssuedClaim: claimed !== undefined,
      noExpiry: promotion.ends_at === null,
      endTime: promotion.ends_at?.getTime() ?? null,
      description: reader.language === 'TH' ? promotion.description_th : promotion.description_en,
    });
  }
  return result;
}

/**
 * MCSFE_claimSaviorPromotion: the rescue bonus of the last closed period, once per member and period
 * (the period key; a second claim: 409 `promotion.reward.already.claimed`). Nothing to rescue (no net
 * loss reaching a tier, or the period not summed yet by the reports' job): 409
 * `promotion.reward.not.claimable`.
 */
export async function claimSaviorPromotion(
  db: Kysely<Database>,
  reader: SaviorReader & { currency: string },
  promotionId: bigint,
): Promise<ClaimResult> {
  const promotion = (await saviorPromotions(db, reader.merchantId, reader.nowMs)).find((row) => row.id === promotionId);
  if (!promotion) throw new AppError(404, promotionErrorCodes.notFound);
  const rule = promotion.savior_rule!;
  const period = lastClosedPeriod(rule.periodType, localDay(reader.nowMs, reader.timeZone));
  const loss = await netLossOf(db, reader, period, rule.productType);
  const amount = loss === null ? 0n : rescueOf(promotion, rule, loss);
  if (amount <= 0n) throw new AppError(409, promotionErrorCodes.rewardNotClaimable);
  return db.transaction().execute(async (trx) => {
    const refusal = await refusalFor(trx, promotion, reader, reader.nowMs, { checkSchedule: true });
    // Each period rescues once; the per-member limit counts periods only through the period key.
    if (refusal && refusal.errorCode !== promotionErrorCodes.memberLimitReached) throw refusal;
    const claim = await insertReward(
      trx,
      promotion,
      reader.memberId,
      { status: 'issued', amountMinor: amount, periodKey: periodKeyOf(period) },
      reader.nowMs,
    );
    if (!claim) throw new AppError(409, promotionErrorCodes.alreadyClaimed);
    return payLockedReward(trx, claim, promotion, reader.currency, reader.nowMs);
  });
}
