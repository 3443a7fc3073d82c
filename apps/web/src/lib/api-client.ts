import { errorCodes, type Envelope } from '@lotus/contract';
import { requirePasswordChange } from '../stores/modal-store';
import { loaderStore } from './loader-store';
import { session, type Language } from './session';

/** A failed call: the envelope's errorCode and message, or a network/HTTP failure. */
export class ApiError extends Error {
  readonly errorCode: string;
  readonly status: number;
  /** The envelope's `value` of a refusal (a failed login's `{ captchaRequired }`), if any. */
  readonly value: unknown;

  constructor(message: string, errorCode: string, status: number, value: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.errorCode = errorCode;
    this.status = status;
    this.value = value;
  }
}

/**
 * identityErrorCodes.passwordChangeRequired, spelled out: importing it would bring the contract's
 * identity schemas, and zod with them, into the home page's JavaScript.
 */
export const passwordChangeRequiredCode = 'password.change.required';

/** errorCode for a request that never got an answer (offline, DNS, aborted). */
export const networkErrorCode = 'network.error';

/**
 * Request context that is not known at module load: the merchant code arrives with the
 * whitelabel answer, the language follows the switcher.
 */
const requestContext: { merchantCode: string | null; language: Language } = {
  merchantCode: null,
  language: 'TH',
};

export function setApiMerchantCode(merchantCode: string): void {
  requestContext.merchantCode = merchantCode;
}

export function setApiLanguage(language: Language): void {
  requestContext.language = language;
}

export type QueryParams = Record<string, string | number | undefined>;

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: QueryParams;
  body?: unknown;
  /** A form-encoded body instead of JSON (spec §7: `/wps/member/password/email`). */
  form?: Record<string, string>;
  /** A multipart body (a proof upload); the browser writes its Content-Type with the boundary. */
  formData?: FormData;
  signal?: AbortSignal;
  /** Background calls (polling, prefetch) should not flash the global loader. */
  isSilent?: boolean;
  /** Extra headers of this call (a sealed call's `Encryption`). */
  headers?: Record<string, string>;
}

function buildUrl(path: string, query: QueryParams | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The headers of every call (spec: Merchant, Device, Language, and the raw token when logged in). */
export function apiHeaders(contentType?: string): Headers {
  const headers = new Headers({ Accept: 'application/json', Device: 'web', Language: requestContext.language });
  // Before the whitelabel answer arrives the server resolves the merchant from the host.
  if (requestContext.merchantCode) headers.set('Merchant', requestContext.merchantCode);
  const token = session.getToken();
  // The raw token, without "Bearer " (protocol-notes.md).
  if (token) headers.set('Authorization', token);
  if (contentType) headers.set('Content-Type', contentType);
  return headers;
}

/** Calls the API and returns the envelope's `value`; throws ApiError unless `success` is true. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, form, formData, signal, isSilent = false } = options;
  const headers = apiHeaders(
    form
      ? 'application/x-www-form-urlencoded;charset=UTF-8'
      : body === undefined || formData
        ? undefined
        : 'application/json',
  );
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  if (!isSilent) loaderStore.start();
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, query), {
        method,
        headers,
        body:
          formData ??
          (form ? new URLSearchParams(form).toString() : body === undefined ? undefined : JSON.stringify(body)),
        signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError('Network error', networkErrorCode, 0);
    }
    let envelope: Envelope<T> | null = null;
    try {
      envelope = (await response.json()) as Envelope<T>;
    } catch {
      envelope = null;
    }
    if (!envelope || typeof envelope.success !== 'boolean') {
      throw new ApiError(response.statusText || 'Unexpected response', `http.${response.status}`, response.status);
    }
    if (!envelope.success) {
      const errorCode = envelope.errorCode ?? `http.${response.status}`;
      // A token the server no longer accepts (expired, revoked, member locked): forced logout.
      if (response.status === 401 && errorCode === errorCodes.tokenInvalid && headers.has('Authorization'))
        session.clear();
      // The account must change its password first (expired, or set by an agent): whatever was tried,
      // the change-password modal is the answer, not an error popup.
      if (response.status === 403 && errorCode === passwordChangeRequiredCode && headers.has('Authorization')) {
        requirePasswordChange(session.getPendingPasswordChange());
      }
      throw new ApiError(envelope.message ?? errorCode, errorCode, response.status, envelope.value ?? null);
    }
    return envelope.value as T;
  } finally {
    if (!isSilent) loaderStore.stop();
  }
}
