import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  errorCodes,
  identityErrorCodes,
  messagingErrorCodes,
  type CodeSent,
  type Language,
  type LoginResult,
  type LoginVerificationCodeRequest,
  type LoginVerificationRequest,
  type LoginVerifyMethod,
  type LoginVerifyRequiredValue,
} from '@lotus/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MerchantContext } from '../../merchant/index.ts';
import { issueCode, type MessageSenders, verifyCode } from '../../messaging/index.ts';
import type { Caller } from '../caller.ts';
import { finishLogin, isPasswordExpired } from '../login/finish-login.ts';
import {
  getMemberById,
  hasSucceededBefore,
  insertLoginEvent,
  listCredentialFailures,
  type MemberRow,
} from '../identity.queries.ts';
import {
  findLockedUntilMs,
  lockAfterFailures,
  lockDurationMs,
  lockedError,
  loginFailureWindowMs,
} from '../login/login-throttle.ts';
import type { LoginVerificationTable } from '../login-security.tables.ts';
import { maskEmail, maskMobile } from '../members/mask-contact.ts';
import { hashToken } from '../sessions/sessions.ts';
import { findTotpState, spendTotpCode } from './totp.ts';

/**
 * The second proof of a login (spec §4 last line, protocol notes `login_verify_required`): after the
 * right password or remember token, a member with two-factor login on, or one logging in from an IP
 * they never logged in from (when the merchant asks for it), gets no session yet but a verifyToken,
 * and proves themselves by a code sent to their own phone or e-mail, their bank account name or
 * their authenticator.
 *
 * The verifyToken is 256 random bits, stored as its SHA-256, single use, valid 10 minutes, bound
 * to the member, the merchant and the IP of the login, and dies after 5 wrong answers. Each wrong
 * answer also counts as a failed login of the account (the lock after 10 applies), so new tokens
 * cannot be fetched to keep guessing.
 */

export const loginVerificationLifetimeMs = 10 * 60_000;
export const maxLoginVerificationAttempts = 5;

const verifyTokenPattern = /^[A-Za-z0-9_-]{43}$/;

type VerificationRow = Selectable<LoginVerificationTable>;

