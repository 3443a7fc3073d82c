import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { MemberStatus } from '../identity.tables.ts';
import { revokeAllRememberTokens } from '../sessions/remember-tokens.ts';
import { revokeAllSessions } from '../sessions/sessions.ts';

/**
 * Locks, closes or reopens a member (operators, later the back-office). Locking or closing ends
 * every session and remember token in the same transaction, so no token outlives the decision.
 */
export async function setMemberStatus(
  db: Kysely<Database>,
  memberId: bigint,
  status: MemberStatus,
  nowMs: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('member').set({ status }).where('id', '=', memberId).execute();
    if (status !== 'active') await revokeAllSessions(trx, memberId, nowMs);
    if (status !== 'active') await revokeAllRememberTokens(trx, memberId, nowMs);
  });
}
