import { type Language, type SiteAccessRules, type SiteAccessSettings, type SiteMaintenance } from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { auditContext, recordAudit } from '../backoffice/index.ts';
import { findMerchant, merchantTimeZone, writeMerchantConfigSection } from '../merchant/index.ts';
import { evaluateSystemStatus, findCountryOfIp, listCountries } from '../site/index.ts';

/** GET /admin-api/site-access: both sections of the operator's merchant, its version and who sees what. */
export async function readSiteAccessSettings(
  db: Kysely<Database>,
  request: FastifyRequest,
  language: Language,
): Promise<SiteAccessSettings> {
  const merchant = await findMerchant(db, { id: request.operator.merchantId });
  if (!merchant) throw AppError.notFound();
  const country = findCountryOfIp(request.ip);
  return {
    version: merchant.version,
    timeZone: merchantTimeZone(merchant.config),
    maintenance: merchant.config.maintenance,
    access: merchant.config.access,
    countries: listCountries(language).map((entry) => ({ code: entry.countryCode, name: entry.name })),
    caller: {
      ip: request.ip,
      country,
      siteStatus: evaluateSystemStatus(merchant.config, { ip: request.ip, country }, request.server.now()),
    },
  };
}

/**
 * Country codes must be on the site's list (the list the operator picks from); a code outside it is
 * refused naming its place (`value.blockedCountries.2`).
 */
function checkCountries(access: SiteAccessRules): void {
  const known = new Set(listCountries('EN').map((entry) => entry.countryCode));
  for (const field of ['blockedCountries', 'allowedCountries'] as const) {
    const index = access[field].findIndex((code) => !known.has(code));
    if (index >= 0) throw AppError.badRequest(`value.${field}.${index}`);
  }
}

/**
 * PUT the maintenance or access section at the version the operator read, audited with before and
 * after in the same transaction. The merchant row's trigger tells every instance to drop its cached
 * merchant, so the site's status changes at once everywhere.
 */
export async function saveSiteAccessSection(
  db: Kysely<Database>,
  request: FastifyRequest,
  write:
    | { section: 'maintenance'; value: SiteMaintenance; version: number }
    | { section: 'access'; value: SiteAccessRules; version: number },
): Promise<{ version: number }> {
  if (write.section === 'access') checkCountries(write.value);
  const result = await writeMerchantConfigSection(
    db,
    {
      merchantId: request.operator.merchantId,
      section: write.section,
      value: write.value,
      expectedVersion: write.version,
      nowMs: request.server.now(),
      fieldPrefix: 'value',
    },
    async (trx, change) => {
      await recordAudit(trx, {
        ...auditContext(request),
        action: `brand.${write.section}.update`,
        targetType: 'merchant',
        targetId: String(change.merchantId),
        before: change.before as Record<string, unknown>,
        after: change.after as Record<string, unknown>,
      });
    },
  );
  return { version: result.version };
}
