import {
  errorCodes,
  withdrawalErrorCodes,
  type ChangePaymentPasswordRequest,
  type PaymentPasswordStatus,
  type SetPaymentPasswordRequest,
  type WithdrawalsConfig,
} from '@lotus/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import {
  getPaymentDetails,
  hashPassword,
  lockPaymentDetails,
  setPaymentPasswordHash,
  verifyPassword,
  type LockedPaymentDetails,
} from '../identity/index.ts';

/** Wrong payment (or login) passwords are counted over this window ... */
export const paymentPasswordFailureWindowMs = 15 * 60_000;
/** ... and this many stop every call that asks for one until the oldest leaves the window. */
export const maxPaymentPasswordFailures = 5;

export interface MemberScope {
  merchantId: number;
  memberId: bigint;
  nowMs: number;
}

/** The member row's money secrets, locked: every secret check and every change of them queue here one by one. */
export type LockedMember = LockedPaymentDetails;

/**
 * Locks the member's row for the rest of the transaction. Checking a payment password, counting a
 * wrong one, binding accounts and asking a withdrawal all take this lock first, so parallel calls of
 * one member are counted and limited one after the other, never past each other.
 */
export function lockMember(trx: Transaction<Database>, scope: MemberScope): Promise<LockedMember> {
  // The row is identity's: its public lockPaymentDetails takes the lock.
  return lockPaymentDetails(trx, scope);
}

/** How a secret check ended. Only `ok` lets the caller go on; the others commit (a failure is counted) and then throw. */
export type SecretCheck =
  | { kind: 'ok' }
  | { kind: 'missing' }
  | { kind: 'wrong'; field: string }
  | { kind: 'throttled'; retryAfterMs: number; field: string };

/**
 * Checks a secret of the locked member: throttled after 5 wrong ones in 15 minutes (before any
 * argon2 work), else verified; a wrong one is counted in this transaction, which the caller must
 * commit. `hash` null is `missing` (nothing counted).
 */
export async function checkSecret(
  trx: Transaction<Database>,
  scope: MemberScope,
  hash: string | null,
  given: string,
  field: string,
): Promise<SecretCheck> {
  if (hash === null) return { kind: 'missing' };
  const failures = await trx
    .selectFrom('payment_password_failure')
    .select('created_at')
    .where('member_id', '=', scope.memberId)
    .where('created_at', '>', new Date(scope.nowMs - paymentPasswordFailureWindowMs))
    .orderBy('created_at', 'desc')
    .limit(maxPaymentPasswordFailures)
    .execute();
  const oldestCounted = failures[maxPaymentPasswordFailures - 1];
  if (oldestCounted)
    return {
      kind: 'throttled',
      field,
      retryAfterMs: oldestCounted.created_at.getTime() + paymentPasswordFailureWindowMs - scope.nowMs,
    };
  if (await verifyPassword(hash, given)) return { kind: 'ok' };
  await trx
    .insertInto('payment_password_failure')
    .values({ merchant_id: scope.merchantId, member_id: scope.memberId, created_at: new Date(scope.nowMs) })
    .execute();
  return { kind: 'wrong', field };
}

/** The answer of a refused check, thrown after its transaction committed the count. */
export function secretCheckError(
  check: Exclude<SecretCheck, { kind: 'ok' }>,
  wrongCode: string = withdrawalErrorCodes.paymentPasswordInvalid,
): AppError {
  switch (check.kind) {
    case 'missing':
      return new AppError(400, withdrawalErrorCodes.paymentPasswordMissing, { field: 'paymentPassword' });
    case 'wrong':
      return new AppError(400, wrongCode, { field: check.field });
    case 'throttled': {
      const seconds = Math.max(1, Math.ceil(check.retryAfterMs / 1000));
      return new AppError(429, errorCodes.tooManyRequests, { params: { seconds }, retryAfterSeconds: seconds });
    }
  }
}

/** An empty secret is a missing field, refused before anything is counted. */
export function requireText(value: string, field: string): void {
  if (value === '') throw AppError.badRequest(field, 'validation.required');
}

