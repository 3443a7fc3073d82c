import { apiPaths, type CodeSent, type PasswordSmsRequest, type SendRegisterSmsRequest } from '@lotus/contract';
import { apiRequest } from '../../../lib/api-client';
import { sealedRequest } from '../../../lib/sealed-request';

/** POST /wps/verification/sms/register: a registration code to this number (switch smsVerificationOnRegister). */
export function sendRegisterSms(request: SendRegisterSmsRequest): Promise<CodeSent> {
  return apiRequest<CodeSent>(apiPaths.smsRegister, { method: 'POST', body: request });
}

/**
 * POST /wps/member/password/sms (sealed): a password-reset code. The server answers alike whether
 * or not the number belongs to an account, so the form never learns which.
 */
export function sendPasswordResetSms(request: PasswordSmsRequest): Promise<CodeSent> {
  return sealedRequest<CodeSent>(apiPaths.passwordSms, { ...request });
}
