import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The usernames of these operators by id, in one query (ids of no operator are absent). */
export async function listOperatorNames(
  db: Kysely<Database>,
  operatorIds: readonly bigint[],
): Promise<Map<bigint, string>> {
  if (operatorIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('operator')
    .select(['id', 'username'])
    .where('id', 'in', [...operatorIds])
    .execute();
  return new Map(rows.map((row) => [row.id, row.username]));
}

/**
 * The merchant's active operators whose role holds `permission` (as the role row says now), by
 * username: whom a task may be handed to (live chat's transfer).
 */
export async function listOperatorsWithPermission(
  db: Kysely<Database>,
  merchantId: number,
  permission: string,
): Promise<Array<{ id: bigint; username: string }>> {
  return db
    .selectFrom('operator as o')
    .innerJoin('operator_role as r', (join) =>
      join.onRef('r.merchant_id', '=', 'o.merchant_id').onRef('r.code', '=', 'o.role'),
    )
    .select(['o.id', 'o.username'])
    .where('o.merchant_id', '=', merchantId)
    .where('o.status', '=', 'active')
    .where((eb) => eb(eb.val(permission), '=', eb.fn.any('r.permissions')))
    .orderBy('o.username')
    .execute();
}
