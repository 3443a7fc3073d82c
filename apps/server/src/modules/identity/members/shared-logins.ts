import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/**
 * For each agent of `agentIds`, the other members of the merchant who logged in successfully from an IP
 * address or a device id the agent also logged in from, both logins within [from, to). The agents'
 * settlements (modules/agents) do not count these members as the agent's active members: an agent
 * playing under a second account of its own team earns nothing from it. Two index reads per side:
 * the agents' logins by `login_event_member_idx`, the others' by `login_event_ip_idx` and
 * `login_event_device_idx`.
 */
export async function membersSharingLoginsInPeriod(
  db: Kysely<Database>,
  merchantId: number,
  agentIds: readonly bigint[],
  from: Date,
  to: Date,
): Promise<Map<bigint, Set<bigint>>> {
  const shared = new Map<bigint, Set<bigint>>();
  if (agentIds.length === 0) return shared;
  const ids = agentIds.map(String);
  const { rows } = await sql<{ agent_id: string; member_id: string }>`
    WITH agent_login AS (
      SELECT DISTINCT member_id, ip, login_device_id FROM login_event
       WHERE member_id = ANY(${ids}::bigint[]) AND merchant_id = ${merchantId} AND succeeded
         AND created_at >= ${from} AND created_at < ${to}
    )
    SELECT a.member_id AS agent_id, o.member_id FROM agent_login a
      JOIN login_event o ON o.merchant_id = ${merchantId} AND o.ip = a.ip
     WHERE o.succeeded AND o.member_id <> a.member_id AND o.created_at >= ${from} AND o.created_at < ${to}
    UNION
    SELECT a.member_id AS agent_id, o.member_id FROM agent_login a
      JOIN login_event o ON o.merchant_id = ${merchantId} AND o.login_device_id = a.login_device_id
     WHERE a.login_device_id IS NOT NULL AND o.login_device_id IS NOT NULL AND o.succeeded
       AND o.member_id <> a.member_id AND o.created_at >= ${from} AND o.created_at < ${to}`.execute(db);
  for (const row of rows) {
    const agentId = BigInt(row.agent_id);
    let members = shared.get(agentId);
    if (!members) shared.set(agentId, (members = new Set()));
    members.add(BigInt(row.member_id));
  }
  return shared;
}
