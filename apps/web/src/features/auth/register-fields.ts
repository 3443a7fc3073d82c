import type { RegisterFieldName, RegisterFieldRule, RegisterSettings } from '@lotus/contract';
import type { HTMLInputTypeAttribute } from 'react';
import type { UrlAffiliate } from './api/affiliate';

/**
 * What the register form asks, per tab (spec §2, §5): "username" (PUT /wps/member/register) or
 * "mobile" (PUT /wps/member/register/mobile, the number is the username). Pure, so the rules of
 * which field shows when are tested without a page.
 */
export type RegisterMode = 'username' | 'mobile';

export interface FieldSpec {
  name: RegisterFieldName;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  isSecret?: boolean;
}

export interface PlannedField extends FieldSpec {
  rule: RegisterFieldRule;
}

/**
 * Every field the forms may show, in the order shown (the mobile tab starts with its number). The
 * SMS code and the captcha are drawn by their own components; the confirmation follows the
 * password, the SMS code the number.
 */
const fieldSpecs: readonly FieldSpec[] = [
  { name: 'username', autoComplete: 'username' },
  { name: 'password', type: 'password', autoComplete: 'new-password', isSecret: true },
  { name: 'mobileNum', type: 'tel', autoComplete: 'tel-national', inputMode: 'tel' },
  { name: 'payeeName', autoComplete: 'name' },
  { name: 'email', type: 'email', autoComplete: 'email', inputMode: 'email' },
  { name: 'birthday', type: 'date', autoComplete: 'bday' },
  { name: 'nickname', autoComplete: 'nickname' },
  { name: 'idNumber' },
  { name: 'qqNum' },
  { name: 'line' },
  { name: 'whatsapp' },
  { name: 'facebook' },
  { name: 'wechat' },
  { name: 'zalo' },
  { name: 'telegram' },
  { name: 'recommenderId' },
  { name: 'paymentPassword', type: 'password', autoComplete: 'off', isSecret: true },
  { name: 'affiliateCode' },
  { name: 'referralCode' },
];

/** Used when a field the tab cannot do without has no enabled rule: any text, 1-255. */
const anyTextRule: RegisterFieldRule = {
  enabled: true,
  required: true,
  acceptedPattern: '*',
  patternId: 0,
  minLength: 1,
  maxLength: 255,
};
/** The mobile tab's number without a rule: the digits the server accepts for a phone (6-15). */
const anyMobileRule: RegisterFieldRule = {
  enabled: true,
  required: true,
  acceptedPattern: '^[0-9]+$',
  patternId: 3,
  minLength: 6,
  maxLength: 15,
};
/** The SMS code without a rule: spec §5 caps verification code fields at 255. */
const anyCodeRule: RegisterFieldRule = {
  enabled: true,
  required: true,
  acceptedPattern: '*',
  patternId: 0,
  minLength: 1,
  maxLength: 255,
};

export interface RegisterPlan {
  mode: RegisterMode;
  fields: PlannedField[];
  /** The password (and its confirmation) is asked: always by username, by mobile with mobileRegistrationPassword. */
  hasPassword: boolean;
  /**
   * When the SMS code is asked (switch smsVerificationOnRegister): always on the mobile tab; on the
   * username tab only once a mobile number is typed, as the server then demands the code.
   */
  smsCode: 'never' | 'always' | 'with-mobile';
  codeRule: RegisterFieldRule;
  isCaptchaShown: boolean;
}

/** A field the tab must have is required even if its rule is off or optional. */
function forcedRule(rule: RegisterFieldRule | undefined, fallback: RegisterFieldRule): RegisterFieldRule {
  return rule?.enabled ? { ...rule, required: true } : fallback;
}

