import { sql, type Kysely } from 'kysely';

/**
 * Deposits its member says are paid wait for an operator instead of expiring (issue 13; the deposit
 * README, "Paid, waiting for review"):
 * - `deposit.paid_at`: when the member said it was paid. A BANK deposit is made with its slip, so
 *   it is paid when made (the rows already stored get their `created_at`); a PROMPTPAY one by "I have
 *   paid" or a slip attached later. The expiry job leaves such deposits pending; the review queue
 *   flags them overdue after the merchant's minutes. A slip implies paid (CHECK).
 * - `deposit_question`: a member's questions about a deposit and the operators' answers; one open
 *   (unanswered) question per deposit, held by a unique partial index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE deposit ADD COLUMN paid_at timestamptz`.execute(db);
  await sql`UPDATE deposit SET paid_at = created_at WHERE proof_id IS NOT NULL`.execute(db);
  await sql`ALTER TABLE deposit ADD CONSTRAINT deposit_proof_paid_check CHECK (proof_id IS NULL OR paid_at IS NOT NULL)`.execute(db);
  // The queue's overdue filter: pending deposits said paid, by the time they would have expired.
  await sql`CREATE INDEX deposit_paid_waiting_idx ON deposit (merchant_id, expires_at) WHERE status = 'pending' AND paid_at IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE deposit_question (
      id bigserial PRIMARY KEY,
      deposit_id bigint NOT NULL REFERENCES deposit (id),
      message text NOT NULL,
      asked_at timestamptz NOT NULL,
      answer text,
      answered_at timestamptz,
      answered_by_operator_id bigint REFERENCES operator (id),
      answered_by_username text,
      CONSTRAINT deposit_question_message_check CHECK (char_length(message) BETWEEN 1 AND 500),
      CONSTRAINT deposit_question_answer_check CHECK ((answer IS NULL) = (answered_at IS NULL) AND (answer IS NULL OR char_length(answer) BETWEEN 1 AND 500))
    )
  `.execute(db);
  await sql`CREATE INDEX deposit_question_deposit_idx ON deposit_question (deposit_id, id)`.execute(db);
  // One question waits for an answer at a time, whatever races happen.
  await sql`CREATE UNIQUE INDEX deposit_question_open_key ON deposit_question (deposit_id) WHERE answered_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE deposit_question`.execute(db);
  await sql`DROP INDEX deposit_paid_waiting_idx`.execute(db);
  await sql`ALTER TABLE deposit DROP CONSTRAINT deposit_proof_paid_check`.execute(db);
  await sql`ALTER TABLE deposit DROP COLUMN paid_at`.execute(db);
}
