import {
  apiPaths,
  loginResultSchema,
  type FreePlayRequest,
  type LoginRequest,
  type LoginResult,
  type LoginVerificationRequest,
  type PasswordChangeRequest,
  type RegisterMobileRequest,
  type RegisterRequest,
} from '@lotus/contract';
import { sealedRequest } from '../../../lib/sealed-request';

/** Every call that starts a session answers with a LoginResult; checked in development and tests. */
const schema = import.meta.env.DEV && loginResultSchema;

/** POST /wps/session/login (sealed): a session by username and password, by SMS code, or a remembered login. */
export function createSession(request: LoginRequest): Promise<LoginResult> {
  return sealedRequest<LoginResult>(apiPaths.login, { ...request }, { schema });
}

/** POST the second step of a login the server asked to verify (a code, or the bank account's payee name). */
export function createVerifiedSession(request: LoginVerificationRequest): Promise<LoginResult> {
  return sealedRequest<LoginResult>(apiPaths.loginVerification, { ...request }, { schema });
}

/** A trial account that plays with demo money (switch freePlay). */
export function createFreePlaySession(request: FreePlayRequest): Promise<LoginResult> {
  return sealedRequest<LoginResult>(apiPaths.freePlay, { ...request }, { schema });
}

/** PUT a registration, by username or by mobile number; the answer logs the new member in. */
export function createMember(
  mode: 'username' | 'mobile',
  request: RegisterRequest | RegisterMobileRequest | Record<string, unknown>,
): Promise<LoginResult> {
  return sealedRequest<LoginResult>(mode === 'mobile' ? apiPaths.registerMobile : apiPaths.register, request, {
    method: 'PUT',
    schema,
  });
}

/** The logged-in member's password (sealed); a forced change is answered by logging in again. */
export function updatePassword(request: PasswordChangeRequest): Promise<unknown> {
  return sealedRequest<unknown>(apiPaths.passwordChange, { ...request });
}
