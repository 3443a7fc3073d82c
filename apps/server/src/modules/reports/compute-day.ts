import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findMerchant, listMerchantIds, merchantTimeZone } from '../merchant/index.ts';
import {
  gamePlayDayRows,
  memberDayRows,
  memberPlayOfPlay,
  memberProductDayRows,
  playRows,
  summaryDayRows,
  type DaySpan,
  type MemberPlayRow,
  type PlayRow,
} from './day-facts.ts';
import { monthOf, replaceDayActivity } from './member-activity.ts';
import { addDays, dayBounds, localToday, type ReportMerchant } from './report-window.ts';

export const reportsDailyJobName = 'reports.daily';

/**
 * How many nights in a row the job sums a closed day: the night it closed (pass 0) and the next ones,
 * each once, so records that reach a past day late (a transfer vendor's feed pulled after midnight,
 * a round a vendor settles with its own earlier clock) are picked up. Older changes are found by
 * `npm run reports:check` and summed again by `npm run reports:rebuild`.
 */
export const recomputePasses = 3;
/** A closed day the job finds with no aggregates at all within this many days is summed (after downtime). */
export const backfillDays = 35;

/** Namespace of the advisory locks that serialise the computations of one merchant's day. */
const dayLockNamespace = 0x52_45_50; // 'REP'
/** Namespace of the advisory locks that serialise the days of one merchant's month (report_member_month). */
const monthLockNamespace = 0x52_45_4d; // 'REM'

async function spanOfDay(db: Kysely<Database>, merchant: ReportMerchant, day: string): Promise<DaySpan> {
  const toDayExclusive = addDays(day, 1);
  return {
    merchantId: merchant.id,
    timezone: merchant.timezone,
    fromDay: day,
    toDayExclusive,
    ...(await dayBounds(db, merchant.timezone, day, toDayExclusive)),
  };
}

async function replaceDay(trx: Transaction<Database>, span: DaySpan, nowMs: number): Promise<void> {
  const { merchantId, fromDay: day } = span;
  const computedAt = new Date(nowMs);
  // The day's records are read once, into their sums per member, vendor, game and product type (a
  // temporary table of this transaction), and those into their sums per member and product type (a
  // second one, about 2 rows a member); the games are summed from the first, the summary, the members
  // and the member products from the second: a 10 M-record day was three passes over the records
  // (380 s), then three groupings of the first table's millions of rows (docs/performance.md "Agent
  // settlement"). Both are hashed: sorting (full and incremental) is off for them because the planner,
  // expecting as many groups as rows, would otherwise read the records in member order through
  // bet_record_member_settled_idx, one heap fetch each, or sort them on disk; the memory lets the hash
  // hold a big day's groups (about 4 M at 10 M records) in few batches. The settings end with the
  // transaction.
  await sql`SET LOCAL work_mem = '256MB'`.execute(trx);
  await sql`SET LOCAL enable_sort = off`.execute(trx);
  await sql`SET LOCAL enable_incremental_sort = off`.execute(trx);
  // One process: parallel workers (forced, as the planner will not choose them for groups about as many
  // as the records) took 42-45 s for the 10 M bench day where one process took 27-40 s on 2 cores:
  // each worker's partial groups are most of the groups, and the leader adds them up again.
  await sql`CREATE TEMPORARY TABLE report_day_play ON COMMIT DROP AS SELECT * FROM ${playRows(span)} AS p`.execute(trx);
  const play = sql<PlayRow>`report_day_play`;
  await sql`CREATE TEMPORARY TABLE report_day_member_play ON COMMIT DROP AS
    SELECT * FROM ${memberPlayOfPlay(play)} AS p`.execute(trx);
  await sql`SET LOCAL enable_sort TO DEFAULT`.execute(trx);
  await sql`SET LOCAL enable_incremental_sort TO DEFAULT`.execute(trx);
  await sql`ANALYZE report_day_play`.execute(trx);
  await sql`ANALYZE report_day_member_play`.execute(trx);
  const memberPlay = sql<MemberPlayRow>`report_day_member_play`;
  await sql`DELETE FROM report_daily_summary WHERE merchant_id = ${merchantId} AND day = ${day}::date`.execute(trx);
  await sql`DELETE FROM report_daily_game WHERE merchant_id = ${merchantId} AND day = ${day}::date`.execute(trx);
  await sql`DELETE FROM report_daily_member WHERE merchant_id = ${merchantId} AND day = ${day}::date`.execute(trx);
  await sql`DELETE FROM report_daily_member_product WHERE merchant_id = ${merchantId} AND day = ${day}::date`.execute(
    trx,
  );
  await sql`
    INSERT INTO report_daily_summary (merchant_id, day, registrations, first_deposits, active_players, deposit_count,
      deposits_minor, withdrawal_count, withdrawals_minor, rounds, bets_minor, valid_bets_minor, payouts_minor,
      bonuses_minor, rebates_minor, computed_at)
    SELECT ${merchantId}, s.day::date, s.registrations, s.first_deposits, s.active_players, s.deposit_count,
      s.deposits_minor, s.withdrawal_count, s.withdrawals_minor, s.rounds, s.bets_minor, s.valid_bets_minor,
      s.payouts_minor, s.bonuses_minor, s.rebates_minor, ${computedAt}
    FROM ${summaryDayRows(span, memberPlay)} AS s`.execute(trx);
  await sql`
    INSERT INTO report_daily_game (merchant_id, day, vassalage, game_id, rounds, players, bets_minor, valid_bets_minor, payouts_minor)
    SELECT ${merchantId}, g.day::date, g.vassalage, g.game_id, g.rounds, g.players, g.bets_minor, g.valid_bets_minor, g.payouts_minor
    FROM ${gamePlayDayRows(play)} AS g`.execute(trx);
  await sql`
    INSERT INTO report_daily_member (merchant_id, day, member_id, rounds, bets_minor, valid_bets_minor, payouts_minor,
      deposits_minor, withdrawals_minor, bonuses_minor)
    SELECT ${merchantId}, m.day::date, m.member_id, m.rounds, m.bets_minor, m.valid_bets_minor, m.payouts_minor,
      m.deposits_minor, m.withdrawals_minor, m.bonuses_minor
    FROM ${memberDayRows(span, memberPlay)} AS m`.execute(trx);
  await sql`
    INSERT INTO report_daily_member_product (merchant_id, day, member_id, product_type, bets_minor, valid_bets_minor, payouts_minor)
    SELECT ${merchantId}, m.day::date, m.member_id, m.product_type, m.bets_minor, m.valid_bets_minor, m.payouts_minor
    FROM ${memberProductDayRows(span, memberPlay)} AS m`.execute(trx);
  await replaceDayActivity(trx, merchantId, day);
}

