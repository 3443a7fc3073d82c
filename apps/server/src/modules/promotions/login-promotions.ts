import {
  formatMinorUnits,
  parseAmount,
  promotionErrorCodes,
  type ClaimResult,
  type Language,
  type LoginRule,
  type loginDaySchema,
  type loginPromotionSchema,
} from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { approvedDepositRows } from '../deposit/index.ts';
import { isRunning, nameOf, type PromotionRow } from './promotion-view.ts';
import { insertReward, payLockedReward, refusalFor, type MemberRef } from './rewards.ts';

type LoginDay = z.infer<typeof loginDaySchema>;
export interface LoginReader extends MemberRef {
  language: Language;
  timeZone: string;
  nowMs: number;
}

const dayMs = 86_400_000;
/** `YYYY-MM-DD` of an instant in the merchant's zone. */
const localDay = (ms: number, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(ms));

/** The day key of a sign-in reward: the period key of its reward row, one per member and local day. */
const periodKeyOf = (day: string) => `day:${day}`;

/** Whether two local days are in the same week (Monday first) or month, as the rule's period asks. */
function samePeriod(type: LoginRule['type'], a: string, b: string): boolean {
  if (type === 'M') return a.slice(0, 7) === b.slice(0, 7);
  if (type === 'W') {
    const monday = (day: string) => {
      const date = new Date(`${day}T00:00:00Z`);
      return new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * dayMs).toISOString().slice(0, 10);
    };
    return monday(a) === monday(b);
  }
  return true;
}

const previousDay = (day: string) =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() - dayMs).toISOString().slice(0, 10);

/**
 * Which day of the rule today is for the member, from the days it already claimed (newest first):
 * C (continuous) counts the unbroken run ending yesterday and starts again after a missed day or the
 * last day; W and M count the days claimed this week or month; N (daily) counts every day claimed,
 * cycling through the rule's days.
 */
function todayNumber(rule: LoginRule, claimedDays: readonly string[], today: string): number {
  const length = rule.dayAmounts.length;
  const before = claimedDays.filter((day) => day < today);
  if (rule.type === 'C') {
    let run = 0;
    let expected = previousDay(today);
    for (const day of before) {
      if (day !== expected) break;
      run += 1;
      expected = previousDay(day);
    }
    return (run % length) + 1;
  }
  if (rule.type === 'N') return (before.length % length) + 1;
  return before.filter((day) => samePeriod(rule.type, day, today)).length + 1;
}

async function loginPromotions(db: Kysely<Database>, merchantId: number, nowMs: number): Promise<PromotionRow[]> {
  const rows = await db
    .selectFrom('promotion')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', 'LOGIN')
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id', 'desc')
    .execute();
  return rows.filter((row) => isRunning(row, nowMs) && row.login_rule !== null);
}

/** MCSFE_getLoginPromotion: the running sign-in promotions. */
export async function listLoginPromotions(
  db: Kysely<Database>,
  reader: LoginReader,
): Promise<Array<z.infer<typeof loginPromotionSchema>>> {
  return (await loginPromotions(db, reader.merchantId, reader.nowMs)).map((row) => ({
    configId: Number(row.id),
    type: row.login_rule!.type,
    name: nameOf(row, reader.language),
    description: reader.language === 'TH' ? row.description_th : row.description_en,
    noExpiry: row.ends_at === null,
    startTime: row.starts_at?.getTime() ?? null,
    endTime: row.ends_at?.getTime() ?? null,
  }));
}

async function claimedDaysOf(db: Kysely<Database>, promotionId: bigint, memberId: bigint): Promise<string[]> {
  const rows = await db
    .selectFrom('promotion_claim')
    .select('period_key')
    .where('promotion_id', '=', promotionId)
    .where('member_id', '=', memberId)
    .where('period_key', 'like', 'day:%')
    .orderBy('period_key', 'desc')
    .limit(400)
    .execute();
  return rows.map((row) => row.period_key!.slice(4));
}

