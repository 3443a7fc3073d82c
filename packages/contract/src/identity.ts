import { z } from 'zod';
import { languageSchema } from './envelope.ts';
import { captchaAnswerSchema, captchaIdSchema, sliderTokenSchema } from './verification.ts';

/* ------------------------------------------------------------------------------------------------
 * Members and sessions (spec §3, §4, §7): register by username, login by password, member info,
 * logout, language. Login and register are sealed; the others carry `Authorization: <token>`.
 * ---------------------------------------------------------------------------------------------- */

/** Error codes of identity calls. Messages are in the server's catalogue under the same keys. */
export const identityErrorCodes = {
  /**
   * Wrong username or password: one answer whether the account exists or not. `value.captchaRequired`
   * says whether the next attempt must carry a captcha (load one with GET /wps/captcha).
   */
  loginFailed: 'login.failed',
  /** Too many failed logins for this account: wait for Retry-After seconds (429). */
  loginLocked: 'login.locked',
  /** Recent failures demand a captcha and none came (`value.captchaRequired` is true): show one and retry. */
  captchaRequired: 'captcha.required',
  /** The password was right but an operator locked the account: contact customer service (403). */
  memberLocked: 'member.locked',
  /** The password was right but the account is closed (403). */
  memberClosed: 'member.closed',
  /** Registration: the username is taken in this merchant, in any letter case (409). Choose another. */
  usernameTaken: 'member.username.taken',
  /** Registration: the mobile number already belongs to a member of this merchant (409). */
  mobileTaken: 'member.mobile.taken',
} as const;

/** A free-text field as it arrives; the merchant's register rule decides the real limits. */
const registerTextSchema = z.string().max(255).optional();

/**
 * PUT /wps/member/register (sealed). Every field of spec §3's registration user; which are shown,
 * required and how they must look is the merchant's register rules (GET /wps/system/setting/register).
 */
export const registerRequestSchema = z.object({
  username: z.string().max(255),
  password: z.string().max(255),
  confirmPassword: z.string().max(255),
  payeeName: registerTextSchema,
  email: registerTextSchema,
  /** National number as typed (a leading 0 is dropped when stored). */
  mobileNum: registerTextSchema,
  /** e.g. `66` or `+66`; required with mobileNum. */
  countryDialingCode: z.string().regex(/^\+?[0-9]{1,4}$/).optional(),
  qqNum: registerTextSchema,
  line: registerTextSchema,
  whatsapp: registerTextSchema,
  facebook: registerTextSchema,
  wechat: registerTextSchema,
  zalo: registerTextSchema,
  telegram: registerTextSchema,
  idNumber: registerTextSchema,
  /** `YYYY-MM-DD`. */
  birthday: registerTextSchema,
  nickname: registerTextSchema,
  recommenderId: registerTextSchema,
  paymentPassword: registerTextSchema,
  verificationCode: registerTextSchema,
  affiliateCode: registerTextSchema,
  referralCode: registerTextSchema,
  captcha: captchaAnswerSchema.optional(),
  captchaId: captchaIdSchema.optional(),
  sliderToken: sliderTokenSchema,
  registerUrl: z.string().max(2048).optional(),
  registerMethod: z.enum(['WEB']).default('WEB'),
  domain: z.string().max(253).optional(),
  /** Browser fingerprint, kept with the session for new-device checks (protocol notes). */
  loginDeviceId: z.string().max(128).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** POST /wps/session/login (sealed). `username` may also be the member's mobile number. */
export const loginRequestSchema = z.object({
  username: z.string().trim().min(1).max(255),
  password: z.string().min(1).max(255),
  type: z.enum(['username']),
  captcha: captchaAnswerSchema.optional(),
  captchaId: captchaIdSchema.optional(),
  sliderToken: sliderTokenSchema,
  loginDeviceId: z.string().max(128).optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The answer to login and register: keep `token` in session storage and send it as `Authorization`. */
export const loginResultSchema = z.object({
  token: z.string(),
  /** No successful login before this one: the site makes its first-login call. */
  firstTimeLogin: z.boolean(),
  /** The password must be changed before anything else: the site opens the change-password modal. */
  passwordExpired: z.boolean(),
  captchaRequired: z.boolean(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** `value` of a failed login (`login.failed`, `captcha.required`, `captcha.invalid`). */
export const loginFailureValueSchema = z.object({ captchaRequired: z.boolean() });

/** GET /wps/member/info */
export const memberInfoSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  /** The payee (bank account holder) name. */
  userName: z.string().nullable(),
  nickname: z.string().nullable(),
  /** isAgent of spec §3: 0 member; 1, 2, 41, 42 agent; 4 trial. */
  type: z.number().int(),
  toUpline: z.boolean(),
  clubLabel: z.object({ labelName: z.string(), rankLevel: z.number().int() }),
  memberLabel: z.array(z.string()),
  /** e.g. `+66 81****678`; null without a number. */
  mobile: z.string().nullable(),
  /** e.g. `so****@example.com`; null without an e-mail. */
  email: z.string().nullable(),
  /** Registration time, epoch ms. */
  regDate: z.number().int(),
  language: languageSchema,
  /** The previous successful login before this session's, epoch ms; null the first time. */
  lastLoginAt: z.number().int().nullable(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

/** POST /wps/member/language */
export const memberLanguageRequestSchema = z.object({ language: languageSchema });
export type MemberLanguageRequest = z.infer<typeof memberLanguageRequestSchema>;
