import { sql, type Kysely } from 'kysely';

/**
 * The reports' pre-aggregated days (modules/reports). A merchant's closed day (in its timezone) is
 * summed once from the detail (bet records, deposits, withdrawals, members, bonus transfers) into
 * three tables, so a report over months reads a few hundred rows instead of millions:
 *
 * - `report_daily_summary`: one row per merchant and day, the daily summary's columns;
 * - `report_daily_game`: one row per merchant, day, vendor and game;
 * - `report_daily_member`: one row per merchant, day and member who played or moved money
 *   (the member report, and the distinct active players of a range).
 *
 * `report_day_pass` holds one row per computation the job made of a day (pass 0 the night the day
 * closed, pass 1 the next night, ...): its primary key, inserted in the same transaction as the rows,
 * is what makes each pass happen exactly once however many instances run the job.
 *
 * Also the bet records' index the aggregation and the live "today" read go through: settled records
 * of a merchant by settle time (the result of a round belongs to the day it was settled).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE report_daily_summary (
      merchant_id integer NOT NULL REFERENCES merchant(id),
      day date NOT NULL,
      registrations integer NOT NULL CHECK (registrations >= 0),
      first_deposits integer NOT NULL CHECK (first_deposits >= 0),
      active_players integer NOT NULL CHECK (active_players >= 0),
      deposit_count integer NOT NULL CHECK (deposit_count >= 0),
      deposits_minor bigint NOT NULL CHECK (deposits_minor >= 0),
      withdrawal_count integer NOT NULL CHECK (withdrawal_count >= 0),
      withdrawals_minor bigint NOT NULL CHECK (withdrawals_minor >= 0),
      rounds bigint NOT NULL CHECK (rounds >= 0),
      bets_minor bigint NOT NULL CHECK (bets_minor >= 0),
      valid_bets_minor bigint NOT NULL CHECK (valid_bets_minor >= 0),
      payouts_minor bigint NOT NULL CHECK (payouts_minor >= 0),
      bonuses_minor bigint NOT NULL,
      rebates_minor bigint NOT NULL,
      computed_at timestamptz NOT NULL,
      PRIMARY KEY (merchant_id, day)
    )`.execute(db);
  await sql`
    CREATE TABLE report_daily_game (
      merchant_id integer NOT NULL REFERENCES merchant(id),
      day date NOT NULL,
      vassalage text NOT NULL,
      game_id text NOT NULL,
      rounds bigint NOT NULL CHECK (rounds >= 0),
      players integer NOT NULL CHECK (players >= 0),
      bets_minor bigint NOT NULL CHECK (bets_minor >= 0),
      valid_bets_minor bigint NOT NULL CHECK (valid_bets_minor >= 0),
      payouts_minor bigint NOT NULL CHECK (payouts_minor >= 0),
      PRIMARY KEY (merchant_id, day, vassalage, game_id)
    )`.execute(db);
  await sql`
    CREATE TABLE report_daily_member (
      merchant_id integer NOT NULL REFERENCES merchant(id),
      day date NOT NULL,
      member_id bigint NOT NULL,
      rounds bigint NOT NULL CHECK (rounds >= 0),
      bets_minor bigint NOT NULL CHECK (bets_minor >= 0),
      valid_bets_minor bigint NOT NULL CHECK (valid_bets_minor >= 0),
      payouts_minor bigint NOT NULL CHECK (payouts_minor >= 0),
      deposits_minor bigint NOT NULL CHECK (deposits_minor >= 0),
      withdrawals_minor bigint NOT NULL CHECK (withdrawals_minor >= 0),
      bonuses_minor bigint NOT NULL,
      PRIMARY KEY (merchant_id, day, member_id)
    )`.execute(db);
  await sql`
    CREATE TABLE report_day_pass (
      merchant_id integer NOT NULL REFERENCES merchant(id),
      day date NOT NULL,
      pass integer NOT NULL CHECK (pass >= 0),
      computed_at timestamptz NOT NULL,
      PRIMARY KEY (merchant_id, day, pass)
    )`.execute(db);
  await sql`
    CREATE INDEX bet_record_merchant_settled_idx ON bet_record (merchant_id, settled_at)
    WHERE status = 'settled'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX bet_record_merchant_settled_idx`.execute(db);
  await sql`DROP TABLE report_day_pass, report_daily_member, report_daily_game, report_daily_summary`.execute(db);
}
