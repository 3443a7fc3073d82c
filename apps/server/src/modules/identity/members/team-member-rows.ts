import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/** What the agent centre's team management shows of a member (no contact data, no hashes). */
export interface TeamMemberRow {
  member_id: bigint;
  username: string;
  is_agent: number;
  status: 'active' | 'locked' | 'closed';
  upline_id: bigint | null;
  register_method: string;
  created_at: Date;
  /** The last successful login; null: never. */
  last_login_at: Date | null;
}

/**
 * The merchant's members among `members` (a subquery of `member_id`s: an agent's subtree, modules/agents)
 * with their last successful login, as a subquery the agent centre filters, counts and pages in one statement.
 */
export function teamMemberRows(
  merchantId: number,
  members: RawBuilder<{ member_id: bigint }>,
): RawBuilder<TeamMemberRow> {
  return sql<TeamMemberRow>`(
    SELECT m.id AS member_id, m.username, m.is_agent, m.status, m.upline_id, m.register_method, m.created_at,
           (SELECT max(e.created_at) FROM login_event e WHERE e.member_id = m.id AND e.succeeded) AS last_login_at
      FROM member m
     WHERE m.merchant_id = ${merchantId} AND m.id IN (SELECT member_id FROM ${members} AS t)
  )`;
}

/**
 * Of `members`: how many logged in successfully since `since`, and how many have a live session seen in
 * the last 15 minutes (the agent's team overview).
 */
export async function teamLoginCounts(
  db: Kysely<Database>,
  merchantId: number,
  members: RawBuilder<{ member_id: bigint }>,
  since: Date,
  nowMs: number,
): Promise<{ logins: number; online: number }> {
  const now = new Date(nowMs);
  const seen = new Date(nowMs - 15 * 60_000);
  const { rows } = await sql<{ logins: number; online: number }>`
    SELECT
      (SELECT count(DISTINCT e.member_id)::int4 FROM login_event e
        WHERE e.merchant_id = ${merchantId} AND e.succeeded AND e.created_at >= ${since}
          AND e.member_id IN (SELECT member_id FROM ${members} AS t)) AS logins,
      (SELECT count(DISTINCT s.member_id)::int4 FROM member_session s
        WHERE s.merchant_id = ${merchantId} AND s.revoked_at IS NULL AND s.expires_at > ${now}
          AND s.last_seen_at >= ${seen} AND s.member_id IN (SELECT member_id FROM ${members} AS t)) AS online`.execute(
    db,
  );
  return rows[0] ?? { logins: 0, online: 0 };
}
