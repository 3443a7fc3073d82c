import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SealingKey } from './secret-sealing.ts';
import { listLiveVendorSecrets } from './vendor-credentials.ts';

/** The house vendor's code: its secret is HOUSE_VENDOR_SECRET, for every merchant. */
export const houseVendorCode = 'HOUSE';

/** Hex HMAC-SHA256 of the raw body: what a vendor sends as X-Signature. */
export function signBody(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

/** Constant-time comparison of a received hex signature with the expected one. */
export function signatureMatches(secret: string, rawBody: string, received: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(received)) return false;
  return timingSafeEqual(Buffer.from(signBody(secret, rawBody), 'hex'), Buffer.from(received, 'hex'));
}

/**
 * The merchants for which the body is correctly signed by this vendor: 'any' for the house vendor
 * signed with HOUSE_VENDOR_SECRET (the session then names the merchant), else those with a live
 * secret (not revoked, `valid_until` null or after `nowMs`: a rotation's overlap) that matches.
 * Empty: the signature is wrong (or the vendor unknown).
 */
export async function signedMerchants(
  db: Kysely<Database>,
  input: { vendorCode: string; houseSecret: string | undefined; sealingKey: SealingKey; nowMs: number },
  rawBody: string,
  received: string,
): Promise<Set<number> | 'any'> {
  if (input.vendorCode === houseVendorCode) {
    return input.houseSecret !== undefined && signatureMatches(input.houseSecret, rawBody, received)
      ? 'any'
      : new Set();
  }
  const merchants = new Set<number>();
  for (const live of await listLiveVendorSecrets(db, input.sealingKey, input.vendorCode, input.nowMs)) {
    if (!merchants.has(live.merchantId) && signatureMatches(live.secret, rawBody, received))
      merchants.add(live.merchantId);
  }
  return merchants;
}
