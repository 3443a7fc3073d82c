import {
  agentTransferHistoryQuerySchema,
  agentTransferHistorySchema,
  agentTransferPaths,
  agentTransferResultSchema,
  envelopeSchema,
  luckyBagRequestSchema,
  transferToDownlineRequestSchema,
  transferToUplineRequestSchema,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../../http/envelope.ts';
import type { AppInstance } from '../../../http/types.ts';
import { requireRealMember } from '../../identity/index.ts';
import { requireAgent, requireAgentPage } from '../agent-guard.ts';
import { sendLuckyBag, transferToDownline, transferToUpline } from './agent-transfers.ts';
import type { TransferContext } from './send-transfers.ts';
import { listAgentTransfers } from './transfer-history.ts';

/**
 * Per IP: a person's clicks. Sealed (the payment password travels in the body) and idempotent
 * (a retried click replays the first answer; the ledger keys derive from the same key).
 */
const moneyCall = { sealed: true, idempotent: true, rateLimit: { max: 20, timeWindow: '1 minute' } };
const noStore = 'no-store';

/** Agent ↔ downline transfers (README "Transfers"). */
export async function agentTransferRoutes(app: AppInstance): Promise<void> {
  const contextOf = (request: FastifyRequest): TransferContext => ({
    db: app.db,
    merchant: request.merchant,
    memberId: request.member.id,
    nowMs: app.now(),
    // The idempotency layer set it (idempotent routes refuse a request without one).
    idempotencyKey: request.idempotencyKey!,
  });
  const answered = { 200: envelopeSchema(agentTransferResultSchema) };

  app.post(
    agentTransferPaths.toDownline,
    {
      onRequest: requireAgent,
      config: moneyCall,
      schema: { tags: ['agents'], body: transferToDownlineRequestSchema, response: answered },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await transferToDownline(contextOf(request), request.body));
    },
  );

  app.post(
    agentTransferPaths.luckyBag,
    {
      onRequest: requireAgentPage('AGENTRANSMULTDOWN3'),
      config: moneyCall,
      schema: { tags: ['agents'], body: luckyBagRequestSchema, response: answered },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await sendLuckyBag(contextOf(request), request.body));
    },
  );

  app.post(
    agentTransferPaths.toUpline,
    {
      onRequest: requireRealMember,
      config: moneyCall,
      schema: { tags: ['agents'], body: transferToUplineRequestSchema, response: answered },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await transferToUpline(contextOf(request), request.member.isAgent, request.body));
    },
  );

  // Any real member: a member reads its transfers to its upline, an agent those with its downlines too.
  app.get(
    agentTransferPaths.history,
    {
      onRequest: requireRealMember,
      schema: {
        tags: ['agents'],
        querystring: agentTransferHistoryQuerySchema,
        response: { 200: envelopeSchema(agentTransferHistorySchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(
        await listAgentTransfers(
          app.db,
          { merchantId: request.merchant.id, memberId: request.member.id },
          request.query,
        ),
      );
    },
  );
}
