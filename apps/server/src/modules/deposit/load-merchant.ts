import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { merchantConfigSchema, type MerchantContext } from '../merchant/merchant.config.ts';

/**
 * A merchant by code or id, read fresh: for gateway callbacks (which come without a `Merchant`
 * header) and jobs, where a channel setting changed a moment ago must already count.
 */
export async function findMerchant(
  db: Kysely<Database>,
  by: { code: string } | { id: number },
): Promise<MerchantContext | null> {
  let query = db
    .selectFrom('merchant')
    .select(['id', 'code', 'name', 'status', 'currency', 'currency_symbol', 'default_language', 'config']);
  query =
    'id' in by
      ? query.where('id', '=', by.id)
      : query.where((eb) => eb.fn('lower', ['code']), '=', by.code.trim().toLowerCase());
  const row = await query.executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    status: row.status,
    currency: row.currency,
    currencySymbol: row.currency_symbol,
    defaultLanguage: row.default_language,
    config: merchantConfigSchema.parse(row.config),
  };
}

export function gatewayMerchantOf(merchant: MerchantContext) {
  return { id: merchant.id, code: merchant.code, deposits: merchant.config.deposits };
}
