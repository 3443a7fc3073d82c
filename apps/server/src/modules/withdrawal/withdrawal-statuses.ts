import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { WithdrawalStatus } from './withdrawal.tables.ts';

/** The statuses of the merchant's withdrawals with these ids (the member's money history names them), by id. */
export async function findWithdrawalStatuses(
  db: Kysely<Database>,
  merchantId: number,
  withdrawalIds: readonly bigint[],
): Promise<Map<bigint, WithdrawalStatus>> {
  if (withdrawalIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('withdrawal')
    .select(['id', 'status'])
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', [...withdrawalIds])
    .execute();
  return new Map(rows.map((row) => [row.id, row.status]));
}
