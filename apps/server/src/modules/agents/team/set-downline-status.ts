import { agentTeamErrorCodes, type TeamMemberStatusRequest } from '@lotus/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { findMemberSummary, setMemberStatus } from '../../identity/index.ts';
import { depthBelow, type TeamCaller } from './team-scope.ts';

/**
 * Team management's "account status" action: an agent locks or unlocks one of its DIRECT downlines
 * (identity's `setMemberStatus`: a lock ends the member's sessions and remember tokens). Any other id
 * (deeper in the team, another team's, unknown) answers 404 `agent.team.member.unknown`; a closed
 * account is the operator's and is not reopened here (404 too, as it is no account the agent manages).
 * The change is logged with the agent, the member and both statuses (there is no audit table for
 * members' actions; the operators' audit is operators').
 */
export async function setDownlineStatus(
  db: Kysely<Database>,
  caller: TeamCaller,
  request: TeamMemberStatusRequest,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<{ id: string; status: 'active' | 'locked' | 'closed' }> {
  const memberId = BigInt(request.downlineId);
  const depth = await depthBelow(db, caller, memberId);
  const member = depth === 1 ? await findMemberSummary(db, caller.merchantId, memberId) : undefined;
  if (!member || member.status === 'closed') {
    throw new AppError(404, agentTeamErrorCodes.memberUnknown, { field: 'downlineId' });
  }
  if (member.status !== request.status) {
    await setMemberStatus(db, memberId, request.status, caller.nowMs);
    log.info(
      { agentId: String(caller.agentId), memberId: String(memberId), before: member.status, after: request.status },
      'agent.downline.status',
    );
  }
  return { id: String(memberId), status: request.status };
}
