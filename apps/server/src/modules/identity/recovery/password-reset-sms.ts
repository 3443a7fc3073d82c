import {
  messagingErrorCodes,
  type CodeSent,
  type PasswordSmsRequest,
  type PasswordVerificationRequest,
} from '@lotus/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../../config.ts';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MerchantContext } from '../../merchant/index.ts';
import { issueCode, type MessageSenders, verifyCode } from '../../messaging/index.ts';
import { challengeCheckOptions, requireSliderToken } from '../../verification/index.ts';
import { checkNewPassword } from './new-password.ts';
import { hashPassword } from '../passwords/passwords.ts';
import { parseMobileNumber, type MobileNumber } from '../registration/register-member.ts';
import { setMemberPassword } from '../passwords/set-password.ts';

/**
 * Forgot password by phone (spec §4, §5; offered when the merchant's `phoneVerification` is on):
 * POST /wps/member/password/sms sends a code, POST /wps/member/password/verification sets the new
 * password with it. The site then logs in with the mobile number and the new password.
 */

/** The active member holding this number, if any. */
async function findActiveMemberByMobile(
  db: Kysely<Database>,
  merchantId: number,
  mobile: MobileNumber,
): Promise<bigint | null> {
  const row = await db
    .selectFrom('member')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('mobile_dialing_code', '=', mobile.dialingCode)
    .where('mobile_number', '=', mobile.nationalNumber)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row?.id ?? null;
}

function requirePhoneVerification(merchant: MerchantContext): void {
  if (!merchant.config.switches.phoneVerification) throw new AppError(403, messagingErrorCodes.operationDisabled);
}

export interface PasswordSmsContext {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'CHALLENGE_BYPASS'>;
  senders: MessageSenders;
  merchant: MerchantContext;
  language: 'TH' | 'EN';
  nowMs: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * POST /wps/member/password/sms. The number is checked before the slider token is spent. A number
 * that belongs to no active member gets a code stored and counted exactly like a real one but never
 * sent (`deliver: false`), so the answer and the countdown are the same and tell nobody whether the
 * number is a member's.
 */
export async function sendPasswordResetCode(
  context: PasswordSmsContext,
  request: PasswordSmsRequest,
): Promise<CodeSent> {
  const { db, merchant, nowMs } = context;
  requirePhoneVerification(merchant);
  const mobile = parseMobileNumber(request.countryDialingCode, request.mobileNum);
  await requireSliderToken(
    db,
    merchant.id,
    request.sliderToken,
    'password-reset',
    challengeCheckOptions(context.config, nowMs),
  );
  const memberId = await findActiveMemberByMobile(db, merchant.id, mobile);
  return issueCode({
    db,
    senders: context.senders,
    merchant,
    channel: 'sms',
    destination: mobile.destination,
    purpose: 'password-reset',
    language: context.language,
    nowMs,
    deliver: memberId !== null,
    ...(context.log ? { log: context.log } : {}),
  });
}

/**
 * POST /wps/member/password/verification. Order matters: the new password's rule and the number's
 * form first (a typo spends nothing), then the code (single use, 5 tries), then the password is set
 * and every session of the member ends.
 */
export async function resetPasswordBySms(
  context: { db: Kysely<Database>; merchant: MerchantContext; nowMs: number },
  request: PasswordVerificationRequest,
): Promise<void> {
  const { db, merchant, nowMs } = context;
  requirePhoneVerification(merchant);
  checkNewPassword(merchant, request.newPassword, { field: 'confirmPassword', value: request.confirmPassword });
  const mobile = parseMobileNumber(request.countryDialingCode, request.mobileNum);
  const passwordHash = await hashPassword(request.newPassword);
  await verifyCode({
    db,
    merchantId: merchant.id,
    channel: 'sms',
    destination: mobile.destination,
    purpose: 'password-reset',
    code: request.verificationCode,
    nowMs,
  });
  const memberId = await findActiveMemberByMobile(db, merchant.id, mobile);
  // Only a guessed code of a number that is no member's lands here (its code was never sent).
  if (memberId === null) throw new AppError(400, messagingErrorCodes.codeInvalid, { field: 'verificationCode' });
  await db.transaction().execute((trx) => setMemberPassword(trx, { memberId, passwordHash, nowMs }));
}
