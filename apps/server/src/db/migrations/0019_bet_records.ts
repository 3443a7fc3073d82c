import { sql, type Kysely } from 'kysely';

/**
 * Bet records (modules/bet-records, its README says when each field changes).
 *
 * `bet_record`: a member's part in one vendor round, written by the vendor calls in their own
 * transaction. One row per (merchant, vendor, round, member), the key of `vendor_round`: a live
 * table's round is shared by every seated member, and each gets a record. The game's vendor, type
 * and category are copied from the catalogue at the first bet, so the member's filters read this
 * table alone. Money in minor units.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE bet_record (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      -- The integration that called (vendor_transaction.vendor_code), part of the key.
      vendor_code text NOT NULL,
      round_id text NOT NULL,
      member_id bigint NOT NULL,
      -- The catalogue vendor (game_vendor.vassalage) the game belongs to: what the member filters by.
      vassalage text NOT NULL,
      game_id text NOT NULL,
      -- The vendor's game type (LIVE, RNG, ...) and category; null when the vendor is not in the catalogue.
      game_type text,
      game_category text,
      game_classify text,
      -- Sum of the bets not refunded; valid bet is what counts towards turnover (equal to the stake for now).
      stake bigint NOT NULL CHECK (stake >= 0),
      valid_bet bigint NOT NULL CHECK (valid_bet >= 0),
      -- Sum of the wins.
      payout bigint NOT NULL DEFAULT 0 CHECK (payout >= 0),
      -- Bets in the record not refunded.
      bet_count integer NOT NULL CHECK (bet_count >= 0),
      status text NOT NULL CHECK (status IN ('open', 'settled', 'cancelled')),
      -- The house vendor's provably fair data of the round (roundDetails of the calls, merged).
      fairness jsonb,
      first_bet_at timestamptz NOT NULL,
      settled_at timestamptz,
      updated_at timestamptz NOT NULL,
      CONSTRAINT bet_record_key UNIQUE (merchant_id, vendor_code, round_id, member_id),
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id),
      CHECK ((status = 'settled') = (settled_at IS NOT NULL)),
      CHECK (status <> 'cancelled' OR (bet_count = 0 AND stake = 0 AND payout = 0))
    )`.execute(db);
  // The member's history, newest first; filters by vendor or type narrow the same member's rows.
  await sql`CREATE INDEX bet_record_member_time_idx ON bet_record (member_id, first_bet_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX bet_record_member_vendor_time_idx ON bet_record (member_id, vassalage, first_bet_at DESC)`.execute(db);
  // Profit and loss: settled records by settlement time.
  await sql`CREATE INDEX bet_record_member_settled_idx ON bet_record (member_id, settled_at) WHERE status = 'settled'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE bet_record`.execute(db);
}
