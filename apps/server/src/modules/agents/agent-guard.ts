import { agentsErrorCodes, identityErrorCodes, type AgentCentrePageCode } from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { requireRealMember } from '../identity/index.ts';
import { isAgentType } from './agent-types.ts';

/**
 * After requireRealMember (a trial account is refused first, 403 `member.trial.forbidden`): the caller
 * must be an agent (403 `agent.only`). Routes list both hooks, so the authorization matrix sees the member guard.
 */
async function requireAgentKind(request: FastifyRequest): Promise<void> {
  if (!isAgentType(request.member.isAgent)) throw new AppError(403, identityErrorCodes.agentOnly);
}
export const requireAgent = [requireRealMember, requireAgentKind];

/**
 * An agent-centre page's calls: the agent guard, then the merchant's page switch (configuration
 * `agentCentrePages`, the original's menu codes): a page switched off answers 403 `agent.page.off`.
 */
export function requireAgentPage(code: AgentCentrePageCode) {
  async function requirePageOn(request: FastifyRequest): Promise<void> {
    if (!request.merchant.config.agentCentrePages[code]) throw new AppError(403, agentsErrorCodes.pageOff);
  }
  return [...requireAgent, requirePageOn];
}
