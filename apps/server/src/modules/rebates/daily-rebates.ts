import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { grantBonus, grantBonuses } from '../bonus/index.ts';
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
 * its own turnover is a bonus of the bonus engine, granted set-based too by bonus's `grantBonuses`
 * (source `rebate`, the payout's key: the same rows as `grantBonus`, which the member's claim uses).
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
  await sql`
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
    ON CONFLICT ON CONSTRAINT rebate_payout_source_key DO NOTHING`.execute(trx);
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
  // With turnover: one set-based grant of the bonus engine for the day's payouts (the same posting, key
  // and member_bonus row grantBonus would make, so a payout granted either way is granted once). A payout
  // whose turnover rounds to 0 (a multiplier below 1 on a rebate of a few minor units) is cash at once, a
  // closed grant only grantBonus writes: those few go one by one.
  const payouts = sql<{ member_id: bigint; source_id: string; amount_minor: bigint; turnover_required_minor: bigint }>`
    SELECT r.member_id, r.source_key AS source_id, r.amount_minor, r.turnover_required_minor
      FROM rebate_payout r
     WHERE r.merchant_id = ${rules.merchantId} AND r.day = ${day}::date AND r.kind = 'automatic'
       AND r.bonus_id IS NULL`;
  const granted = await grantBonuses(trx, {
    merchantId: rules.merchantId,
    currency,
    sourceKind: 'rebate',
    transferKind: 'rebate.auto',
    productTypes: null,
    expiresAt: null,
    nowMs,
    grants: sql`SELECT * FROM (${payouts}) p WHERE p.turnover_required_minor > 0`,
  });
  const links = granted.grants.map((grant) => ({ sourceKey: grant.sourceId, bonusId: grant.bonusId }));
  let amountMinor = granted.grants.reduce((sum, grant) => sum + grant.amountMinor, 0n);
  const { rows: toCash } = await sql<{ member_id: string; source_id: string; amount_minor: string }>`
    SELECT * FROM (${payouts}) p WHERE p.turnover_required_minor = 0`.execute(trx);
  for (const payout of toCash) {
    const amount = BigInt(payout.amount_minor);
    const single = await grantBonus(trx, {
      merchantId: rules.merchantId,
      memberId: BigInt(payout.member_id),
      currency,
      amountMinor: amount,
      turnoverRequiredMinor: 0n,
      productTypes: null,
      expiresAt: null,
      source: { kind: 'rebate', id: payout.source_id },
      transferKind: 'rebate.auto',
      nowMs,
    });
    links.push({ sourceKey: payout.source_id, bonusId: single.bonusId });
    amountMinor += amount;
  }
  // Each payout linked to its grant, as the claim does, in one statement.
  await sql`
    UPDATE rebate_payout r SET bonus_id = l.bonus_id
      FROM unnest(${links.map((link) => link.sourceKey)}::text[], ${links.map((link) => link.bonusId.toString())}::bigint[])
           AS l(source_key, bonus_id)
     WHERE r.merchant_id = ${rules.merchantId} AND r.source_key = l.source_key`.execute(trx);
  return {
    members: links.length,
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