/** Successful logins of the member from this IP exist (login_event_member_ip_idx). */
async function hasSucceededFromIp(db: Kysely<Database>, memberId: bigint, ip: string): Promise<boolean> {
  const row = await db
    .selectFrom('login_event')
    .select('id')
    .where('member_id', '=', memberId)
    .where('ip', '=', ip)
    .where('succeeded', '=', true)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

function mobileDestinationOf(member: MemberRow): string | null {
  return member.mobile_dialing_code !== null && member.mobile_number !== null
    ? `+${member.mobile_dialing_code}${member.mobile_number}`
    : null;
}

function emailDestinationOf(member: MemberRow): string | null {
  const email = member.email?.trim().toLowerCase();
  return email ? email : null;
}

/** Whether the account has what `method` checks against. */
function canVerifyWith(member: MemberRow, method: LoginVerifyMethod, hasTotp: boolean): boolean {
  switch (method) {
    case 'mobile':
      return mobileDestinationOf(member) !== null;
    case 'email':
      return emailDestinationOf(member) !== null;
    case 'bankName':
      return (member.payee_name ?? '').trim() !== '';
    case 'totp':
      return hasTotp;
  }
}

export interface LoginInProgress {
  db: Kysely<Database>;
  merchant: Pick<MerchantContext, 'id' | 'config'>;
  member: MemberRow;
  caller: Caller;
  usernameTried: string;
  loginDeviceId: string | null;
  /** `social`: a social login (identity/social), whose verification never reports the password expired. */
  loginType: 'username' | 'remember' | 'social';
  wantsRememberToken: boolean;
  rememberTokenId: bigint | null;
  nowMs: number;
}

/**
 * Called after the right password or remember token and before any session exists. Returns when
 * no second proof is needed; otherwise stores a verification and throws 403 `login_verify_required`
 * with what the modal offers. Two-factor login always asks for the authenticator; otherwise, with
 * the merchant's `newIpVerification` on, a member who has logged in before but never from this IP
 * is asked for one of the merchant's methods that the account can answer (none: let through).
 */
export async function requireLoginVerificationIfNeeded(login: LoginInProgress): Promise<void> {
  const { db, member, merchant, caller, nowMs } = login;
  const totp = await findTotpState(db, member.id);
  let methods: LoginVerifyMethod[];
  if (totp.enabled) {
    methods = ['totp'];
  } else {
    const settings = merchant.config.loginSecurity;
    if (!settings.newIpVerification) return;
    if (!(await hasSucceededBefore(db, member.id)) || (await hasSucceededFromIp(db, member.id, caller.ip))) return;
    methods = settings.methods.filter(
      (method, index, all) => all.indexOf(method) === index && canVerifyWith(member, method, false),
    );
    if (methods.length === 0) return;
  }

  const verifyToken = randomBytes(32).toString('base64url');
  await db
    .insertInto('login_verification')
    .values({
      merchant_id: merchant.id,
      member_id: member.id,
      token_hash: hashToken(verifyToken),
      ip: caller.ip,
      country: caller.country,
      device: caller.device,
      login_device_id: login.loginDeviceId,
      username_tried: login.usernameTried,
      methods,
      login_type: login.loginType,
      remember_token_id: login.rememberTokenId,
      wants_remember_token: login.wantsRememberToken,
      created_at: new Date(nowMs),
      expires_at: new Date(nowMs + loginVerificationLifetimeMs),
    })
    .execute();
  const mobile = mobileDestinationOf(member);
  // Masked as member info masks them, and only for the methods offered: someone who has only the
  // password learns no more of the account than the modal needs.
  const value: LoginVerifyRequiredValue = {
    verifyToken,
    methods,
    mobile:
      methods.includes('mobile') && mobile !== null
        ? maskMobile(member.mobile_dialing_code!, member.mobile_number!)
        : null,
    email: methods.includes('email') && member.email !== null ? maskEmail(member.email) : null,
  };
  throw new AppError(403, identityErrorCodes.loginVerifyRequired, { value });
}

function verificationExpired(): AppError {
  return new AppError(400, identityErrorCodes.loginVerifyExpired, { field: 'verifyToken' });
}

/** The live verification of this token for this merchant and IP (unspent, unexpired, under 5 wrong answers), or null. */
async function findLiveVerification(
  db: Kysely<Database>,
  merchantId: number,
  verifyToken: string,
  ip: string,
  nowMs: number,
): Promise<VerificationRow | null> {
  if (!verifyTokenPattern.test(verifyToken)) return null;
  const row = await db
    .selectFrom('login_verification')
    .selectAll()
    .where('token_hash', '=', hashToken(verifyToken))
    .where('merchant_id', '=', merchantId)
    .where('ip', '=', ip)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', new Date(nowMs))
    .where('attempts', '<', maxLoginVerificationAttempts)
    .executeTakeFirst();
  return row ?? null;
}

function methodNotOffered(): AppError {
  return new AppError(400, errorCodes.validation, {
    field: 'method',
    messageKey: 'validation.invalid_value',
    params: { field: 'method' },
  });
}

function requireOfferedMethod(row: VerificationRow, method: LoginVerifyMethod): void {
  if (!row.methods.includes(method)) throw methodNotOffered();
}

export interface LoginVerificationContext {
  db: Kysely<Database>;
  merchant: Pick<MerchantContext, 'id' | 'config'>;
  caller: Caller;
  nowMs: number;
}

/** POST /wps/session/login/verification/code: a `verify-login` code to the account's own phone or e-mail. */
export async function sendLoginVerificationCode(
  context: LoginVerificationContext & {
    senders: MessageSenders;
    language: Language;
    log?: Pick<FastifyBaseLogger, 'warn'>;
  },
  request: LoginVerificationCodeRequest,
): Promise<CodeSent> {
  const { db, merchant, nowMs } = context;
  const row = await findLiveVerification(db, merchant.id, request.verifyToken, context.caller.ip, nowMs);
  if (!row) throw verificationExpired();
  requireOfferedMethod(row, request.method);
  const member = await getMemberById(db, merchant.id, row.member_id);
  const destination = request.method === 'mobile' ? mobileDestinationOf(member) : emailDestinationOf(member);
  // The contact was removed after the login began: the method is no longer one the account can do.
  if (destination === null) throw methodNotOffered();
  return issueCode({
    db,
    senders: context.senders,
    merchant,
    channel: request.method === 'mobile' ? 'sms' : 'email',
    destination,
    purpose: 'verify-login',
    language: context.language,
    nowMs,
    ...(context.log ? { log: context.log } : {}),
  });
}

/** Case, spaces and Unicode width do not matter: `SOMCHAI  jaidee` is `Somchai Jaidee`. */
function payeeNameDigest(name: string): Buffer {
  return createHash('sha256').update(name.normalize('NFKC').toLowerCase().replace(/\s+/g, ''), 'utf8').digest();
}

/** A wrong answer, naming the field it came in. */
function verifyFailed(field: string): AppError {
  return new AppError(400, identityErrorCodes.loginVerifyFailed, { field, params: { field } });
}

function requiredField(field: string): AppError {
  return new AppError(400, errorCodes.validation, { field, messageKey: 'validation.required', params: { field } });
}

/**
 * Checks the answer; on a wrong one, counts it against the verification and the account, then
 * throws (the method's own error: `sms.code.*` for codes, `login.verify.failed` otherwise).
 */
async function checkAnswer(
  context: LoginVerificationContext,
  row: VerificationRow,
  member: MemberRow,
  request: LoginVerificationRequest,
): Promise<void> {
  const { db, merchant, nowMs } = context;
  const countWrongAnswer = async (error: AppError): Promise<never> => {
    await db
      .updateTable('login_verification')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('consumed_at', 'is', null)
      .where('attempts', '<', maxLoginVerificationAttempts)
      .execute();
    await insertLoginEvent(db, {
      merchantId: merchant.id,
      memberId: member.id,
      usernameTried: row.username_tried,
      ...context.caller,
      loginDeviceId: row.login_device_id,
      failureReason: 'credentials',
      nowMs,
    });
    throw error;
  };

  switch (request.method) {
    case 'mobile':
    case 'email': {
      if ((request.verificationCode ?? '').trim() === '')
        throw new AppError(400, messagingErrorCodes.codeMissing, { field: 'verificationCode' });
      const destination = request.method === 'mobile' ? mobileDestinationOf(member) : emailDestinationOf(member);
      if (destination === null) return countWrongAnswer(verifyFailed('verificationCode'));
      try {
        await verifyCode({
          db,
          merchantId: merchant.id,
          channel: request.method === 'mobile' ? 'sms' : 'email',
          destination,
          purpose: 'verify-login',
          code: request.verificationCode,
          nowMs,
        });
      } catch (error) {
        if (error instanceof AppError) return countWrongAnswer(error);
        throw error;
      }
      return;
    }
    case 'bankName': {
      if ((request.payeeName ?? '').trim() === '') throw requiredField('payeeName');
      const isRight =
        member.payee_name !== null &&
        timingSafeEqual(payeeNameDigest(request.payeeName!), payeeNameDigest(member.payee_name));
      if (!isRight) return countWrongAnswer(verifyFailed('payeeName'));
      return;
    }
    case 'totp': {
      if ((request.verificationCode ?? '').trim() === '') throw requiredField('verificationCode');
      if (!(await spendTotpCode(db, member.id, request.verificationCode, nowMs))) {
        return countWrongAnswer(verifyFailed('verificationCode'));
      }
      return;
    }
  }
}

/**
 * POST /wps/session/login/verification: a right answer spends the verification and finishes the
 * login as it would have finished without it (session, journal, passwordExpired, a new remember
 * token when the login asked for one). The account is checked again first: locked or closed by an
 * operator, locked by failures, or a password changed since the login began all end it here.
 */
export async function completeLoginVerification(
  context: LoginVerificationContext,
  request: LoginVerificationRequest,
): Promise<LoginResult> {
  const { db, merchant, caller, nowMs } = context;
  const row = await findLiveVerification(db, merchant.id, request.verifyToken, caller.ip, nowMs);
  if (!row) throw verificationExpired();
  requireOfferedMethod(row, request.method);
  const member = await getMemberById(db, merchant.id, row.member_id);
  await checkAnswer(context, row, member, request);

  const now = new Date(nowMs);
  const spent = await db
    .updateTable('login_verification')
    .set({ consumed_at: now })
    .where('id', '=', row.id)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxLoginVerificationAttempts)
    .returning('id')
    .executeTakeFirst();
  if (!spent || member.password_changed_at.getTime() > row.created_at.getTime()) throw verificationExpired();
  if (row.login_type === 'remember' && row.remember_token_id === null) throw verificationExpired();

  if (member.status !== 'active') {
    await insertLoginEvent(db, {
      merchantId: merchant.id,
      memberId: member.id,
      usernameTried: row.username_tried,
      ...caller,
      loginDeviceId: row.login_device_id,
      failureReason: 'status',
      nowMs,
    });
    throw new AppError(
      403,
      member.status === 'locked' ? identityErrorCodes.memberLocked : identityErrorCodes.memberClosed,
    );
  }
  const failures = await listCredentialFailures(
    db,
    merchant.id,
    { memberId: member.id },
    nowMs - loginFailureWindowMs - lockDurationMs,
    lockAfterFailures,
  );
  const lockedUntilMs = findLockedUntilMs(failures, nowMs);
  if (lockedUntilMs !== null) throw lockedError(lockedUntilMs - nowMs);

  return finishLogin(db, {
    merchant,
    member,
    caller,
    usernameTried: row.username_tried,
    loginDeviceId: row.login_device_id,
    nowMs,
    // A social login used no password: as when it needs no verification (finish-social-login.ts).
    passwordExpired: row.login_type === 'social' ? false : isPasswordExpired(member, merchant.config, nowMs),
    wantsRememberToken: row.wants_remember_token,
    usedRememberTokenId: row.remember_token_id,
  });
}