/** MCSFE_getLoginPromotionConfigHistory: the rule's days, which are claimed in this run, which is today's. */
export async function getLoginHistory(
  db: Kysely<Database>,
  reader: LoginReader,
  configId: bigint,
): Promise<LoginDay[]> {
  const promotion = (await loginPromotions(db, reader.merchantId, reader.nowMs)).find((row) => row.id === configId);
  if (!promotion) throw new AppError(404, promotionErrorCodes.notFound);
  const rule = promotion.login_rule!;
  const today = localDay(reader.nowMs, reader.timeZone);
  const claimed = await claimedDaysOf(db, promotion.id, reader.memberId);
  const claimedToday = claimed.includes(today);
  const number = todayNumber(rule, claimed, today);
  const deposit = parseAmount(rule.requiredDepositAmount) ?? 0n;
  return rule.dayAmounts.map((amount, index) => ({
    id: `${promotion.id}:${index + 1}`,
    dayNo: index + 1,
    amount: formatMinorUnits(parseAmount(amount) ?? 0n),
    depositAmount: formatMinorUnits(deposit),
    hasClaimed: index + 1 < number || (claimedToday && index + 1 === number),
    isToday: index + 1 === number,
  }));
}

/**
 * MCSFE_claimLoginPromotion(`<configId>:<dayNo>`): today's sign-in reward, once per member and
 * local day (the reward's period key; a second claim, parallel or later: 409
 * `promotion.reward.already.claimed`). The day named must be today's (409 `promotion.reward.not.claimable`
 * otherwise); with a required deposit, the member's approved deposits of today must reach it (409
 * `required_deposit_amount_not_reached`, with the amounts in `value`). Paid through the bonus module.
 */
export async function claimLoginPromotion(
  db: Kysely<Database>,
  reader: LoginReader & { currency: string },
  id: string,
): Promise<ClaimResult> {
  const match = /^(\d{1,15}):(\d{1,2})$/.exec(id);
  if (!match) throw new AppError(404, promotionErrorCodes.notFound);
  const promotion = (await loginPromotions(db, reader.merchantId, reader.nowMs)).find(
    (row) => row.id === BigInt(match[1]!),
  );
  if (!promotion) throw new AppError(404, promotionErrorCodes.notFound);
  const rule = promotion.login_rule!;
  const today = localDay(reader.nowMs, reader.timeZone);
  const claimed = await claimedDaysOf(db, promotion.id, reader.memberId);
  if (claimed.includes(today)) throw new AppError(409, promotionErrorCodes.alreadyClaimed);
  const number = todayNumber(rule, claimed, today);
  if (Number(match[2]) !== number) throw new AppError(409, promotionErrorCodes.rewardNotClaimable);
  const required = parseAmount(rule.requiredDepositAmount) ?? 0n;
  if (required > 0n) {
    const deposits = await db
      .selectFrom(
        approvedDepositRows(reader.merchantId, new Date(reader.nowMs - 2 * dayMs), new Date(reader.nowMs + 1)).as('d'),
      )
      .select(['d.settled_at', 'd.amount'])
      .where('d.member_id', '=', reader.memberId)
      .execute();
    const todays = deposits
      .filter((row) => localDay(row.settled_at.getTime(), reader.timeZone) === today)
      .reduce((sum, row) => sum + BigInt(row.amount), 0n);
    if (todays < required)
      throw new AppError(409, promotionErrorCodes.depositNotReached, {
        value: {
          accumulatedDepositAmount: formatMinorUnits(todays),
          requiredDepositAmount: formatMinorUnits(required),
        },
      });
  }
  const amount = parseAmount(rule.dayAmounts[number - 1]!) ?? 0n;
  if (amount <= 0n) throw new AppError(409, promotionErrorCodes.rewardNotClaimable);
  return db.transaction().execute(async (trx) => {
    const refusal = await refusalFor(trx, promotion, reader, reader.nowMs, { checkSchedule: true });
    // The per-member limit does not apply: a sign-in promotion rewards each day once.
    if (refusal && refusal.errorCode !== promotionErrorCodes.memberLimitReached) throw refusal;
    const claim = await insertReward(
      trx,
      promotion,
      reader.memberId,
      { status: 'issued', amountMinor: amount, periodKey: periodKeyOf(today) },
      reader.nowMs,
    );
    if (!claim) throw new AppError(409, promotionErrorCodes.alreadyClaimed);
    return payLockedReward(trx, claim, promotion, reader.currency, reader.nowMs);
  });
}
