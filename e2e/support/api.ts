import { apiPaths, encryptionHeaderName, type Envelope, type PublicKey } from '@lotus/contract';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { sealForTest } from '../../apps/server/src/testing/seal-payload.ts';

/**
 * Calls to the e2e server the way the site sends them, for set-up steps that are not the journey
 * itself: plain, or sealed where the call is sealed. A refusal fails the test with its code and message.
 */
export const apiHeaders = { Merchant: 'demo', Device: 'web', Language: 'EN' };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function readValue<T>(response: APIResponse, method: Method, path: string): Promise<T> {
  const envelope = (await response.json()) as Envelope<T>;
  expect(envelope.success, `${method} ${path}: ${envelope.errorCode} ${envelope.message}`).toBe(true);
  return envelope.value as T;
}

export async function callApi<T>(
  request: APIRequestContext,
  method: Method,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await request.fetch(path, {
    method,
    headers: { ...apiHeaders, ...(token ? { Authorization: token } : {}) },
    data: body,
  });
  return readValue<T>(response, method, path);
}

/** Seals `payload` with the server's current public key (sealForTest, independent of the site's sealer). */
export async function callSealed<T>(
  request: APIRequestContext,
  method: 'POST' | 'PUT',
  path: string,
  payload: Record<string, unknown>,
  token?: string,
): Promise<T> {
  const publicKey = await callApi<PublicKey>(request, 'GET', apiPaths.publicKey);
  const sealed = sealForTest(payload, publicKey);
  const response = await request.fetch(path, {
    method,
    headers: {
      ...apiHeaders,
      [encryptionHeaderName]: sealed.encryptionHeader,
      ...(token ? { Authorization: token } : {}),
    },
    data: sealed.body,
  });
  return readValue<T>(response, method, path);
}
