import { agentTeamErrorCodes, type TeamMemberStatusRequest } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { lockMemberStatus, setMemberStatusIn } from '../../identity/index.ts';
import { depthBelow, type TeamCaller } from './team-scope.ts';

/**
 * Team management's "account status" action: an agent locks or unlocks one of its DIRECT downlines
 * (a lock ends the member's sessions and remember tokens). Any other id (deeper in the team, another
 * team's, unknown) answers 404 `agent.team.member.unknown`; a closed account is the operator's and is
 * not reopened here (404 too, as it is no account the agent manages).
 *
 * An operator may have locked the member (fraud, a dispute): the agent must never lift that. So, in one
 * transaction with the member row locked (operator status changes lock the same row and raise its
 * `desk_version`), an agent may lock an active downline, and may unlock only a lock that is its OWN last
 * action on the member (`agent_downline_status_change`) with the same `desk_version` as now — no operator
 * status change since. Any other locked member answers 409 `agent.team.status.operator`. The unlock sets
 * `status` only: an operator's login or game ban (`login_forbidden`, `games_forbidden`) stays. Every
 * change is written to `agent_downline_status_change` in the same transaction; asking for the status the
 * member already has changes and writes nothing.
 */
export async function setDownlineStatus(
  db: Kysely<Database>,
  caller: TeamCaller,
  request: TeamMemberStatusRequest,
): Promise<{ id: string; status: 'active' | 'locked' | 'closed' }> {
  const memberId = BigInt(request.downlineId);
  return db.transaction().execute(async (trx) => {
    const member = await lockMemberStatus(trx, caller.merchantId, memberId);
    // The tree is read after the row lock, so a concurrent move of the member is seen.
    const depth = member ? await depthBelow(trx, caller, memberId) : null;
    if (!member || depth !== 1 || member.status === 'closed') {
      throw new AppError(404, agentTeamErrorCodes.memberUnknown, { field: 'downlineId' });
    }
    if (member.status === request.status) return { id: String(memberId), status: member.status };
    if (request.status === 'active') {
      const last = await trx
        .selectFrom('agent_downline_status_change')
        .select(['agent_id', 'to_status', 'desk_version'])
        .where('merchant_id', '=', caller.merchantId)
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const ownLock =
        last !== undefined &&
        String(last.agent_id) === String(caller.agentId) &&
        last.to_status === 'locked' &&
        last.desk_version === member.deskVersion;
      if (!ownLock) throw new AppError(409, agentTeamErrorCodes.statusOperator, { field: 'status' });
    }
    await setMemberStatusIn(trx, memberId, request.status, caller.nowMs);
    await trx
      .insertInto('agent_downline_status_change')
      .values({
        merchant_id: caller.merchantId,
        agent_id: caller.agentId,
        member_id: memberId,
        from_status: member.status,
        to_status: request.status,
        desk_version: member.deskVersion,
        created_at: new Date(caller.nowMs),
      })
      .execute();
    return { id: String(memberId), status: request.status };
  });
}
