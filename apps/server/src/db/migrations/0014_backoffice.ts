import { sql, type Kysely } from 'kysely';

/**
 * The back-office (modules/backoffice, its README states the rules).
 *
 * - `operator`: staff accounts of one merchant with a role; TOTP is part of the row (every operator
 *   must have it; a row without `totp_secret` can do nothing but enrol).
 * - `operator_session`: opaque tokens stored as SHA-256, apart from member sessions, so a member
 *   token can never pass as an operator's. A session is `password` (only TOTP calls) until a code is
 *   given, then `full`.
 * - `operator_login_failure`: wrong passwords and codes, counted per account and per IP to throttle.
 * - `operator_audit`: every operator action; triggers refuse UPDATE, DELETE and TRUNCATE, as on the
 *   ledger's history, so nobody (not even an admin with SQL through the app) edits it.
 * - `member_adjustment`: manual balance adjustments (who, why, key), each with its ledger transfer.
 * - Prefix indexes on member names and mobiles for the operators' member search.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE operator (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      username text NOT NULL CHECK (username ~ '^[A-Za-z0-9_.-]{3,32}$'),
      -- lower(username): one name per merchant in any letter case.
      username_key text NOT NULL CHECK (username_key = lower(username)),
      password_hash text NOT NULL,
      role text NOT NULL CHECK (role IN ('admin', 'finance', 'support')),
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
      totp_secret text,
      totp_pending_secret text,
      -- The last TOTP step accepted; only moves forward, so a code passes once.
      totp_last_used_step bigint,
      totp_enabled_at timestamptz,
      created_by bigint,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CONSTRAINT operator_username_key UNIQUE (merchant_id, username_key),
      CONSTRAINT operator_id_merchant_key UNIQUE (id, merchant_id),
      CONSTRAINT operator_totp_check CHECK ((totp_secret IS NULL) = (totp_enabled_at IS NULL)),
      FOREIGN KEY (created_by, merchant_id) REFERENCES operator (id, merchant_id)
    )`.execute(db);

  await sql`
    CREATE TABLE operator_session (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL,
      operator_id bigint NOT NULL,
      token_hash text NOT NULL CHECK (token_hash ~ '^[0-9a-f]{64}$'),
      stage text NOT NULL CHECK (stage IN ('password', 'full')),
      -- Wrong TOTP codes given with this session; at the limit it is revoked.
      totp_failures integer NOT NULL DEFAULT 0 CHECK (totp_failures >= 0),
      ip text NOT NULL,
      created_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      CONSTRAINT operator_session_token_key UNIQUE (token_hash),
      FOREIGN KEY (operator_id, merchant_id) REFERENCES operator (id, merchant_id)
    )`.execute(db);
  await sql`CREATE INDEX operator_session_operator_idx ON operator_session (operator_id) WHERE revoked_at IS NULL`.execute(db);
  await sql`CREATE INDEX operator_session_expires_idx ON operator_session (expires_at)`.execute(db);

  await sql`
    CREATE TABLE operator_login_failure (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      username_key text NOT NULL,
      ip text NOT NULL,
      reason text NOT NULL CHECK (reason IN ('password', 'totp')),
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX operator_login_failure_account_idx ON operator_login_failure (merchant_id, username_key, created_at)`.execute(db);
  await sql`CREATE INDEX operator_login_failure_ip_idx ON operator_login_failure (ip, created_at)`.execute(db);
  await sql`CREATE INDEX operator_login_failure_created_idx ON operator_login_failure (created_at)`.execute(db);

  // The member search of the back-office matches name and mobile prefixes: pattern indexes serve
  // LIKE 'abc%' under any database collation (the plain ones only do under C).
  await sql`CREATE INDEX member_username_pattern_idx ON member (merchant_id, username_key text_pattern_ops)`.execute(db);
  await sql`CREATE INDEX member_mobile_pattern_idx ON member (merchant_id, mobile_number text_pattern_ops) WHERE mobile_number IS NOT NULL`.execute(db);
  // The outbox page lists a merchant's messages newest first.
  await sql`CREATE INDEX outbox_message_merchant_created_idx ON outbox_message (merchant_id, created_at)`.execute(db);

  await sql`
    CREATE TABLE operator_audit (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      -- Null for what the system did itself (the first admin created at start).
      operator_id bigint,
      action text NOT NULL CHECK (action ~ '^[a-z][a-z0-9_.]{1,63}$'),
      target_type text NOT NULL CHECK (length(target_type) BETWEEN 1 AND 64),
      target_id text NOT NULL CHECK (length(target_id) <= 200),
      before jsonb,
      after jsonb,
      ip text NOT NULL,
      created_at timestamptz NOT NULL,
      FOREIGN KEY (operator_id, merchant_id) REFERENCES operator (id, merchant_id)
    )`.execute(db);
  await sql`CREATE INDEX operator_audit_merchant_idx ON operator_audit (merchant_id, id)`.execute(db);
  await sql`CREATE INDEX operator_audit_operator_idx ON operator_audit (operator_id, id) WHERE operator_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX operator_audit_action_idx ON operator_audit (merchant_id, action, id)`.execute(db);
  await sql`CREATE INDEX operator_audit_target_idx ON operator_audit (merchant_id, target_type, target_id, id)`.execute(db);
  await sql`CREATE INDEX operator_audit_created_idx ON operator_audit (merchant_id, created_at)`.execute(db);

  // Manual balance adjustments: the business record behind each `adjustment` ledger posting (who,
  // why, the page's Idempotency-Key), unique per merchant and key so a retried click moves money once.
  await sql`
    CREATE TABLE member_adjustment (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL,
      member_id bigint NOT NULL,
      operator_id bigint NOT NULL,
      direction text NOT NULL CHECK (direction IN ('credit', 'debit')),
      currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      amount bigint NOT NULL CHECK (amount > 0),
      reason text NOT NULL CHECK (length(reason) BETWEEN 3 AND 200),
      idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 8 AND 128),
      transfer_id bigint REFERENCES ledger_transfer (id),
      created_at timestamptz NOT NULL,
      CONSTRAINT member_adjustment_key UNIQUE (merchant_id, idempotency_key),
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id),
      FOREIGN KEY (operator_id, merchant_id) REFERENCES operator (id, merchant_id)
    )`.execute(db);
  await sql`CREATE INDEX member_adjustment_member_idx ON member_adjustment (member_id, id)`.execute(db);
  await sql`CREATE INDEX member_adjustment_transfer_idx ON member_adjustment (transfer_id) WHERE transfer_id IS NOT NULL`.execute(db);

  await sql`
    CREATE FUNCTION operator_audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'the audit log is append-only: % on % refused', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'restrict_violation';
    END $$`.execute(db);
  await sql`CREATE TRIGGER operator_audit_append_only BEFORE UPDATE OR DELETE ON operator_audit
    FOR EACH ROW EXECUTE FUNCTION operator_audit_refuse_change()`.execute(db);
  await sql`CREATE TRIGGER operator_audit_no_truncate BEFORE TRUNCATE ON operator_audit
    FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_refuse_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE operator_audit`.execute(db);
  await sql`DROP FUNCTION operator_audit_refuse_change()`.execute(db);
  await sql`DROP TABLE member_adjustment`.execute(db);
  await sql`DROP INDEX outbox_message_merchant_created_idx`.execute(db);
  await sql`DROP INDEX member_mobile_pattern_idx`.execute(db);
  await sql`DROP INDEX member_username_pattern_idx`.execute(db);
  await sql`DROP TABLE operator_login_failure`.execute(db);
  await sql`DROP TABLE operator_session`.execute(db);
  await sql`DROP TABLE operator`.execute(db);
}
