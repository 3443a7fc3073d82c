import { sql, type Kysely } from 'kysely';

/**
 * Moving a member to another upline (issue 16) keeps the tree's past: one row per member and period
 * with the direct upline it had from `valid_from` to `valid_to` (null: still). A member that never
 * moved has no rows (its upline has always been `member.upline_id`); its first move writes the closed
 * period since it registered and the open one. Settlements of past periods read the tree as it was
 * (agents' `uplineAt`). At most one open period per member; periods never end before they start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_upline_history (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL,
      member_id bigint NOT NULL,
      upline_id bigint,
      valid_from timestamptz NOT NULL,
      valid_to timestamptz,
      CONSTRAINT member_upline_history_period_check CHECK (valid_to IS NULL OR valid_to >= valid_from),
      CONSTRAINT member_upline_history_member_fkey FOREIGN KEY (merchant_id, member_id)
        REFERENCES member (merchant_id, id) ON DELETE CASCADE,
      CONSTRAINT member_upline_history_upline_fkey FOREIGN KEY (merchant_id, upline_id)
        REFERENCES member (merchant_id, id)
    )
  `.execute(db);
  await sql`CREATE INDEX member_upline_history_member_idx ON member_upline_history (member_id, valid_from)`.execute(db);
  await sql`CREATE UNIQUE INDEX member_upline_history_open_idx ON member_upline_history (member_id) WHERE valid_to IS NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS member_upline_history`.execute(db);
}
