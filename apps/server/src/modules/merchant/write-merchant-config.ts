import { brandErrorCodes } from '@lotus/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { findMerchant } from './find-merchant.ts';
import { merchantConfigSchema, type MerchantConfig } from './merchant.config.ts';

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
  const schema = merchantConfigSchema.shape[write.section];
  const parsed = schema.safeParse(write.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = [write.fieldPrefix ?? write.section, ...issue.path.map(String)].join('.');
    throw AppError.badRequest(field);
  }
  const after = parsed.data as MerchantConfig[Section];

  const run = async (trx: Transaction<Database>) => {
    const current = await findMerchant(trx, { id: write.merchantId }, { forUpdate: true });
    if (!current) throw AppError.notFound();
    if (current.version !== write.expectedVersion) throw versionConflict(current.version);
    const updated = await trx
      .updateTable('merchant')
      .set({
        config: sql`jsonb_set(config, ${`{${write.section}}`}::text[], ${JSON.stringify(after)}::jsonb)`,
        version: sql`version + 1`,
        updated_at: new Date(write.nowMs),
      })
      .where('id', '=', write.merchantId)
      .where('version', '=', write.expectedVersion)
      .returning('version')
      .executeTakeFirstOrThrow();
    await audit(trx, {
      merchantId: write.merchantId,
      section: write.section,
      before: current.config[write.section],
      after,
      version: updated.version,
    });
    return { value: after, version: updated.version };
  };
  return db.isTransaction ? run(db as Transaction<Database>) : db.transaction().execute(run);
}

/** 409 `brand.version.conflict` with the row's current version. */
export function versionConflict(currentVersion: number): AppError {
  return new AppError(409, brandErrorCodes.versionConflict, { value: { version: currentVersion } });
}
