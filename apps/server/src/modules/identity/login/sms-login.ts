import {
  messagingErrorCodes,
  type CodeSent,
  type Language,
  type LoginResult,
  type SendLoginSmsRequest,
  type SmsLoginRequest,
} from '@lotus/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../../config.ts';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MerchantContext } from '../../merchant/index.ts';
import { normaliseMobile, issueCode, type MessageSenders, verifyCode } from '../../messaging/index.ts';
import { challengeCheckOptions, requireSliderToken } from '../../verification/index.ts';
import { finishLogin } from './finish-login.ts';
import type { MemberRow } from '../identity.queries.ts';
import { beginCredentialAttempt, type LoginContext } from './login-throttle.ts';

/**
 * Login by SMS code (spec §4, §5, §7; switch `smsCodeLogin`). The code request carries a slider
 * token; the login does not (spec §4: skipped for SMS), the code is the proof. Nothing tells whether
 * a number has an account: a number without an active one gets the same answer, countdown and
 * throttles (its code is stored but not sent), and a right code for it answers like a wrong one.
 */

/** The number as the login calls name it (`mobileNum`), normalised, with its two stored parts. */
function parseLoginMobile(countryDialingCode: string | undefined, mobileNum: string | undefined) {
  const destination = normaliseMobile(countryDialingCode, mobileNum, 'mobileNum');
  const dialingCode = (countryDialingCode ?? '').trim().replace(/^\+/, '');
  return { destination, dialingCode, nationalNumber: destination.slice(1 + dialingCode.length) };
}

function requireSmsLoginSwitch(merchant: Pick<MerchantContext, 'config'>): void {
  if (!merchant.config.switches.smsCodeLogin) throw new AppError(403, messagingErrorCodes.operationDisabled);
}

/** The member of this merchant with this number (members store the dialing code and the number without its trunk 0). */
function findMemberByMobile(
  db: Kysely<Database>,
  merchantId: number,
  dialingCode: string,
  nationalNumber: string,
): Promise<MemberRow | undefined> {
  return db
    .selectFrom('member')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('mobile_dialing_code', '=', dialingCode)
    .where('mobile_number', '=', nationalNumber)
    .executeTakeFirst();
}

export interface SendLoginSmsContext {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'CHALLENGE_BYPASS'>;
  senders: MessageSenders;
  merchant: Pick<MerchantContext, 'id' | 'config'>;
  language: Language;
  nowMs: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** POST /wps/verification/sms/noLogin: a `login` code to the number, sent only when an active account has it. */
export async function sendLoginSms(context: SendLoginSmsContext, request: SendLoginSmsRequest): Promise<CodeSent> {
  const { db, merchant, nowMs } = context;
  requireSmsLoginSwitch(merchant);
  // Checked before the slider token is spent, so a typo does not cost the member a new puzzle.
  const phone = parseLoginMobile(request.countryDialingCode, request.mobileNum);
  await requireSliderToken(db, merchant.id, request.sliderToken, 'sms', challengeCheckOptions(context.config, nowMs));
  const member = await findMemberByMobile(db, merchant.id, phone.dialingCode, phone.nationalNumber);
  return issueCode({
    db,
    senders: context.senders,
    merchant,
    channel: 'sms',
    destination: phone.destination,
    purpose: 'login',
    language: context.language,
    nowMs,
    deliver: member?.status === 'active',
    ...(context.log ? { log: context.log } : {}),
  });
}

/**
 * POST /wps/session/login with `type: 'sms'`. A locked-by-failures account is refused like every
 * login; a wrong, used or expired code counts as a failed login of the number's account (the
 * code's own 5 tries still apply). `passwordExpired` is always false: the password was not used
 * (spec §4), and the new-IP verification is skipped: the code already proved the phone.
 */
export async function logInBySms(context: LoginContext, request: SmsLoginRequest): Promise<LoginResult> {
  const { db, merchant, caller, nowMs } = context;
  requireSmsLoginSwitch(merchant);
  const phone = parseLoginMobile(request.countryDialingCode, request.mobileNum);
  const member = await findMemberByMobile(db, merchant.id, phone.dialingCode, phone.nationalNumber);
  const loginDeviceId = request.loginDeviceId ?? null;
  const attempt = await beginCredentialAttempt(
    { db, merchant, caller, nowMs, checks: challengeCheckOptions(context.config, nowMs), pause: context.pause },
    { member, usernameTried: phone.destination, accountKey: phone.destination, loginDeviceId, captcha: null },
  );

  const typed = (request.verificationCode ?? '').trim();
  try {
    await verifyCode({
      db,
      merchantId: merchant.id,
      channel: 'sms',
      destination: phone.destination,
      purpose: 'login',
      code: typed,
      nowMs,
    });
  } catch (error) {
    // Nothing typed is a slip of the form, not a guess: it is not counted.
    if (error instanceof AppError && typed !== '') await attempt.record('credentials');
    throw error;
  }
  if (!member) {
    await attempt.record('credentials');
    throw new AppError(400, messagingErrorCodes.codeInvalid, { field: 'verificationCode' });
  }
  await attempt.requireActive(member);
  return finishLogin(db, {
    merchant,
    member,
    caller,
    usernameTried: phone.destination,
    loginDeviceId,
    nowMs,
    passwordExpired: false,
    wantsRememberToken: false,
  });
}
