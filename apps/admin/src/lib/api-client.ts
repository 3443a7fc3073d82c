import { createApiClient, ApiError, type QueryParams } from '@lotus/client';
import type { Envelope } from '@lotus/contract';
import { session } from './session';

export { ApiError, networkErrorCode, type QueryParams } from '@lotus/client';

/** The operator token is gone (expired, revoked, disabled): back to the login page. */
export const operatorTokenInvalidCode = 'operator.token.invalid';

/**
 * The back-office's wiring of the shared client (@lotus/client): the operator's token and merchant
 * from its own session keys, empty filters left out of query strings, and a stored token the server
 * no longer accepts forgotten (the app then shows the login page).
 */
const client = createApiClient({
  getToken: () => session.getToken(),
  getMerchant: () => session.getMerchant(),
  omitsEmptyQueryValues: true,
  onRefusal: (error, hadStoredToken) => {
    if (error.status === 401 && error.errorCode === operatorTokenInvalidCode && hadStoredToken) session.clear();
  },
});

/** Calls the admin API and returns the envelope's `value`; throws ApiError unless `success`. */
export const apiRequest = client.request;
export const setApiLanguage = client.setLanguage;

/**
 * A text answer behind the operator token (a report's CSV): the body as sent, or ApiError when refused.
 */
export async function fetchText(path: string, query: QueryParams): Promise<string> {
  const response = await fetch(client.buildUrl(path, query), { headers: client.headers(), credentials: 'same-origin' });
  if (!response.ok) {
    let message = response.statusText;
    try {
      message = ((await response.json()) as Envelope<unknown>).message ?? message;
    } catch {
      // Not an envelope: keep the status text.
    }
    throw new ApiError(message, `http.${response.status}`, response.status);
  }
  return response.text();
}

/**
 * Fetches a CSV behind the operator token (so not a plain link) and saves it as `fileName`. A data:
 * URL, not a blob: one, which the back-office's CSP does not allow.
 */
export async function downloadCsv(path: string, query: QueryParams, fileName: string): Promise<void> {
  const text = await fetchText(path, query);
  const link = document.createElement('a');
  link.href = `data:text/csv;charset=utf-8,${encodeURIComponent(text)}`;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * An image behind the operator token (a deposit proof) as a data: URL: an <img> cannot send the
 * Authorization header, and the CSP allows images from data: but not from blob:.
 */
export async function fetchImageDataUrl(path: string, query: QueryParams): Promise<string> {
  const response = await fetch(client.buildUrl(path, query), { headers: client.headers(), credentials: 'same-origin' });
  if (!response.ok) {
    let message = response.statusText;
    try {
      message = ((await response.json()) as Envelope<unknown>).message ?? message;
    } catch {
      // Not an envelope: keep the status text.
    }
    throw new ApiError(message, `http.${response.status}`, response.status);
  }
  const blob = await response.blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new ApiError('Could not read the image', 'image.unreadable', 0));
    reader.readAsDataURL(blob);
  });
}
