import { sql, type Kysely } from 'kysely';

/**
 * Affiliate links (issue 16): an agent's invitation code becomes a link with a channel label (where
 * the agent posts it: a forum, a LINE group), an optional expiry and a removal mark. A removed link
 * keeps its row: its code stays taken (a link already shared never starts pointing at someone else)
 * and its registrations stay counted.
 *
 * `affiliate_registration` records which link each member registered through, written in the
 * transaction that creates the member, so a link's registrations are `count(*)` of its rows: exact
 * under any number of simultaneous registrations (no counter to lose an update) and never counting
 * a registration that rolled back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE affiliate_code
      ADD COLUMN channel text NOT NULL DEFAULT '' CHECK (char_length(channel) <= 32),
      ADD COLUMN expires_at timestamptz,
      ADD COLUMN removed_at timestamptz,
      ADD CONSTRAINT affiliate_code_removed_check CHECK (removed_at IS NULL OR NOT is_active),
      ADD CONSTRAINT affiliate_code_expiry_check CHECK (expires_at IS NULL OR expires_at > created_at)
  `.execute(db);
  // An agent's own links, newest first.
  await sql`CREATE INDEX affiliate_code_agent_created_idx ON affiliate_code (merchant_id, agent_id, created_at DESC)`.execute(
    db,
  );
  await sql`
    CREATE TABLE affiliate_registration (
      member_id bigint PRIMARY KEY,
      merchant_id integer NOT NULL,
      affiliate_code_id bigint NOT NULL REFERENCES affiliate_code (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      CONSTRAINT affiliate_registration_member_fkey FOREIGN KEY (merchant_id, member_id)
        REFERENCES member (merchant_id, id) ON DELETE CASCADE
    )
  `.execute(db);
  await sql`CREATE INDEX affiliate_registration_code_idx ON affiliate_registration (affiliate_code_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS affiliate_registration`.execute(db);
  await sql`DROP INDEX IF EXISTS affiliate_code_agent_created_idx`.execute(db);
  await sql`
    ALTER TABLE affiliate_code
      DROP CONSTRAINT affiliate_code_expiry_check,
      DROP CONSTRAINT affiliate_code_removed_check,
      DROP COLUMN removed_at, DROP COLUMN expires_at, DROP COLUMN channel
  `.execute(db);
}
