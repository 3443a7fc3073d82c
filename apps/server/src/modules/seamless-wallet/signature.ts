import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

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
 * signed with HOUSE_VENDOR_SECRET (the session then names the merchant), else those whose stored
 * secret matches. Empty: the signature is wrong (or the vendor unknown).
 */
export async function signedMerchants(
  db: Kysely<Database>,
  vendorCode: string,
  houseSecret: string | undefined,
  rawBody: string,
  received: string,
): Promise<Set<number> | 'any'> {
  if (vendorCode === houseVendorCode) {
    return houseSecret !== undefined && signatureMatches(houseSecret, rawBody, received) ? 'any' : new Set();
  }
  const rows = await db
    .selectFrom('vendor_credential')
    .select(['merchant_id', 'secret'])
    .where('vendor_code', '=', vendorCode)
    .execute();
  const merchants = new Set<number>();
  for (const row of rows) {
    if (row.secret !== null && signatureMatches(row.secret, rawBody, received)) merchants.add(row.merchant_id);
  }
  return merchants;
}
