import { sql, type Kysely } from 'kysely';

/**
 * The seamless wallet protocol of vendors (modules/vendor-wallet, its README states the invariants).
 *
 * - `vendor_credential`: a vendor's HMAC secret per merchant; a null secret means the house vendor's
 *   `HOUSE_VENDOR_SECRET` from the configuration (never stored).
 * - `vendor_game_session`: a launch's session token (hashed), one member, one vendor and game, an expiry.
 * - `vendor_transaction`: every bet, win and rollback, unique per (merchant, vendor, transaction id),
 *   with the request's hash and the answer to replay. A row without a request hash is the tombstone of
 *   a bet rolled back before it arrived: the late bet is refused.
 * - `vendor_round`: a member's part in a vendor's round, open until a closing call closes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE vendor_credential (
      merchant_id integer NOT NULL REFERENCES merchant (id),
      vendor_code text NOT NULL CHECK (vendor_code ~ '^[A-Z0-9_]{1,32}$'),
      secret text CHECK (secret IS NULL OR length(secret) >= 16),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_id, vendor_code)
    )`.execute(db);
  await sql`CREATE INDEX vendor_credential_vendor_idx ON vendor_credential (vendor_code)`.execute(db);

  await sql`
    CREATE TABLE vendor_game_session (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      member_id bigint NOT NULL,
      vendor_code text NOT NULL,
      game_id text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id),
      CHECK (expires_at > created_at)
    )`.execute(db);
  await sql`CREATE INDEX vendor_game_session_member_idx ON vendor_game_session (member_id, created_at)`.execute(db);

  await sql`
    CREATE TABLE vendor_round (
      merchant_id integer NOT NULL REFERENCES merchant (id),
      vendor_code text NOT NULL,
      round_id text NOT NULL,
      member_id bigint NOT NULL,
      status text NOT NULL CHECK (status IN ('open', 'closed')),
      has_win boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      closed_at timestamptz,
      -- A live table's round is shared by every seated member: each member has their own row of it.
      PRIMARY KEY (merchant_id, vendor_code, round_id, member_id),
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id)
    )`.execute(db);

  await sql`
    CREATE TABLE vendor_transaction (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      vendor_code text NOT NULL,
      transaction_id text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('bet', 'win', 'rollback')),
      member_id bigint NOT NULL,
      round_id text NOT NULL,
      amount bigint NOT NULL CHECK (amount >= 0 AND amount <= 1000000000000000),
      reference_transaction_id text,
      status text NOT NULL CHECK (status IN ('done', 'rolled_back', 'cancelled')),
      request_hash text,
      answer jsonb,
      posting_id bigint,
      created_at timestamptz NOT NULL,
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id),
      CONSTRAINT vendor_transaction_key UNIQUE (merchant_id, vendor_code, transaction_id),
      CHECK ((status = 'cancelled') = (request_hash IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX vendor_transaction_round_idx ON vendor_transaction (merchant_id, vendor_code, round_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE vendor_transaction`.execute(db);
  await sql`DROP TABLE vendor_round`.execute(db);
  await sql`DROP TABLE vendor_game_session`.execute(db);
  await sql`DROP TABLE vendor_credential`.execute(db);
}
