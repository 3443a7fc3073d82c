import type { Envelope } from '@lotus/contract';
import { session, type Language } from './session';

/** A failed call: the envelope's errorCode, message and field, or a network failure. */
export class ApiError extends Error {
  readonly errorCode: string;
  readonly status: number;
  readonly field: string | undefined;
  readonly value: unknown;

  constructor(message: string, errorCode: string, status: number, field?: string, value: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.errorCode = errorCode;
    this.status = status;
    this.field = field;
    this.value = value;
  }
}

export const networkErrorCode = 'network.error';
/** The operator token is gone (expired, revoked, disabled): back to the login page. */
export const operatorTokenInvalidCode = 'operator.token.invalid';
export const totpRequiredCode = 'operator.totp.required';

let language: Language = 'TH';
export function setApiLanguage(next: Language): void {
  language = next;
}

export type QueryParams = Record<string, string | number | undefined | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Use this token instead of the stored one (the login's password-stage token). */
  token?: string;
}

export function buildUrl(path: string, query?: QueryParams): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function headersFor(options: RequestOptions): Headers {
  const headers = new Headers({ Accept: 'application/json', Language: language, Device: 'web' });
  const merchant = session.getMerchant();
  if (merchant) headers.set('Merchant', merchant);
  const token = options.token ?? session.getToken();
  // The raw token, without "Bearer " (as on the member API).
  if (token) headers.set('Authorization', token);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  return headers;
}

/** Calls the admin API and returns the envelope's `value`; throws ApiError unless `success`. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers = headersFor(options);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('Network error', networkErrorCode, 0);
  }
  let envelope: (Envelope<T> & { field?: string }) | null = null;
  try {
    envelope = (await response.json()) as Envelope<T> & { field?: string };
  } catch {
    envelope = null;
  }
  if (!envelope || typeof envelope.success !== 'boolean')
    throw new ApiError(response.statusText || 'Unexpected response', `http.${response.status}`, response.status);
  if (!envelope.success) {
    const errorCode = envelope.errorCode ?? `http.${response.status}`;
    // A stored token the server no longer accepts: forget it, the app shows the login page.
    if (
      response.status === 401 &&
      errorCode === operatorTokenInvalidCode &&
      options.token === undefined &&
      session.getToken()
    )
      session.clear();
    throw new ApiError(envelope.message ?? errorCode, errorCode, response.status, envelope.field, envelope.value);
  }
  return envelope.value as T;
}

/**
 * An image behind the operator token (a deposit proof) as a data: URL: an <img> cannot send the
 * Authorization header, and the CSP allows images from data: but not from blob:.
 */
export async function fetchImageDataUrl(path: string, query: QueryParams): Promise<string> {
  const response = await fetch(buildUrl(path, query), { headers: headersFor({}), credentials: 'same-origin' });
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
