import { sql, type Kysely } from 'kysely';

/**
 * Four-eyes for money (modules/backoffice, its README states the rules).
 *
 * - `approval_threshold`: per merchant, the amount (minor units) above which a balance adjustment
 *   needs a second operator's approval; no row = no approvals needed.
 * - `money_approval`: an adjustment waiting for (or given) that approval: the request as the first
 *   operator made it, who decided, when and why; `posted_key` is the idempotency key the approved
 *   adjustment is posted with, so it is posted exactly once whoever approves and however often.
 *   The decider is never the requester (CHECK).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE approval_threshold (
      merchant_id integer PRIMARY KEY REFERENCES merchant (id),
      amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
      version integer NOT NULL DEFAULT 1,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE money_approval (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      kind text NOT NULL CHECK (kind IN ('adjustment')),
      member_id bigint NOT NULL,
      direction text NOT NULL CHECK (direction IN ('credit', 'debit')),
      currency text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      reason text NOT NULL,
      request_key text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      requested_by bigint NOT NULL,
      requested_at timestamptz NOT NULL,
      decided_by bigint,
      decided_at timestamptz,
      decision_reason text,
      transfer_id bigint,
      CONSTRAINT money_approval_request_key UNIQUE (merchant_id, request_key),
      CONSTRAINT money_approval_four_eyes CHECK (decided_by IS NULL OR decided_by <> requested_by),
      CONSTRAINT money_approval_decided CHECK ((status = 'pending') = (decided_by IS NULL)),
      FOREIGN KEY (requested_by, merchant_id) REFERENCES operator (id, merchant_id),
      FOREIGN KEY (decided_by, merchant_id) REFERENCES operator (id, merchant_id)
    )`.execute(db);
  await sql`CREATE INDEX money_approval_status_idx ON money_approval (merchant_id, status, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE money_approval`.execute(db);
  await sql`DROP TABLE approval_threshold`.execute(db);
}
