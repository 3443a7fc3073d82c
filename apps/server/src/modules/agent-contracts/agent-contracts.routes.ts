import { consolidatedFundsPath, consolidatedFundsSchema, envelopeSchema } from '@lotus/contract';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { requireRealMember } from '../identity/index.ts';
import { consolidatedFunds } from './consolidated-funds.ts';

/** Salary and dividend contracts (README.md). */
export async function agentContractRoutes(app: AppInstance): Promise<void> {
  app.get(
    consolidatedFundsPath,
    {
      onRequest: requireRealMember,
      schema: { tags: ['agents'], response: { 200: envelopeSchema(consolidatedFundsSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await consolidatedFunds(app.db, request.merchant, request.member.id));
    },
  );
}
