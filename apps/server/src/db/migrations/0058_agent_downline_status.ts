import { sql, type Kysely } from 'kysely';

/**
 * Agents' lock and unlock of their direct downlines (issue 16 "Team pages"; modules/agents README,
 * "Team pages"): one row per change an agent made, with the member's `desk_version` (raised by every
 * operator status change) read under the member's row lock. It is the audit trail of those actions and
 * what decides an unlock: an agent may lift only a lock that is its own last action on the member, with
 * no operator status change since (same `desk_version`), so it never lifts an operator's lock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE agent_downline_status_change (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      agent_id bigint NOT NULL,
      member_id bigint NOT NULL CHECK (member_id <> agent_id),
      from_status text NOT NULL CHECK (from_status IN ('active', 'locked')),
      to_status text NOT NULL CHECK (to_status IN ('active', 'locked')),
      desk_version integer NOT NULL,
      created_at timestamptz NOT NULL,
      CONSTRAINT agent_downline_status_change_changes CHECK (from_status <> to_status),
      FOREIGN KEY (agent_id, merchant_id) REFERENCES member (id, merchant_id),
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id)
    )`.execute(db);
  await sql`
    CREATE INDEX agent_downline_status_change_member_idx ON agent_downline_status_change (member_id, id)`.execute(db);
  await sql`
    CREATE INDEX agent_downline_status_change_agent_idx ON agent_downline_status_change (agent_id, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE agent_downline_status_change`.execute(db);
}
