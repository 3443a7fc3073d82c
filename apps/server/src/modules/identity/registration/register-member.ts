import {
  errorCodes,
  identityErrorCodes,
  messagingErrorCodes,
  type LoginResult,
  type RegisterFieldName,
  type RegisterMobileRequest,
  type RegisterRequest,
} from '@lotus/contract';
import type { Kysely, Transaction } from 'kysely';
import type { AppConfig } from '../../../config.ts';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MerchantContext } from '../../merchant/index.ts';
import { normaliseMobile, verifyCode } from '../../messaging/index.ts';
import { challengeCheckOptions, requireSliderToken, requireCaptcha } from '../../verification/index.ts';
import type { Caller } from '../caller.ts';
import { insertLoginEvent, isMobileTaken, isUsernameTaken } from '../identity.queries.ts';
import { hashUnusablePassword, insertMember, rethrowTakenConflict } from '../members/insert-member.ts';
import { hashPassword } from '../passwords/passwords.ts';
import { checkRegisterField, isUnsafeText, type RuleViolation } from './register-rules.ts';
import type { RegistrationAgents } from './registration-agents.ts';
import { createSession } from '../sessions/sessions.ts';

/**
 * Registration by username (PUT /wps/member/register) and by mobile number (PUT
 * /wps/member/register/mobile). Both check every field before anything is spent or stored, then
 * spend the human checks, then create the member, place it in the agent tree and log it in; only
 * how the username and the password come differs.
 */

/** Fields both kinds check against the merchant's register rule of the same name, in this order. */
const profileFields = [
  'payeeName',
  'email',
  'mobileNum',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'zalo',
  'telegram',
  'idNumber',
  'birthday',
  'nickname',
  'recommenderId',
  'paymentPassword',
  'affiliateCode',
  'referralCode',
] as const satisfies readonly RegisterFieldName[];
type ProfileField = (typeof profileFields)[number];
type ProfileValues = Record<ProfileField, string | undefined>;
const secretFields: ReadonlySet<string> = new Set(['password', 'paymentPassword']);

/** What both requests carry besides username and password (the mobile request's shape is the common one). */
type CommonRequest = RegisterMobileRequest;

function ruleError(
  violation: RuleViolation | { field: string; messageKey: string; params: Record<string, string | number> },
): AppError {
  return new AppError(400, errorCodes.validation, {
    field: violation.field,
    messageKey: violation.messageKey,
    params: violation.params,
  });
}

function requiredError(field: string): AppError {
  return ruleError({ field, messageKey: 'register.field.required', params: { field } });
}

/** Whole years between a `YYYY-MM-DD` birthday and now (UTC), or null for a date that does not exist. */
export function ageInYears(birthday: string, nowMs: number): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  const now = new Date(nowMs);
  let age = now.getUTCFullYear() - year;
  if (now.getUTCMonth() < month - 1 || (now.getUTCMonth() === month - 1 && now.getUTCDate() < day)) age -= 1;
  return age;
}

/** A value as checked and stored: text trimmed, secrets as sent, '' as absent. */
function normaliseValue(field: string, raw: string | undefined): string | undefined {
  const value = raw === undefined ? undefined : secretFields.has(field) ? raw : raw.trim();
  return value === '' ? undefined : value;
}

function normaliseProfile(request: CommonRequest): ProfileValues {
  const values = {} as ProfileValues;
  for (const field of profileFields) values[field] = normaliseValue(field, request[field]);
  return values;
}

export interface RegisterContext {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'CHALLENGE_BYPASS'>;
  merchant: MerchantContext;
  caller: Caller;
  language: 'TH' | 'EN';
  nowMs: number;
  /** The request's host: an affiliate code bound to a domain is checked against it when the body names none. */
  host: string;
  /** Invitation codes and the agent tree, from modules/agents. */
  agents: RegistrationAgents;
}

export interface MobileNumber {
  /** Without '+'. */
  dialingCode: string;
  /** Without the leading 0, as stored. */
  nationalNumber: string;
  /** `+66812345678`, where register codes are sent (modules/messaging). */
  destination: string;
}

