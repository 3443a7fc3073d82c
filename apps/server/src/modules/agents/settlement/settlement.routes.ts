import {
  activeMemberRuleSchema,
  agentSettlementPaths,
  claimMrDailySalaryRequestSchema,
  claimMrDailySalaryResponseSchema,
  envelopeSchema,
  formatMinorUnits,
} from '@lotus/contract';
import { ok } from '../../../http/envelope.ts';
import type { AppInstance } from '../../../http/types.ts';
import { translate } from '../../../i18n/messages.ts';
import { requireAgent } from '../agent-guard.ts';
import { activeMemberRuleOf } from './active-members.ts';
import { claimMrDailySalary } from './settle-mr-daily-salary.ts';

/** The agent's settlement calls (README "Settlement"): the active-member rule, the manual-claim salary's claim. */
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

  app.post(
    agentSettlementPaths.claimMrDailySalary,
    {
      onRequest: requireAgent,
      // A person's clicks; the record's status makes a claim pay once however often it is sent.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['agents'],
        body: claimMrDailySalaryRequestSchema,
        response: { 200: envelopeSchema(claimMrDailySalaryResponseSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(
        await claimMrDailySalary(app.db, {
          merchantId: request.merchant.id,
          currency: request.merchant.currency,
          shortfall: request.merchant.config.agentSettlement.shortfall,
          memberId: request.member.id,
          id: BigInt(request.body.id),
          nowMs: app.now(),
        }),
      );
    },
  );
}
