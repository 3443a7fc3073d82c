import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { revokeAllRememberTokens } from '../sessions/remember-tokens.ts';
import { revokeAllSessions } from '../sessions/sessions.ts';

export interface NewPassword {
  memberId: bigint;
  /** argon2id PHC string (`hashPassword`); never the password itself. */
  passwordHash: string;
  nowMs: number;
  /** A member changing their own password keeps the session they did it from; every other ends. */
  keepSessionId?: bigint;
}

/**
 * The one place a member's password is replaced (change, reset by e-mail or SMS): stores the hash,
 * restarts its age, clears a forced change, and ends every session, because whoever held the old
 * password may hold a token too. Run it inside the caller's transaction when the change is one step
 * of a larger one (a reset token spent with it).
 */
export async function setMemberPassword(
  db: Kysely<Database> | Transaction<Database>,
  password: NewPassword,
): Promise<void> {
  await db
    .updateTable('member')
    .set({
      password_hash: password.passwordHash,
      password_changed_at: new Date(password.nowMs),
      must_change_password: false,
    })
    .where('id', '=', password.memberId)
    .execute();
  await revokeAllSessions(db, password.memberId, password.nowMs, password.keepSessionId);
  await revokeAllRememberTokens(db, password.memberId, password.nowMs);
}