/**
 * The fields of a mobile registration after the password: each against its rule, then the extras
 * (checkCommonExtras). The number is the account here, so it is required whatever its rule says,
 * and a rule switched off for the username form does not refuse it (normaliseMobile still checks
 * its form). Throws the first violation; spends nothing.
 */
function checkMobileRegistrationFields(
  context: RegisterContext,
  request: CommonRequest,
  values: ProfileValues,
): MobileNumber {
  const rules = context.merchant.config.registerRules;
  if (values.mobileNum === undefined) throw requiredError('mobileNum');
  for (const field of profileFields) {
    if (field === 'mobileNum' && !rules.mobileNum?.enabled) continue;
    const violation = checkRegisterField(field, values[field], rules[field], { isSecret: secretFields.has(field) });
    if (violation) throw ruleError(violation);
  }
  const mobile = checkCommonExtras(context, request, values);
  if (mobile === null) throw requiredError('countryDialingCode');
  return mobile;
}

/**
 * What both kinds check after the fields' rules: the free-text extras, the dialing code that goes
 * with a number, the birthday and age, and the SMS code's presence and form when the merchant
 * verifies numbers. Answers the number in its stored forms, if one came.
 */
function checkCommonExtras(
  context: RegisterContext,
  request: CommonRequest,
  values: ProfileValues,
): MobileNumber | null {
  const { merchant, nowMs } = context;
  for (const field of ['registerUrl', 'domain', 'loginDeviceId'] as const) {
    const value = request[field];
    if (value !== undefined && isUnsafeText(value))
      throw ruleError({ field, messageKey: 'register.field.unsafe', params: { field } });
  }
  const dialingCode = request.countryDialingCode?.replace(/^\+/, '');
  if (values.mobileNum !== undefined && dialingCode === undefined) throw requiredError('countryDialingCode');
  if (values.birthday !== undefined) {
    const age = ageInYears(values.birthday, nowMs);
    if (age === null)
      throw ruleError({ field: 'birthday', messageKey: 'register.birthday.invalid', params: { field: 'birthday' } });
    if (age < merchant.config.minimumAge) {
      throw ruleError({
        field: 'birthday',
        messageKey: 'register.birthday.underage',
        params: { field: 'birthday', age: merchant.config.minimumAge },
      });
    }
  }
  if (values.mobileNum === undefined || dialingCode === undefined) return null;
  // One normal form for the stored number, the code's destination and the taken check.
  const mobile = parseMobileNumber(dialingCode, values.mobileNum);

  // Spec §5: "SMS code required when SMS verification on". The code proves the number, so it is
  // asked for whenever a number comes; its own rule (6 digits in the demo) applies to its form.
  if (merchant.config.switches.smsVerificationOnRegister) {
    const code = normaliseValue('verificationCode', request.verificationCode);
    if (code === undefined) throw requiredError('verificationCode');
    const rule = merchant.config.registerRules.verificationCode;
    if (rule?.enabled) {
      const violation = checkRegisterField('verificationCode', code, rule);
      if (violation) throw ruleError(violation);
    }
  }
  return mobile;
}

/**
 * A number as typed (`+66`, `081-234-5678`) in the forms it is stored and sent to, or the messaging
 * errors (`sms.phone.missing`, `sms.phone.invalid`) naming `mobileNum` or `countryDialingCode`.
 * normaliseMobile names the messaging calls' `mobileNo`; the accounts calls' field is `mobileNum`.
 */
export function parseMobileNumber(countryDialingCode: string | undefined, mobileNum: string | undefined): MobileNumber {
  let destination: string;
  try {
    destination = normaliseMobile(countryDialingCode, mobileNum);
  } catch (error) {
    if (error instanceof AppError && error.options.field === 'mobileNo') {
      throw new AppError(error.statusCode, error.errorCode, {
        ...error.options,
        field: 'mobileNum',
        params: { field: 'mobileNum' },
      });
    }
    throw error;
  }
  const dialingCode = (countryDialingCode ?? '').trim().replace(/^\+/, '');
  return { dialingCode, nationalNumber: destination.slice(1 + dialingCode.length), destination };
}

