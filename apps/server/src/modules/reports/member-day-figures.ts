import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** What one member did on one of the merchant's summed days; money in minor units. */
export interface MemberDayFigures {
  memberId: bigint;
  betsMinor: bigint;
  validBetsMinor: bigint;
  payoutsMinor: bigint;
  depositsMinor: bigint;
  bonusesMinor: bigint;
}

/**
 * The members' figures of a closed day as the daily job summed them (`report_daily_member`), for the
 * agents' settlements; null while the day has not been summed yet (no pass), so a settlement waits for
 * the job rather than reading a half-made day. Members with nothing that day are absent.
 */
export async function memberDayFigures(
  db: Kysely<Database>,
  merchantId: number,
  day: string,
): Promise<MemberDayFigures[] | null> {
  const pass = await sql<{ pass: number }>`
    SELECT pass FROM report_day_pass WHERE merchant_id = ${merchantId} AND day = ${day}::date LIMIT 1`.execute(db);
  if (pass.rows.length === 0) return null;
  const { rows } = await sql<{
    member_id: string;
    bets_minor: string;
    valid_bets_minor: string;
    payouts_minor: string;
    deposits_minor: string;
    bonuses_minor: string;
  }>`
    SELECT member_id, bets_minor, valid_bets_minor, payouts_minor, deposits_minor, bonuses_minor
      FROM report_daily_member WHERE merchant_id = ${merchantId} AND day = ${day}::date`.execute(db);
  return rows.map((row) => ({
    memberId: BigInt(row.member_id),
    betsMinor: BigInt(row.bets_minor),
    validBetsMinor: BigInt(row.valid_bets_minor),
    payoutsMinor: BigInt(row.payouts_minor),
    depositsMinor: BigInt(row.deposits_minor),
    bonusesMinor: BigInt(row.bonuses_minor),
  }));
}

/** What one member bet in one product type on one of the merchant's summed days; money in minor units. */
export interface MemberProductDayFigures {
  memberId: bigint;
  productType: string;
  betsMinor: bigint;
  validBetsMinor: bigint;
  payoutsMinor: bigint;
}

/**
 * The members' play of a closed day per product type as the daily job summed it
 * (`report_daily_member_product`), for the agents' salaries, which are contracts of one product type;
 * null while the day has not been summed yet. Members who did not play that product are absent.
 */
export async function memberProductDayFigures(
  db: Kysely<Database>,
  merchantId: number,
  day: string,
): Promise<MemberProductDayFigures[] | null> {
  const pass = await sql<{ pass: number }>`
    SELECT pass FROM report_day_pass WHERE merchant_id = ${merchantId} AND day = ${day}::date LIMIT 1`.execute(db);
  if (pass.rows.length === 0) return null;
  const rows = await db
    .selectFrom('report_daily_member_product')
    .select(['member_id', 'product_type', 'bets_minor', 'valid_bets_minor', 'payouts_minor'])
    .where('merchant_id', '=', merchantId)
    .where(sql<boolean>`day = ${day}::date`)
    .execute();
  return rows.map((row) => ({
    memberId: BigInt(row.member_id),
    productType: row.product_type,
    betsMinor: BigInt(row.bets_minor),
    validBetsMinor: BigInt(row.valid_bets_minor),
    payoutsMinor: BigInt(row.payouts_minor),
  }));
}

/** A member's valid bet of one product type on a summed day, as a row of `summedProductValidBets`. */
export interface SummedProductValidBetRow {
  member_id: bigint;
  product_type: string;
  valid_bet: bigint;
}

/**
 * The same figures as `memberProductDayFigures` (valid bets only) as a subquery, for the rebates' job,
 * which turns some 10^5 member days into its statements in one INSERT ... SELECT without the rows
 * crossing the wire; null while the day has not been summed yet (the job waits for it, as the
 * salaries do).
 */
export async function summedProductValidBets(
  db: Kysely<Database>,
  merchantId: number,
  day: string,
): Promise<RawBuilder<SummedProductValidBetRow> | null> {
  const pass = await sql<{ pass: number }>`
    SELECT pass FROM report_day_pass WHERE merchant_id = ${merchantId} AND day = ${day}::date LIMIT 1`.execute(db);
  if (pass.rows.length === 0) return null;
  return sql<SummedProductValidBetRow>`(
    SELECT member_id, product_type, valid_bets_minor AS valid_bet
    FROM report_daily_member_product WHERE merchant_id = ${merchantId} AND day = ${day}::date
  )`;
}

/**
 * One member's bets and payouts over the merchant's days `from`..`to` (both included) as the daily job
 * summed them: every product together, or one product type's (`report_daily_member_product`); null while
 * any day of the range has not been summed yet. Two indexed reads, whatever the merchant's size (the
 * promotions' rescue of a member's net loss).
 */
export async function memberPlayOfDays(
  db: Kysely<Database>,
  query: { merchantId: number; memberId: bigint; from: string; to: string; productType: string | null },
): Promise<{ betsMinor: bigint; payoutsMinor: bigint } | null> {
  const { merchantId, memberId, from, to, productType } = query;
  const summed = await sql<{ days: number; wanted: number }>`
    SELECT count(DISTINCT day)::int4 AS days, (${to}::date - ${from}::date + 1)::int4 AS wanted
      FROM report_day_pass WHERE merchant_id = ${merchantId} AND day BETWEEN ${from}::date AND ${to}::date`.execute(db);
  if (summed.rows[0]!.days < summed.rows[0]!.wanted) return null;
  const table = productType === null ? sql`report_daily_member` : sql`report_daily_member_product`;
  const { rows } = await sql<{ bets: string | null; payouts: string | null }>`
    SELECT sum(bets_minor)::int8 AS bets, sum(payouts_minor)::int8 AS payouts FROM ${table}
     WHERE merchant_id = ${merchantId} AND member_id = ${memberId} AND day BETWEEN ${from}::date AND ${to}::date
       ${productType === null ? sql`` : sql`AND product_type = ${productType}`}`.execute(db);
  return { betsMinor: BigInt(rows[0]!.bets ?? 0), payoutsMinor: BigInt(rows[0]!.payouts ?? 0) };
}
