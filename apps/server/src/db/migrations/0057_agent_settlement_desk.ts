import { sql, type Kysely } from 'kysely';

/**
 * The operator's statements desk (issue 16 "Operator view"; modules/agents README, "Statements desk"):
 *
 * - an adjusted statement (M) is a paid one, at its adjusted amount: `paid_at` is set for A and M
 *   (0055 allowed it for A only);
 * - `agent_settlement_adjustment`: every operator action on a statement and every change a re-run
 *   made, with the amount before and after, the difference posted (positive to the holder, negative
 *   back to the payer), the ledger posting, the re-run's recomputed inputs and the reason. The
 *   statement's own `inputs` stay the ones first computed; its `gross_minor` is the amount now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE agent_settlement DROP CONSTRAINT agent_settlement_paid,
      ADD CONSTRAINT agent_settlement_paid CHECK ((status IN ('A', 'M')) = (paid_at IS NOT NULL))`.execute(db);
  await sql`
    CREATE TABLE agent_settlement_adjustment (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      settlement_id bigint NOT NULL REFERENCES agent_settlement (id),
      action text NOT NULL CHECK (action IN ('approve', 'reject', 'adjust', 'rerun')),
      from_status text NOT NULL CHECK (from_status IN ('P', 'A', 'R', 'M')),
      to_status text NOT NULL CHECK (to_status IN ('P', 'A', 'R', 'M')),
      from_minor bigint NOT NULL CHECK (from_minor >= 0),
      to_minor bigint NOT NULL CHECK (to_minor >= 0),
      -- Money moved by this change: + payer to holder, - holder back to payer, 0 nothing.
      posted_minor bigint NOT NULL,
      posting_id bigint,
      -- A re-run's recomputed inputs (same shape as the statement's).
      inputs jsonb,
      reason text,
      -- Null: a re-run's change is still the operator's; kept null only for system writes.
      operator_id bigint,
      created_at timestamptz NOT NULL,
      CONSTRAINT agent_settlement_adjustment_posting CHECK ((posted_minor = 0) = (posting_id IS NULL))
    )`.execute(db);
  await sql`
    CREATE INDEX agent_settlement_adjustment_settlement_idx ON agent_settlement_adjustment (settlement_id, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE agent_settlement_adjustment`.execute(db);
  await sql`
    ALTER TABLE agent_settlement DROP CONSTRAINT agent_settlement_paid,
      ADD CONSTRAINT agent_settlement_paid CHECK ((status = 'A') = (paid_at IS NOT NULL))`.execute(db);
}
