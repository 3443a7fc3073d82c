import {
  apiPaths,
  encryptionHeaderName,
  errorCodes,
  sealedPayloadFields,
  type PublicKey,
  type SealedBody,
} from '@lotus/contract';
import { ApiError, apiRequest } from './api-client';
import type { AnswerSchema } from '@lotus/client';

/**
 * Sealed calls (spec §7 "encrypted"; the scheme is in ARCHITECTURE.md, "The API contract"): the
 * payload travels as AES-256-GCM ciphertext under a fresh key K, with K wrapped by the server's
 * RSA-OAEP (SHA-256) public key. For the login and register modals; keep it out of eager code.
 */

export interface SealedPayload {
  body: SealedBody;
  /** The value of the `Encryption` header: `<keyId>.<base64(RSA-OAEP(K))>`. */
  encryptionHeader: string;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Imported keys by key id: importing is the slow part of sealing. */
const rsaKeys = new Map<string, Promise<CryptoKey>>();

function importRsaKey({ keyId, spki }: PublicKey): Promise<CryptoKey> {
  let key = rsaKeys.get(keyId);
  if (!key) {
    key = crypto.subtle.importKey('spki', fromBase64(spki), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
    rsaKeys.set(keyId, key);
  }
  return key;
}

/** Seals `payload` for `publicKey`, adding `ts` (`nowMs`) and a random `nonce`. */
export async function sealPayload(
  payload: Record<string, unknown>,
  publicKey: PublicKey,
  nowMs = Date.now(),
): Promise<SealedPayload> {
  for (const field of sealedPayloadFields)
    if (field in payload) throw new Error(`a sealed payload cannot have a field named ${field}`);
  const rsaKey = await importRsaKey(publicKey);
  const keyBytes = crypto.getRandomValues(new Uint8Array(32));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const nonce = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
  const aesKey = await crypto.subtle.importKey('raw', keyBytes, 'AES-GCM', false, ['encrypt']);
  const plaintext = new TextEncoder().encode(JSON.stringify({ ...payload, ts: nowMs, nonce }));
  // WebCrypto's AES-GCM output is the ciphertext followed by the 16-byte tag.
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, tagLength: 128 }, aesKey, plaintext),
  );
  const wrappedKey = new Uint8Array(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, rsaKey, keyBytes));
  const value = new Uint8Array(iv.length + sealed.length);
  value.set(iv);
  value.set(sealed, iv.length);
  return { body: { value: toBase64(value) }, encryptionHeader: `${publicKey.keyId}.${toBase64(wrappedKey)}` };
}

let publicKeyRequest: Promise<PublicKey> | null = null;

function fetchPublicKey(): Promise<PublicKey> {
  publicKeyRequest ??= apiRequest<PublicKey>(apiPaths.publicKey, { isSilent: true }).catch((error: unknown) => {
    publicKeyRequest = null;
    throw error;
  });
  return publicKeyRequest;
}

/**
 * Sends `payload` sealed and returns the envelope's value. The public key is fetched once and
 * kept; when the server no longer holds it (rotated away) the call refetches it and tries once more.
 */
export async function sealedRequest<T>(
  path: string,
  payload: Record<string, unknown>,
  options: {
    method?: 'POST' | 'PUT';
    signal?: AbortSignal;
    headers?: Record<string, string>;
    /** The answer's contract schema, checked in development and tests (RequestOptions.schema). */
    schema?: AnswerSchema | false;
  } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const sealed = await sealPayload(payload, await fetchPublicKey());
    try {
      return await apiRequest<T>(path, {
        method: options.method ?? 'POST',
        body: sealed.body,
        // Extra headers: a money call's Idempotency-Key.
        headers: { ...options.headers, [encryptionHeaderName]: sealed.encryptionHeader },
        signal: options.signal,
        schema: options.schema,
      });
    } catch (error) {
      if (attempt > 1 || !(error instanceof ApiError) || error.errorCode !== errorCodes.sealedKeyUnknown) throw error;
      publicKeyRequest = null;
    }
  }
}

/** Forgets the cached public key and imported keys; for tests. */
export function forgetPublicKey(): void {
  publicKeyRequest = null;
  rsaKeys.clear();
}
