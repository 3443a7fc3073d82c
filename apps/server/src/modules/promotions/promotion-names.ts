import type { Language } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The names of the merchant's promotions in `language`, keyed by the promotion id as bonus keeps it
 * (a promotion grant's source group): bonus details names a promotion's bonus with it (handed to
 * bonus by modules/routes.ts). A group that is not a promotion id of this merchant is left out.
 */
export async function promotionNamesByGroup(
  db: Kysely<Database>,
  request: { merchantId: number; language: Language; groups: readonly string[] },
): Promise<ReadonlyMap<string, string>> {
  const ids = request.groups.filter((group) => /^\d{1,15}$/.test(group)).map((group) => BigInt(group));
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('promotion')
    .select(['id', 'name_th', 'name_en'])
    .where('merchant_id', '=', request.merchantId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id.toString(), request.language === 'EN' ? row.name_en : row.name_th]));
}
