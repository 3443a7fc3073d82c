import type { DomainRoute } from '@lotus/contract';
import { cachedRead, type PublicReadContext } from '../../cache/public-read.ts';
import { listMerchantDomains } from '../merchant/index.ts';

/** GET /wps/system/domainRoute ("routers"): the merchant's domains, primary first. */
export function getDomainRoute(context: PublicReadContext): Promise<DomainRoute> {
  return cachedRead(context, 'site:domains', async () => {
    const rows = await listMerchantDomains(context.db, context.merchant.id);
    return { domainList: rows.map((row) => ({ domain: row.domain, isPrimary: row.is_primary })) };
  });
}
