import { sql, type Kysely } from 'kysely';

/**
 * Deposits (modules/deposit, its README states the invariants).
 *
 * - `deposit_proof`: transfer slips (PNG or JPEG, at most 5 MB) kept in PostgreSQL as bytea, so every
 *   API instance can serve them and they are backed up and deleted with the rows that name them.
 * - `deposit`: one row per deposit. Its status moves once from pending to approved, rejected or
 *   expired (and, for gateways only, from expired or a gateway failure to approved when a signed
 *   success arrives late). Approved ⇔ it has its ledger posting. The member's Idempotency-Key is
 *   unique per member, so a retried create finds the first deposit.
 * - `deposit_member_state`: per member, the first-deposit flag and the member's own limits; its row
 *   is also the lock that serialises a member's creates, so parallel deposits cannot pass a limit together.
 * - `deposit_gateway_callback`: every callback that reached us, verified or not (the journal).
 * - `demopay_payment`: the bundled demo gateway's own book of payments (it is a separate participant
 *   that happens to live in this database).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE deposit_proof (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      member_id bigint NOT NULL,
      content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
      size_bytes integer NOT NULL CHECK (size_bytes BETWEEN 1 AND 5242880),
      width integer NOT NULL CHECK (width > 0),
      height integer NOT NULL CHECK (height > 0),
      sha256 text NOT NULL,
      content bytea NOT NULL,
      created_at timestamptz NOT NULL,
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id),
      CONSTRAINT deposit_proof_size_check CHECK (octet_length(content) = size_bytes),
      -- Lets a deposit prove its proof is its own member's with a composite foreign key.
      CONSTRAINT deposit_proof_owner_key UNIQUE (id, member_id)
    )`.execute(db);
  await sql`CREATE INDEX deposit_proof_member_idx ON deposit_proof (member_id, created_at)`.execute(db);
  await sql`CREATE INDEX deposit_proof_created_at_idx ON deposit_proof (created_at)`.execute(db);

  await sql`
    CREATE TABLE deposit (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      member_id bigint NOT NULL,
      method_code text NOT NULL CHECK (method_code IN ('BANK', 'PROMPTPAY', 'DEMOPAY')),
      status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'expired')),
      currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      amount bigint NOT NULL CHECK (amount > 0 AND amount <= 1000000000000000),
      fee_amount bigint NOT NULL CHECK (fee_amount >= 0 AND fee_amount < amount),
      idempotency_key text NOT NULL,
      bank_account_id text,
      bank_code text,
      bank_account_name text,
      bank_account_number text,
      transfer_reference text,
      proof_id bigint UNIQUE,
      promptpay_payload text,
      promptpay_target text,
      promptpay_account_name text,
      gateway_payment_id text,
      pay_url text,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      settled_at timestamptz,
      posting_id bigint REFERENCES ledger_posting (id),
      reject_reason text CHECK (length(reject_reason) <= 200),
      reviewed_by_operator_id bigint,
      reviewed_by_username text,
      review_remark text CHECK (length(review_remark) <= 200),
      is_first_deposit boolean NOT NULL DEFAULT false,
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id),
      FOREIGN KEY (proof_id, member_id) REFERENCES deposit_proof (id, member_id),
      CONSTRAINT deposit_idempotency_key UNIQUE (merchant_id, member_id, idempotency_key),
      CONSTRAINT deposit_gateway_payment_key UNIQUE (merchant_id, method_code, gateway_payment_id),
      CONSTRAINT deposit_approved_check CHECK ((status = 'approved') = (posting_id IS NOT NULL)),
      CONSTRAINT deposit_settled_check CHECK ((status = 'pending') = (settled_at IS NULL)),
      CONSTRAINT deposit_rejected_check CHECK (status <> 'rejected' OR reject_reason IS NOT NULL),
      CONSTRAINT deposit_first_check CHECK (NOT is_first_deposit OR status = 'approved'),
      CONSTRAINT deposit_bank_check CHECK (method_code <> 'BANK' OR (bank_account_id IS NOT NULL AND transfer_reference IS NOT NULL AND proof_id IS NOT NULL)),
      CONSTRAINT deposit_promptpay_check CHECK (method_code <> 'PROMPTPAY' OR promptpay_payload IS NOT NULL)
    )`.execute(db);
  // The member's report and the rolling daily limits.
  await sql`CREATE INDEX deposit_member_created_idx ON deposit (member_id, created_at DESC)`.execute(db);
  // The operators' review queue.
  await sql`CREATE INDEX deposit_review_idx ON deposit (merchant_id, status, created_at DESC)`.execute(db);
  await sql`CREATE INDEX deposit_merchant_created_idx ON deposit (merchant_id, created_at DESC)`.execute(db);
  // The expiry job reads only what is still pending.
  await sql`CREATE INDEX deposit_pending_expiry_idx ON deposit (expires_at) WHERE status = 'pending'`.execute(db);
  // At most one first deposit per member, whatever races happen.
  await sql`CREATE UNIQUE INDEX deposit_first_deposit_key ON deposit (member_id) WHERE is_first_deposit`.execute(db);

  await sql`
    CREATE TABLE deposit_member_state (
      member_id bigint PRIMARY KEY,
      merchant_id integer NOT NULL,
      first_deposit_id bigint REFERENCES deposit (id),
      first_deposit_at timestamptz,
      -- The member's own limits in minor units (null: none) and a raise waiting its 24 hours:
      -- pending_*_from set means "from then on the limit is pending_* (null: none)".
      limit_day bigint CHECK (limit_day > 0),
      limit_week bigint CHECK (limit_week > 0),
      limit_month bigint CHECK (limit_month > 0),
      pending_day bigint CHECK (pending_day > 0),
      pending_day_from timestamptz,
      pending_week bigint CHECK (pending_week > 0),
      pending_week_from timestamptz,
      pending_month bigint CHECK (pending_month > 0),
      pending_month_from timestamptz,
      updated_at timestamptz NOT NULL,
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id),
      CONSTRAINT deposit_member_state_first_check CHECK ((first_deposit_id IS NULL) = (first_deposit_at IS NULL)),
      CONSTRAINT deposit_member_state_pending_check CHECK (
        (pending_day IS NULL OR pending_day_from IS NOT NULL)
        AND (pending_week IS NULL OR pending_week_from IS NOT NULL)
        AND (pending_month IS NULL OR pending_month_from IS NOT NULL))
    )`.execute(db);

  await sql`
    CREATE TABLE deposit_gateway_callback (
      id bigserial PRIMARY KEY,
      merchant_id integer REFERENCES merchant (id),
      gateway_code text NOT NULL,
      payment_id text,
      deposit_id bigint REFERENCES deposit (id),
      body text NOT NULL,
      signature text,
      remote_ip text NOT NULL,
      outcome text NOT NULL CHECK (outcome IN ('applied', 'replayed', 'ignored', 'refused.signature', 'refused.stale', 'refused.malformed', 'refused.unknown', 'refused.mismatch')),
      status_after text,
      received_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX deposit_gateway_callback_deposit_idx ON deposit_gateway_callback (deposit_id) WHERE deposit_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX deposit_gateway_callback_received_idx ON deposit_gateway_callback (merchant_id, received_at DESC)`.execute(db);

  await sql`
    CREATE TABLE demopay_payment (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
      merchant_id integer NOT NULL REFERENCES merchant (id),
      merchant_reference text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      currency text NOT NULL,
      callback_path text NOT NULL CHECK (callback_path LIKE '/%'),
      status text NOT NULL CHECK (status IN ('pending', 'paid', 'failed')),
      created_at timestamptz NOT NULL,
      completed_at timestamptz,
      CONSTRAINT demopay_payment_reference_key UNIQUE (merchant_id, merchant_reference),
      CONSTRAINT demopay_payment_completed_check CHECK ((status = 'pending') = (completed_at IS NULL))
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE demopay_payment`.execute(db);
  await sql`DROP TABLE deposit_gateway_callback`.execute(db);
  await sql`DROP TABLE deposit_member_state`.execute(db);
  await sql`DROP TABLE deposit`.execute(db);
  await sql`DROP TABLE deposit_proof`.execute(db);
}
