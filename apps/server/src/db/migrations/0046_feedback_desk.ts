import { sql, type Kysely } from 'kysely';

/**
 * The feedback desk (issue 15): member feedback gets a type the member chooses, a status the operator
 * moves (`new` → `answered` → `closed`, or `new` → `closed`), the operator's answer (which the member
 * reads in the member centre), who answered and when, and a version that every operator write must
 * name, so two operators answering at once cannot overwrite each other (the second is refused).
 * `answered_by` is an operator id of the same merchant; operators may be disabled, never deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE feedback
      ADD COLUMN type text NOT NULL DEFAULT 'suggestion'
        CHECK (type IN ('suggestion', 'problem', 'complaint', 'other')),
      ADD COLUMN status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'answered', 'closed')),
      ADD COLUMN answer text CHECK (char_length(answer) BETWEEN 1 AND 1000),
      ADD COLUMN answered_by bigint,
      ADD COLUMN answered_at timestamptz,
      ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
      ADD CONSTRAINT feedback_answered_check CHECK (
        (answer IS NULL) = (answered_at IS NULL) AND (answer IS NULL) = (answered_by IS NULL)
        AND (status <> 'answered' OR answer IS NOT NULL)
      )
  `.execute(db);
  // The desk's queue (a status, newest first) and a member's own history.
  await sql`CREATE INDEX feedback_merchant_status_created_idx ON feedback (merchant_id, status, created_at DESC)`.execute(db);
  await sql`CREATE INDEX feedback_member_created_idx ON feedback (member_id, created_at DESC) WHERE member_id IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS feedback_member_created_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS feedback_merchant_status_created_idx`.execute(db);
  await sql`
    ALTER TABLE feedback
      DROP CONSTRAINT feedback_answered_check,
      DROP COLUMN version, DROP COLUMN answered_at, DROP COLUMN answered_by,
      DROP COLUMN answer, DROP COLUMN status, DROP COLUMN type
  `.execute(db);
}
