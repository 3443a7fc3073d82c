import { identityErrorCodes, verificationErrorCodes } from '@lotus/contract';
import type { TFunction } from 'i18next';
import { ApiError, networkErrorCode } from '../../lib/api-client';

/** The text to show under a form for a failed call: the server's message, in the member's language. */
export function describeAuthError(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.errorCode !== networkErrorCode && !error.errorCode.startsWith('http.'))
    return error.message;
  return t('error_network');
}

/** Whether a failed login asks for a captcha on the next attempt. */
export function isCaptchaNowRequired(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const value = error.value as { captchaRequired?: unknown } | null;
  if (value && typeof value === 'object' && value.captchaRequired === true) return true;
  return (
    error.errorCode === identityErrorCodes.captchaRequired || error.errorCode === verificationErrorCodes.captchaInvalid
  );
}
