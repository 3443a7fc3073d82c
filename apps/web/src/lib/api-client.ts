import { errorCodes } from '@lotus/contract';
import { createApiClient } from '@lotus/client';
import { requirePasswordChange } from '../stores/modal-store';
import { loaderStore } from './loader-store';
import { session } from './session';

export { ApiError, networkErrorCode, type QueryParams } from '@lotus/client';

/**
 * identityErrorCodes.passwordChangeRequired, spelled out: importing it would bring the contract's
 * identity schemas, and zod with them, into the home page's JavaScript.
 */
export const passwordChangeRequiredCode = 'password.change.required';

/** The merchant code arrives with the whitelabel answer; before it, the server resolves it from the host. */
let merchantCode: string | null = null;

export function setApiMerchantCode(code: string): void {
  merchantCode = code;
}

/**
 * The member site's wiring of the shared client (@lotus/client): the member's token from session
 * storage, the global loader around calls that are not silent, and two refusals that change the page.
 */
const client = createApiClient({
  getToken: session.getToken,
  getMerchant: () => merchantCode,
  onBusy: (isBusy) => (isBusy ? loaderStore.start() : loaderStore.stop()),
  onRefusal: (error, hadStoredToken) => {
    if (!hadStoredToken) return;
    // A token the server no longer accepts (expired, revoked, member locked): forced logout.
    if (error.status === 401 && error.errorCode === errorCodes.tokenInvalid) session.clear();
    // The account must change its password first (expired, or set by an agent): whatever was tried,
    // the change-password modal is the answer, not an error popup.
    if (error.status === 403 && error.errorCode === passwordChangeRequiredCode)
      requirePasswordChange(session.getPendingPasswordChange());
  },
});

/** Calls the member API and returns the envelope's `value`; throws ApiError unless `success` is true. */
export const apiRequest = client.request;
/** The headers of every call, for the few reads that are not envelopes (the balance stream, a slip). */
export const apiHeaders = client.headers;
export const setApiLanguage = client.setLanguage;
