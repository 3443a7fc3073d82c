import { randomUUID } from 'node:crypto';
import {
  formatMinorUnits,
  parseAmount,
  rebateErrorCodes,
  type RebateDisburseRequest,
  type RebateDisburseResult,
  type RebateRemaining,
} from '@lotus/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { grantBonus } from '../bonus/index.ts';
import { addDays, dayBounds, localToday } from '../reports/index.ts';
import { claimDays, findRebateRules, turnoverOf, type RebateRules } from './rebate-rules.ts';
import { memberValidBets, writeStatements } from './rebate-statements.ts';

/** Who asks: a real member of the merchant, in its time zone. */
export interface MemberRebateContext {
  merchantId: number;
  memberId: bigint;
  currency: string;
  timezone: string;
  nowMs: number;
}

/** The original's keys of the remaining answer, by product type. */
const remainKeys = {
  LOTT: 'lottRemain',
  ELOTT: 'elottRemain',
  FISH: 'fishRemain',
  LIVE: 'liveRemain',
  PVP: 'pvpRemain',
  RNG: 'rngRemain',
  SPORTS: 'sportsRemain',
} as const satisfies Record<string, keyof RebateRemaining>;

/** A claim's keys and the product types each takes from, in order (elott: LOTT first, then ELOTT). */
const claimProducts = {
  elott: ['LOTT', 'ELOTT'],
  fish: ['FISH'],
  live: ['LIVE'],
  pvp: ['PVP'],
  rng: ['RNG'],
  sports: ['SPORTS'],
} as const satisfies Record<keyof RebateDisburseRequest['rebateAmount'], readonly string[]>;

async function manualRules(db: Kysely<Database> | Transaction<Database>, merchantId: number): Promise<RebateRules> {
  const rules = await findRebateRules(db, merchantId);
  if (!rules || rules.mode !== 'manual') throw new AppError(409, rebateErrorCodes.modeUnavailable);
  return rules;
}

/** A closed day within the claim window, or 400 naming the field. */
async function claimableDay(db: Kysely<Database>, context: MemberRebateContext, day: string, field: string) {
  const today = await localToday(db, context.timezone, context.nowMs);
  const valid = !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && addDays(day, 0) === day;
  if (!valid || day >= today || day < addDays(today, -claimDays))
    throw new AppError(400, rebateErrorCodes.dayInvalid, { field, params: { days: claimDays } });
  const { fromUtc, toUtc } = await dayBounds(db, context.timezone, day, addDays(day, 1));
  return { day, fromUtc, toUtc };
}

/** What is left of each product of the member's day: its statements less claims (nothing once paid automatically). */
async function remainingOf(trx: Transaction<Database>, context: MemberRebateContext, day: string, lock: boolean) {
  const rows = await sql<{ product_type: string; rebate_minor: string; claimed_minor: string }>`
    SELECT product_type, rebate_minor, claimed_minor FROM rebate_statement
     WHERE merchant_id = ${context.merchantId} AND member_id = ${context.memberId} AND day = ${day}::date
     ORDER BY product_type ${lock ? sql`FOR UPDATE` : sql``}`.execute(trx);
  const paidAutomatically = await trx
    .selectFrom('rebate_payout')
    .select('id')
    .where('merchant_id', '=', context.merchantId)
    .where('source_key', '=', `auto:${context.memberId}:${day}`)
    .executeTakeFirst();
  const remaining = new Map<string, bigint>();
  if (paidAutomatically) return remaining;
  for (const row of rows.rows) remaining.set(row.product_type, BigInt(row.rebate_minor) - BigInt(row.claimed_minor));
  return remaining;
}

function toRemaining(remaining: Map<string, bigint>): RebateRemaining {
  return Object.fromEntries(
    Object.entries(remainKeys).map(([product, key]) => [key, formatMinorUnits(remaining.get(product) ?? 0n)]),
  ) as RebateRemaining;
}

/** `ODSFE2_getRebate(date)`: the day's statements made if they were not yet (from its records), then what is left. */
export async function getRemainingRebate(
  db: Kysely<Database>,
  context: MemberRebateContext,
  date: string,
): Promise<RebateRemaining> {
  const rules = await manualRules(db, context.merchantId);
  const day = await claimableDay(db, context, date, 'date');
  return db.transaction().execute(async (trx) => {
    await writeStatements(
      trx,
      rules,
      day.day,
      context.nowMs,
      memberValidBets(context.merchantId, context.memberId, day),
    );
    return toRemaining(await remainingOf(trx, context, date, false));
  });
}

