import type { FastifyRequest } from 'fastify';
import { resolveMerchant } from '../../http/request-context.ts';
import { MerchantDirectory } from '../merchant/index.ts';

/**
 * `/admin-api/` is not among the app's merchant-scoped prefixes, so the back-office resolves the
 * merchant itself, exactly as the member API does (the `Merchant` header, else the host's domain;
 * unknown 400, disabled 403), unless something already did. A fresh directory per call: operator calls
 * are few, and a directory of our own would miss the change notifications that drop the app's cache.
 */
export async function ensureOperatorMerchant(request: FastifyRequest): Promise<void> {
  if (request.merchant) return;
  await resolveMerchant(request, new MerchantDirectory(request.server.db));
}
