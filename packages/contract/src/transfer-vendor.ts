import { z } from 'zod';
import { moneySchema } from './envelope.ts';

/* ------------------------------------------------------------------------------------------------
 * The transfer-wallet protocol: what a transfer-mode vendor serves and the platform calls
 * (apps/server/src/modules/transfer-wallet/README.md; apps/house-games serves it for the house's
 * transfer brand). `POST {apiUrl}/transfer-api/{call}`, JSON body, header `X-Signature` = hex
 * HMAC-SHA256 of the raw body with the integration's secret, answers in the platform's envelope.
 * Every body carries `requestId` and `timestamp` (epoch ms; more than 5 minutes off is refused).
 * ---------------------------------------------------------------------------------------------- */

export const transferVendorCalls = [
  'player',
  'balance',
  'fund-in',
  'fund-out',
  'transfer-status',
  'launch',
  'bet-records',
] as const;
export type TransferVendorCall = (typeof transferVendorCalls)[number];

const base = { requestId: z.string().min(1).max(100), timestamp: z.number().int().nonnegative() };
const playerId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const reference = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
const currency = z.string().regex(/^[A-Z]{3}$/);

export const transferVendorRequestSchemas = {
  /** Creates the player, or does nothing when it exists: `{ playerId }`. */
  player: z.object({ ...base, playerId, currency }),
  /** `{ balance, currency }`. */
  balance: z.object({ ...base, playerId }),
  /** Money in (platform to vendor) under the platform's reference: `{ reference, status: 'SUCCESS', balance }`. */
  'fund-in': z.object({ ...base, playerId, reference, amount: moneySchema, currency }),
  /** Money out (vendor to platform); `INSUFFICIENT_FUNDS` beyond the player's balance. */
  'fund-out': z.object({ ...base, playerId, reference, amount: moneySchema, currency }),
  /**
   * What became of a reference: `SUCCESS`, `FAILED`, or `NOT_FOUND`. A vendor that answers `NOT_FOUND`
   * must refuse that reference from then on, so a transfer the platform gave up on cannot land late.
   */
  'transfer-status': z.object({ ...base, reference }),
  /** The game's address for this player: `{ url }`. */
  launch: z.object({
    ...base,
    playerId,
    gameId: z.string().min(1).max(64),
    language: z.enum(['TH', 'EN']),
    /** The game's name in `language` from the platform's catalogue, for the game to show (the site's name). */
    gameName: z.string().max(100).optional(),
  }),
  /**
   * Settled rounds of every player, oldest first, after `cursor` (empty: from the start): `{ records,
   * cursor }`, the answer's cursor to send next time. A round appears once it is settled and never
   * changes afterwards; rounds the vendor voided (their bet refused or refunded) never appear.
   */
  'bet-records': z.object({ ...base, cursor: z.string().max(200), limit: z.number().int().min(1).max(1000) }),
} as const satisfies Record<TransferVendorCall, z.ZodType>;

/** A settled round of a transfer-mode vendor (money in minor units as integer strings). */
export const transferVendorRoundSchema = z.object({
  roundId: z.string().min(1).max(100),
  playerId,
  gameId: z.string().min(1).max(64),
  stake: z.string().regex(/^\d{1,16}$/),
  payout: z.string().regex(/^\d{1,16}$/),
  betAt: z.number().int(),
  settledAt: z.number().int(),
  /** Provably fair data of the round, for the member's record. */
  fairness: z.object({ serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number().int() }).optional(),
});
export type TransferVendorRound = z.infer<typeof transferVendorRoundSchema>;

export const transferVendorAnswerSchemas = {
  player: z.object({ playerId }),
  balance: z.object({ balance: moneySchema, currency }),
  'fund-in': z.object({ reference: z.string(), status: z.literal('SUCCESS'), balance: moneySchema }),
  'fund-out': z.object({ reference: z.string(), status: z.literal('SUCCESS'), balance: moneySchema }),
  'transfer-status': z.object({ reference: z.string(), status: z.enum(['SUCCESS', 'FAILED', 'NOT_FOUND']) }),
  launch: z.object({ url: z.string().url() }),
  'bet-records': z.object({ records: z.array(transferVendorRoundSchema), cursor: z.string().max(200) }),
} as const satisfies Record<TransferVendorCall, z.ZodType>;

export type TransferVendorRequest<C extends TransferVendorCall> = z.infer<(typeof transferVendorRequestSchemas)[C]>;
export type TransferVendorAnswer<C extends TransferVendorCall> = z.infer<(typeof transferVendorAnswerSchemas)[C]>;

/** errorCodes a transfer vendor answers; each is a definite answer (the call did not take effect). */
export const transferVendorErrorCodes = {
  invalidSignature: 'INVALID_SIGNATURE',
  staleRequest: 'STALE_REQUEST',
  invalidRequest: 'INVALID_REQUEST',
  playerNotFound: 'PLAYER_NOT_FOUND',
  insufficientFunds: 'INSUFFICIENT_FUNDS',
  /** The reference was used before with other data, or was given up on (`NOT_FOUND` answered for it). */
  duplicateReference: 'DUPLICATE_REFERENCE',
  gameUnknown: 'GAME_UNKNOWN',
} as const;
