import { sql, type Kysely } from 'kysely';

/**
 * Withdrawals (modules/withdrawal, its README states the invariants).
 *
 * - `member_bank_account`: the accounts a member binds to be paid into. Removal is a timestamp, not a
 *   delete, so past withdrawals keep their account; an account number is bound to at most one live
 *   binding per merchant.
 * - `withdrawal`: one request, its status and the ledger postings of each money step (hold at
 *   request, payout or release at review). CHECKs tie every status to the postings it must have, so
 *   a row can never claim a payout that was not posted, nor be both paid and released.
 * - `withdrawal_proof`: the image of a not-received claim, apart from the row so lists never read it.
 * - `member_turnover`: what a member must wager before withdrawing (deposits x the merchant's
 *   multiplier) and what they wagered; the games add to `wagered`.
 * - `payment_password_failure`: wrong payment passwords, counted per member over 15 minutes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_bank_account (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      member_id bigint NOT NULL,
      bank_code text NOT NULL CHECK (bank_code ~ '^[A-Z]{2,16}$'),
      account_number text NOT NULL CHECK (account_number ~ '^[0-9]{6,20}$'),
      account_name text NOT NULL CHECK (length(account_name) BETWEEN 1 AND 255),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      removed_at timestamptz,
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id),
      -- Lets a withdrawal prove its account is its member's, in its merchant.
      CONSTRAINT member_bank_account_owner_key UNIQUE (id, merchant_id, member_id)
    )`.execute(db);
  // One live binding of a real bank account per merchant: two members cannot both be paid into it.
  await sql`CREATE UNIQUE INDEX member_bank_account_number_key ON member_bank_account (merchant_id, bank_code, account_number) WHERE removed_at IS NULL`.execute(db);
  await sql`CREATE INDEX member_bank_account_member_idx ON member_bank_account (member_id, id) WHERE removed_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE withdrawal (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      member_id bigint NOT NULL,
      bank_account_id bigint NOT NULL,
      currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      -- What left the main wallet; the bank account receives amount - fee.
      amount bigint NOT NULL CHECK (amount > 0),
      fee bigint NOT NULL CHECK (fee >= 0 AND fee < amount),
      status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'received', 'not_received')),
      -- The account as it was when asked: a later change of the binding does not rewrite history.
      bank_code text NOT NULL,
      account_number text NOT NULL,
      account_name text NOT NULL,
      -- The member's Idempotency-Key: a rerun of the same request finds this row instead of making another.
      idempotency_key text NOT NULL,
      hold_posting_id bigint NOT NULL REFERENCES ledger_posting (id),
      payout_posting_id bigint REFERENCES ledger_posting (id),
      release_posting_id bigint REFERENCES ledger_posting (id),
      created_at timestamptz NOT NULL,
      reviewed_at timestamptz,
      reviewed_by bigint,
      reject_reason text CHECK (length(reject_reason) BETWEEN 1 AND 500),
      confirm_deadline timestamptz,
      received_at timestamptz,
      received_by text CHECK (received_by IN ('member', 'auto', 'operator')),
      received_by_operator bigint,
      received_remark text CHECK (length(received_remark) <= 500),
      not_received_at timestamptz,
      not_received_remark text CHECK (length(not_received_remark) <= 140),
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id),
      FOREIGN KEY (bank_account_id, merchant_id, member_id) REFERENCES member_bank_account (id, merchant_id, member_id),
      CONSTRAINT withdrawal_idempotency_key UNIQUE (merchant_id, member_id, idempotency_key),
      CONSTRAINT withdrawal_pending_check CHECK (
        status <> 'pending' OR (payout_posting_id IS NULL AND release_posting_id IS NULL AND reviewed_at IS NULL)),
      CONSTRAINT withdrawal_rejected_check CHECK (
        (status = 'rejected') = (release_posting_id IS NOT NULL)
        AND (status <> 'rejected' OR (reject_reason IS NOT NULL AND reviewed_at IS NOT NULL))),
      CONSTRAINT withdrawal_paid_check CHECK (
        (status IN ('approved', 'received', 'not_received')) = (payout_posting_id IS NOT NULL)
        AND (payout_posting_id IS NULL OR (reviewed_at IS NOT NULL AND confirm_deadline IS NOT NULL))),
      CONSTRAINT withdrawal_received_check CHECK ((status = 'received') = (received_at IS NOT NULL AND received_by IS NOT NULL)),
      CONSTRAINT withdrawal_not_received_check CHECK (status <> 'not_received' OR not_received_at IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX withdrawal_member_idx ON withdrawal (member_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX withdrawal_review_idx ON withdrawal (merchant_id, status, created_at)`.execute(db);
  // The auto-received job reads only approved rows past their deadline.
  await sql`CREATE INDEX withdrawal_confirm_deadline_idx ON withdrawal (confirm_deadline) WHERE status = 'approved'`.execute(db);

  await sql`
    CREATE TABLE withdrawal_proof (
      withdrawal_id bigint PRIMARY KEY REFERENCES withdrawal (id),
      merchant_id integer NOT NULL REFERENCES merchant (id),
      content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
      content bytea NOT NULL CHECK (octet_length(content) BETWEEN 1 AND 5242880),
      created_at timestamptz NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE member_turnover (
      member_id bigint PRIMARY KEY,
      merchant_id integer NOT NULL,
      required_amount bigint NOT NULL DEFAULT 0 CHECK (required_amount >= 0),
      wagered_amount bigint NOT NULL DEFAULT 0 CHECK (wagered_amount >= 0),
      -- The sum of the ledger's deposits already counted into required_amount: each is counted once,
      -- whatever order deposits commit in.
      counted_deposit_amount bigint NOT NULL DEFAULT 0 CHECK (counted_deposit_amount >= 0),
      updated_at timestamptz NOT NULL,
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id)
    )`.execute(db);

  await sql`
    CREATE TABLE payment_password_failure (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL,
      member_id bigint NOT NULL,
      created_at timestamptz NOT NULL,
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id)
    )`.execute(db);
  await sql`CREATE INDEX payment_password_failure_member_idx ON payment_password_failure (member_id, created_at)`.execute(db);
  await sql`CREATE INDEX payment_password_failure_created_idx ON payment_password_failure (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE payment_password_failure`.execute(db);
  await sql`DROP TABLE member_turnover`.execute(db);
  await sql`DROP TABLE withdrawal_proof`.execute(db);
  await sql`DROP TABLE withdrawal`.execute(db);
  await sql`DROP TABLE member_bank_account`.execute(db);
}
