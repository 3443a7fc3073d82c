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
