import { randomBytes } from 'node:crypto';
import { publicKeySchema, type Language, type PublicKey } from '@lotus/contract';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../http/types.ts';
import { sealForTest, type SealedTestRequest } from './seal-payload.ts';

/** The last address `freshIp` gave, from a random start. */
let lastIp = randomBytes(2).readUInt16BE();

/**
 * A fresh caller address: calls are throttled and counted per IP. Counted, not drawn: 16 random bits
 * drawn for every call met again within a second now and then (a CI run's captcha test, whose route
 * allows one call a second per IP, got 429); a counter repeats only after 65,536 calls.
 */
export function freshIp(): string {
  lastIp = (lastIp + 1) % 65_536;
  return `203.0.${lastIp >> 8}.${lastIp & 255}`;
}

export interface RequestOptions {
  /** Default: a fresh one. */
  ip?: string;
  /** Default: EN; null sends no Language header (the merchant's default language answers). */
  language?: Language | null;
  token?: string;
  host?: string;
  /** Default: demo. */
  merchant?: string;
}

export interface ApiClient {
  publicKey: PublicKey;
  /** Seals a payload as the site does, dated by the app's clock. */
  seal(payload: Record<string, unknown>): SealedTestRequest;
  /** Sends a request sealed before (a replay sends the same one twice). */
  sendSealedRequest(
    method: 'PUT' | 'POST',
    url: string,
    request: SealedTestRequest,
    options?: RequestOptions,
  ): Promise<LightMyRequestResponse>;
  sealed(
    method: 'PUT' | 'POST',
    url: string,
    payload: Record<string, unknown>,
    options?: RequestOptions,
  ): Promise<LightMyRequestResponse>;
  json(
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    options?: RequestOptions,
  ): Promise<LightMyRequestResponse>;
}

/**
 * Calls to a test app as the site makes them: the merchant's headers, and sealed bodies under the
 * app's public key. `now` is the app's clock (default: the real one).
 */
export async function createApiClient(app: AppInstance, now?: () => number): Promise<ApiClient> {
  const keyResponse = await app.inject({ method: 'GET', url: '/wps/system/publicKey', headers: { Merchant: 'demo' } });
  const publicKey = z.object({ value: publicKeySchema }).parse(keyResponse.json()).value;

  const headersOf = (options: RequestOptions) => ({
    Merchant: options.merchant ?? 'demo',
    ...(options.language === null ? {} : { Language: options.language ?? 'EN' }),
    ...(options.token ? { Authorization: options.token } : {}),
    ...(options.host ? { Host: options.host } : {}),
  });

  const client: ApiClient = {
    publicKey,
    seal: (payload) => sealForTest(payload, publicKey, { nowMs: now?.() }),
    sendSealedRequest(method, url, request, options = {}) {
      return app.inject({
        method,
        url,
        headers: { ...headersOf(options), 'content-type': 'application/json', Encryption: request.encryptionHeader },
        payload: JSON.stringify(request.body),
        remoteAddress: options.ip ?? freshIp(),
      });
    },
    sealed: (method, url, payload, options) => client.sendSealedRequest(method, url, client.seal(payload), options),
    json(method, url, payload, options = {}) {
      return app.inject({
        method,
        url,
        headers: headersOf(options),
        ...(payload === undefined ? {} : { payload }),
        remoteAddress: options.ip ?? freshIp(),
      });
    },
  };
  return client;
}
