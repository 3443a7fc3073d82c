import { backofficeErrorCodes, type ChangeOwnPasswordValue } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { hashPassword, verifyPassword } from '../identity/index.ts';
import { recordAudit } from './audit.ts';
import { assertNotThrottled, recordFailure, type ThrottleSubject } from './operator-throttle.ts';

interface ChangeOwnPasswordInput {
  merchantId: number;
  operatorId: bigint;
  username: string;
  /** The session of the call: it stays; every other session of the operator ends. */
  sessionId: bigint;
  currentPassword: string;
  newPassword: string;
  ip: string;
  nowMs: number;
}

function currentPasswordWrong(): AppError {
  const field = 'currentPassword';
  return new AppError(400, backofficeErrorCodes.currentPasswordWrong, { field, params: { field } });
}

/**
 * The logged-in operator changes their own password (never another's: the operator is the session's).
 * A wrong current password counts as a login failure of the account and the IP (operator-throttle.ts),
 * so this call cannot be used to guess passwords past the login's lock. The new hash is argon2id
 * (identity's `hashPassword`); every other session of the operator ends in the same transaction.
 * Audited as `operator.password.change` with the number of sessions ended, never a password or hash.
 */
export async function changeOwnPassword(
  db: Kysely<Database>,
  input: ChangeOwnPasswordInput,
): Promise<ChangeOwnPasswordValue> {
  if (input.newPassword === input.currentPassword) {
    const field = 'newPassword';
    throw new AppError(400, backofficeErrorCodes.passwordUnchanged, { field, params: { field } });
  }
  const subject: ThrottleSubject = {
    merchantId: input.merchantId,
    usernameKey: input.username.toLowerCase(),
    ip: input.ip,
  };
  await assertNotThrottled(db, subject, input.nowMs);
  const row = await db
    .selectFrom('operator')
    .select(['password_hash'])
    .where('merchant_id', '=', input.merchantId)
    .where('id', '=', input.operatorId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(row.password_hash, input.currentPassword))) {
    await recordFailure(db, subject, 'password', input.nowMs);
    throw currentPasswordWrong();
  }
  const newHash = await hashPassword(input.newPassword);
  return db.transaction().execute(async (trx) => {
    const now = new Date(input.nowMs);
    // Only over the hash that was verified: a concurrent change makes this one fail as a wrong password.
    const updated = await trx
      .updateTable('operator')
      .set({ password_hash: newHash, updated_at: now })
      .where('id', '=', input.operatorId)
      .where('password_hash', '=', row.password_hash)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) throw currentPasswordWrong();
    const ended = await trx
      .updateTable('operator_session')
      .set({ revoked_at: now })
      .where('operator_id', '=', input.operatorId)
      .where('id', '!=', input.sessionId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    const sessionsEnded = Number(ended.numUpdatedRows);
    await recordAudit(trx, {
      merchantId: input.merchantId,
      operatorId: input.operatorId,
      action: 'operator.password.change',
      targetType: 'operator',
      targetId: input.operatorId,
      before: null,
      after: { sessionsEnded },
      ip: input.ip,
      nowMs: input.nowMs,
    });
    return { sessionsEnded };
  });
}
