import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/**
 * Writes a member's direct upline (`member.upline_id`) for the agent programme's move of a member to
 * another upline (modules/agents, which rewrites the tree in the same transaction). Locks the member
 * row first and answers what it was, or undefined for no member of this merchant. The composite
 * foreign key refuses an upline of another merchant.
 */
export async function setMemberUpline(
  trx: Transaction<Database>,
  move: { merchantId: number; memberId: bigint; uplineId: bigint | null },
): Promise<{ previousUplineId: bigint | null; registeredAt: Date } | undefined> {
  const row = await trx
    .selectFrom('member')
    .select(['upline_id', 'created_at'])
    .where('merchant_id', '=', move.merchantId)
    .where('id', '=', move.memberId)
    // Not FOR UPDATE: a registration under this member holds its foreign key's KEY SHARE lock on the row
    // while it waits for the tree lock the move holds; FOR UPDATE would wait for it (a deadlock), while
    // NO KEY UPDATE (what the UPDATE below takes anyway) lives beside it.
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!row) return undefined;
  await trx.updateTable('member').set({ upline_id: move.uplineId }).where('id', '=', move.memberId).execute();
  return { previousUplineId: row.upline_id, registeredAt: row.created_at };
}
