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
  /** The password was right but an operator forbade this account to log in: contact customer service (403). */
  memberLoginForbidden: 'member.login.forbidden',
  /** Registration: the username is taken in this merchant, in any letter case (409). Choose another. */
  usernameTaken: 'member.username.taken',
  /** Registration: the mobile number already belongs to a member of this merchant (409). */
  mobileTaken: 'member.mobile.taken',
  /**
   * The login comes from an IP, country or device this account has not used: `value` is
   * loginVerifyRequiredValueSchema. Verify with POST /wps/session/login/verification (403).
   */
  loginVerifyRequired: 'login_verify_required',
  /** The verification token of a new-IP login is unknown, spent or expired: log in again (400). */
  loginVerifyExpired: 'login.verify.expired',
  /** The answer to the new-IP verification is wrong (bank account name, authenticator code) (400, `field` named). */
  loginVerifyFailed: 'login.verify.failed',
  /** A remember token that is unknown, expired or revoked: type the password (400, field `password`). */
  rememberInvalid: 'login.remember.invalid',
  /** A trial account (isAgent 4) called a real-money or member-centre call: register a real account first (403). */
  trialForbidden: 'member.trial.forbidden',
  /** The account must change its password before anything else: POST /wps/member/password (403). */
  passwordChangeRequired: 'password.change.required',
  /** The old password given to a change is wrong (400, field `oldPassword`). */
  oldPasswordInvalid: 'password.old.invalid',
  /** The new password equals the old one (400, field `newPassword`). */
  passwordUnchanged: 'password.unchanged',
  /** The e-mailed reset link is unknown, used or expired (400, field `resetToken`): ask for a new one. */
  resetTokenInvalid: 'password.reset.token.invalid',
  /** Free play is switched off for this merchant (403). */
  freePlayDisabled: 'freeplay.disabled',
  /** The affiliate (invitation) code is unknown, inactive or not for this domain (400, field `affiliateCode`). */
  affiliateInvalid: 'affiliate.code.invalid',
  /** The call is for agents (isAgent 1, 2, 41, 42) only: "Non-agents cannot log in" (403). */
  agentOnly: 'agent.only',
  /** Two-factor enrolment: the authenticator code is wrong, or no enrolment was started (400, field `verificationCode`). */
  totpInvalid: 'totp.invalid',
  /** Two-factor login is already on: switch it off (DELETE, with a code) before enrolling another authenticator (409). */
  totpAlreadyEnabled: 'totp.already.enabled',
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
  countryDialingCode: z
    .string()
    .regex(/^\+?[0-9]{1,4}$/)
    .optional(),
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

/** Fields every kind of login may carry. */
const loginCommonFields = {
  captcha: captchaAnswerSchema.optional(),
  captchaId: captchaIdSchema.optional(),
  /** Browser fingerprint, kept with the session; a login from a new one may need verification. */
  loginDeviceId: z.string().max(128).optional(),
  /** "Remember me": the answer carries a `rememberToken` valid one day (never the password). */
  remember: z.boolean().optional(),
};

/** Login by username (or the member's mobile number) and password; needs a slider token. */
export const passwordLoginRequestSchema = z.object({
  type: z.literal('username'),
  username: z.string().trim().min(1).max(255),
  password: z.string().min(1).max(255),
  sliderToken: sliderTokenSchema,
  ...loginCommonFields,
});

/**
 * Login by mobile number and the code of POST /wps/verification/sms/noLogin (switch `smsCodeLogin`).
 * No slider (spec §4: the code request had one). Phone fields are checked by the server so that a bad
 * number gets `sms.phone.invalid` / `sms.phone.missing` naming the field.
 */
export const smsLoginRequestSchema = z.object({
  type: z.literal('sms'),
  countryDialingCode: z.string().max(8).optional(),
  mobileNum: z.string().max(32).optional(),
  verificationCode: z.string().max(255).optional(),
  ...loginCommonFields,
});

/** Login with the one-day remember token an earlier login answered, instead of the password. */
export const rememberLoginRequestSchema = z.object({
  type: z.literal('remember'),
  username: z.string().trim().min(1).max(255),
  rememberToken: z.string().max(128),
  sliderToken: sliderTokenSchema,
  ...loginCommonFields,
});

/** POST /wps/session/login (sealed). `type` says which credentials come. */
export const loginRequestSchema = z.discriminatedUnion('type', [
  passwordLoginRequestSchema,
  smsLoginRequestSchema,
  rememberLoginRequestSchema,
]);
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type PasswordLoginRequest = z.infer<typeof passwordLoginRequestSchema>;
export type SmsLoginRequest = z.infer<typeof smsLoginRequestSchema>;
export type RememberLoginRequest = z.infer<typeof rememberLoginRequestSchema>;

