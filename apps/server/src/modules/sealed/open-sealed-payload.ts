import { KeyObject, createDecipheriv, constants, privateDecrypt, type webcrypto } from 'node:crypto';
import { errorCodes, sealedBodySchema } from '@lotus/contract';
import { AppError } from '../../http/app-error.ts';

/**
 * Opens a sealed payload (ARCHITECTURE.md, "The API contract"): pure, no database. The caller
 * supplies the private key for the header's key id and the current time, and checks the nonce
 * against what it has seen. Every failure is an AppError with a 4xx; nothing a client sends throws
 * anything else.
 */

/** `ts` may be this far from the server's clock, either way. */
export const sealedTimestampWindowMs = 5 * 60_000;
const ivBytes = 12;
const tagBytes = 16;
const aesKeyBytes = 32;
/** Nonces are stored, so their length is bounded; printable ASCII keeps them safe in any column or log. */
const noncePattern = /^[\x21-\x7e]{16,128}$/;
const keyIdPattern = /^[A-Za-z0-9_-]{1,64}$/;
/** Standard base64 with padding, as the scheme says; anything else is malformed, not "garbage that fails later". */
const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export interface SealedEnvelope {
  keyId: string;
  wrappedKey: Buffer;
  /** IV ‖ ciphertext ‖ tag. */
  sealed: Buffer;
}

/** The server holds KeyObjects; a WebCrypto CryptoKey is accepted too (the site's tests open with one). */
export type OpeningKey = KeyObject | webcrypto.CryptoKey;

export interface OpenedPayload {
  /** The payload without `ts` and `nonce`. */
  payload: Record<string, unknown>;
  nonce: string;
  tsMs: number;
}

function invalid(field: string): AppError {
  return new AppError(400, errorCodes.sealedInvalid, { field, params: { field } });
}

function decodeBase64(text: string): Buffer | null {
  return text.length > 0 && base64Pattern.test(text) ? Buffer.from(text, 'base64') : null;
}

/** Checks the header and body shapes before any key is looked up. */
export function parseSealedRequest(encryptionHeader: unknown, body: unknown): SealedEnvelope {
  if (typeof encryptionHeader !== 'string') throw invalid('Encryption');
  const dot = encryptionHeader.indexOf('.');
  const keyId = encryptionHeader.slice(0, dot);
  const wrappedKey = dot > 0 ? decodeBase64(encryptionHeader.slice(dot + 1)) : null;
  if (!keyIdPattern.test(keyId) || !wrappedKey) throw invalid('Encryption');

  const parsedBody = sealedBodySchema.safeParse(body);
  const sealed = parsedBody.success ? decodeBase64(parsedBody.data.value) : null;
  if (!sealed || sealed.length < ivBytes + tagBytes + 2) throw invalid('value');
  return { keyId, wrappedKey, sealed };
}

/**
 * Unwraps K with RSA-OAEP (SHA-256), opens IV ‖ ciphertext ‖ tag with AES-256-GCM, parses the JSON
 * and checks `ts` against `nowMs` and the form of `nonce`. A failed unwrap and a failed tag get the
 * same answer, so a client cannot learn which step refused its bytes.
 */
export function openSealedEnvelope(envelope: SealedEnvelope, privateKey: OpeningKey, nowMs: number): OpenedPayload {
  const key = privateKey instanceof KeyObject ? privateKey : KeyObject.from(privateKey);
  let plaintext: string;
  try {
    const aesKey = privateDecrypt(
      { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      envelope.wrappedKey,
    );
    if (aesKey.length !== aesKeyBytes) throw new Error('wrong key length');
    const iv = envelope.sealed.subarray(0, ivBytes);
    const tag = envelope.sealed.subarray(envelope.sealed.length - tagBytes);
    const ciphertext = envelope.sealed.subarray(ivBytes, envelope.sealed.length - tagBytes);
    const decipher = createDecipheriv('aes-256-gcm', aesKey, iv, { authTagLength: tagBytes });
    decipher.setAuthTag(tag);
    const bytes = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
    plaintext = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid('value');
  }

  let parsed: unknown;
  try {
    parsed = JSON.parse(plaintext);
  } catch {
    throw invalid('value');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalid('value');
  const { ts, nonce, ...payload } = parsed as Record<string, unknown>;
  if (typeof ts !== 'number' || !Number.isSafeInteger(ts) || ts < 0) throw invalid('ts');
  if (typeof nonce !== 'string' || !noncePattern.test(nonce)) throw invalid('nonce');
  if (Math.abs(nowMs - ts) > sealedTimestampWindowMs) throw new AppError(400, errorCodes.sealedExpired);
  return { payload, nonce, tsMs: ts };
}

/** The whole opening for one request, given a way to find the private key of a key id (null: unknown). */
export async function openSealedRequest(input: {
  encryptionHeader: unknown;
  body: unknown;
  nowMs: number;
  findPrivateKey(keyId: string): Promise<OpeningKey | null> | OpeningKey | null;
}): Promise<OpenedPayload> {
  const envelope = parseSealedRequest(input.encryptionHeader, input.body);
  const privateKey = await input.findPrivateKey(envelope.keyId);
  if (!privateKey) throw new AppError(400, errorCodes.sealedKeyUnknown, { field: 'Encryption' });
  return openSealedEnvelope(envelope, privateKey, input.nowMs);
}
