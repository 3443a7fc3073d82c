import { activeMemberRuleSchema, agentSettlementPaths, envelopeSchema, formatMinorUnits } from '@lotus/contract';
import { ok } from '../../../http/envelope.ts';
import type { AppInstance } from '../../../http/types.ts';
import { translate } from '../../../i18n/messages.ts';
import { requireAgent } from '../agent-guard.ts';
import { activeMemberRuleOf } from './active-members.ts';

/** The agent's settlement calls (README "Settlement"): the active-member rule. */
export async function agentSettlementRoutes(app: AppInstance): Promise<void> {
  app.get(
    agentSettlementPaths.activeMemberRule,
    {
      onRequest: requireAgent,
      schema: { tags: ['agents'], response: { 200: envelopeSchema(activeMemberRuleSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const rule = activeMemberRuleOf(request.merchant.config.agentSettlement);
      const minValidBet = formatMinorUnits(rule.minValidBetMinor);
      const minDeposit = formatMinorUnits(rule.minDepositMinor);
      const description = [
        translate(request.language, 'agent.rule.activeMember', { minValidBet, minDeposit }),
        ...(rule.excludeSharedLogins ? [translate(request.language, 'agent.rule.activeMember.sharedLogins')] : []),
      ].join(' ');
      return ok({ minValidBet, minDeposit, excludeSharedLogins: rule.excludeSharedLogins, description });
    },
  );
}
