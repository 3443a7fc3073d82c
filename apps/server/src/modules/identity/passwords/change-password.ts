import { errorCodes, identityErrorCodes, type PasswordChangeRequest } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MerchantContext } from '../../merchant/index.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { checkRegisterField } from '../registration/register-rules.ts';
import type { AuthenticatedMember } from '../sessions/require-member.ts';
import { liftPasswordChangeRequirement } from '../sessions/sessions.ts';
import { setMemberPassword } from './set-password.ts';

/** Wrong old passwords are counted over this window ... */
export const passwordChangeFailureWindowMs = 15 * 60_000;
/** ... and this many stop the account's password changes until the oldest of them leaves it. */
export const maxPasswordChangeFailures = 5;

function validationError(field: string, messageKey: string, params: Record<string, string | number> = {}): AppError {
  return new AppError(400, errorCodes.validation, { field, messageKey, params: { ...params, field } });
}

/** The new password against the merchant's password rule (spec §5 "new required under shared rule"). */
function checkNewPassword(merchant: Pick<MerchantContext, 'config'>, request: PasswordChangeRequest): void {
  if (request.oldPassword === '') throw validationError('oldPassword', 'validation.required');
  const rule = merchant.config.registerRules.password;
  // A password is always required and always under its rule, whatever the rule says of registration.
  const violation = checkRegisterField(
    'password',
    request.newPassword,
    rule && { ...rule, enabled: true, required: true },
    { isSecret: true },
  );
  if (violation) throw validationError('newPassword', violation.messageKey, violation.params);
  if (request.confirmNewPassword !== request.newPassword)
    throw validationError('confirmNewPassword', 'register.password.mismatch');
  if (request.newPassword === request.oldPassword)
    throw new AppError(400, identityErrorCodes.passwordUnchanged, { field: 'newPassword' });
}

/**
 * POST /wps/member/password. The fields are checked first (nothing counted, nothing stored); then,
 * with the member's row locked so that concurrent attempts are counted one by one, more than 5
 * wrong old passwords in 15 minutes are refused (429), a wrong one is counted (400
 * `password.old.invalid`), and a right one stores the new argon2id hash through setMemberPassword:
 * every other session and every remember token ends, this session goes on, freed from a forced change.
 */
export async function changePassword(
  context: {
    db: Kysely<Database>;
    merchant: Pick<MerchantContext, 'id' | 'config'>;
    member: AuthenticatedMember;
    nowMs: number;
  },
  request: PasswordChangeRequest,
): Promise<void> {
  const { db, merchant, member, nowMs } = context;
  checkNewPassword(merchant, request);
  const newPasswordHash = await hashPassword(request.newPassword);

  const outcome = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('member')
      .select('password_hash')
      .where('id', '=', member.id)
      .where('merchant_id', '=', merchant.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const failures = await trx
      .selectFrom('password_change_failure')
      .select('created_at')
      .where('member_id', '=', member.id)
      .where('created_at', '>', new Date(nowMs - passwordChangeFailureWindowMs))
      .orderBy('created_at', 'desc')
      .limit(maxPasswordChangeFailures)
      .execute();
    const oldestCounted = failures[maxPasswordChangeFailures - 1];
    if (oldestCounted)
      return {
        kind: 'throttled' as const,
        retryAfterMs: oldestCounted.created_at.getTime() + passwordChangeFailureWindowMs - nowMs,
      };

    if (!(await verifyPassword(row.password_hash, request.oldPassword))) {
      await trx
        .insertInto('password_change_failure')
        .values({ merchant_id: merchant.id, member_id: member.id, created_at: new Date(nowMs) })
        .execute();
      return { kind: 'wrong' as const };
    }
    await setMemberPassword(trx, {
      memberId: member.id,
      passwordHash: newPasswordHash,
      nowMs,
      keepSessionId: member.sessionId,
    });
    await liftPasswordChangeRequirement(trx, member.sessionId);
    return { kind: 'changed' as const };
  });

  if (outcome.kind === 'throttled') {
    const seconds = Math.max(1, Math.ceil(outcome.retryAfterMs / 1000));
    throw new AppError(429, errorCodes.tooManyRequests, { params: { seconds }, retryAfterSeconds: seconds });
  }
  if (outcome.kind === 'wrong')
    throw new AppError(400, identityErrorCodes.oldPasswordInvalid, { field: 'oldPassword' });
}
