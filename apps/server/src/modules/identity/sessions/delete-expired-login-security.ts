import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/**
 * Rows of the login-security calls that can never pass or count again, a day after that moment:
 * remember tokens past their expiry (revoked ones expire within a day of issue too), login
 * verifications past their 10 minutes, wrong old passwords older than their 15-minute window, and
 * social login flows past their 10 minutes (and their registration's 15).
 * For the periodic prune job; every delete is by an indexed time column.
 */
export const expiredLoginSecurityRetentionMs = 24 * 60 * 60 * 1000;

export async function deleteExpiredLoginSecurityRows(
  db: Kysely<Database>,
  nowMs: number,
): Promise<{
  rememberTokens: number;
  loginVerifications: number;
  passwordChangeFailures: number;
  socialLoginFlows: number;
}> {
  const before = new Date(nowMs - expiredLoginSecurityRetentionMs);
  const verifications = await db.deleteFrom('login_verification').where('expires_at', '<', before).executeTakeFirst();
  const tokens = await db.deleteFrom('member_remember_token').where('expires_at', '<', before).executeTakeFirst();
  const failures = await db.deleteFrom('password_change_failure').where('created_at', '<', before).executeTakeFirst();
  const socialFlows = await db
    .deleteFrom('social_login_flow')
    .where('expires_at', '<', before)
    .where((eb) => eb.or([eb('registration_expires_at', 'is', null), eb('registration_expires_at', '<', before)]))
    .executeTakeFirst();
  return {
    socialLoginFlows: Number(socialFlows.numDeletedRows),
    rememberTokens: Number(tokens.numDeletedRows),
    loginVerifications: Number(verifications.numDeletedRows),
    passwordChangeFailures: Number(failures.numDeletedRows),
  };
}
