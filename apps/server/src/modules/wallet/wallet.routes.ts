import { apiPaths, envelopeSchema, merchantWalletSchema, walletBalanceSchema } from '@lotus/contract';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { requireMember } from '../identity/index.ts';
import { getMerchantWallet } from './get-merchant-wallet.ts';
import { getWalletBalance } from './get-wallet-balance.ts';
import { streamBalance } from './stream-balance.ts';

const tags = ['wallet'];

/** The member's wallets (spec §7 `/wps/v2/wallets/balance`) and their live stream. Money answers are never cached. */
export async function walletRoutes(app: AppInstance): Promise<void> {
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
    streamBalance,
  );
}
