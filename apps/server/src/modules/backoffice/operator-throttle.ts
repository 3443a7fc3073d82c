import { backofficeErrorCodes } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * Login throttles of the back-office, stricter than members' (an operator account is worth more):
 * failures (wrong passwords and wrong TOTP codes) are counted per account and per IP over a window.
 * Unknown names count like known ones, so a lock tells nothing about which names exist.
 */
export const operatorFailureWindowMs = 15 * 60_000;
/** This many failures of one account in the window lock it until the window of the first has passed. */
export const operatorAccountFailureLimit = 5;
/** This many failures from one IP in the window (any names) lock that IP out of the login likewise. */
export const operatorIpFailureLimit = 20;

export interface ThrottleSubject {
  merchantId: number;
  usernameKey: string;
  ip: string;
}

/** Epoch ms until which the (n)th-newest failure keeps the subject locked, or null when not locked. */
function lockedUntil(failuresNewestFirst: Date[], limit: number, nowMs: number): number | null {
  const oldestCounted = failuresNewestFirst[limit - 1];
  if (oldestCounted === undefined) return null;
  const until = oldestCounted.getTime() + operatorFailureWindowMs;
  return until > nowMs ? until : null;
}

function lockedError(untilMs: number, nowMs: number): AppError {
  const seconds = Math.max(1, Math.ceil((untilMs - nowMs) / 1000));
  return new AppError(429, backofficeErrorCodes.loginLocked, {
    retryAfterSeconds: seconds,
    params: { minutes: Math.ceil(seconds / 60) },
  });
}

/** 429 `operator.login.locked` (Retry-After) while the account or the IP is over its limit. */
export async function assertNotThrottled(db: Kysely<Database>, subject: ThrottleSubject, nowMs: number): Promise<void> {
  const since = new Date(nowMs - operatorFailureWindowMs);
  const [account, ip] = await Promise.all([
    db
      .selectFrom('operator_login_failure')
      .select('created_at')
      .where('merchant_id', '=', subject.merchantId)
      .where('username_key', '=', subject.usernameKey)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .limit(operatorAccountFailureLimit)
      .execute(),
    db
      .selectFrom('operator_login_failure')
      .select('created_at')
      .where('ip', '=', subject.ip)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .limit(operatorIpFailureLimit)
      .execute(),
  ]);
  const until = Math.max(
    lockedUntil(
      account.map((row) => row.created_at),
      operatorAccountFailureLimit,
      nowMs,
    ) ?? 0,
    lockedUntil(
      ip.map((row) => row.created_at),
      operatorIpFailureLimit,
      nowMs,
    ) ?? 0,
  );
  if (until > nowMs) throw lockedError(until, nowMs);
}

/** Journals a failure; throws 429 when it was the one that reached a limit, else returns. */
export async function recordFailure(
  db: Kysely<Database>,
  subject: ThrottleSubject,
  reason: 'password' | 'totp',
  nowMs: number,
): Promise<void> {
  await db
    .insertInto('operator_login_failure')
    .values({
      merchant_id: subject.merchantId,
      username_key: subject.usernameKey,
      ip: subject.ip,
      reason,
      created_at: new Date(nowMs),
    })
    .execute();
  await assertNotThrottled(db, subject, nowMs);
}

/** Failures older than the window count for nothing: the prune job deletes them. */
export async function deleteOldOperatorFailures(db: Kysely<Database>, nowMs: number): Promise<number> {
  const result = await db
    .deleteFrom('operator_login_failure')
    .where('created_at', '<', new Date(nowMs - operatorFailureWindowMs))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
