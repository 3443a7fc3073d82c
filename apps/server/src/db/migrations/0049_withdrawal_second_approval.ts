import { sql, type Kysely } from 'kysely';

/**
 * Four-eyes for withdrawals (issue 15; modules/withdrawal README, "Second approval"): paying a
 * withdrawal above the merchant's approval threshold (`approval_threshold`, the adjustments' one)
 * takes a second operator. The first operator's approval becomes a `withdrawal_second_approval` row
 * (with the payout reference and slip given); the withdrawal itself stays `pending`, so no landed
 * row changes meaning. A second operator confirms it (the withdrawal is paid then, with that
 * reference) or returns it to review with a reason.
 *
 * - One open request per withdrawal (partial unique index).
 * - The decider is never the requester (CHECK, besides the service's own refusal).
 * - Decided ⇔ decider; returned ⇔ reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE withdrawal_second_approval (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      withdrawal_id bigint NOT NULL REFERENCES withdrawal (id),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'returned')),
      -- The threshold the amount was above when asked (the setting may change later).
      threshold_amount bigint NOT NULL CHECK (threshold_amount >= 0),
      payout_reference text NOT NULL CHECK (payout_reference ~ '^[A-Za-z0-9][A-Za-z0-9 ._/:#-]{0,63}$'),
      payout_slip_id bigint REFERENCES withdrawal_payout_slip (id),
      requested_by bigint NOT NULL,
      requested_at timestamptz NOT NULL,
      decided_by bigint,
      decided_at timestamptz,
      decision_reason text,
      CONSTRAINT withdrawal_second_approval_four_eyes CHECK (decided_by IS NULL OR decided_by <> requested_by),
      CONSTRAINT withdrawal_second_approval_decided CHECK (
        (status = 'pending') = (decided_by IS NULL) AND (decided_by IS NULL) = (decided_at IS NULL)),
      CONSTRAINT withdrawal_second_approval_reason CHECK ((status = 'returned') = (decision_reason IS NOT NULL)),
      FOREIGN KEY (requested_by, merchant_id) REFERENCES operator (id, merchant_id),
      FOREIGN KEY (decided_by, merchant_id) REFERENCES operator (id, merchant_id)
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX withdrawal_second_approval_open ON withdrawal_second_approval (withdrawal_id)
    WHERE status = 'pending'`.execute(db);
  await sql`
    CREATE INDEX withdrawal_second_approval_withdrawal_idx ON withdrawal_second_approval (withdrawal_id, id)`.execute(
    db,
  );
  await sql`
    CREATE INDEX withdrawal_second_approval_status_idx ON withdrawal_second_approval (merchant_id, status, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE withdrawal_second_approval`.execute(db);
}