/**
 * `ODSFE2_rebateDisburse`: the member claims amounts of a day's products. Under the row locks of the
 * member's statements of that day (parallel claims wait and then see what the first took), each amount
 * is checked against what is left (409 naming `rebateAmount.<key>`), the total against the minimum
 * payout; the statements' `claimed_minor` grow, one payout row is written and the money granted through
 * the bonus engine (source `rebate`, the payout's key; turnover = amount x the rebate's multiplier), all
 * in one transaction.
 */
export async function disburseRebate(
  db: Kysely<Database>,
  context: MemberRebateContext,
  body: RebateDisburseRequest,
): Promise<RebateDisburseResult> {
  const rules = await manualRules(db, context.merchantId);
  const day = await claimableDay(db, context, body.balanceDate, 'balanceDate');
  return db.transaction().execute(async (trx) => {
    await writeStatements(
      trx,
      rules,
      day.day,
      context.nowMs,
      memberValidBets(context.merchantId, context.memberId, day),
    );
    const remaining = await remainingOf(trx, context, day.day, true);
    const taken = new Map<string, bigint>();
    for (const [key, products] of Object.entries(claimProducts)) {
      const text = body.rebateAmount[key as keyof typeof claimProducts];
      let wanted = text === undefined ? 0n : parseAmount(text)!;
      const available = products.reduce((sum, product) => sum + (remaining.get(product) ?? 0n), 0n);
      if (wanted > available)
        throw new AppError(409, rebateErrorCodes.amountExceedsRemaining, {
          field: `rebateAmount.${key}`,
          params: { remaining: formatMinorUnits(available) },
        });
      for (const product of products) {
        const part = wanted < (remaining.get(product) ?? 0n) ? wanted : (remaining.get(product) ?? 0n);
        if (part > 0n) taken.set(product, part);
        wanted -= part;
      }
    }
    const totalMinor = [...taken.values()].reduce((sum, part) => sum + part, 0n);
    const minimum = rules.minPayoutMinor > 0n ? rules.minPayoutMinor : 1n;
    if (totalMinor < minimum)
      throw new AppError(400, rebateErrorCodes.belowMinimum, {
        field: 'rebateAmount',
        params: { minimum: formatMinorUnits(minimum) },
      });
    for (const [product, part] of taken) {
      await trx
        .updateTable('rebate_statement')
        .set((eb) => ({ claimed_minor: eb('claimed_minor', '+', part) }))
        .where('merchant_id', '=', context.merchantId)
        .where('member_id', '=', context.memberId)
        .where('day', '=', day.day)
        .where('product_type', '=', product)
        .execute();
      remaining.set(product, remaining.get(product)! - part);
    }
    const turnoverRequiredMinor = turnoverOf(totalMinor, rules.turnoverMultiplierCenti);
    const sourceKey = `claim:${randomUUID()}`;
    const payout = await trx
      .insertInto('rebate_payout')
      .values({
        merchant_id: context.merchantId,
        member_id: context.memberId,
        day: day.day,
        kind: 'claim',
        source_key: sourceKey,
        amount_minor: totalMinor,
        amounts: JSON.stringify(Object.fromEntries([...taken].map(([product, part]) => [product, part.toString()]))),
        turnover_required_minor: turnoverRequiredMinor,
        bonus_id: null,
        created_at: new Date(context.nowMs),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const granted = await grantBonus(trx, {
      merchantId: context.merchantId,
      memberId: context.memberId,
      currency: context.currency,
      amountMinor: totalMinor,
      turnoverRequiredMinor,
      productTypes: null,
      expiresAt: null,
      source: { kind: 'rebate', id: sourceKey },
      transferKind: 'rebate.claim',
      nowMs: context.nowMs,
    });
    await trx.updateTable('rebate_payout').set({ bonus_id: granted.bonusId }).where('id', '=', payout.id).execute();
    return {
      payoutId: payout.id.toString(),
      amount: formatMinorUnits(totalMinor),
      turnoverRequired: formatMinorUnits(turnoverRequiredMinor),
      remaining: toRemaining(remaining),
    };
  });
}
