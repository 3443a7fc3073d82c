import { z } from 'zod';
import { moneySchema } from './envelope.ts';

/* ------------------------------------------------------------------------------------------------
 * The seamless wallet protocol of game vendors: POST /vendor-api/{vendorCode}/{balance|bet|win|rollback}
 * (apps/server/src/modules/seamless-wallet/README.md). Every body is signed: header `X-Signature` is the
 * hex HMAC-SHA256 of the raw body with the vendor's secret.
 * ---------------------------------------------------------------------------------------------- */

export const vendorWalletCalls = ['balance', 'bet', 'win', 'rollback'] as const;
export type VendorWalletCall = (typeof vendorWalletCalls)[number];

export const vendorSignatureHeader = 'x-signature';

/**
 * The provably fair data of a round, sent by the house vendor with its calls and kept on the
 * member's bet record (other vendors' are ignored). Not part of the request's hash: a retry may
 * omit it. `serverSeed` is revealed later (on rotation), so a later call may add it. Unknown fields
 * are dropped, like the body's own, rather than refusing a money call over a detail.
 */
export const vendorRoundDetailsSchema = z.object({
  serverSeedHash: z.string().max(128).optional(),
  serverSeed: z.string().max(128).optional(),
  clientSeed: z.string().max(128).optional(),
  nonce: z.number().int().nonnegative().optional(),
  /** The outcome, short: e.g. the JSON of the cards or the reel stops. */
  outcome: z.string().max(2000).optional(),
});
export type VendorRoundDetails = z.infer<typeof vendorRoundDetailsSchema>;

/** The body of every call. `amount` is a decimal string (at most two places); `timestamp` epoch ms. */
export const vendorWalletRequestSchema = z.object({
  requestId: z.string().min(1).max(100),
  timestamp: z.number().int().nonnegative(),
  sessionToken: z.string().min(1).max(200),
  /** Empty on the first balance call (its answer carries the playerId). */
  playerId: z.string().max(64),
  currency: z.string().regex(/^[A-Z]{3}$/),
  gameId: z.string().min(1).max(100),
  roundId: z.string().min(1).max(100),
  transactionId: z.string().min(1).max(100),
  amount: z.string().max(32),
  referenceTransactionId: z.string().min(1).max(100).optional(),
  roundClosed: z.boolean().optional(),
  roundDetails: vendorRoundDetailsSchema.optional(),
});
export type VendorWalletRequest = z.infer<typeof vendorWalletRequestSchema>;

/** The envelope's `value` of every successful call (and of INSUFFICIENT_FUNDS, with the balance). */
export const vendorWalletAnswerSchema = z.object({
  balance: moneySchema,
  currency: z.string(),
  transactionId: z.string(),
  /** The balance call's answer: the id later calls carry as `playerId`. */
  playerId: z.string().optional(),
});
export type VendorWalletAnswer = z.infer<typeof vendorWalletAnswerSchema>;

/** The protocol's errorCodes (README of the module says when each is answered). */
export const vendorWalletErrorCodes = {
  insufficientFunds: 'INSUFFICIENT_FUNDS',
  invalidSignature: 'INVALID_SIGNATURE',
  staleRequest: 'STALE_REQUEST',
  sessionExpired: 'SESSION_EXPIRED',
  duplicateDifferentData: 'DUPLICATE_TRANSACTION_DIFFERENT_DATA',
  transactionNotFound: 'TRANSACTION_NOT_FOUND',
  roundClosed: 'ROUND_CLOSED',
  playerBlocked: 'PLAYER_BLOCKED',
  /** Unknown session token, or one of another member, vendor or game than the call names. */
  invalidSession: 'INVALID_SESSION',
  /** A bet whose transaction id was rolled back before it arrived. */
  transactionCancelled: 'TRANSACTION_CANCELLED',
  /** Amount not a decimal with at most two places, or zero where not allowed. */
  invalidAmount: 'INVALID_AMOUNT',
  /** Currency other than the merchant's. */
  invalidCurrency: 'INVALID_CURRENCY',
  /** Body not JSON or missing fields. */
  invalidRequest: 'INVALID_REQUEST',
} as const;
export type VendorWalletErrorCode = (typeof vendorWalletErrorCodes)[keyof typeof vendorWalletErrorCodes];
