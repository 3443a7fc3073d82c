import { agentTeamErrorCodes, type AgentSendMailRequest, type AgentSendMailResult } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { listMemberSummariesByUsernames } from '../../identity/index.ts';
import { sendAgentMessage } from '../../inbox/index.ts';
import type { TeamCaller } from './team-scope.ts';

/**
 * POST /wps/relay/sendMail (team management "send message", the original's `sendMail` with sendType
 * 1): one message to the named members of the caller's subtree, each in its inbox. Every name must be
 * of the subtree: any other (unknown, another team's, another merchant's, the caller's own) refuses the
 * whole call with 404 `agent.team.member.unknown`, the same answer, and nothing is written. One lookup
 * of the names, one read of the tree's primary-key prefix for all of them.
 */
export async function sendTeamMail(
  db: Kysely<Database>,
  caller: TeamCaller,
  body: AgentSendMailRequest,
): Promise<AgentSendMailResult> {
  const unknown = () => new AppError(404, agentTeamErrorCodes.memberUnknown, { field: 'recipients' });
  const members = await listMemberSummariesByUsernames(db, caller.merchantId, body.recipients);
  if (members.size !== body.recipients.length) throw unknown();
  const ids = [...members.values()].map((member) => member.id);
  const inTeam = await db
    .selectFrom('member_hierarchy')
    .select('descendant_id')
    .where('merchant_id', '=', caller.merchantId)
    .where('ancestor_id', '=', caller.agentId)
    .where('depth', '>', 0)
    .where('descendant_id', 'in', ids)
    .execute();
  if (inTeam.length !== ids.length) throw unknown();
  const inboxId = await sendAgentMessage(db, {
    merchantId: caller.merchantId,
    agentId: caller.agentId,
    recipientIds: ids,
    subject: body.subject,
    content: body.content,
    nowMs: caller.nowMs,
  });
  return { inboxId: Number(inboxId), recipientCount: ids.length };
}
