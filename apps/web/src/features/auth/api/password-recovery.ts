import {
  apiPaths,
  type PasswordEmailRequest,
  type PasswordEmailResetRequest,
  type PasswordVerificationRequest,
} from '@lotus/contract';
import { apiRequest } from '../../../lib/api-client';
import { sealedRequest } from '../../../lib/sealed-request';

/** POST /wps/member/password/verification (sealed): the SMS code and the new password; every session ends. */
export function setPasswordBySms(request: PasswordVerificationRequest): Promise<unknown> {
  return sealedRequest<unknown>(apiPaths.passwordVerification, { ...request });
}

/**
 * POST /wps/member/password/email, form-encoded (spec §7). Succeeds whether or not the two match an
 * account (no enumeration); when they do, the member gets a reset link.
 */
export function requestPasswordResetEmail(request: PasswordEmailRequest): Promise<unknown> {
  return apiRequest<unknown>(apiPaths.passwordEmail, {
    method: 'POST',
    form: { username: request.username, email: request.email },
  });
}

/** POST /wps/member/password/email/reset (sealed): the e-mailed link's token and the new password. */
export function resetPasswordByEmail(request: PasswordEmailResetRequest): Promise<unknown> {
  return sealedRequest<unknown>(apiPaths.passwordEmailReset, { ...request });
}
