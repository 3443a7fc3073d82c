import {
  apiPaths,
  envelopeSchema,
  merchantWalletSchema,
  personalProfitQuerySchema,
  personalProfitSchema,
  transactionHistoryQuerySchema,
  transactionHistorySchema,
  walletBalanceSchema,
  withdrawalPaths,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { requireMember, requireRealMember } from '../identity/index.ts';
import { getMerchantWallet } from './get-merchant-wallet.ts';
import { getWalletBalance } from './get-wallet-balance.ts';
import { streamBalance, type StreamSources } from './stream-balance.ts';
import { getPersonalProfit, listTransactionHistory, type MemberScope } from './transaction-history.ts';

const tags = ['wallet'];

/** The member's wallets (spec §7 `/wps/v2/wallets/balance`) and their live stream. Money answers are never cached. */
export async function walletRoutes(app: AppInstance, streamSources: StreamSources): Promise<void> {
  app.get(
    apiPaths.walletBalance,
    { onRequest: requireMember, schema: { tags, response: { 200: envelopeSchema(walletBalanceSchema) } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await getWalletBalance(app.db, request.merchant, request.member));
    },
  );

  app.get(
    apiPaths.merchantWallet,
    { onRequest: requireMember, schema: { tags, response: { 200: envelopeSchema(merchantWalletSchema) } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await getMerchantWallet(app.db, request.merchant.id));
    },
  );

  // Server-sent events, uncompressed (a compressor would hold events back until its buffer fills).
  app.get(
    apiPaths.walletStream,
    { onRequest: requireMember, compress: false, schema: { tags, hide: false } },
    (request, reply) => streamBalance(request, reply, streamSources),
  );

  await app.register(historyRoutes);
}

/**
 * The member's money history and profit (README.md). Real members only (trial accounts get 403
 * `member.trial.forbidden`); every answer, errors included, is `no-store`. The paths and the OpenAPI
 * tag are the withdrawal pages' (where the member reads them), the data every money module's.
 */
async function historyRoutes(app: AppInstance): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  const tags = ['withdrawals'];
  const member = { onRequest: requireRealMember };
  const scopeOf = (request: FastifyRequest): MemberScope => ({
    merchantId: request.merchant.id,
    memberId: request.member.id,
    nowMs: app.now(),
  });

  /* History. The original read it with either method: GET with a query, POST with a body. */
  app.get(
    withdrawalPaths.transactionHistory,
    {
      ...member,
      schema: {
        tags,
        querystring: transactionHistoryQuerySchema,
        response: { 200: envelopeSchema(transactionHistorySchema) },
      },
    },
    async (request) => ok(await listTransactionHistory(app.db, scopeOf(request), request.query, request.language)),
  );
  app.post(
    withdrawalPaths.transactionHistory,
    {
      ...member,
      schema: {
        tags,
        body: transactionHistoryQuerySchema,
        response: { 200: envelopeSchema(transactionHistorySchema) },
      },
    },
    async (request) => ok(await listTransactionHistory(app.db, scopeOf(request), request.body, request.language)),
  );
  app.get(
    withdrawalPaths.personalProfit,
    {
      ...member,
      schema: { tags, querystring: personalProfitQuerySchema, response: { 200: envelopeSchema(personalProfitSchema) } },
    },
    async (request) => ok(await getPersonalProfit(app.db, scopeOf(request), request.merchant.currency, request.query)),
  );
}
