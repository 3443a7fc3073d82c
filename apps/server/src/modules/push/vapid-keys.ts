import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { Database } from '../../db/schema.ts';

/**
 * Each merchant's VAPID key pair (RFC 8292), made the first time a push or a subscription needs it.
 * The private key is sealed at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the
 * configuration's `VENDOR_SECRET_KEY` (the server's secret for secrets at rest), with the merchant id as
 * additional data, so a sealed key copied onto another merchant's row does not open.
 */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const sealingKeys = new Map<string, Buffer>();

function sealingKeyOf(secret: string): Buffer {
  let key = sealingKeys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'lotus', 'web-push-vapid v1', 32));
    sealingKeys.set(secret, key);
  }
  return key;
}

const aadOf = (merchantId: number) => Buffer.from(`vapid:${merchantId}`, 'utf8');

export function sealVapidPrivateKey(secret: string, merchantId: number, privateKey: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKeyOf(secret), iv);
  cipher.setAAD(aadOf(merchantId));
  const ciphertext = Buffer.concat([cipher.update(privateKey, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The private key, or null when it does not open (another secret, another merchant's row, damage). */
export function openVapidPrivateKey(secret: string, merchantId: number, sealed: string): string | null {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== 'v1' || iv === undefined || tag === undefined || ciphertext === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKeyOf(secret), Buffer.from(iv, 'base64url'), {
      authTagLength: 16,
    });
    decipher.setAAD(aadOf(merchantId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * What the back-office shows of a public key: `SHA256:` and the first 16 bytes of the SHA-256 of the
 * key's bytes, in hex pairs. Short enough to compare by eye before and after a rotation.
 */
export function vapidKeyFingerprint(publicKey: string): string {
  const digest = createHash('sha256').update(Buffer.from(publicKey, 'base64url')).digest('hex');
  return `SHA256:${digest.slice(0, 32).match(/../g)!.join(':')}`;
}

/** A fresh key pair for the merchant, the private key sealed: the row's values. */
export function newVapidKeyRow(secret: string, merchantId: number, nowMs: number) {
  const fresh = webpush.generateVAPIDKeys();
  return {
    merchant_id: merchantId,
    public_key: fresh.publicKey,
    private_key_sealed: sealVapidPrivateKey(secret, merchantId, fresh.privateKey),
    created_at: new Date(nowMs),
  };
}

/** The merchant's public key, making the pair on first need (instances racing agree on the first written). */
export async function vapidPublicKey(db: Kysely<Database>, secret: string, merchantId: number, nowMs: number) {
  return (await ensureVapidKeys(db, secret, merchantId, nowMs)).publicKey;
}

export async function ensureVapidKeys(
  db: Kysely<Database>,
  secret: string,
  merchantId: number,
  nowMs: number,
): Promise<VapidKeys> {
  let row = await db
    .selectFrom('push_vapid_key')
    .select(['public_key', 'private_key_sealed'])
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!row) {
    await db
      .insertInto('push_vapid_key')
      .values(newVapidKeyRow(secret, merchantId, nowMs))
      .onConflict((conflict) => conflict.column('merchant_id').doNothing())
      .execute();
    row = await db
      .selectFrom('push_vapid_key')
      .select(['public_key', 'private_key_sealed'])
      .where('merchant_id', '=', merchantId)
      .executeTakeFirstOrThrow();
  }
  const privateKey = openVapidPrivateKey(secret, merchantId, row.private_key_sealed);
  if (privateKey === null)
    throw new Error(`the VAPID private key of merchant ${merchantId} does not open with this VENDOR_SECRET_KEY`);
  return { publicKey: row.public_key, privateKey };
}
