import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { merchantConfigSchema, type MerchantConfig, type MerchantContext } from './merchant.config.ts';
import type { MerchantTable } from './merchant.tables.ts';

type MerchantRow = Pick<
  Selectable<MerchantTable>,
  'id' | 'code' | 'name' | 'status' | 'currency' | 'currency_symbol' | 'default_language' | 'config' | 'version'
>;

export const merchantColumns = [
  'id',
  'code',
  'name',
  'status',
  'currency',
  'currency_symbol',
  'default_language',
  'config',
  'version',
] as const;

export function toMerchantContext(row: MerchantRow): MerchantContext {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    status: row.status,
    currency: row.currency,
    currencySymbol: row.currency_symbol,
    defaultLanguage: row.default_language,
    config: merchantConfigSchema.parse(row.config),
    version: row.version,
  };
}

/**
 * A merchant by code or id, read fresh (no cache): for gateway callbacks (which come without a
 * `Merchant` header) and jobs, where a setting changed a moment ago must already count. With
 * `forUpdate` (inside a transaction) the merchant row stays locked until it ends, so a change of one
 * section of the configuration cannot race another.
 */
export async function findMerchant(
  db: Kysely<Database>,
  by: { code: string } | { id: number },
  options: { forUpdate?: boolean } = {},
): Promise<MerchantContext | null> {
  let query = db.selectFrom('merchant').select(merchantColumns);
  query =
    'id' in by
      ? query.where('id', '=', by.id)
      : query.where((eb) => eb.fn('lower', ['code']), '=', by.code.trim().toLowerCase());
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toMerchantContext(row) : null;
}

/** The ids of every merchant, in id order (start-up checks and jobs that visit each merchant). */
export async function listMerchantIds(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom('merchant').select('id').orderBy('id').execute();
  return rows.map((row) => row.id);
}

/** The id and code of every merchant, in id order (the back-office's first-admin check at start). */
export async function listMerchantCodes(db: Kysely<Database>): Promise<Array<{ id: number; code: string }>> {
  return db.selectFrom('merchant').select(['id', 'code']).orderBy('id').execute();
}

/** The domains a merchant answers on, the primary one first. */
export function listMerchantDomains(db: Kysely<Database>, merchantId: number) {
  return db
    .selectFrom('merchant_domain')
    .select(['domain', 'is_primary'])
    .where('merchant_id', '=', merchantId)
    .orderBy('is_primary', 'desc')
    .orderBy('domain')
    .execute();
}

/**
 * Replaces one top-level section of a merchant's configuration (e.g. `deposits`), leaving the others
 * as they are. The caller validates the section and holds the row (findMerchant with forUpdate).
 */
export async function setMerchantConfigSection<Section extends keyof MerchantConfig>(
  db: Kysely<Database>,
  merchantId: number,
  section: Section,
  value: MerchantConfig[Section],
  nowMs: number,
): Promise<void> {
  await db
    .updateTable('merchant')
    .set({
      config: sql`jsonb_set(config, ${`{${section}}`}::text[], ${JSON.stringify(value)}::jsonb)`,
      version: sql`version + 1`,
      updated_at: new Date(nowMs),
    })
    .where('id', '=', merchantId)
    .execute();
}
