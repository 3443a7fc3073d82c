import {
  identityErrorCodes,
  loginVerifyMethodSchema,
  type LoginResult,
  type LoginVerifyRequiredValue,
} from '@lotus/contract';
import { startSession } from '../../api/member';
import { ApiError } from '../../lib/api-client';
import { session } from '../../lib/session';
import { closeModal, openModal, type LoginAttempt } from '../../stores/modal-store';
import { forgetRememberedLogin, saveRememberedLogin } from './remember-login';

export type LoginOutcome = 'logged-in' | 'must-change-password';

/**
 * What every successful login does next, whichever way it came (password, SMS code, remember token,
 * new-IP verification, the login again after a password change), so they cannot drift apart (spec §4):
 * keep or forget the remember token, then either open the forced password change (not for SMS or
 * social logins, which used no password) or load member info and close the modal.
 */
export async function completeLogin(result: LoginResult, attempt: LoginAttempt): Promise<LoginOutcome> {
  const usedPassword = attempt.type !== 'sms' && attempt.type !== 'social';
  if (usedPassword) {
    if (attempt.isRemembered && result.rememberToken)
      saveRememberedLogin({ username: attempt.username, rememberToken: result.rememberToken });
    // Logging in without "remember me" also ends a remembered login left on this browser.
    else if (!attempt.isRemembered) await forgetRememberedLogin();
  }
  if (result.passwordExpired && usedPassword) {
    // The modal first: the token makes the strip ask for member info, which the server refuses
    // with password.change.required, and that must find this modal (with the known password) open.
    session.setPendingPasswordChange(attempt.username);
    openModal({
      kind: 'changePassword',
      isForced: true,
      account: attempt.username,
      knownPassword: attempt.typedPassword,
      isRemembered: attempt.isRemembered,
    });
    session.logIn(result.token);
    return 'must-change-password';
  }
  await startSession(result);
  closeModal();
  return 'logged-in';
}

/** The `value` of `login_verify_required`, when `error` is one and its value is well formed. */
export function findLoginVerification(error: unknown): LoginVerifyRequiredValue | null {
  if (!(error instanceof ApiError) || error.errorCode !== identityErrorCodes.loginVerifyRequired) return null;
  const value = error.value as Partial<Record<keyof LoginVerifyRequiredValue, unknown>> | null;
  if (!value || typeof value.verifyToken !== 'string' || !Array.isArray(value.methods)) return null;
  const methods = value.methods.flatMap((method) => {
    const parsed = loginVerifyMethodSchema.safeParse(method);
    return parsed.success ? [parsed.data] : [];
  });
  if (methods.length === 0) return null;
  return {
    verifyToken: value.verifyToken,
    methods,
    mobile: typeof value.mobile === 'string' ? value.mobile : null,
    email: typeof value.email === 'string' ? value.email : null,
  };
}

/**
 * A refused login that asks for new-IP verification opens the verification modal, which finishes
 * the same attempt. Returns whether it did (the login form then has nothing to show).
 */
export function openLoginVerificationIfAsked(error: unknown, attempt: LoginAttempt): boolean {
  const challenge = findLoginVerification(error);
  if (!challenge) return false;
  openModal({ kind: 'loginVerification', challenge, attempt });
  return true;
}