/** POST /wps/verification/sms/noLogin: send a login code (switch `smsCodeLogin`). Answers codeSentSchema. */
export const sendLoginSmsRequestSchema = z.object({
  countryDialingCode: z.string().max(8).optional(),
  mobileNum: z.string().max(32).optional(),
  sliderToken: sliderTokenSchema,
});
export type SendLoginSmsRequest = z.infer<typeof sendLoginSmsRequestSchema>;

/** The answer to login and register: keep `token` in session storage and send it as `Authorization`. */
export const loginResultSchema = z.object({
  token: z.string(),
  /** No successful login before this one: the site makes its first-login call. */
  firstTimeLogin: z.boolean(),
  /** The password must be changed before anything else: the site opens the change-password modal. */
  passwordExpired: z.boolean(),
  captchaRequired: z.boolean(),
  /** Only when the login asked `remember`: keep it with the username for one day; revocable. */
  rememberToken: z.string().optional(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** `value` of a failed login (`login.failed`, `captcha.required`, `captcha.invalid`). */
export const loginFailureValueSchema = z.object({ captchaRequired: z.boolean() });

/**
 * isAgent of spec §3, the kind of account: 0 a member; 1, 2, 41, 42 agents; 4 a trial account (free
 * play: play money in a wallet of its own, never cash, never counted in the turnover). The database
 * functions name it too: `member_type_trial()` (apps/server/src/db/functions).
 */
export const trialMemberType = 4;

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

/* ------------------------------------------------------------------------------------------------
 * Registration by mobile number, new-IP verification, two-factor login, free play, remember tokens.
 * ---------------------------------------------------------------------------------------------- */

/**
 * PUT /wps/member/register/mobile (sealed; switch `mobileRegistration`). The username is the mobile
 * number (spec §4). `verificationCode` (from POST /wps/verification/sms/register) is required when
 * `smsVerificationOnRegister` is on; `password` is required when `mobileRegistrationPassword` is on,
 * otherwise the member logs in by SMS code. Answers loginResultSchema.
 */
export const registerMobileRequestSchema = registerRequestSchema
  .omit({ username: true, password: true, confirmPassword: true })
  .extend({
    password: z.string().max(255).optional(),
    confirmPassword: z.string().max(255).optional(),
  });
export type RegisterMobileRequest = z.infer<typeof registerMobileRequestSchema>;

/** How a login from a new IP, country or device may be verified (merchant setting). */
export const loginVerifyMethodSchema = z.enum(['mobile', 'email', 'bankName', 'totp']);
export type LoginVerifyMethod = z.infer<typeof loginVerifyMethodSchema>;

/** `value` of `login_verify_required`: what the verification modal offers. */
export const loginVerifyRequiredValueSchema = z.object({
  /** Single use, 10 minutes; carried by the two calls below. */
  verifyToken: z.string(),
  methods: z.array(loginVerifyMethodSchema),
  /** Masked, to tell the member where a code goes; null when the account has none. */
  mobile: z.string().nullable(),
  email: z.string().nullable(),
});
export type LoginVerifyRequiredValue = z.infer<typeof loginVerifyRequiredValueSchema>;

/** POST /wps/session/login/verification/code: send the code for method `mobile` or `email`. Answers codeSentSchema. */
export const loginVerificationCodeRequestSchema = z.object({
  verifyToken: z.string().max(128),
  method: z.enum(['mobile', 'email']),
});
export type LoginVerificationCodeRequest = z.infer<typeof loginVerificationCodeRequestSchema>;

/**
 * POST /wps/session/login/verification (sealed): finish a login that answered `login_verify_required`.
 * `verificationCode` is the SMS, e-mail or authenticator code; `payeeName` the bank account name.
 * Answers loginResultSchema.
 */
export const loginVerificationRequestSchema = z.object({
  verifyToken: z.string().max(128),
  method: loginVerifyMethodSchema,
  verificationCode: z.string().max(255).optional(),
  payeeName: z.string().max(255).optional(),
});
export type LoginVerificationRequest = z.infer<typeof loginVerificationRequestSchema>;

/** GET /wps/v2/member/securityConfig/totp */
export const totpStatusSchema = z.object({ enabled: z.boolean() });
export type TotpStatus = z.infer<typeof totpStatusSchema>;

/** POST /wps/v2/member/securityConfig/totp: start enrolment (replaces an unconfirmed one). */
export const totpEnrolmentSchema = z.object({
  /** Base32, for typing into an authenticator app. */
  secret: z.string(),
  /** `otpauth://totp/...` */
  otpauthUrl: z.string(),
  /** `data:image/svg+xml;base64,...`: the otpauth URL as a QR code. */
  qrCode: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** PUT (confirm enrolment) and DELETE (switch off) /wps/v2/member/securityConfig/totp. */
export const totpCodeRequestSchema = z.object({ verificationCode: z.string().max(255) });
export type TotpCodeRequest = z.infer<typeof totpCodeRequestSchema>;

/** POST /wps/session/login/freeplay (sealed; switch `freePlay`): a new trial account (isAgent 4). Answers loginResultSchema. */
export const freePlayRequestSchema = z.object({
  /** The original sent a random string; we keep it as the request's nonce in the sealed payload. */
  loginDeviceId: z.string().max(128).optional(),
});
export type FreePlayRequest = z.infer<typeof freePlayRequestSchema>;

/** DELETE /wps/session/remember: the member unticked "remember me"; the token stops working. */
export const forgetRememberRequestSchema = z.object({
  username: z.string().max(255),
  rememberToken: z.string().max(128),
});
export type ForgetRememberRequest = z.infer<typeof forgetRememberRequestSchema>;

/* ------------------------------------------------------------------------------------------------
 * Passwords: change, and recovery by e-mail or by phone (spec §4, §5).
 * ---------------------------------------------------------------------------------------------- */

/**
 * POST /wps/member/password (sealed, token). Spec §5's "old password only when not already known":
 * after a forced-change login the site sends the password just typed without asking again. The new
 * one is checked against the merchant's password rule.
 */
export const passwordChangeRequestSchema = z.object({
  oldPassword: z.string().max(255),
  newPassword: z.string().max(255),
  /** Spec §3's name for the confirmation. */
  confirmNewPassword: z.string().max(255),
});
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequestSchema>;

/**
 * POST /wps/member/password/email (form body `username`, `email`). Answers success whether or not
 * they match an account (no enumeration); when they do, a reset link valid 30 minutes is e-mailed.
 */
export const passwordEmailRequestSchema = z.object({
  username: z.string().max(255),
  email: z.string().max(255),
});
export type PasswordEmailRequest = z.infer<typeof passwordEmailRequestSchema>;

/** POST /wps/member/password/email/reset (sealed): the link's token and the new password. */
export const passwordEmailResetRequestSchema = z.object({
  resetToken: z.string().max(128),
  newPassword: z.string().max(255),
  confirmPassword: z.string().max(255),
});
export type PasswordEmailResetRequest = z.infer<typeof passwordEmailResetRequestSchema>;

/**
 * POST /wps/member/password/sms (sealed): send a reset code. Answers codeSentSchema whether or not the
 * number belongs to an account (no enumeration); only a member's number receives a message.
 */
export const passwordSmsRequestSchema = z.object({
  countryDialingCode: z.string().max(8).optional(),
  mobileNum: z.string().max(32).optional(),
  sliderToken: sliderTokenSchema,
});
export type PasswordSmsRequest = z.infer<typeof passwordSmsRequestSchema>;

/** POST /wps/member/password/verification (sealed): set a new password with the SMS code. Every session ends. */
export const passwordVerificationRequestSchema = z.object({
  countryDialingCode: z.string().max(8).optional(),
  mobileNum: z.string().max(32).optional(),
  verificationCode: z.string().max(255).optional(),
  newPassword: z.string().max(255),
  confirmPassword: z.string().max(255).optional(),
});
export type PasswordVerificationRequest = z.infer<typeof passwordVerificationRequestSchema>;

/* ------------------------------------------------------------------------------------------------
 * Avatars.
 * ---------------------------------------------------------------------------------------------- */

/** GET /wps/member/info/icon: the avatars a member may choose. */
export const memberIconSchema = z.object({ id: z.string(), url: z.string() });
export const memberIconsSchema = z.array(memberIconSchema);
export type MemberIcon = z.infer<typeof memberIconSchema>;

/** PUT /wps/member/info/icon: choose one of them. */
export const chooseIconRequestSchema = z.object({ iconId: z.string().max(64) });
export type ChooseIconRequest = z.infer<typeof chooseIconRequestSchema>;

/** GET /wps/relay/MCSFE_getPlayerAvatar (protocol notes: `{avatar, avatarType}`). */
export const playerAvatarSchema = z.object({
  /** The icon's URL; null before the member chose one (the site draws initials). */
  avatar: z.string().nullable(),
  /** `ICON` (one of /wps/member/info/icon) or `DEFAULT`. */
  avatarType: z.enum(['ICON', 'DEFAULT']),
});
export type PlayerAvatar = z.infer<typeof playerAvatarSchema>;
