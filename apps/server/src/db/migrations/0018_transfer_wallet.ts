import { sql, type Kysely } from 'kysely';

/**
 * Transfer wallets (modules/transfer-wallet, its README states the invariants) and the link from a
 * catalogue vendor to the integration that serves its games.
 *
 * - `game_vendor.integration_code`: the vendor integration (a `vendor_credential.vendor_code`, e.g.
 *   `HOUSE`) that launches this vendor's games and calls or is called about their money; null: the
 *   vendor is in the catalogue but not connected, and its games cannot be launched yet.
 * - `vendor_credential.api_url`: where the platform calls a transfer-mode integration (null for the
 *   house vendor, whose address is `HOUSE_GAMES_INTERNAL_URL`).
 * - `vendor_player`: the player id a transfer-mode integration knows a member by, made once; its row
 *   is also the lock that puts one member's transfers with one vendor in a line.
 * - `wallet_transfer`: each move between the main wallet and a vendor's wallet, with the reference
 *   number the vendor saw. `pending` until the vendor's answer (or, when the answer was lost, its
 *   status query) says succeeded or failed; the money waits in `house_vendor_transit` meanwhile. One
 *   pending transfer per member and vendor at a time.
 * - Ledger: the account kind `house_vendor_transit` (per vendor, as sub-key).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE ledger_account DROP CONSTRAINT ledger_account_kind_check`.execute(db);
  await sql`
    ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_kind_check CHECK (kind IN (
      'member_main', 'member_vendor', 'member_held', 'member_bonus', 'member_trial',
      'house_deposit_clearing', 'house_withdrawal_payable', 'house_game', 'house_adjustment',
      'house_fee', 'house_bonus', 'house_trial', 'house_vendor_transit'))`.execute(db);

  await sql`ALTER TABLE game_vendor ADD COLUMN integration_code text CHECK (integration_code ~ '^[A-Z0-9_]{1,32}$')`.execute(db);
  await sql`ALTER TABLE vendor_credential ADD COLUMN api_url text CHECK (api_url ~ '^https?://')`.execute(db);

  await sql`
    CREATE TABLE vendor_player (
      merchant_id integer NOT NULL REFERENCES merchant (id),
      member_id bigint NOT NULL,
      integration_code text NOT NULL,
      player_id text NOT NULL,
      -- Bumped by every transfer's start and end: a balance sync that saw another value is stale.
      wallet_version bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (merchant_id, member_id, integration_code),
      UNIQUE (integration_code, player_id),
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id)
    )`.execute(db);

  await sql`
    CREATE TABLE wallet_transfer (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      member_id bigint NOT NULL,
      vassalage text NOT NULL,
      integration_code text NOT NULL,
      direction text NOT NULL CHECK (direction IN ('IN', 'OUT')),
      amount bigint NOT NULL CHECK (amount > 0 AND amount <= 1000000000000000),
      currency text NOT NULL,
      -- The number the vendor saw: asking the vendor about it is how a lost answer is resolved.
      reference text NOT NULL UNIQUE,
      status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
      failure text,
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      resolved_at timestamptz,
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id),
      CHECK ((status = 'pending') = (resolved_at IS NULL))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX wallet_transfer_one_pending_idx ON wallet_transfer (member_id, vassalage) WHERE status = 'pending'`.execute(db);
  await sql`CREATE INDEX wallet_transfer_pending_idx ON wallet_transfer (updated_at) WHERE status = 'pending'`.execute(db);
  await sql`CREATE INDEX wallet_transfer_member_idx ON wallet_transfer (member_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE wallet_transfer`.execute(db);
  await sql`DROP TABLE vendor_player`.execute(db);
  await sql`ALTER TABLE vendor_credential DROP COLUMN api_url`.execute(db);
  await sql`ALTER TABLE game_vendor DROP COLUMN integration_code`.execute(db);
  await sql`ALTER TABLE ledger_account DROP CONSTRAINT ledger_account_kind_check`.execute(db);
  await sql`
    ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_kind_check CHECK (kind IN (
      'member_main', 'member_vendor', 'member_held', 'member_bonus', 'member_trial',
      'house_deposit_clearing', 'house_withdrawal_payable', 'house_game', 'house_adjustment',
      'house_fee', 'house_bonus', 'house_trial'))`.execute(db);
}
