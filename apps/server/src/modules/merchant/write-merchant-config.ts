import { brandErrorCodes } from '@lotus/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { findMerchant } from './find-merchant.ts';
import { merchantConfigSchema, type MerchantConfig, type MerchantContext } from './merchant.config.ts';

export type MerchantConfigSection = keyof MerchantConfig;

/** What the audit callback of a versioned write is told: the section as it was and as it is now. */
export interface MerchantConfigChange<Section extends MerchantConfigSection> {
  merchantId: number;
  section: Section;
  before: MerchantConfig[Section];
  after: MerchantConfig[Section];
  /** The version the row has after this write. */
  version: number;
}

export interface MerchantConfigWrite<Section extends MerchantConfigSection> {
  merchantId: number;
  section: Section;
  /** The new section, checked here by merchantConfigSchema's schema of that section (unknown input is fine). */
  value: unknown;
  /** The version the operator read (MerchantContext.version); any other is refused with 409. */
  expectedVersion: number;
  nowMs: number;
  /** Prefix of the `field` a validation refusal names (default: the section's name), e.g. `value`. */
  fieldPrefix?: string;
}

/**
 * Replaces one top-level section of a merchant's configuration if the row is still at the version the
 * operator read, in one transaction with whatever `audit` writes (the caller's audit row: merchant does
 * not depend on the back-office). Refusals write nothing:
 *
 * - the value fails the section's schema: 400 `validation.failed`, `field` the offending path;
 * - the row moved on: 409 `brand.version.conflict`, `value.version` the current version;
 * - no such merchant: 404.
 *
 * The UPDATE bumps `version`, and the merchant row's trigger notifies `public_cache` at commit, so every
 * API instance drops its cached merchant (MerchantDirectory) and the public reads of this merchant.
 * Pass a transaction as `db` to make the write part of a larger one.
 */
export async function writeMerchantConfigSection<Section extends MerchantConfigSection>(
  db: Kysely<Database>,
  write: MerchantConfigWrite<Section>,
  audit: (trx: Transaction<Database>, change: MerchantConfigChange<Section>) => Promise<void>,
): Promise<{ value: MerchantConfig[Section]; version: number }> {
  const after = parseSection(write.section, write.value, write.fieldPrefix ?? write.section);
  const result = await writeMerchantSettings(
    db,
    {
      merchantId: write.merchantId,
      expectedVersion: write.expectedVersion,
      nowMs: write.nowMs,
      change: () => ({ config: { [write.section]: after } }),
    },
    (trx, { before, version }) =>
      audit(trx, {
        merchantId: write.merchantId,
        section: write.section,
        before: before.config[write.section],
        after,
        version,
      }),
  );
  return { value: after, version: result.version };
}

/** The merchant's own columns a settings write may change along with its configuration. */
export interface MerchantColumnsChange {
  name?: string;
  defaultLanguage?: 'TH' | 'EN';
}

export interface MerchantSettingsWrite {
  merchantId: number;
  expectedVersion: number;
  nowMs: number;
  /**
   * Given the merchant as it is (read under the row lock, at the expected version), what to write:
   * whole top-level sections of the configuration (each checked by its schema) and/or columns.
   */
  change: (current: MerchantContext) => { config?: Partial<MerchantConfig>; columns?: MerchantColumnsChange };
}

/**
 * The general form of writeMerchantConfigSection: several sections and columns at once (a settings form
 * that spans two sections, e.g. the languages and the default language column), same rules: the
 * version must be the one read (else 409 and nothing written), the version is bumped, the caller's
 * audit runs in the same transaction with the merchant before and after.
 */
export async function writeMerchantSettings(
  db: Kysely<Database>,
  write: MerchantSettingsWrite,
  audit: (
    trx: Transaction<Database>,
    change: { before: MerchantContext; after: MerchantContext; version: number },
  ) => Promise<void>,
): Promise<MerchantContext> {
  const run = async (trx: Transaction<Database>) => {
    const before = await lockAtVersion(trx, write.merchantId, write.expectedVersion);
    const { config = {}, columns = {} } = write.change(before);
    const sections = Object.fromEntries(
      Object.entries(config).map(([section, value]) => [
        section,
        parseSection(section as MerchantConfigSection, value, section),
      ]),
    );
    await trx
      .updateTable('merchant')
      .set({
        config: sql`config || ${JSON.stringify(sections)}::jsonb`,
        ...(columns.name !== undefined ? { name: columns.name } : {}),
        ...(columns.defaultLanguage !== undefined ? { default_language: columns.defaultLanguage } : {}),
        version: sql`version + 1`,
        updated_at: new Date(write.nowMs),
      })
      .where('id', '=', write.merchantId)
      .where('version', '=', write.expectedVersion)
      .executeTakeFirstOrThrow();
    const after = (await findMerchant(trx, { id: write.merchantId }))!;
    await audit(trx, { before, after, version: after.version });
    return after;
  };
  return db.isTransaction ? run(db as Transaction<Database>) : db.transaction().execute(run);
}

/**
 * Inside a transaction: the merchant, its row locked, if it is still at `expectedVersion`; else 409
 * `brand.version.conflict` (404 for an unknown id). For writes of this module that bump the version.
 */
export async function lockAtVersion(
  trx: Transaction<Database>,
  merchantId: number,
  expectedVersion: number,
): Promise<MerchantContext> {
  const current = await findMerchant(trx, { id: merchantId }, { forUpdate: true });
  if (!current) throw AppError.notFound();
  if (current.version !== expectedVersion) throw versionConflict(current.version);
  return current;
}

function parseSection<Section extends MerchantConfigSection>(
  section: Section,
  value: unknown,
  fieldPrefix: string,
): MerchantConfig[Section] {
  const schema = merchantConfigSchema.shape[section];
  if (!schema) throw AppError.badRequest(fieldPrefix);
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw AppError.badRequest([fieldPrefix, ...issue.path.map(String)].join('.'));
  }
  return parsed.data as MerchantConfig[Section];
}

/** 409 `brand.version.conflict` with the row's current version. */
export function versionConflict(currentVersion: number): AppError {
  return new AppError(409, brandErrorCodes.versionConflict, { value: { version: currentVersion } });
}
