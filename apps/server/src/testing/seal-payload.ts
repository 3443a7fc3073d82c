import { constants, createCipheriv, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import type { PublicKey } from '@lotus/contract';

/**
 * A client of the sealing scheme written with node:crypto, independent of the server's opener and
 * of the site's WebCrypto sealer, for tests that send sealed calls. `fields` replaces the `ts` and
 * `nonce` the scheme adds (a key set to undefined is left out), to build refused payloads.
 */
export interface SealOptions {
  nowMs?: number;
  fields?: { ts?: unknown; nonce?: unknown };
  /** Seal these exact bytes instead of the payload's JSON. */
  plaintext?: Buffer;
}

export interface SealedTestRequest {
  body: { value: string };
  encryptionHeader: string;
}

export function sealForTest(
  payload: Record<string, unknown>,
  publicKey: PublicKey,
  options: SealOptions = {},
): SealedTestRequest {
  const fields = { ts: options.nowMs ?? Date.now(), nonce: randomBytes(16).toString('base64url'), ...options.fields };
  const plaintext = options.plaintext ?? Buffer.from(JSON.stringify({ ...payload, ...fields }), 'utf8');
  const aesKey = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey, iv, { authTagLength: 16 });
  const sealed = Buffer.concat([iv, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  const rsaKey = createPublicKey({ key: Buffer.from(publicKey.spki, 'base64'), format: 'der', type: 'spki' });
  const wrappedKey = publicEncrypt(
    { key: rsaKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    aesKey,
  );
  return {
    body: { value: sealed.toString('base64') },
    encryptionHeader: `${publicKey.keyId}.${wrappedKey.toString('base64')}`,
  };
}

/** The same base64 with one bit of byte `index` flipped (negative: from the end). */
export function flipBit(base64: string, index: number): string {
  const bytes = Buffer.from(base64, 'base64');
  const at = index < 0 ? bytes.length + index : index;
  bytes[at] = bytes[at]! ^ 0x01;
  return bytes.toString('base64');
}
