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

/**
 * The first screen's answers the server put in the page (apps/server/src/http/static-site.ts,
 * firstScreenPage): public reads of this merchant in the language they were made in. Each is taken
 * once, by the first call to its address, and only by a visitor (a member's answers may differ), in
 * that language, and within the first half minute; anything else asks the network as before. The
 * server's render of the first screen (app/server-entry.tsx) provides the same answers itself.
 */
const firstScreenAnswers = new Map<string, unknown>();
let firstScreenAnswersUntilMs = 30_000;
/** While true, a call without a first-screen answer fails at once instead of asking the network. */
let isAnswersOnly = false;

(() => {
  const element = typeof document === 'undefined' ? null : document.getElementById('first-screen-data');
  if (!element?.textContent) return;
  try {
    const data = JSON.parse(element.textContent) as { language?: string; answers?: Record<string, unknown> };
    if (data.language === (session.getLanguage() ?? 'TH') && !session.hasToken())
      for (const [url, value] of Object.entries(data.answers ?? {})) firstScreenAnswers.set(url, value);
  } catch {
    // A page without usable data: every call asks the network.
  }
  element.remove();
})();

/** Whether the page came with first-screen answers this visitor may take. */
export const hasFirstScreenAnswers = (): boolean => firstScreenAnswers.size > 0;

/**
 * Runs `fill` (which makes the first screen's calls) on the first-screen answers alone: a call without
 * an answer fails at once. The server's render uses it with the answers it computed; the browser,
 * before hydrating that render, with the page's, so both fill their caches with the same answers.
 */
export async function withFirstScreenAnswersOnly(
  fill: () => Promise<unknown>,
  answers?: Record<string, unknown>,
): Promise<void> {
  if (answers) {
    firstScreenAnswers.clear();
    for (const [url, value] of Object.entries(answers)) firstScreenAnswers.set(url, value);
    firstScreenAnswersUntilMs = Number.POSITIVE_INFINITY;
  }
  isAnswersOnly = true;
  try {
    await fill();
  } finally {
    isAnswersOnly = false;
  }
}

/** Calls the member API and returns the envelope's `value`; throws ApiError unless `success` is true. */
export function apiRequest<T>(path: string, options: Parameters<typeof client.request>[1] = {}): Promise<T> {
  if (firstScreenAnswers.size > 0 && (options.method ?? 'GET') === 'GET' && options.token === undefined) {
    const url = client.buildUrl(path, options.query);
    if (firstScreenAnswers.has(url) && !session.hasToken() && performance.now() < firstScreenAnswersUntilMs) {
      const value = firstScreenAnswers.get(url);
      firstScreenAnswers.delete(url);
      return Promise.resolve(value as T);
    }
  }
  if (isAnswersOnly) return Promise.reject(new Error(`no first-screen answer for ${path}`));
  return client.request<T>(path, options);
}
/** The headers of every call, for the few reads that are not envelopes (the balance stream, a slip). */
export const apiHeaders = client.headers;
export const setApiLanguage = client.setLanguage;
