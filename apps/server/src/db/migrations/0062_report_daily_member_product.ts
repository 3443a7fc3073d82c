import { sql, type Kysely } from 'kysely';

/**
 * The reports' member days per product type (modules/reports): what a member bet, validly bet and was
 * paid on one summed day in one product type (the record's `game_type`: LIVE, RNG, ...). The agents'
 * daily salaries are contracts of one product type and read their team's figures here; before this
 * table they read `report_daily_member`, every product together, so a LIVE salary was paid on slot bets
 * and an agent holding two products' contracts was paid twice on the same bets. The daily job writes
 * these rows in the same transaction and from the same one pass over the records as the member days.
 * Records without a product type (vendors outside the catalogue) are in the member day, not here.
 *
 * Filled here for the days already summed, from the records of each day's bounds in its merchant's
 * time zone (the configuration's, else the default Asia/Bangkok), so settling an old day reads the same
 * figures as a new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE report_daily_member_product (
      merchant_id integer NOT NULL REFERENCES merchant(id),
      day date NOT NULL,
      member_id bigint NOT NULL,
      product_type text NOT NULL,
      bets_minor bigint NOT NULL,
      valid_bets_minor bigint NOT NULL,
      payouts_minor bigint NOT NULL,
      PRIMARY KEY (merchant_id, day, member_id, product_type)
    )`.execute(db);
  await sql`
    INSERT INTO report_daily_member_product
      (merchant_id, day, member_id, product_type, bets_minor, valid_bets_minor, payouts_minor)
    SELECT d.merchant_id, d.day, b.member_id, b.game_type, sum(b.stake), sum(b.valid_bet), sum(b.payout)
      FROM (SELECT DISTINCT p.merchant_id, p.day, coalesce(m.config->>'timezone', 'Asia/Bangkok') AS timezone
              FROM report_day_pass p JOIN merchant m ON m.id = p.merchant_id) d
      JOIN bet_record b
        ON b.merchant_id = d.merchant_id AND b.status = 'settled' AND b.game_type IS NOT NULL
       AND b.settled_at >= (d.day::timestamp AT TIME ZONE d.timezone)
       AND b.settled_at < ((d.day + 1)::timestamp AT TIME ZONE d.timezone)
     GROUP BY 1, 2, 3, 4`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE report_daily_member_product`.execute(db);
}
