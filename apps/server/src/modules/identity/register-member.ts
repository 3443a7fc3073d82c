import { errorCodes, identityErrorCodes, type LoginResult, type RegisterFieldName, type RegisterRequest } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { MerchantContext } from '../merchant/merchant.config.ts';
import { challengeCheckOptions } from '../verification/challenge-bypass.ts';
import { requireSliderToken } from '../verification/consume-slider-token.ts';
import { requireCaptcha } from '../verification/verify-captcha.ts';
import type { Caller } from './caller.ts';
import { insertLoginEvent, isMobileTaken, isUsernameTaken } from './identity.queries.ts';
import { hashPassword } from './passwords.ts';
import { checkRegisterField, isUnsafeText } from './register-rules.ts';
import { createSession } from './sessions.ts';

/** Fields of the request checked against the merchant's register rule of the same name, in this order. */
const ruleFields = [
  'username', 'password', 'payeeName', 'email', 'mobileNum', 'qqNum', 'line', 'whatsapp', 'facebook', 'wechat', 'zalo',
  'telegram', 'idNumber', 'birthday', 'nickname', 'recommenderId', 'paymentPassword', 'affiliateCode', 'referralCode',
] as const satisfies readonly RegisterFieldName[];
const secretFields: ReadonlySet<string> = new Set(['password', 'paymentPassword']);

function ruleError(violation: { field: string; messageKey: string; params: Record<string, string | number> }): AppError {
  return new AppError(400, errorCodes.validation, { field: violation.field, messageKey: violation.messageKey, params: violation.params });
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

/** The request's values as checked and stored: text trimmed, secrets as sent, '' as absent. */
function normalise(request: RegisterRequest): Record<(typeof ruleFields)[number], string | undefined> {
  const values = {} as Record<(typeof ruleFields)[number], string | undefined>;
  for (const field of ruleFields) {
    const raw = request[field];
    const value = raw === undefined ? undefined : secretFields.has(field) ? raw : raw.trim();
    values[field] = value === '' ? undefined : value;
  }
  return values;
}

export interface RegisterContext {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'CHALLENGE_BYPASS'>;
  merchant: MerchantContext;
  caller: Caller;
  language: 'TH' | 'EN';
  nowMs: number;
}

/**
 * PUT /wps/member/register: checks every field against the merchant's rules (nothing is stored and
 * no challenge is spent when one fails), spends the slider token and the captcha, creates the member
 * with an argon2id hash and logs them in.
 */
export async function registerMember(context: RegisterContext, request: RegisterRequest): Promise<LoginResult> {
  const { db, merchant, caller, nowMs } = context;
  const rules = merchant.config.registerRules;
  const values = normalise(request);

  for (const field of ruleFields) {
    const violation = checkRegisterField(field, values[field], rules[field], { isSecret: secretFields.has(field) });
    if (violation) throw ruleError(violation);
  }
  if (request.confirmPassword !== request.password) {
    throw new AppError(400, errorCodes.validation, { field: 'confirmPassword', messageKey: 'register.password.mismatch' });
  }
  for (const field of ['registerUrl', 'domain', 'loginDeviceId'] as const) {
    const value = request[field];
    if (value !== undefined && isUnsafeText(value)) throw ruleError({ field, messageKey: 'register.field.unsafe', params: { field } });
  }
  const dialingCode = request.countryDialingCode?.replace(/^\+/, '');
  if (values.mobileNum !== undefined && dialingCode === undefined) {
    throw ruleError({ field: 'countryDialingCode', messageKey: 'register.field.required', params: { field: 'countryDialingCode' } });
  }
  const nationalNumber = values.mobileNum?.replace(/^0+/, '');
  if (values.birthday !== undefined) {
    const age = ageInYears(values.birthday, nowMs);
    if (age === null) throw ruleError({ field: 'birthday', messageKey: 'register.birthday.invalid', params: { field: 'birthday' } });
    if (age < merchant.config.minimumAge) {
      throw ruleError({ field: 'birthday', messageKey: 'register.birthday.underage', params: { field: 'birthday', age: merchant.config.minimumAge } });
    }
  }

  const checks = challengeCheckOptions(context.config, nowMs);
  await requireSliderToken(db, merchant.id, request.sliderToken, 'register', checks);
  const captchaRule = rules.captcha;
  if (captchaRule?.enabled && (captchaRule.required || (request.captcha ?? '') !== '')) {
    await requireCaptcha(db, merchant.id, request.captchaId, request.captcha, checks);
  }

  const username = values.username!;
  if (await isUsernameTaken(db, merchant.id, username)) throw new AppError(409, identityErrorCodes.usernameTaken, { field: 'username' });
  if (nationalNumber !== undefined && dialingCode !== undefined && (await isMobileTaken(db, merchant.id, dialingCode, nationalNumber))) {
    throw new AppError(409, identityErrorCodes.mobileTaken, { field: 'mobileNum' });
  }

  const passwordHash = await hashPassword(request.password);
  const paymentPasswordHash = values.paymentPassword === undefined ? null : await hashPassword(values.paymentPassword);
  const now = new Date(nowMs);
  try {
    return await db.transaction().execute(async (trx) => {
      const member = await trx
        .insertInto('member')
        .values({
          merchant_id: merchant.id,
          username,
          username_key: username.toLowerCase(),
          mobile_dialing_code: nationalNumber === undefined ? null : (dialingCode ?? null),
          mobile_number: nationalNumber ?? null,
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
          avatar: null,
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
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const loginDeviceId = request.loginDeviceId ?? null;
      await insertLoginEvent(trx, { merchantId: merchant.id, memberId: member.id, usernameTried: username, ...caller, loginDeviceId, failureReason: null, nowMs });
      const token = await createSession(trx, {
        merchantId: merchant.id,
        memberId: member.id,
        nowMs,
        absoluteHours: merchant.config.sessions.absoluteHours,
        ...caller,
        loginDeviceId,
      });
      return { token, firstTimeLogin: true, passwordExpired: false, captchaRequired: false };
    });
  } catch (error) {
    // Two registrations of one name racing past the checks above: the unique index decides.
    const constraint = (error as { code?: string; constraint?: string }).code === '23505' ? (error as { constraint?: string }).constraint : undefined;
    if (constraint === 'member_username_key_idx') throw new AppError(409, identityErrorCodes.usernameTaken, { field: 'username' });
    if (constraint === 'member_mobile_idx') throw new AppError(409, identityErrorCodes.mobileTaken, { field: 'mobileNum' });
    throw error;
  }
}
