import { brandErrorCodes } from '@lotus/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { findMerchant } from './find-merchant.ts';
import { merchantConfigSchema, type MerchantConfig, type MerchantContext } from './merchant.config.ts';
import { lockAtVersion } from './write-merchant-config.ts';

/** A merchant as the back-office lists it. */
export interface MerchantSummary {
  id: number;
  code: string;
  name: string;
  status: 'active' | 'disabled';
  currency: string;
  defaultLanguage: 'TH' | 'EN';
  primaryDomain: string | null;
  createdAt: Date;
}

/** Merchants with their primary domain, in id order: every merchant, or only `ids`. */
export async function listMerchantSummaries(db: Kysely<Database>, ids?: readonly number[]): Promise<MerchantSummary[]> {
  if (ids && ids.length === 0) return [];
  let query = db
    .selectFrom('merchant')
    .select((eb) => [
      'merchant.id',
      'merchant.code',
      'merchant.name',
      'merchant.status',
      'merchant.currency',
      'merchant.default_language',
      'merchant.created_at',
      eb
        .selectFrom('merchant_domain')
        .select('merchant_domain.domain')
        .whereRef('merchant_domain.merchant_id', '=', 'merchant.id')
        .where('merchant_domain.is_primary', '=', true)
        .limit(1)
        .as('primary_domain'),
    ])
    .orderBy('merchant.id');
  if (ids) query = query.where('merchant.id', 'in', ids);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name,
    status: row.status,
    currency: row.currency,
    defaultLanguage: row.default_language,
    primaryDomain: row.primary_domain ?? null,
    createdAt: row.created_at,
  }));
}

export interface NewMerchant {
  code: string;
  name: string;
  currency: string;
  currencySymbol: string;
  defaultLanguage: 'TH' | 'EN';
  /** Its primary domain (lower case, no port). */
  domain: string;
  config: MerchantConfig;
}

/**
 * Inserts a merchant and its primary domain (inside the caller's transaction, which also gives it its
 * roles and first operator). A code taken by another merchant (any case) is 409 `brand.code.taken`
 * (field `code`), a domain that answers for a merchant already 409 `brand.domain.taken` (field `domain`).
 */
export async function createMerchant(
  trx: Transaction<Database>,
  input: NewMerchant,
  nowMs: number,
): Promise<MerchantContext> {
  // One creation at a time, so the checks below cannot race another creation of the same code or domain.
  await sql`SELECT pg_advisory_xact_lock(hashtext('merchant.create'))`.execute(trx);
  if (await findMerchant(trx, { code: input.code })) throw taken(brandErrorCodes.codeTaken, 'code');
  if (await domainOwner(trx, input.domain)) throw taken(brandErrorCodes.domainTaken, 'domain');
  const config = merchantConfigSchema.parse(input.config);
  const row = await trx
    .insertInto('merchant')
    .values({
      code: input.code,
      name: input.name,
      status: 'active',
      currency: input.currency,
      currency_symbol: input.currencySymbol,
      default_language: input.defaultLanguage,
      config: JSON.stringify(config),
      updated_at: new Date(nowMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('merchant_domain')
    .values({ merchant_id: row.id, domain: input.domain, is_primary: true })
    .execute();
  return (await findMerchant(trx, { id: row.id }))!;
}

/**
 * Replaces the merchant's domains with `domains` (exactly one primary, checked by the contract) if the
 * merchant is still at `expectedVersion` (else 409 `brand.version.conflict`), bumping the version; a
 * domain of another merchant is 409 `brand.domain.taken` naming `domains.N.domain`. The caller's
 * audit runs in the same transaction with the list before and after. The domain triggers tell every
 * API instance to drop its cached merchant by host.
 */
export async function replaceMerchantDomains(
  db: Kysely<Database>,
  write: {
    merchantId: number;
    expectedVersion: number;
    domains: ReadonlyArray<{ domain: string; isPrimary: boolean }>;
    nowMs: number;
  },
  audit: (
    trx: Transaction<Database>,
    change: {
      before: Array<{ domain: string; isPrimary: boolean }>;
      after: Array<{ domain: string; isPrimary: boolean }>;
      version: number;
    },
  ) => Promise<void>,
): Promise<{ domains: Array<{ domain: string; isPrimary: boolean }>; version: number }> {
  return db.transaction().execute(async (trx) => {
    await lockAtVersion(trx, write.merchantId, write.expectedVersion);
    const before = await domainsOf(trx, write.merchantId);
    for (const [index, entry] of write.domains.entries()) {
      const owner = await domainOwner(trx, entry.domain);
      if (owner !== null && owner !== write.merchantId)
        throw taken(brandErrorCodes.domainTaken, `domains.${index}.domain`);
    }
    const wanted = write.domains.map((entry) => entry.domain);
    await trx
      .deleteFrom('merchant_domain')
      .where('merchant_id', '=', write.merchantId)
      .where('domain', 'not in', wanted)
      .execute();
    // The primary flag off first, so no moment has two primaries.
    await trx
      .updateTable('merchant_domain')
      .set({ is_primary: false })
      .where('merchant_id', '=', write.merchantId)
      .execute();
    for (const entry of write.domains) {
      await trx
        .insertInto('merchant_domain')
        .values({ merchant_id: write.merchantId, domain: entry.domain, is_primary: entry.isPrimary })
        .onConflict((oc) => oc.column('domain').doUpdateSet({ is_primary: entry.isPrimary }))
        .execute();
    }
    const updated = await trx
      .updateTable('merchant')
      .set({ version: sql`version + 1`, updated_at: new Date(write.nowMs) })
      .where('id', '=', write.merchantId)
      .returning('version')
      .executeTakeFirstOrThrow();
    const after = await domainsOf(trx, write.merchantId);
    await audit(trx, { before, after, version: updated.version });
    return { domains: after, version: updated.version };
  });
}

async function domainsOf(db: Kysely<Database>, merchantId: number) {
  const rows = await db
    .selectFrom('merchant_domain')
    .select(['domain', 'is_primary'])
    .where('merchant_id', '=', merchantId)
    .orderBy('is_primary', 'desc')
    .orderBy('domain')
    .execute();
  return rows.map((row) => ({ domain: row.domain, isPrimary: row.is_primary }));
}

async function domainOwner(db: Kysely<Database>, domain: string): Promise<number | null> {
  const row = await db
    .selectFrom('merchant_domain')
    .select('merchant_id')
    .where('domain', '=', domain)
    .executeTakeFirst();
  return row?.merchant_id ?? null;
}

function taken(code: string, field: string): AppError {
  return new AppError(409, code, { field });
}
