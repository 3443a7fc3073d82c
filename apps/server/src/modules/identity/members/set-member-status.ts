import type { Kysely, Transaction } from 'kysely';
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
  await db.transaction().execute((trx) => setMemberStatusIn(trx, memberId, status, nowMs));
}

/** `setMemberStatus` in the caller's transaction (the agent centre's lock/unlock, with its audit row). */
export async function setMemberStatusIn(
  trx: Transaction<Database>,
  memberId: bigint,
  status: MemberStatus,
  nowMs: number,
): Promise<void> {
  await trx.updateTable('member').set({ status }).where('id', '=', memberId).execute();
  if (status !== 'active') await revokeAllSessions(trx, memberId, nowMs);
  if (status !== 'active') await revokeAllRememberTokens(trx, memberId, nowMs);
}

/**
 * A member's status, operator restrictions and `desk_version`, its row locked FOR UPDATE in the
 * caller's transaction, so that no operator status change (which locks the same row) runs between the
 * read and the caller's write. Undefined for no member of the merchant.
 */
export async function lockMemberStatus(
  trx: Transaction<Database>,
  merchantId: number,
  memberId: bigint,
): Promise<
  { status: MemberStatus; loginForbidden: boolean; gamesForbidden: boolean; deskVersion: number } | undefined
> {
  const row = await trx
    .selectFrom('member')
    .select(['status', 'login_forbidden', 'games_forbidden', 'desk_version'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
  return row
    ? {
        status: row.status,
        loginForbidden: row.login_forbidden,
        gamesForbidden: row.games_forbidden,
        deskVersion: row.desk_version,
      }
    : undefined;
}
