import { z } from 'zod';
import { sliderTokenSchema } from './verification.ts';

/* ------------------------------------------------------------------------------------------------
 * One-time codes by SMS and e-mail (spec §4 "SMS code", §8 "Phone verification", §9).
 *
 * A code is 6 digits, valid for `expiredMinutes`, single use and bound to what it was sent for
 * (register, login, password reset). The client counts down 60 s x expiredMinutes before offering
 * to send a new one; the server refuses earlier requests the same way.
 * ---------------------------------------------------------------------------------------------- */

/**
 * Error codes of phone (and e-mail) verification, spec §8. Messages are in the server's catalogue
 * under the same keys, in TH and EN.
 */
export const messagingErrorCodes = {
  /** The mobile number or dialing code is not a phone number (400, `field` names which). Correct it. */
  phoneInvalid: 'sms.phone.invalid',
  /** No mobile number or dialing code was given (400, `field` names which). Enter it. */
  phoneMissing: 'sms.phone.missing',
  /**
   * Too many codes for this number or address in the last hour (429, Retry-After 300). Wait 5
   * minutes before asking again.
   */
  tooManyRequests: 'sms.too.many.requests',
  /**
   * A code for this number and purpose was sent less than 60 s x expiredMinutes ago (429; Retry-After
   * and the message give the seconds left). Use the code already sent, or wait for the countdown.
   */
  codeTooSoon: 'sms.code.too.soon',
  /** The code entered is wrong (400, field `verificationCode`). Check it and retry; after 5 wrong tries it is dead. */
  codeInvalid: 'sms.code.invalid',
  /** No code was entered, or none was sent for this number and purpose (400). Request a code and enter it. */
  codeMissing: 'sms.code.missing',
  /** The code has expired, was used already, or had 5 wrong tries (400). Send a new one. */
  codeExpired: 'sms.code.expired',
  /** The human check (captcha or slider) before sending failed (400). Solve a new one. */
  captchaFailed: 'sms.captcha.failed',
  /** The SMS provider refused for lack of credit (503). Nothing the member can do: contact customer service. */
  quotaInsufficient: 'sms.quota.insufficient',
  /** The merchant has not switched this kind of verification on (403). The site should not offer it. */
  operationDisabled: 'sms.operation.disabled',
  /** The provider failed to take the message (502). Try again later; it is recorded for operators. */
  unknownError: 'sms.unknown.error',
} as const;
export type MessagingErrorCode = (typeof messagingErrorCodes)[keyof typeof messagingErrorCodes];

/** What a code is for. A code sent for one purpose never passes for another. */
export const codePurposeSchema = z.enum(['register', 'login', 'password-reset', 'verify-login']);
export type CodePurpose = z.infer<typeof codePurposeSchema>;

export const messageChannelSchema = z.enum(['sms', 'email']);
export type MessageChannel = z.infer<typeof messageChannelSchema>;

/**
 * The phone fields of every SMS call. They are checked by the server (not by this schema) so that
 * a bad or empty number gets the spec's own errors (`sms.phone.invalid`, `sms.phone.missing`)
 * naming the field. Required in practice.
 */
export const phoneFieldsSchema = z.object({
  /** `+66` or `66`: a plus and 1-4 digits. */
  countryDialingCode: z.string().max(8).optional(),
  /** National number, digits (spaces and dashes are ignored; a leading trunk 0 is dropped): 6-15 digits. */
  mobileNo: z.string().max(32).optional(),
});

/**
 * POST /wps/verification/sms/register: send a registration code by SMS. `username` is sent by the
 * username-registration form and accepted for the same call.
 */
export const sendRegisterSmsRequestSchema = phoneFieldsSchema.extend({
  username: z.string().max(64).optional(),
  sliderToken: sliderTokenSchema,
});
export type SendRegisterSmsRequest = z.infer<typeof sendRegisterSmsRequestSchema>;

/** A code was sent: it lives `expiredMinutes`; the next one may be asked for after 60 s x expiredMinutes. */
export const codeSentSchema = z.object({
  expiredMinutes: z.number().int(),
});
export type CodeSent = z.infer<typeof codeSentSchema>;

/** GET /wps/dev/outbox?to=: for automated tests only (exists only with CHALLENGE_BYPASS=1). */
export const devOutboxQuerySchema = z.object({
  /** `+66812345678` or an e-mail address. */
  to: z.string().min(1).max(254),
});
export type DevOutboxQuery = z.infer<typeof devOutboxQuerySchema>;

export const devOutboxMessageSchema = z.object({
  channel: messageChannelSchema,
  destination: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  /** The 6-digit code found in the body, if any. */
  code: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type DevOutboxMessage = z.infer<typeof devOutboxMessageSchema>;

/** Newest first. */
export const devOutboxSchema = z.array(devOutboxMessageSchema);