interface Candidate {
  username: string;
  /** Null: the account logs in by SMS code and gets a password nobody knows. */
  password: string | null;
  values: ProfileValues;
  mobile: MobileNumber | null;
  /** The username is the mobile number: a taken username is a taken number. */
  isUsernameTheMobile: boolean;
}

/**
 * A new member's first login, in the transaction that created it (both registrations, by username or
 * mobile and through a social provider): the login journal's success and a session, answered as a
 * first-time login that asks nothing more (no expired password, no captcha).
 */
export async function logInNewMember(
  trx: Transaction<Database>,
  login: {
    merchant: MerchantContext;
    memberId: bigint;
    /** As the journal records the name tried. */
    username: string;
    caller: Caller;
    loginDeviceId: string | null;
    nowMs: number;
  },
): Promise<LoginResult> {
  const { merchant, memberId, caller, loginDeviceId, nowMs } = login;
  await insertLoginEvent(trx, {
    merchantId: merchant.id,
    memberId,
    usernameTried: login.username,
    ...caller,
    loginDeviceId,
    failureReason: null,
    nowMs,
  });
  const token = await createSession(trx, {
    merchantId: merchant.id,
    memberId,
    nowMs,
    absoluteHours: merchant.config.sessions.absoluteHours,
    ...caller,
    loginDeviceId,
  });
  return { token, firstTimeLogin: true, passwordExpired: false, captchaRequired: false };
}

/**
 * The part both kinds share once their fields passed: the affiliate code (before anything is spent),
 * the slider token and captcha, the taken checks, the SMS code, then one transaction that creates
 * the member under the affiliate's agent (or at the top), journals the login and opens a session.
 */
async function completeRegistration(
  context: RegisterContext,
  request: CommonRequest,
  candidate: Candidate,
): Promise<LoginResult> {
  const { db, merchant, caller, nowMs } = context;
  const { username, values, mobile } = candidate;
  const upline =
    values.affiliateCode === undefined
      ? null
      : await context.agents.findInvitingAgent(
          db,
          merchant.id,
          values.affiliateCode,
          request.domain ?? context.host,
          nowMs,
        );

  const checks = challengeCheckOptions(context.config, nowMs);
  await requireSliderToken(db, merchant.id, request.sliderToken, 'register', checks);
  const captchaRule = merchant.config.registerRules.captcha;
  if (captchaRule?.enabled && (captchaRule.required || (request.captcha ?? '') !== '')) {
    await requireCaptcha(db, merchant.id, request.captchaId, request.captcha, checks);
  }

  const mobileTaken = () => new AppError(409, identityErrorCodes.mobileTaken, { field: 'mobileNum' });
  if (mobile && (await isMobileTaken(db, merchant.id, mobile.dialingCode, mobile.nationalNumber))) throw mobileTaken();
  if (await isUsernameTaken(db, merchant.id, username)) {
    throw candidate.isUsernameTheMobile
      ? mobileTaken()
      : new AppError(409, identityErrorCodes.usernameTaken, { field: 'username' });
  }
  // Spent last among the checks: a member whose number is taken keeps a code they may still use.
  if (mobile && merchant.config.switches.smsVerificationOnRegister) {
    await verifyCode({
      db,
      merchantId: merchant.id,
      channel: 'sms',
      destination: mobile.destination,
      purpose: 'register',
      code: request.verificationCode,
      nowMs,
    });
  }

  const passwordHash =
    candidate.password === null ? await hashUnusablePassword() : await hashPassword(candidate.password);
  const paymentPasswordHash = values.paymentPassword === undefined ? null : await hashPassword(values.paymentPassword);
  const now = new Date(nowMs);
  try {
    return await db.transaction().execute(async (trx) => {
      const memberId = await insertMember(
        trx,
        {
          merchant_id: merchant.id,
          username,
          mobile_dialing_code: mobile?.dialingCode ?? null,
          mobile_number: mobile?.nationalNumber ?? null,
          email: values.email ?? null,
          payee_name: values.payeeName ?? null,
          qq_num: values.qqNum ?? null,
          line: values.line ?? null,
          whatsapp: values.whatsapp ?? null,
          facebook: values.facebook ?? null,
          wechat: values.wechat ?? null,
          zalo: values.zalo ?? null,
          telegram: values.telegram ?? null,
          id_number: values.idNumber ?? null,
          birthday: values.birthday ?? null,
          nickname: values.nickname ?? null,
          language: context.language,
          password_hash: passwordHash,
          payment_password_hash: paymentPasswordHash,
          password_changed_at: now,
          register_method: request.registerMethod,
          register_url: request.registerUrl ?? null,
          register_domain: request.domain?.toLowerCase() ?? null,
          register_ip: caller.ip,
          register_device: caller.device,
          created_at: now,
        },
        upline,
      );
      return logInNewMember(trx, {
        merchant,
        memberId,
        username,
        caller,
        loginDeviceId: request.loginDeviceId ?? null,
        nowMs,
      });
    });
  } catch (error) {
    if (candidate.isUsernameTheMobile && (error as { constraint?: string }).constraint === 'member_username_key_idx')
      throw mobileTaken();
    return rethrowTakenConflict(error);
  }
}

