import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/**
 * One lock per merchant's tree, held until the transaction ends. A move of a team takes it alone
 * (`exclusive`), placing a new member takes it shared: placements run side by side, and none copies
 * an upline chain that a move is rewriting. Taken before any row lock of a move, so moves and
 * placements always lock in the same order (tree, then rows).
 */
export async function lockTree(
  trx: Transaction<Database>,
  merchantId: number,
  mode: 'shared' | 'exclusive',
): Promise<void> {
  if (mode === 'exclusive')
    await sql`SELECT pg_advisory_xact_lock(hashtext('agents.tree'), ${merchantId})`.execute(trx);
  else await sql`SELECT pg_advisory_xact_lock_shared(hashtext('agents.tree'), ${merchantId})`.execute(trx);
}
