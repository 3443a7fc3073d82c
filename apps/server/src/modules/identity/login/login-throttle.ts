import { identityErrorCodes, verificationErrorCodes } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../../config.ts';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MerchantContext } from '../../merchant/index.ts';
import { type ChallengeCheckOptions, verifyCaptcha } from '../../verification/index.ts';
import type { Caller } from '../caller.ts';
import type { LoginFailureReason } from '../identity.tables.ts';
import {
  countIpCredentialFailures,
  insertLoginEvent,
  listCredentialFailures,
  type MemberRow,
} from '../identity.queries.ts';

/**
 * The thresholds of failed logins (README "Thresholds"), shared by every way of logging in and by
 * the new-IP verification, whose wrong answers count as failures too.
 */

/** Failures are counted over this window. */
export const loginFailureWindowMs = 15 * 60_000;
/** From this many wrong passwords of one account or one IP in the window, a captcha is required. */
export const captchaAfterFailures = 3;
/** This many wrong passwords of one account in the window lock it ... */
export const lockAfterFailures = 10;
/** ... for this long after the last of them. */
export const lockDurationMs = 15 * 60_000;

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

/**
 * How long a wrong answer waits before it is answered, by how many failures of the account (or IP)
 * it makes: nothing for the first two, then half a second more for each, at most 4 seconds. With the
 * captcha from the third and the lock at the tenth, it makes guessing slow before it is impossible.
 * Known and unknown names are counted alike, so the delay tells nothing either.
 */
export function progressiveDelayMs(failures: number): number {
  return Math.min(4000, Math.max(0, failures - 2) * 500);
}

/** 429 `login.locked` with Retry-After. */
export function lockedError(remainingMs: number): AppError {
  const seconds = Math.ceil(remainingMs / 1000);
  return new AppError(429, identityErrorCodes.loginLocked, {
    retryAfterSeconds: seconds,
    params: { minutes: Math.ceil(seconds / 60) },
  });
}

/** What every kind of login works with. */
export interface LoginContext {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'CHALLENGE_BYPASS'>;
  merchant: MerchantContext;
  caller: Caller;
  nowMs: number;
  /** Waits before a wrong answer is answered (progressiveDelayMs); `app.pause`. */
  pause: (ms: number) => Promise<void>;
}

/** One login attempt of an account, between its throttles and its outcome. */
export interface CredentialAttempt {
  /** Journals a refused attempt (a success is journaled by finishLogin, with its session). */
  record(failureReason: LoginFailureReason): Promise<void>;
  /**
   * Journals wrong credentials and throws: 429 `login.locked` when this failure is the 10th,
   * otherwise `errorCode` (400) with `captchaRequired` for the next attempt.
   */
  failCredentials(errorCode: string, field?: string): Promise<never>;
  /** 403 `member.locked` / `member.closed` (journaled) for an account an operator stopped. */
  requireActive(member: MemberRow): Promise<void>;
}

/**
 * The throttles every login passes before its credentials are checked: a locked account is refused
 * (429, not counted), and after 3 recent failures of the account or the IP a captcha must come and
 * be right (`captcha: null` skips that check, for the SMS login, whose code is the human proof).
 * Failures are counted per member, or for a name that belongs to nobody per `accountKey`.
 */
export async function beginCredentialAttempt(
  context: Omit<LoginContext, 'config'> & { checks: ChallengeCheckOptions },
  input: {
    member: MemberRow | undefined;
    usernameTried: string;
    accountKey: string;
    loginDeviceId: string | null;
    captcha: { captcha?: string; captchaId?: string } | null;
  },
): Promise<CredentialAttempt> {
  const { db, merchant, caller, nowMs } = context;
  const { member } = input;
  const account = member ? { memberId: member.id } : { usernameKey: input.accountKey.toLowerCase() };
  const windowStartMs = nowMs - loginFailureWindowMs;
  const [failures, ipFailures] = await Promise.all([
    listCredentialFailures(db, merchant.id, account, nowMs - loginFailureWindowMs - lockDurationMs, lockAfterFailures),
    countIpCredentialFailures(db, merchant.id, caller.ip, windowStartMs),
  ]);
  const recentFailures = failures.filter((atMs) => atMs > windowStartMs).length;
  const record = (failureReason: LoginFailureReason) =>
    insertLoginEvent(db, {
      merchantId: merchant.id,
      memberId: member?.id ?? null,
      usernameTried: input.usernameTried,
      ...caller,
      loginDeviceId: input.loginDeviceId,
      failureReason,
      nowMs,
    });

  const lockedUntilMs = findLockedUntilMs(failures, nowMs);
  if (lockedUntilMs !== null) {
    await record('locked');
    throw lockedError(lockedUntilMs - nowMs);
  }

  if (input.captcha !== null && (recentFailures >= captchaAfterFailures || ipFailures >= captchaAfterFailures)) {
    const value = { captchaRequired: true };
    if ((input.captcha.captcha ?? '').trim() === '') {
      await record('captcha');
      throw new AppError(400, identityErrorCodes.captchaRequired, { field: 'captcha', value });
    }
    if (!(await verifyCaptcha(db, merchant.id, input.captcha.captchaId, input.captcha.captcha, context.checks))) {
      await record('captcha');
      throw new AppError(400, verificationErrorCodes.captchaInvalid, { field: 'captcha', value });
    }
  }

  return {
    record,
    failCredentials: async (errorCode, field) => {
      await record('credentials');
      await context.pause(progressiveDelayMs(Math.max(recentFailures, ipFailures) + 1));
      if (recentFailures + 1 >= lockAfterFailures) throw lockedError(lockDurationMs);
      const captchaRequired = recentFailures + 1 >= captchaAfterFailures || ipFailures + 1 >= captchaAfterFailures;
      throw new AppError(400, errorCode, { value: { captchaRequired }, ...(field ? { field } : {}) });
    },
    requireActive: async (activeMember) => {
      if (activeMember.status === 'active' && !activeMember.login_forbidden) return;
      await record('status');
      throw new AppError(
        403,
        activeMember.status === 'locked'
          ? identityErrorCodes.memberLocked
          : activeMember.status === 'closed'
            ? identityErrorCodes.memberClosed
            : identityErrorCodes.memberLoginForbidden,
      );
    },
  };
}
