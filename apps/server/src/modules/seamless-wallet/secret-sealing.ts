import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config.ts';

/**
 * Vendors' HMAC secrets at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the configuration's
 * `VENDOR_SECRET_KEY`. A sealed secret is `v1.<iv>.<tag>.<ciphertext>` (base64url), and its integration
 * (`merchantId:vendorCode`) is the additional authenticated data: a sealed value copied onto another
 * merchant's or vendor's row does not open. The `v1` prefix leaves room for a later key rotation.
 */

export type SealingKey = Buffer & { readonly __sealingKey: true };

const keys = new Map<string, SealingKey>();

/** The 32-byte key of this configuration (derived once per key text). */
export function vendorSecretKeyOf(config: Pick<AppConfig, 'VENDOR_SECRET_KEY'>): SealingKey {
  let key = keys.get(config.VENDOR_SECRET_KEY);
  if (!key) {
    key = Buffer.from(
      hkdfSync('sha256', config.VENDOR_SECRET_KEY, 'lotus', 'vendor-credential-secret v1', 32),
    ) as SealingKey;
    keys.set(config.VENDOR_SECRET_KEY, key);
  }
  return key;
}

const aadOf = (merchantId: number, vendorCode: string) => Buffer.from(`${merchantId}:${vendorCode}`, 'utf8');

export function sealSecret(key: SealingKey, merchantId: number, vendorCode: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aadOf(merchantId, vendorCode));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/**
 * The secret, or null when it does not open with this key (another `VENDOR_SECRET_KEY`, another
 * integration's row, a damaged value): such a secret simply matches nothing.
 */
export function openSecret(key: SealingKey, merchantId: number, vendorCode: string, sealed: string): string | null {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== 'v1' || iv === undefined || tag === undefined || ciphertext === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
    decipher.setAAD(aadOf(merchantId, vendorCode));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
