import type { Envelope, Language } from '@lotus/contract';

/** A failed call: the envelope's errorCode, message, field and value, or a network/HTTP failure. */
export class ApiError extends Error {
  readonly errorCode: string;
  readonly status: number;
  /** The envelope's `value` of a refusal (a failed login's `{ captchaRequired }`), if any. */
  readonly value: unknown;
  /** The request field a refusal is about (the back-office shows it beside that field). */
  readonly field: string | undefined;

  constructor(message: string, errorCode: string, status: number, value: unknown = null, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.errorCode = errorCode;
    this.status = status;
    this.value = value;
    this.field = field;
  }
}

/** errorCode for a request that never got an answer (offline, DNS, aborted). */
export const networkErrorCode = 'network.error';

export type QueryParams = Record<string, string | number | undefined | null>;

/** The part of a zod schema the client needs: answers are checked with it in development and tests. */
export interface AnswerSchema {
  safeParse(value: unknown): { success: boolean; error?: { message: string } };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  body?: unknown;
  /** A form-encoded body instead of JSON (spec §7: `/wps/member/password/email`). */
  form?: Record<string, string>;
  /** A multipart body (a proof upload); the browser writes its Content-Type with the boundary. */
  formData?: FormData;
  signal?: AbortSignal;
  /** Background calls (polling, prefetch) should not flash the global loader. */
  isSilent?: boolean;
  /** Extra headers of this call (an Idempotency-Key, a sealed call's `Encryption`). */
  headers?: Record<string, string>;
  /** Use this token instead of the stored one (the back-office login's password-stage token). */
  token?: string;
  /**
   * The contract's schema of the answer's `value`. Write it as `import.meta.env.DEV && xSchema`: the
   * answer is checked in development and tests, and the production bundle carries neither the check
   * nor the schema (nor zod, on pages that need no other schema).
   */
  schema?: AnswerSchema | false;
}

/** What differs between the apps: where the token and merchant come from, and what a refusal does. */
export interface ApiClientWiring {
  getToken(): string | null;
  /** The merchant code sent as `Merchant`; null lets the server resolve it from the host. */
  getMerchant(): string | null;
  /** Told of every refusal before it is thrown; `hadStoredToken` when the call sent the stored token. */
  onRefusal?(error: ApiError, hadStoredToken: boolean): void;
  /** Told when a call that is not silent starts (true) and ends (false): the site's global loader. */
  onBusy?(isBusy: boolean): void;
  /** Leave `''` out of query strings too (the back-office's empty filters), not only undefined and null. */
  omitsEmptyQueryValues?: boolean;
}

export function createApiClient(wiring: ApiClientWiring) {
  let language: Language = 'TH';

  function buildUrl(path: string, query: QueryParams | undefined): string {
    if (!query) return path;
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query))
      if (value != null && (value !== '' || !wiring.omitsEmptyQueryValues)) params.set(key, String(value));
    const search = params.toString();
    return search ? `${path}?${search}` : path;
  }

  /** The headers of every call (spec: Merchant, Device, Language, and the raw token when logged in). */
  function headers(contentType?: string, token = wiring.getToken()): Headers {
    const result = new Headers({ Accept: 'application/json', Device: 'web', Language: language });
    const merchant = wiring.getMerchant();
    if (merchant) result.set('Merchant', merchant);
    // The raw token, without "Bearer " (protocol-notes.md).
    if (token) result.set('Authorization', token);
    if (contentType) result.set('Content-Type', contentType);
    return result;
  }

  /** Calls the API and returns the envelope's `value`; throws ApiError unless `success` is true. */
  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const { method = 'GET', body, form, formData, isSilent = false } = options;
    const storedToken = options.token === undefined ? wiring.getToken() : null;
    const callHeaders = headers(
      form
        ? 'application/x-www-form-urlencoded;charset=UTF-8'
        : body === undefined || formData
          ? undefined
          : 'application/json',
      options.token ?? storedToken,
    );
    for (const [name, value] of Object.entries(options.headers ?? {})) callHeaders.set(name, value);
    if (!isSilent) wiring.onBusy?.(true);
    try {
      let response: Response;
      try {
        response = await fetch(buildUrl(path, options.query), {
          method,
          headers: callHeaders,
          body:
            formData ??
            (form ? new URLSearchParams(form).toString() : body === undefined ? undefined : JSON.stringify(body)),
          signal: options.signal,
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
        const error = new ApiError(
          envelope.message ?? errorCode,
          errorCode,
          response.status,
          envelope.value ?? null,
          envelope.field,
        );
        wiring.onRefusal?.(error, Boolean(storedToken));
        throw error;
      }
      // Development and tests only: an answer the contract does not describe fails loudly here,
      // instead of as an undefined somewhere in a component.
      if (import.meta.env.DEV && options.schema) {
        const checked = options.schema.safeParse(envelope.value);
        if (!checked.success)
          throw new Error(`The answer of ${method} ${path} does not match the contract: ${checked.error?.message}`);
      }
      return envelope.value as T;
    } finally {
      if (!isSilent) wiring.onBusy?.(false);
    }
  }

  return {
    request,
    headers,
    buildUrl,
    /** The Language header follows the switcher. */
    setLanguage(next: Language): void {
      language = next;
    },
  };
}