/**
 * Sums one closed day of the merchant into the aggregates, replacing what was there, in one
 * transaction under the day's advisory lock (so two computations of a day never interleave).
 *
 * With `pass`, it is the job's pass number `pass` of that day and happens at most once: the pass's
 * key row is inserted first in the same transaction, so a second runner (another instance, a retried
 * job) waits on the lock, finds the key and does nothing; if the first rolled back, the second does
 * the work. Without `pass` (the rebuild command), it always recomputes. Either way the result depends
 * only on the detail, so a rerun writes the same rows. Answers whether it computed.
 */
export async function computeReportDay(
  db: Kysely<Database>,
  merchant: ReportMerchant,
  day: string,
  nowMs: number,
  pass: number | null = null,
): Promise<boolean> {
  const today = await localToday(db, merchant.timezone, nowMs);
  if (day >= today) throw new Error(`reports: ${day} is not closed yet in ${merchant.timezone} (today is ${today})`);
  const span = await spanOfDay(db, merchant, day);
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${dayLockNamespace}, hashtext(${`${merchant.id}:${day}`}))`.execute(trx);
    if (pass !== null) {
      const claimed = await sql`
        INSERT INTO report_day_pass (merchant_id, day, pass, computed_at)
        VALUES (${merchant.id}, ${day}::date, ${pass}, ${new Date(nowMs)})
        ON CONFLICT DO NOTHING RETURNING pass`.execute(trx);
      if (claimed.rows.length === 0) return false;
    }
    // The month's lock too (always after the day's): the days of one month share their rows of
    // report_member_month, so their computations take turns on it.
    await sql`SELECT pg_advisory_xact_lock(${monthLockNamespace}, hashtext(${`${merchant.id}:${monthOf(day)}`}))`.execute(
      trx,
    );
    await replaceDay(trx, span, nowMs);
    return true;
  });
}

/** Every merchant with the time zone its days begin in. */
export async function listReportMerchants(db: Kysely<Database>): Promise<ReportMerchant[]> {
  const merchants: ReportMerchant[] = [];
  for (const id of await listMerchantIds(db)) {
    const merchant = await findMerchant(db, { id });
    if (merchant) merchants.push({ id, timezone: merchantTimeZone(merchant.config) });
  }
  return merchants;
}

/**
 * The job (hourly): for every merchant, the passes due of its last closed days. Day `today − 1 − p`
 * gets pass p for p < recomputePasses; an older day within `backfillDays` with no aggregates at all
 * gets the pass of its age. Each (merchant, day, pass) is computed exactly once across instances.
 */
export async function runReportPasses(
  db: Kysely<Database>,
  nowMs: number,
  merchants?: readonly ReportMerchant[],
): Promise<{ daysComputed: number; daysAlreadyComputed: number }> {
  let computed = 0;
  let skipped = 0;
  for (const merchant of merchants ?? (await listReportMerchants(db))) {
    const today = await localToday(db, merchant.timezone, nowMs);
    const { rows } = await sql<{ day: string }>`
      SELECT day::text AS day FROM report_daily_summary
      WHERE merchant_id = ${merchant.id} AND day >= ${addDays(today, -backfillDays)}::date`.execute(db);
    const summed = new Set(rows.map((row) => row.day));
    for (let age = 0; age < backfillDays; age += 1) {
      const day = addDays(today, -1 - age);
      if (age >= recomputePasses && summed.has(day)) continue;
      if (await computeReportDay(db, merchant, day, nowMs, age)) computed += 1;
      else skipped += 1;
    }
  }
  return { daysComputed: computed, daysAlreadyComputed: skipped };
}

/** Sums `from`..`to` again for one merchant whatever was there (the rebuild command). */
export async function rebuildReportDays(
  db: Kysely<Database>,
  merchant: ReportMerchant,
  from: string,
  to: string,
  nowMs: number,
): Promise<number> {
  let days = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    await computeReportDay(db, merchant, day, nowMs);
    days += 1;
  }
  return days;
}
