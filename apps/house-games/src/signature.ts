import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Hex HMAC-SHA256 of the raw body: the X-Signature of every call between the platform and this vendor. */
export function signBody(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

export function signatureMatches(secret: string, rawBody: string, received: string | undefined): boolean {
  if (received === undefined || !/^[0-9a-fA-F]{64}$/.test(received)) return false;
  return timingSafeEqual(Buffer.from(signBody(secret, rawBody), 'hex'), Buffer.from(received, 'hex'));
}

/** SHA-256 of a launch token: only this is stored, the token itself lives in the game's URL. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
