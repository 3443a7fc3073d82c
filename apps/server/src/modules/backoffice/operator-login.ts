import { backofficeErrorCodes, type OperatorLoginValue } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../identity/index.ts';
import { recordAudit } from './audit.ts';
import {
  createOperatorSession,
  promoteOperatorSession,
  revokeOperatorSession,
  type OperatorSession,
} from './operator-sessions.ts';
import { assertNotThrottled, recordFailure, type ThrottleSubject } from './operator-throttle.ts';
import { ipRefused, sessionIpAllowed } from './require-operator.ts';
import { confirmOperatorTotpEnrolment, spendOperatorTotpCode, totpInvalid } from './operator-totp.ts';

/** Wrong codes one password-stage session may give before it is ended (the password is asked again). */
export const totpFailuresPerSession = 5;

interface LoginInput {
  merchantId: number;
  username: string;
  password: string;
  ip: string;
  nowMs: number;
}

function loginFailed(): AppError {
  return new AppError(400, backofficeErrorCodes.loginFailed, { field: 'password' });
}

/**
 * Step one: the password. Answers a `password`-stage token that can only finish the login: enrol an
 * authenticator (first login) or give its code. Wrong names and passwords get one answer and cost
 * the same time (a dummy verification for unknown names); a disabled operator is refused alike.
 */
export async function logInOperator(db: Kysely<Database>, input: LoginInput): Promise<OperatorLoginValue> {
  const usernameKey = input.username.trim().toLowerCase();
  const subject: ThrottleSubject = { merchantId: input.merchantId, usernameKey, ip: input.ip };
  await assertNotThrottled(db, subject, input.nowMs);
  const operator = await db
    .selectFrom('operator as o')
    .innerJoin('operator_role as r', (join) =>
      join.onRef('r.merchant_id', '=', 'o.merchant_id').onRef('r.code', '=', 'o.role'),
    )
    .select([
      'o.id',
      'o.password_hash',
      'o.status',
      'o.totp_secret',
      'o.ip_allow_list as operator_ip_allow_list',
      'r.ip_allow_list as role_ip_allow_list',
    ])
    .where('o.merchant_id', '=', input.merchantId)
    .where('o.username_key', '=', usernameKey)
    .executeTakeFirst();
  const isRight = operator
    ? await verifyPassword(operator.password_hash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!operator || !isRight || operator.status !== 'active') {
    await recordFailure(db, subject, 'password', input.nowMs);
    throw loginFailed();
  }
  // The right password from an address the allow-lists do not hold: no session. The answer says only
  // that this network is refused (not the lists); it counts as a failure and the audit keeps the attempt.
  const allowLists = {
    operatorIpAllowList: operator.operator_ip_allow_list,
    roleIpAllowList: operator.role_ip_allow_list,
  };
  if (!sessionIpAllowed(allowLists, input.ip)) {
    await recordFailure(db, subject, 'password', input.nowMs);
    await recordAudit(db, {
      merchantId: input.merchantId,
      operatorId: operator.id,
      action: 'session.login.refused',
      targetType: 'operator',
      targetId: operator.id,
      before: null,
      after: { reason: 'ip' },
      ip: input.ip,
      nowMs: input.nowMs,
    });
    throw ipRefused();
  }
  if (needsRehash(operator.password_hash)) {
    await db
      .updateTable('operator')
      .set({ password_hash: await hashPassword(input.password) })
      .where('id', '=', operator.id)
      .execute();
  }
  const session = await createOperatorSession(db, {
    merchantId: input.merchantId,
    operatorId: operator.id,
    stage: 'password',
    ip: input.ip,
    nowMs: input.nowMs,
  });
  return {
    token: session.token,
    stage: operator.totp_secret === null ? 'enrol' : 'verify',
    expiresAt: session.expiresAtMs,
  };
}

/**
 * A wrong code: counted for the account (the login throttle) and for the session, which ends at
 * `totpFailuresPerSession`, so guessing needs the password again and again.
 */
async function failCode(db: Kysely<Database>, session: OperatorSession, ip: string, nowMs: number): Promise<never> {
  await db
    .updateTable('operator_session')
    .set((eb) => ({ totp_failures: eb('totp_failures', '+', 1) }))
    .where('id', '=', session.sessionId)
    .execute();
  if (session.totpFailures + 1 >= totpFailuresPerSession) await revokeOperatorSession(db, session.sessionId, nowMs);
  await recordFailure(
    db,
    { merchantId: session.merchantId, usernameKey: session.username.toLowerCase(), ip },
    'totp',
    nowMs,
  );
  throw totpInvalid();
}

/**
 * Step two, first login: the code of the authenticator just scanned. It becomes the operator's
 * authenticator and the session may work. Audited (`operator.totp.enrol`, `session.login`).
 */
export async function confirmEnrolmentAndLogIn(
  db: Kysely<Database>,
  session: OperatorSession,
  code: string,
  ip: string,
  nowMs: number,
): Promise<number> {
  await assertNotThrottled(
    db,
    { merchantId: session.merchantId, usernameKey: session.username.toLowerCase(), ip },
    nowMs,
  );
  if (!(await confirmOperatorTotpEnrolment(db, session.operatorId, code, nowMs)))
    return failCode(db, session, ip, nowMs);
  return db.transaction().execute(async (trx) => {
    const expiresAtMs = await promoteOperatorSession(trx, session.sessionId, nowMs, session.absoluteMs);
    const audit = {
      merchantId: session.merchantId,
      operatorId: session.operatorId,
      targetType: 'operator',
      targetId: session.operatorId,
      ip,
      nowMs,
    };
    await recordAudit(trx, {
      ...audit,
      action: 'operator.totp.enrol',
      before: { totpEnrolled: false },
      after: { totpEnrolled: true },
    });
    await recordAudit(trx, {
      ...audit,
      action: 'session.login',
      before: null,
      after: { sessionId: session.sessionId },
    });
    return expiresAtMs;
  });
}

/** Step two, later logins: a code of the operator's authenticator. Audited (`session.login`). */
export async function verifyCodeAndLogIn(
  db: Kysely<Database>,
  session: OperatorSession,
  code: string,
  ip: string,
  nowMs: number,
): Promise<number> {
  await assertNotThrottled(
    db,
    { merchantId: session.merchantId, usernameKey: session.username.toLowerCase(), ip },
    nowMs,
  );
  if (!(await spendOperatorTotpCode(db, session.operatorId, code, nowMs))) return failCode(db, session, ip, nowMs);
  return db.transaction().execute(async (trx) => {
    const expiresAtMs = await promoteOperatorSession(trx, session.sessionId, nowMs, session.absoluteMs);
    await recordAudit(trx, {
      merchantId: session.merchantId,
      operatorId: session.operatorId,
      action: 'session.login',
      targetType: 'operator',
      targetId: session.operatorId,
      before: null,
      after: { sessionId: session.sessionId },
      ip,
      nowMs,
    });
    return expiresAtMs;
  });
}