export function planRegisterForm(
  settings: RegisterSettings,
  mode: RegisterMode,
  urlAffiliate: UrlAffiliate,
): RegisterPlan {
  const hasPassword = mode === 'username' || settings.mobileRegistrationPassword;
  const fields = fieldSpecs.flatMap((spec): PlannedField[] => {
    const rule = settings.rules[spec.name];
    switch (spec.name) {
      case 'username':
        return mode === 'username' ? [{ ...spec, rule: forcedRule(rule, anyTextRule) }] : [];
      case 'password':
        return hasPassword ? [{ ...spec, rule: forcedRule(rule, anyTextRule) }] : [];
      case 'mobileNum':
        if (mode === 'mobile') return [{ ...spec, rule: forcedRule(rule, anyMobileRule) }];
        return rule?.enabled ? [{ ...spec, rule }] : [];
      case 'affiliateCode':
        // spec §2: a valid code from the link is sent without asking; while it is being checked the
        // field stays hidden rather than flash in and out.
        if (urlAffiliate.status === 'valid' || urlAffiliate.status === 'checking') return [];
        return rule?.enabled ? [{ ...spec, rule }] : [];
      default:
        return rule?.enabled ? [{ ...spec, rule }] : [];
    }
  });
  if (mode === 'mobile') fields.sort((a, b) => Number(b.name === 'mobileNum') - Number(a.name === 'mobileNum'));
  const hasMobile = fields.some((field) => field.name === 'mobileNum');
  const codeRule = settings.rules.verificationCode;
  const captchaRule = settings.rules.captcha;
  return {
    mode,
    fields,
    hasPassword,
    smsCode: !settings.smsVerificationOnRegister || !hasMobile ? 'never' : mode === 'mobile' ? 'always' : 'with-mobile',
    codeRule: codeRule?.enabled ? { ...codeRule, required: true } : anyCodeRule,
    isCaptchaShown: captchaRule?.enabled === true && captchaRule.required,
  };
}

/** Whether the code is asked for what is typed now. */
export function isSmsCodeAsked(plan: RegisterPlan, mobileNum: string): boolean {
  return plan.smsCode === 'always' || (plan.smsCode === 'with-mobile' && mobileNum.trim() !== '');
}

export type RegisterValues = Partial<Record<RegisterFieldName | 'confirmPassword', string>>;

/** A value as sent: text trimmed, secrets exactly as typed. */
export function readValue(
  values: RegisterValues,
  name: RegisterFieldName | 'confirmPassword',
  isSecret = false,
): string {
  const raw = values[name] ?? '';
  return isSecret ? raw : raw.trim();
}

export interface RegisterExtras {
  dialingCode: string;
  sliderToken: string;
  urlAffiliate: UrlAffiliate;
  captcha?: { answer: string; captchaId: string };
  registerUrl: string;
  domain: string;
}

/**
 * The body of PUT /wps/member/register or /register/mobile (sealed). Only the fields shown go, and
 * empty ones stay out; a valid affiliate code from the link goes although its field is hidden.
 */
export function buildRegisterPayload(
  plan: RegisterPlan,
  values: RegisterValues,
  extras: RegisterExtras,
): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    sliderToken: extras.sliderToken,
    registerMethod: 'WEB',
    registerUrl: extras.registerUrl.slice(0, 2048),
    domain: extras.domain,
  };
  for (const field of plan.fields) {
    const value = readValue(values, field.name, field.isSecret);
    if (value) payload[field.name] = value;
  }
  if (plan.hasPassword) {
    payload.password = readValue(values, 'password', true);
    payload.confirmPassword = readValue(values, 'confirmPassword', true);
  }
  if (typeof payload.mobileNum === 'string') payload.countryDialingCode = extras.dialingCode;
  if (isSmsCodeAsked(plan, readValue(values, 'mobileNum')))
    payload.verificationCode = readValue(values, 'verificationCode');
  if (extras.urlAffiliate.status === 'valid') payload.affiliateCode = extras.urlAffiliate.code;
  if (plan.isCaptchaShown && extras.captcha)
    Object.assign(payload, { captcha: extras.captcha.answer.trim(), captchaId: extras.captcha.captchaId });
  return payload;
}
