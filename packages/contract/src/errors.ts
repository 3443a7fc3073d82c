/**
 * Stable error codes. Each says when it happens and what the caller should do.
 * Human messages live in the server's message catalogue, keyed by these codes, in TH and EN.
 */
export const errorCodes = {
  /** The body or query failed its schema; `field` names the first bad field. Fix the input. */
  validation: 'validation.failed',
  /** The body was not valid JSON (or not the declared content type). Send well-formed JSON. */
  malformedBody: 'request.body.malformed',
  /** The body is larger than the server accepts. Send less. */
  bodyTooLarge: 'request.body.too.large',
  /** The content type is not one the call accepts. */
  unsupportedMediaType: 'request.content.type.unsupported',
  /** No such path. */
  notFound: 'not.found',
  /** The request line or its headers could not be read (answered by the HTTP layer, before any route). */
  malformedRequest: 'request.malformed',
  /** The URL and headers together are larger than the server reads (16 KiB). Send a shorter URL or fewer headers. */
  headersTooLarge: 'request.headers.too.large',
  /** The method is not allowed on this path. */
  methodNotAllowed: 'method.not.allowed',
  /** The `Merchant` header names no merchant, or the host belongs to none. Check the merchant code or domain. */
  merchantUnknown: 'merchant.unknown',
  /** The merchant exists but is disabled. */
  merchantDisabled: 'merchant.disabled',
  /** Throttled: wait and retry later. */
  tooManyRequests: 'TOO_MANY_REQUESTS',
  /** The site is in maintenance. */
  maintenance: 'system.maintenance',
  /** The caller's IP or region may not use the site. */
  ipRestricted: 'ip.restricted',
  /** No token, or it is invalid or expired: log in again. */
  tokenInvalid: 'user.or.token.invalid',
  /** Something on our side failed; the request may be retried. Never caused by client input. */
  internal: 'internal.error',
  /** A dependency (the database) is not answering. Retry later. */
  unavailable: 'service.unavailable',
  /**
   * A sealed call's `Encryption` header or `value` is missing or malformed, or the payload does not
   * open (wrong key, tampered data) or lacks a valid `ts` or `nonce`; `field` names the part. Reseal and send again.
   */
  sealedInvalid: 'payload.encryption.invalid',
  /** The `Encryption` header names a key the server does not hold (rotated away). Refetch the public key and reseal. */
  sealedKeyUnknown: 'payload.encryption.key.unknown',
  /** The sealed payload's `ts` is more than 5 minutes from the server's clock. Reseal with the current time. */
  sealedExpired: 'payload.encryption.expired',
  /** The sealed payload's `nonce` was already used (a replay). Reseal with a fresh nonce if the call is meant to run again. */
  sealedReplayed: 'payload.encryption.replayed',
  /**
   * A money-moving call came without a usable `Idempotency-Key` header (8-128 letters, digits, `-`,
   * `_`, `:` or `.`). Send a new random key per user action, and the same key when retrying it.
   */
  idempotencyKeyInvalid: 'idempotency.key.invalid',
  /** This `Idempotency-Key` was already used for a different request (422). Use a new key for a new action. */
  idempotencyKeyReused: 'idempotency.key.reused',
  /** The first request with this key is still running (409, Retry-After): retry shortly with the same key. */
  idempotencyInProgress: 'idempotency.in.progress',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
