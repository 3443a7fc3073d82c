import {
  identityErrorCodes,
  type LoginRequest,
  type LoginResult,
  type PasswordLoginRequest,
  type RememberLoginRequest,
} from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { challengeCheckOptions, requireSliderToken } from '../../verification/index.ts';
import { finishLogin, isPasswordExpired } from './finish-login.ts';
import { findMemberByMobileNumber, findMemberByUsername, type MemberRow } from '../identity.queries.ts';
import { beginCredentialAttempt, type LoginContext } from './login-throttle.ts';
import { requireLoginVerificationIfNeeded } from '../two-factor/login-verification.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../passwords/passwords.ts';
import { findLiveRememberToken } from '../sessions/remember-tokens.ts';
import { logInBySms } from './sms-login.ts';

export {
  captchaAfterFailures,
  findLockedUntilMs,
  lockAfterFailures,
  lockDurationMs,
  loginFailureWindowMs,
  type LoginContext,
} from './login-throttle.ts';

/** The account a login names: the member with that username, else the one with that mobile number. */
async function findLoginMember(
  db: Kysely<Database>,
  merchantId: number,
  username: string,
): Promise<MemberRow | undefined> {
  const byName = await findMemberByUsername(db, merchantId, username);
  if (byName || !/^\+?[0-9]{6,15}$/.test(username)) return byName;
  return findMemberByMobileNumber(db, merchantId, username.replace(/^\+/, '').replace(/^0+/, ''));
}

/**
 * A hash made with other argon2 parameters than today's is replaced now that the password is known
 * (README: "rehash when they change"). Conditional on the old hash, so a password changed in the
 * meantime is never overwritten; the password's age does not restart.
 */
async function rehashIfNeeded(db: Kysely<Database>, member: MemberRow, password: string): Promise<void> {
  if (!needsRehash(member.password_hash)) return;
  const passwordHash = await hashPassword(password);
  await db
    .updateTable('member')
    .set({ password_hash: passwordHash })
    .where('id', '=', member.id)
    .where('password_hash', '=', member.password_hash)
    .execute();
}

/**
 * POST /wps/session/login: by password (`username`), by remember token (`remember`) or by SMS code
 * (`sms`, see sms-login.ts).
 */
export function logIn(context: LoginContext, request: LoginRequest): Promise<LoginResult> {
  switch (request.type) {
    case 'username':
      return logInWithPassword(context, request);
    case 'remember':
      return logInWithRememberToken(context, request);
    case 'sms':
      return logInBySms(context, request);
  }
}

/**
 * Login by password. A wrong password and an unknown name give the same answer after the same work
 * (a dummy argon2 verification), and are throttled alike; an account's status (locked, closed) is
 * told only to someone who knows its password.
 */
export async function logInWithPassword(context: LoginContext, request: PasswordLoginRequest): Promise<LoginResult> {
  const { member, attempt } = await beginLogin(context, request);
  const isPasswordRight = member
    ? await verifyPassword(member.password_hash, request.password)
    : await verifyAgainstDummy(request.password);
  if (!member || !isPasswordRight) return attempt.failCredentials(identityErrorCodes.loginFailed);
  await attempt.requireActive(member);
  await rehashIfNeeded(context.db, member, request.password);
  return verifyAndFinishLogin(context, request, member, 'username', null);
}

/**
 * Login by the one-day remember token of an earlier login, in place of the password. A token that
 * is unknown, expired, revoked or another member's is `login.remember.invalid` and counts exactly as
 * a wrong password (captcha, lock). A success spends the token; a new one comes when `remember` is
 * asked again.
 */
export async function logInWithRememberToken(
  context: LoginContext,
  request: RememberLoginRequest,
): Promise<LoginResult> {
  const { db, merchant, nowMs } = context;
  const { member, attempt } = await beginLogin(context, request);
  const rememberTokenId = member
    ? await findLiveRememberToken(db, {
        merchantId: merchant.id,
        memberId: member.id,
        token: request.rememberToken,
        nowMs,
      })
    : null;
  if (!member || rememberTokenId === null)
    return attempt.failCredentials(identityErrorCodes.rememberInvalid, 'password');
  await attempt.requireActive(member);
  return verifyAndFinishLogin(context, request, member, 'remember', rememberTokenId);
}

/** The slider, the account the name finds and the throttles, before the credential is checked. */
async function beginLogin(context: LoginContext, request: PasswordLoginRequest | RememberLoginRequest) {
  const { db, merchant, caller, nowMs } = context;
  const checks = challengeCheckOptions(context.config, nowMs);
  await requireSliderToken(db, merchant.id, request.sliderToken, 'login', checks);

  const member = await findLoginMember(db, merchant.id, request.username);
  const attempt = await beginCredentialAttempt(
    { db, merchant, caller, nowMs, checks, pause: context.pause },
    {
      member,
      usernameTried: request.username,
      accountKey: request.username,
      loginDeviceId: request.loginDeviceId ?? null,
      captcha: request,
    },
  );
  return { member, attempt };
}

/**
 * Once the password or remember token proved who it is: the new-IP or two-factor verification when
 * it is due, otherwise the session (spending the remember token used, if any).
 */
async function verifyAndFinishLogin(
  context: LoginContext,
  request: PasswordLoginRequest | RememberLoginRequest,
  member: MemberRow,
  loginType: 'username' | 'remember',
  rememberTokenId: bigint | null,
): Promise<LoginResult> {
  const { db, merchant, caller, nowMs } = context;
  const loginDeviceId = request.loginDeviceId ?? null;
  const wantsRememberToken = request.remember === true;
  await requireLoginVerificationIfNeeded({
    db,
    merchant,
    member,
    caller,
    usernameTried: request.username,
    loginDeviceId,
    loginType,
    wantsRememberToken,
    rememberTokenId,
    nowMs,
  });
  return finishLogin(db, {
    merchant,
    member,
    caller,
    usernameTried: request.username,
    loginDeviceId,
    nowMs,
    passwordExpired: isPasswordExpired(member, merchant.config, nowMs),
    wantsRememberToken,
    usedRememberTokenId: rememberTokenId,
  });
}
