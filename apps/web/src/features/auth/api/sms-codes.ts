import {
  apiPaths,
  codeSentSchema,
  type CodeSent,
  type LoginVerificationCodeRequest,
  type PasswordSmsRequest,
  type SendLoginSmsRequest,
  type SendRegisterSmsRequest,
} from '@lotus/contract';
import { apiRequest } from '../../../lib/api-client';
import { sealedRequest } from '../../../lib/sealed-request';

/** The answer of every code request; checked in development and tests. */
const schema = import.meta.env.DEV && codeSentSchema;

/** POST /wps/verification/sms/register: a registration code to this number (switch smsVerificationOnRegister). */
export function sendRegisterSms(request: SendRegisterSmsRequest): Promise<CodeSent> {
  return apiRequest<CodeSent>(apiPaths.smsRegister, { method: 'POST', body: request, schema });
}

/** POST /wps/verification/sms/login: a login code to this number (the SMS login form). */
export function sendLoginSms(request: SendLoginSmsRequest): Promise<CodeSent> {
  return apiRequest<CodeSent>(apiPaths.smsLogin, { method: 'POST', body: request, schema });
}

/** POST a code for the second step of a login the server asked to verify. */
export function sendLoginVerificationCode(request: LoginVerificationCodeRequest): Promise<CodeSent> {
  return apiRequest<CodeSent>(apiPaths.loginVerificationCode, { method: 'POST', body: request, schema });
}

/**
 * POST /wps/member/password/sms (sealed): a password-reset code. The server answers alike whether
 * or not the number belongs to an account, so the form never learns which.
 */
export function sendPasswordResetSms(request: PasswordSmsRequest): Promise<CodeSent> {
  return sealedRequest<CodeSent>(apiPaths.passwordSms, { ...request }, { schema });
}
