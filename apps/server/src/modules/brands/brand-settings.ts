import type {
  BrandDomainsUpdateBody,
  BrandSettings,
  BrandSettingsSection,
  BrandSettingsUpdateBody,
  BrandSummary,
} from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  listMerchantDomains,
  listMerchantSummaries,
  merchantTimeZone,
  replaceMerchantDomains,
  writeMerchantSettings,
  type MerchantColumnsChange,
  type MerchantConfig,
  type MerchantContext,
  type MerchantSummary,
} from '../merchant/index.ts';
import { recordBrandAudit, visibleMerchant, type BrandActor } from './brand-actor.ts';

export function toBrandSummary(summary: MerchantSummary): BrandSummary {
  return { ...summary, createdAt: summary.createdAt.toISOString() };
}

/** Each settings section as the back-office edits it, read from the merchant. */
function sectionsOf(merchant: MerchantContext): Omit<BrandSettings, 'merchant' | 'version' | 'domains'> {
  const { config } = merchant;
  return {
    identity: {
      name: config.brand.name,
      logoUrl: config.brand.logoUrl,
      faviconUrl: config.brand.faviconUrl,
      footerDescription: config.brand.footerDescription,
      copyrightStartYear: config.brand.copyrightStartYear,
    },
    theme: { colors: config.brand.colors },
    languages: {
      defaultLanguage: merchant.defaultLanguage,
      languages: config.languages,
      timeZone: merchantTimeZone(config),
    },
    switches: {
      switches: config.switches,
      loginedToHomePage: config.loginedToHomePage,
      trialHours: config.accounts.trialHours,
    },
    registerRules: { rules: config.registerRules, minimumAge: config.minimumAge },
    security: { sessions: config.sessions, verification: config.verification, loginSecurity: config.loginSecurity },
    agentSettlement: config.agentSettlement,
  };
}

/** What a section's new value writes: configuration sections and merchant columns. */
function writeOf(
  current: MerchantContext,
  body: BrandSettingsUpdateBody,
): { config: Partial<MerchantConfig>; columns?: MerchantColumnsChange } {
  const { config } = current;
  switch (body.section) {
    case 'identity':
      // The brand name is the merchant's name in lists too.
      return { config: { brand: { ...config.brand, ...body.value } }, columns: { name: body.value.name } };
    case 'theme':
      // Tokens the contract does not list (set by hand) are kept.
      return { config: { brand: { ...config.brand, colors: { ...config.brand.colors, ...body.value.colors } } } };
    case 'languages':
      return {
        config: {
          languages: body.value.languages,
          // Absent (a client from before the field): the zone stays as it is.
          ...(body.value.timeZone === undefined ? {} : { timezone: body.value.timeZone }),
        },
        columns: { defaultLanguage: body.value.defaultLanguage },
      };
    case 'switches':
      return {
        config: {
          switches: body.value.switches,
          loginedToHomePage: body.value.loginedToHomePage,
          accounts: { ...config.accounts, trialHours: body.value.trialHours },
        },
      };
    case 'registerRules':
      return { config: { registerRules: body.value.rules, minimumAge: body.value.minimumAge } };
    case 'security':
      return {
        config: {
          sessions: body.value.sessions,
          verification: body.value.verification,
          loginSecurity: body.value.loginSecurity,
        },
      };
    case 'agentSettlement':
      return { config: { agentSettlement: body.value } };
  }
}

/** GET /admin-api/brands/:merchantId: the settings pages' data and the version to send back. */
export async function readBrandSettings(
  db: Kysely<Database>,
  actor: BrandActor,
  merchantId: number,
): Promise<BrandSettings> {
  const merchant = await visibleMerchant(db, actor, merchantId);
  return brandSettingsOf(db, merchant);
}

async function brandSettingsOf(db: Kysely<Database>, merchant: MerchantContext): Promise<BrandSettings> {
  const [[summary], domains] = await Promise.all([
    listMerchantSummaries(db, [merchant.id]),
    listMerchantDomains(db, merchant.id),
  ]);
  return {
    merchant: toBrandSummary(summary!),
    version: merchant.version,
    domains: domains.map((row) => ({ domain: row.domain, isPrimary: row.is_primary })),
    ...sectionsOf(merchant),
  };
}

/**
 * PUT /admin-api/brands/:merchantId/settings: one section, only at the version the operator read
 * (409 `brand.version.conflict` otherwise, nothing written), audited `brand.<section>.update` (snake case) with the
 * section before and after, in the same transaction.
 */
export async function updateBrandSettings(
  db: Kysely<Database>,
  actor: BrandActor,
  merchantId: number,
  body: BrandSettingsUpdateBody,
): Promise<BrandSettings> {
  await visibleMerchant(db, actor, merchantId);
  const after = await writeMerchantSettings(
    db,
    {
      merchantId,
      expectedVersion: body.version,
      nowMs: actor.nowMs,
      change: (current) => writeOf(current, body),
    },
    (trx, change) =>
      recordBrandAudit(trx, actor, merchantId, {
        action: auditActionOf(body.section),
        before: sectionOf(change.before, body.section),
        after: sectionOf(change.after, body.section),
      }),
  );
  return brandSettingsOf(db, after);
}

/** `brand.<section>.update`, the section in snake case (audit actions are lower case: `brand.register_rules.update`). */
export function auditActionOf(section: BrandSettingsSection): string {
  return `brand.${section.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}.update`;
}

function sectionOf(merchant: MerchantContext, section: BrandSettingsSection) {
  return sectionsOf(merchant)[section] as Record<string, unknown>;
}

/** PUT /admin-api/brands/:merchantId/domains: the whole list, one primary, versioned and audited. */
export async function updateBrandDomains(
  db: Kysely<Database>,
  actor: BrandActor,
  merchantId: number,
  body: BrandDomainsUpdateBody,
): Promise<BrandSettings> {
  await visibleMerchant(db, actor, merchantId);
  await replaceMerchantDomains(
    db,
    { merchantId, expectedVersion: body.version, domains: body.domains, nowMs: actor.nowMs },
    (trx, change) =>
      recordBrandAudit(trx, actor, merchantId, {
        action: 'brand.domains.update',
        before: { domains: change.before },
        after: { domains: change.after },
      }),
  );
  return readBrandSettings(db, actor, merchantId);
}

/** GET /admin-api/brands: every merchant for a platform operator, else only their own. */
export async function listBrands(db: Kysely<Database>, actor: BrandActor) {
  const summaries = await listMerchantSummaries(db, actor.isPlatform ? undefined : [actor.merchantId]);
  return { items: summaries.map(toBrandSummary), canCreate: actor.isPlatform };
}
