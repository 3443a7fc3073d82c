import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { grantBonus } from '../bonus/index.ts';
import { findMerchant, merchantTimeZone } from '../merchant/index.ts';
import { addDays, localToday, summedProductValidBets } from '../reports/index.ts';
import { findRebateRules, type RebateRules } from './rebate-rules.ts';
import { writeStatements } from './rebate-statements.ts';

export const rebatesDailyJobName = 'rebates.daily';

/** Days the job looks back for a day it has not settled (after downtime): yesterday and the two before. */
export const catchUpDays = 3;

export interface RebateDayResult {
  /** False: the day was settled before (this run did nothing). */
  settled: boolean;
  statements: number;
  membersPaid: number;
  paidMinor: bigint;
  /** Where the run's time went, ms: the statements, the payout rows, the money. */
  phasesMs: { statements: number; payouts: number; money: number };
}

/** Members granted per transaction on the bonus path (rebates with their own turnover). */
const grantChunk = 500;

/**
 * The automatic rebate of one merchant's day, exactly once: one transaction under an advisory lock of
 * (merchant, day) writes the statements, the payouts (one per member whose day comes to at least the
 * minimum payout, unique per member and day), the money, and the day's `rebate_day_run` row, the key
 * that makes a second run (another instance, a retried job, a rerun after a crash) a no-op. A run killed
 * halfway rolls everything back, so the rerun pays the whole day once.
 *
 * Money: a rebate without turnover is cash, posted by the database function `rebate_post_payouts` in a
 * few set-based statements for every member at once (100,000 members: one grantBonus each would be
 * 100,000 postings of five round trips, minutes instead of seconds; docs/performance.md). A rebate with
 * its own turnover goes through the bonus engine's `grantBonus` (source `rebate`, the payout's key),
 * which keeps the bonus and its turnover; that path is per member.
 */