/** A new payment password against the merchant's rule (a 6-digit PIN by default). */
export function checkNewPaymentPassword(
  rule: WithdrawalsConfig['paymentPassword'],
  value: string,
  field: string,
): void {
  requireText(value, field);
  const length = [...value].length;
  const isShapeRight = rule.digitsOnly ? /^[0-9]+$/.test(value) : !/[\p{Cc}\s]/u.test(value);
  if (!isShapeRight || length < rule.minLength || length > rule.maxLength) {
    const key = `payment.password.rule.${rule.digitsOnly ? 'digits' : 'text'}${rule.minLength === rule.maxLength ? '.exact' : ''}`;
    throw AppError.badRequest(field, key, { min: rule.minLength, max: rule.maxLength });
  }
}

export interface PaymentPasswordContext {
  db: Kysely<Database>;
  config: WithdrawalsConfig;
  scope: MemberScope;
}

/** GET /wps/v2/member/paymentPassword */
export async function getPaymentPasswordStatus(context: PaymentPasswordContext): Promise<PaymentPasswordStatus> {
  const { hasPaymentPassword } = await getPaymentDetails(context.db, context.scope);
  const rule = context.config.paymentPassword;
  return {
    hasPaymentPassword,
    minLength: rule.minLength,
    maxLength: rule.maxLength,
    digitsOnly: rule.digitsOnly,
  };
}

/**
 * PUT /wps/v2/member/paymentPassword: only for a member without one, proving the login password (a
 * stolen token alone must not choose the secret that moves money). Wrong login passwords count
 * with wrong payment passwords.
 */
export async function setPaymentPassword(
  context: PaymentPasswordContext,
  request: SetPaymentPasswordRequest,
): Promise<void> {
  const { db, config, scope } = context;
  requireText(request.password, 'password');
  checkNewPaymentPassword(config.paymentPassword, request.paymentPassword, 'paymentPassword');
  if (request.confirmPaymentPassword !== request.paymentPassword)
    throw AppError.badRequest('confirmPaymentPassword', 'payment.password.mismatch');
  const newHash = await hashPassword(request.paymentPassword);

  const outcome = await db.transaction().execute(async (trx) => {
    const member = await lockMember(trx, scope);
    if (member.paymentPasswordHash !== null) return { kind: 'exists' as const };
    const check = await checkSecret(trx, scope, member.passwordHash, request.password, 'password');
    if (check.kind !== 'ok') return check;
    await setPaymentPasswordHash(trx, scope, newHash, { onlyIfUnset: true });
    return { kind: 'ok' as const };
  });
  if (outcome.kind === 'exists') throw new AppError(409, withdrawalErrorCodes.paymentPasswordExists);
  if (outcome.kind !== 'ok') throw secretCheckError(outcome, withdrawalErrorCodes.loginPasswordInvalid);
}

/** POST /wps/v2/member/paymentPassword: proving the old one. */
export async function changePaymentPassword(
  context: PaymentPasswordContext,
  request: ChangePaymentPasswordRequest,
): Promise<void> {
  const { db, config, scope } = context;
  requireText(request.oldPaymentPassword, 'oldPaymentPassword');
  checkNewPaymentPassword(config.paymentPassword, request.newPaymentPassword, 'newPaymentPassword');
  if (request.confirmPaymentPassword !== request.newPaymentPassword)
    throw AppError.badRequest('confirmPaymentPassword', 'payment.password.mismatch');
  if (request.newPaymentPassword === request.oldPaymentPassword)
    throw new AppError(400, withdrawalErrorCodes.paymentPasswordUnchanged, { field: 'newPaymentPassword' });
  const newHash = await hashPassword(request.newPaymentPassword);

  const outcome = await db.transaction().execute(async (trx) => {
    const member = await lockMember(trx, scope);
    const check = await checkSecret(
      trx,
      scope,
      member.paymentPasswordHash,
      request.oldPaymentPassword,
      'oldPaymentPassword',
    );
    if (check.kind !== 'ok') return check;
    await setPaymentPasswordHash(trx, scope, newHash);
    return check;
  });
  if (outcome.kind !== 'ok') throw secretCheckError(outcome);
}

/** Wrong payment passwords older than a day count for nothing (the prune keeps the table small). */
export async function deleteOldPaymentPasswordFailures(db: Kysely<Database>, nowMs: number): Promise<number> {
  const result = await db
    .deleteFrom('payment_password_failure')
    .where('created_at', '<', new Date(nowMs - 24 * 60 * 60_000))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
