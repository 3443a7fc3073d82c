import { identityErrorCodes, type LoginResult } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MerchantConfig, MerchantContext } from '../../merchant/index.ts';
import type { Caller } from '../caller.ts';
import { hasSucceededBefore, insertLoginEvent, type MemberRow } from '../identity.queries.ts';
import { issueRememberToken, spendRememberToken } from '../sessions/remember-tokens.ts';
import { createSession } from '../sessions/sessions.ts';

const dayMs = 24 * 3_600_000;

/**
 * Spec §4: the change-password modal opens when the password is the default one (an operator set
 * `must_change_password`), or when it is older than the merchant's maximum age and forced change on
 * expiry is switched on. Never for SMS logins, which did not use the password (the caller decides).
 */
export function isPasswordExpired(
  member: Pick<MemberRow, 'must_change_password' | 'password_changed_at'>,
  config: MerchantConfig,
  nowMs: number,
): boolean {
  if (member.must_change_password) return true;
  if (!config.switches.forcedPasswordChangeOnExpiry) return false;
  return member.password_changed_at.getTime() + config.loginSecurity.passwordMaxAgeDays * dayMs <= nowMs;
}

export interface FinishLoginInput {
  merchant: Pick<MerchantContext, 'id' | 'config'>;
  member: Pick<MemberRow, 'id'>;
  caller: Caller;
  usernameTried: string;
  loginDeviceId: string | null;
  nowMs: number;
  passwordExpired: boolean;
  /** The login asked "remember me": the answer carries a new one-day remember token. */
  wantsRememberToken: boolean;
  /** The remember token this login used: spent here, in the same transaction as the new session. */
  usedRememberTokenId?: bigint | null;
}

/**
 * The last step of every login that proved who it is (password, remember token, SMS code, and the
 * new-IP verification after them): journals the success, opens the session (restricted when the
 * password must be changed) and rotates the remember token, all in one transaction.
 */
export async function finishLogin(db: Kysely<Database>, input: FinishLoginInput): Promise<LoginResult> {
  const { merchant, member, nowMs } = input;
  const firstTimeLogin = !(await hasSucceededBefore(db, member.id));
  return db.transaction().execute(async (trx) => {
    if (input.usedRememberTokenId != null && !(await spendRememberToken(trx, input.usedRememberTokenId, nowMs))) {
      // Spent by a concurrent login with the same token, or revoked meanwhile.
      throw new AppError(400, identityErrorCodes.rememberInvalid, {
        field: 'password',
        value: { captchaRequired: false },
      });
    }
    await insertLoginEvent(trx, {
      merchantId: merchant.id,
      memberId: member.id,
      usernameTried: input.usernameTried,
      ...input.caller,
      loginDeviceId: input.loginDeviceId,
      failureReason: null,
      nowMs,
    });
    const token = await createSession(trx, {
      merchantId: merchant.id,
      memberId: member.id,
      nowMs,
      absoluteHours: merchant.config.sessions.absoluteHours,
      ...input.caller,
      loginDeviceId: input.loginDeviceId,
      passwordChangeRequired: input.passwordExpired,
    });
    const result: LoginResult = {
      token,
      firstTimeLogin,
      passwordExpired: input.passwordExpired,
      captchaRequired: false,
    };
    if (input.wantsRememberToken)
      result.rememberToken = await issueRememberToken(trx, { merchantId: merchant.id, memberId: member.id, nowMs });
    return result;
  });
}