/**
 * PUT /wps/member/register: checks every field against the merchant's rules (nothing is stored and
 * no challenge is spent when one fails), checks the affiliate code, spends the slider token, the
 * captcha and the SMS code, creates the member with an argon2id hash and logs them in.
 */
export async function registerMember(context: RegisterContext, request: RegisterRequest): Promise<LoginResult> {
  const rules = context.merchant.config.registerRules;
  const username = normaliseValue('username', request.username);
  for (const [field, value] of [
    ['username', username],
    ['password', normaliseValue('password', request.password)],
  ] as const) {
    const violation = checkRegisterField(field, value, rules[field], { isSecret: secretFields.has(field) });
    if (violation) throw ruleError(violation);
  }
  // The rule may not demand them, but an account cannot exist without either.
  if (username === undefined) throw requiredError('username');
  if (request.password === '') throw requiredError('password');
  const values = normaliseProfile(request);
  for (const field of profileFields) {
    const violation = checkRegisterField(field, values[field], rules[field], { isSecret: secretFields.has(field) });
    if (violation) throw ruleError(violation);
  }
  if (request.confirmPassword !== request.password) {
    throw new AppError(400, errorCodes.validation, {
      field: 'confirmPassword',
      messageKey: 'register.password.mismatch',
    });
  }
  const mobile = checkCommonExtras(context, request, values);
  return completeRegistration(context, request, {
    username,
    password: request.password,
    values,
    mobile,
    isUsernameTheMobile: false,
  });
}

/**
 * PUT /wps/member/register/mobile (switch `mobileRegistration`): the username is the mobile number
 * as typed (`0812345678`, spec §4). A password comes when `mobileRegistrationPassword` is on;
 * otherwise the account gets one nobody knows and logs in by SMS code. Everything else is
 * registerMember's.
 */
export async function registerMemberByMobile(
  context: RegisterContext,
  request: RegisterMobileRequest,
): Promise<LoginResult> {
  const { switches, registerRules: rules } = context.merchant.config;
  if (!switches.mobileRegistration) throw new AppError(403, messagingErrorCodes.operationDisabled);

  let password: string | null = null;
  const typedPassword = normaliseValue('password', request.password);
  if (switches.mobileRegistrationPassword) {
    if (typedPassword === undefined) throw requiredError('password');
    const violation = checkRegisterField('password', typedPassword, rules.password, { isSecret: true });
    if (violation) throw ruleError(violation);
    password = typedPassword;
  } else if (typedPassword !== undefined || normaliseValue('confirmPassword', request.confirmPassword) !== undefined) {
    // No password field is shown: one that arrives anyway is refused rather than silently dropped.
    throw ruleError({ field: 'password', messageKey: 'register.field.disabled', params: { field: 'password' } });
  }
  const values = normaliseProfile(request);
  const mobile = checkMobileRegistrationFields(context, request, values);
  if (password !== null && request.confirmPassword !== password) {
    throw new AppError(400, errorCodes.validation, {
      field: 'confirmPassword',
      messageKey: 'register.password.mismatch',
    });
  }
  // checkMobileRegistrationFields demanded the number.
  const username = values.mobileNum!.replace(/[\s\-().]/g, '');
  return completeRegistration(context, request, { username, password, values, mobile, isUsernameTheMobile: true });
}
