import { z } from 'zod';

/**
 * One bet or win as `vendor_wallet_play_batch` (db/functions/vendor_wallet_play_batch.sql) reads it
 * from its JSON array: the one definition of the JSON between TypeScript and SQL. play-call.test.ts
 * fails when the SQL reads a key this does not have, or this has a key the SQL never reads. Bigints
 * travel as strings; a minor-unit amount is never named like the protocol's decimal `amount`.
 */
export const playCallSchema = z.strictObject({
  call: z.enum(['bet', 'win']),
  vendor: z.string(),
  /** The merchants the signature is valid for; null: any (the house vendor). */
  merchants: z.array(z.number().int()).nullable(),
  tokenHash: z.string(),
  playerId: z.string(),
  gameId: z.string(),
  currency: z.string(),
  roundId: z.string(),
  transactionId: z.string(),
  /** Minor units; null when the request's amount was not a valid decimal (the function refuses it in protocol order). */
  amountMinor: z.string().regex(/^\d+$/).nullable(),
  roundClosed: z.boolean().nullable(),
  requestHash: z.string(),
  fairness: z.record(z.string(), z.unknown()).nullable(),
  /** Whether the round's provably fair data is kept on the bet record (the house vendor's only). */
  countFairness: z.boolean(),
  /** The call's time, ISO 8601. */
  now: z.iso.datetime(),
});
export type PlayCall = z.infer<typeof playCallSchema>;

/** The keys the SQL reads, one per field. */
export const playCallKeys = Object.keys(playCallSchema.shape).sort();
