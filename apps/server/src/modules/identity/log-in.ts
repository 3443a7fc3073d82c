import { identityErrorCodes, verificationErrorCodes, type LoginResult, type PasswordLoginRequest } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { MerchantContext } from '../merchant/merchant.config.ts';
import { challengeCheckOptions } from '../verification/challenge-bypass.ts';
import { requireSliderToken } from '../verification/consume-slider-token.ts';
import { verifyCaptcha } from '../verification/verify-captcha.ts';
import type { Caller } from './caller.ts';
import type { LoginFailureReason } from './identity.tables.ts';
import {
  countIpCredentialFailures,
  findMemberByMobileNumber,
  findMemberByUsername,
  hasSucceededBefore,
  insertLoginEvent,
  listCredentialFailures,
  type MemberRow,
} from './identity.queries.ts';
import { verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { createSession } from './sessions.ts';

/** Failures are counted over this window. */
export const loginFailureWindowMs = 15 * 60_000;
/** From this many wrong passwords of one account or one IP in the window, a captcha is required. */
export const captchaAfterFailures = 3;
/** This many wrong passwords of one account in the window lock it ... */
export const lockAfterFailures = 10;
/** ... for this long after the last of them. */
export const lockDurationMs = 15 * 60_000;

export interface LoginContext {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'CHALLENGE_BYPASS'>;
  merchant: MerchantContext;
  caller: Caller;
  nowMs: number;
}

/** The account a login names: the member with that username, else the one with that mobile number. */
async function findLoginMember(db: Kysely<Database>, merchantId: number, username: string): Promise<MemberRow | undefined> {
  const byName = await findMemberByUsername(db, merchantId, username);
  if (byName || !/^\+?[0-9]{6,15}$/.test(username)) return byName;
  return findMemberByMobileNumber(db, merchantId, username.replace(/^\+/, '').replace(/^0+/, ''));
}

/**
 * When the account is locked, the epoch ms it unlocks: the newest failure closes a run of
 * `lockAfterFailures` inside one window. Attempts refused while locked are not counted, so the lock
 * ends `lockDurationMs` after the failure that set it, and nothing before it counts afterwards.
 */
export function findLockedUntilMs(failuresNewestFirst: readonly number[], nowMs: number): number | null {
  const newest = failuresNewestFirst[0];
  const tenth = failuresNewestFirst[lockAfterFailures - 1];
  if (newest === undefined || tenth === undefined || newest - tenth >= loginFailureWindowMs) return null;
  const until = newest + lockDurationMs;
  return until > nowMs ? until : null;
}

function lockedError(remainingMs: number): AppError {
  const seconds = Math.ceil(remainingMs / 1000);
  return new AppError(429, identityErrorCodes.loginLocked, { retryAfterSeconds: seconds, params: { minutes: Math.ceil(seconds / 60) } });
}

/**
 * POST /wps/session/login. A wrong password and an unknown name give the same answer after the same
 * work (a dummy argon2 verification), and are throttled alike; an account's status (locked, closed)
 * is told only to someone who knows its password.
 */
export async function logIn(context: LoginContext, request: PasswordLoginRequest): Promise<LoginResult> {
  const { db, merchant, caller, nowMs } = context;
  const checks = challengeCheckOptions(context.config, nowMs);
  await requireSliderToken(db, merchant.id, request.sliderToken, 'login', checks);

  const member = await findLoginMember(db, merchant.id, request.username);
  const account = member ? { memberId: member.id } : { usernameKey: request.username.toLowerCase() };
  const windowStartMs = nowMs - loginFailureWindowMs;
  const [failures, ipFailures] = await Promise.all([
    listCredentialFailures(db, merchant.id, account, nowMs - loginFailureWindowMs - lockDurationMs, lockAfterFailures),
    countIpCredentialFailures(db, merchant.id, caller.ip, windowStartMs),
  ]);
  const recentFailures = failures.filter((atMs) => atMs > windowStartMs).length;
  const record = (failureReason: LoginFailureReason | null) =>
    insertLoginEvent(db, {
      merchantId: merchant.id,
      memberId: member?.id ?? null,
      usernameTried: request.username,
      ...caller,
      loginDeviceId: request.loginDeviceId ?? null,
      failureReason,
      nowMs,
    });

  const lockedUntilMs = findLockedUntilMs(failures, nowMs);
  if (lockedUntilMs !== null) {
    await record('locked');
    throw lockedError(lockedUntilMs - nowMs);
  }

  if (recentFailures >= captchaAfterFailures || ipFailures >= captchaAfterFailures) {
    const value = { captchaRequired: true };
    if ((request.captcha ?? '').trim() === '') {
      await record('captcha');
      throw new AppError(400, identityErrorCodes.captchaRequired, { field: 'captcha', value });
    }
    if (!(await verifyCaptcha(db, merchant.id, request.captchaId, request.captcha, checks))) {
      await record('captcha');
      throw new AppError(400, verificationErrorCodes.captchaInvalid, { field: 'captcha', value });
    }
  }

  const isPasswordRight = member ? await verifyPassword(member.password_hash, request.password) : await verifyAgainstDummy(request.password);
  if (!member || !isPasswordRight) {
    await record('credentials');
    if (recentFailures + 1 >= lockAfterFailures) {
      throw lockedError(lockDurationMs);
    }
    const captchaRequired = recentFailures + 1 >= captchaAfterFailures || ipFailures + 1 >= captchaAfterFailures;
    throw new AppError(400, identityErrorCodes.loginFailed, { value: { captchaRequired } });
  }

  if (member.status !== 'active') {
    await record('status');
    throw new AppError(403, member.status === 'locked' ? identityErrorCodes.memberLocked : identityErrorCodes.memberClosed);
  }

  const firstTimeLogin = !(await hasSucceededBefore(db, member.id));
  const token = await db.transaction().execute(async (trx) => {
    await insertLoginEvent(trx, {
      merchantId: merchant.id,
      memberId: member.id,
      usernameTried: request.username,
      ...caller,
      loginDeviceId: request.loginDeviceId ?? null,
      failureReason: null,
      nowMs,
    });
    return createSession(trx, {
      merchantId: merchant.id,
      memberId: member.id,
      nowMs,
      absoluteHours: merchant.config.sessions.absoluteHours,
      ...caller,
      loginDeviceId: request.loginDeviceId ?? null,
    });
  });
  return { token, firstTimeLogin, passwordExpired: member.must_change_password, captchaRequired: false };
}
