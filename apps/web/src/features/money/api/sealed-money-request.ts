import { apiPaths, encryptionHeaderName, errorCodes, type PublicKey } from '@lotus/contract';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { sealPayload } from '../../../lib/sealed-request';

/**
 * lib/sealed-request's `sealedRequest` with extra headers: the sealed withdrawal also carries its
 * Idempotency-Key, which `sealedRequest` has no option for yet. Same scheme and the same retry when
 * the server no longer holds the key (rotated away). When `sealedRequest` takes `headers`, this file
 * can go.
 */
let publicKeyRequest: Promise<PublicKey> | null = null;

function fetchPublicKey(): Promise<PublicKey> {
  publicKeyRequest ??= apiRequest<PublicKey>(apiPaths.publicKey, { isSilent: true }).catch((error: unknown) => {
    publicKeyRequest = null;
    throw error;
  });
  return publicKeyRequest;
}

export async function sealedMoneyRequest<T>(
  path: string,
  payload: Record<string, unknown>,
  options: { method?: 'POST' | 'PUT'; headers?: Record<string, string> } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const sealed = await sealPayload(payload, await fetchPublicKey());
    try {
      return await apiRequest<T>(path, {
        method: options.method ?? 'POST',
        body: sealed.body,
        headers: { ...options.headers, [encryptionHeaderName]: sealed.encryptionHeader },
      });
    } catch (error) {
      if (attempt > 1 || !(error instanceof ApiError) || error.errorCode !== errorCodes.sealedKeyUnknown) throw error;
      publicKeyRequest = null;
    }
  }
}

/** For tests: forget the cached key (each fake API hands out its own). */
export function forgetMoneyPublicKey(): void {
  publicKeyRequest = null;
}
