import { sql, type Kysely } from 'kysely';

/**
 * The reports' distinct active players over a range (modules/reports, member-activity.ts): one row per
 * merchant, month and member who played in it, with one bit per day of the month the member played on
 * (bit d − 1 for day d; 31 days fit in a positive int4). The daily job sets and clears the day's bit in
 * the same transaction as the day's other aggregates, so a 90-day range's distinct players is a count
 * over four months of these rows (about one per member and month) instead of a `count(DISTINCT)` over
 * every day's member rows. `month` is the first day of the merchant's calendar month.
 *
 * Filled here from the days already summed (`report_daily_member` rows with rounds), so the table
 * agrees with them from the start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE report_member_month (
      merchant_id integer NOT NULL REFERENCES merchant(id),
      month date NOT NULL CHECK (extract(day FROM month) = 1),
      member_id bigint NOT NULL,
      active_days integer NOT NULL CHECK (active_days > 0),
      PRIMARY KEY (merchant_id, month, member_id)
    )`.execute(db);
  await fillFromSummedDays(db);
}

/** The bits of every day already summed, from its `report_daily_member` rows with rounds (tested in reports.test.ts). */
export async function fillFromSummedDays(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO report_member_month (merchant_id, month, member_id, active_days)
    SELECT merchant_id, date_trunc('month', day)::date, member_id, bit_or(1 << (extract(day FROM day)::int4 - 1))
    FROM report_daily_member
    WHERE rounds > 0
    GROUP BY 1, 2, 3`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE report_member_month`.execute(db);
}