export async function settleRebateDay(
  db: Kysely<Database>,
  run: { merchantId: number; day: string; timezone: string; nowMs: number },
): Promise<RebateDayResult> {
  const nothing = {
    settled: false,
    statements: 0,
    membersPaid: 0,
    paidMinor: 0n,
    phasesMs: { statements: 0, payouts: 0, money: 0 },
  };
  const merchant = await findMerchant(db, { id: run.merchantId });
  if (!merchant) return nothing;
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('rebates.day'), hashtext(${`${run.merchantId}:${run.day}`}))`.execute(
      trx,
    );
    const done = await trx
      .selectFrom('rebate_day_run')
      .select('day')
      .where('merchant_id', '=', run.merchantId)
      .where('day', '=', run.day)
      .executeTakeFirst();
    if (done) return nothing;
    const rules = await findRebateRules(trx, run.merchantId);
    if (!rules || rules.mode !== 'automatic') return nothing;
    // The day's valid bets per member and product as the reports' job summed them: the job waits for it.
    const source = await summedProductValidBets(trx, run.merchantId, run.day);
    if (source === null) return nothing;
    // The members' rows are capped in one sort of some 10^5 rows: room for it in memory.
    await sql`SET LOCAL work_mem = '256MB'`.execute(trx);
    const started = performance.now();
    const statements = await writeStatements(trx, rules, run.day, run.nowMs, source);
    const statementsMs = performance.now() - started;
    const paid = await payDay(trx, rules, merchant.currency, run.day, run.nowMs);
    await trx
      .insertInto('rebate_day_run')
      .values({
        merchant_id: run.merchantId,
        day: run.day,
        statements,
        members_paid: paid.members,
        paid_minor: paid.amountMinor,
        completed_at: new Date(run.nowMs),
      })
      .execute();
    return {
      settled: true,
      statements,
      membersPaid: paid.members,
      paidMinor: paid.amountMinor,
      phasesMs: { statements: Math.round(statementsMs), payouts: paid.payoutsMs, money: paid.moneyMs },
    };
  });
}

/** The payouts of a day (what is left of each member's statements, at least the minimum) and their money. */
async function payDay(
  trx: Transaction<Database>,
  rules: RebateRules,
  currency: string,
  day: string,
  nowMs: number,
): Promise<{ members: number; amountMinor: bigint; payoutsMs: number; moneyMs: number }> {
  const now = new Date(nowMs);
  const started = performance.now();
  const minimum = rules.minPayoutMinor > 0n ? rules.minPayoutMinor : 1n;
  const inserted = await sql<{ id: string; member_id: string; source_key: string; amount_minor: string }>`
    INSERT INTO rebate_payout (merchant_id, member_id, day, kind, source_key, amount_minor, amounts,
                               turnover_required_minor, bonus_id, created_at)
    SELECT ${rules.merchantId}, s.member_id, ${day}::date, 'automatic', 'auto:' || s.member_id || ':' || ${day},
           sum(s.rebate_minor - s.claimed_minor),
           jsonb_object_agg(s.product_type, (s.rebate_minor - s.claimed_minor)::text),
           div(sum(s.rebate_minor - s.claimed_minor) * ${rules.turnoverMultiplierCenti}, 100), NULL, ${now}
      FROM rebate_statement s
     WHERE s.merchant_id = ${rules.merchantId} AND s.day = ${day}::date
     GROUP BY s.member_id
    HAVING sum(s.rebate_minor - s.claimed_minor) >= ${minimum}
    ON CONFLICT ON CONSTRAINT rebate_payout_source_key DO NOTHING
    ${rules.turnoverMultiplierCenti > 0 ? sql`RETURNING id, member_id, source_key, amount_minor` : sql``}`.execute(trx);
  const payoutsMs = Math.round(performance.now() - started);
  const moneyStarted = performance.now();
  if (rules.turnoverMultiplierCenti === 0) {
    const { rows } = await sql<{ postings: number; amount_minor: string }>`
      SELECT * FROM rebate_post_payouts(${rules.merchantId}, ${currency}, ${day}::date, ${now})`.execute(trx);
    return {
      members: rows[0]!.postings,
      amountMinor: BigInt(rows[0]!.amount_minor),
      payoutsMs,
      moneyMs: Math.round(performance.now() - moneyStarted),
    };
  }
  let amountMinor = 0n;
  for (let start = 0; start < inserted.rows.length; start += grantChunk) {
    for (const payout of inserted.rows.slice(start, start + grantChunk)) {
      const amount = BigInt(payout.amount_minor);
      const granted = await grantBonus(trx, {
        merchantId: rules.merchantId,
        memberId: BigInt(payout.member_id),
        currency,
        amountMinor: amount,
        turnoverRequiredMinor: (amount * BigInt(rules.turnoverMultiplierCenti)) / 100n,
        productTypes: null,
        expiresAt: null,
        source: { kind: 'rebate', id: payout.source_key },
        transferKind: 'rebate.auto',
        nowMs,
      });
      await trx
        .updateTable('rebate_payout')
        .set({ bonus_id: granted.bonusId })
        .where('id', '=', BigInt(payout.id))
        .execute();
      amountMinor += amount;
    }
  }
  return {
    members: inserted.rows.length,
    amountMinor,
    payoutsMs,
    moneyMs: Math.round(performance.now() - moneyStarted),
  };
}

/**
 * The job (hourly; pg-boss runs one at a time across instances): for every merchant paying rebates
 * automatically, yesterday and the days before it back to `catchUpDays` that are not settled yet.
 */
export async function runDailyRebates(
  db: Kysely<Database>,
  nowMs: number,
): Promise<{ days: number; membersPaid: number; paidMinor: number }> {
  const totals = { days: 0, membersPaid: 0, paidMinor: 0n };
  const merchants = await db
    .selectFrom('rebate_setting')
    .select('merchant_id')
    .where('mode', '=', 'automatic')
    .execute();
  for (const { merchant_id: merchantId } of merchants) {
    const merchant = await findMerchant(db, { id: merchantId });
    if (!merchant) continue;
    const timezone = merchantTimeZone(merchant.config);
    const today = await localToday(db, timezone, nowMs);
    for (let back = catchUpDays; back >= 1; back -= 1) {
      const result = await settleRebateDay(db, { merchantId, day: addDays(today, -back), timezone, nowMs });
      if (!result.settled) continue;
      totals.days += 1;
      totals.membersPaid += result.membersPaid;
      totals.paidMinor += result.paidMinor;
    }
  }
  // The job's log line; exact sums are in rebate_day_run.
  return { ...totals, paidMinor: Number(totals.paidMinor) };
}
