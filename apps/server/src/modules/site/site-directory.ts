import type { CustomerServiceEntry, Partner, SiteResource } from '@lotus/contract';
import { cachedRead, pickLanguage, type PublicReadContext } from '../../cache/public-read.ts';
import { listEnabledCustomerServiceRows, listPartnerRows, listSiteResourceRows } from './site.queries.ts';

/** Lists that several public calls share (status, whitelabel): customer service, resources, partners. */

export function listCustomerService(context: PublicReadContext): Promise<CustomerServiceEntry[]> {
  return cachedRead(context, 'site:customerService', async () => {
    const rows = await listEnabledCustomerServiceRows(context.db, context.merchant.id);
    return rows.map((row) => ({
      id: row.code,
      type: row.type,
      label: pickLanguage(context.language, row.label_th, row.label_en),
      url: row.url,
      isVip: row.is_vip,
    }));
  });
}

export function listSiteResources(context: PublicReadContext): Promise<SiteResource[]> {
  return cachedRead(context, 'site:resources', async () => {
    const rows = await listSiteResourceRows(context.db, context.merchant.id);
    return rows.map((row) => ({
      key: row.key,
      resourceType: row.resource_type,
      labelNameEn: row.label_name_en,
      label: pickLanguage(context.language, row.label_th, row.label_en),
      url: row.url,
      qrCodeUrl: row.qr_code_url,
    }));
  });
}

export function listPartners(context: PublicReadContext): Promise<Partner[]> {
  return cachedRead(context, 'site:partners', async () => {
    const rows = await listPartnerRows(context.db, context.merchant.id);
    return rows.map((row) => ({ code: row.code, name: row.name, logoUrl: row.logo_url }));
  });
}
