import { z } from 'zod';
import { languageSchema, moneySchema } from './envelope.ts';
import { gameCardSchema } from './site.ts';
import { amountInputSchema } from './money.ts';

/* ------------------------------------------------------------------------------------------------
 * Launching a game (spec §3 "Game launch request", §7; protocol notes "Game launch and lists") and the
 * transfer wallets of transfer-mode vendors (GCS_walletTransfer, GCS_walletReturn). Every call needs
 * the member's token.
 * ---------------------------------------------------------------------------------------------- */

/** A vendor code (spec: vassalage). */
const vassalageSchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/);

// The addresses and error codes in a module of their own, schema-free: the lobbies and the header's
// game launcher use them, and importing this file would bring its schemas (and zod) with them.
export { launchPaths, launchErrorCodes } from './launch-paths.ts';

/** spec §3: what the original site sends; only gameId, vassalage, accountType and language matter here. */
export const launchGameRequestSchema = z.object({
  gameId: z.string().trim().min(1).max(64),
  nodeId: z.string().trim().max(100).optional(),
  vassalage: vassalageSchema,
  /** 1 real money, 0 free play (a trial account's play money). */
  accountType: z.union([z.literal(0), z.literal(1)]).default(1),
  /** 1: for a transfer-mode vendor, move the main wallet into the vendor's wallet before launching (all of it, or `transferAmount`). */
  confirmTrans: z.union([z.literal(0), z.literal(1)]).default(0),
  /**
   * With `confirmTrans: 1` on a transfer-mode vendor: move exactly this much instead of the whole main
   * wallet (more than the main wallet holds is refused, field `transferAmount`). Ignored otherwise.
   */
  transferAmount: amountInputSchema.optional(),
  launchMode: z.literal('GLS').default('GLS'),
  platform: z.string().max(64).optional(),
  clientType: z.number().int().min(0).max(99).optional(),
  username: z.string().max(64).optional(),
  token: z.string().max(512).optional(),
  merchantCode: z.string().max(32).optional(),
  language: languageSchema.optional(),
});
export type LaunchGameRequest = z.infer<typeof launchGameRequestSchema>;

/** `value` of vendor_under_maintenance. */
export const launchMaintenanceValueSchema = z.object({
  maintainStartTime: z.number().int(),
  maintainEndTime: z.number().int(),
  suggestions: z.array(gameCardSchema).max(4),
});
export type LaunchMaintenanceValue = z.infer<typeof launchMaintenanceValueSchema>;

/** How a game vendor holds the member's money: calls into our wallet per bet (seamless) or a balance moved to it (transfer). */
export const walletModeSchema = z.enum(['seamless', 'transfer']);
export type WalletMode = z.infer<typeof walletModeSchema>;

export const launchGameResultSchema = z.object({
  /** The address to show in the /game iframe. */
  game_url: z.string(),
  /** The same game for small screens, when the vendor has one. */
  game_url2: z.string().optional(),
  gameId: z.string(),
  vassalage: z.string(),
  displayName: z.string(),
  /** The vendor's wallet mode: a transfer vendor plays with its own wallet's balance. */
  walletMode: walletModeSchema,
});
export type LaunchGameResult = z.infer<typeof launchGameResultSchema>;

export const roomListQuerySchema = z.object({
  vassalage: vassalageSchema,
  language: languageSchema.optional(),
});
export const roomListSchema = z.object({
  rooms: z.array(
    z.object({
      roomId: z.string(),
      gameId: z.string(),
      nodeId: z.string(),
      vassalage: z.string(),
      displayName: z.string(),
      thumbnailUrl: z.string(),
      minBet: moneySchema,
    }),
  ),
});
export type RoomList = z.infer<typeof roomListSchema>;

/**
 * POST GCS_walletTransfer. `IN` moves money from the main wallet to the vendor's wallet, `OUT` back.
 * With `all: true` the amount is the whole source balance (all-in, all-out) and `amount` is ignored.
 */
export const walletTransferRequestSchema = z
  .object({
    vassalage: vassalageSchema,
    direction: z.enum(['IN', 'OUT']),
    amount: amountInputSchema.optional(),
    all: z.boolean().default(false),
  })
  .refine((body) => body.all || body.amount !== undefined, { path: ['amount'], message: 'required' });
export type WalletTransferRequest = z.infer<typeof walletTransferRequestSchema>;

/**
 * A transfer's outcome. `PENDING`: the vendor's answer was lost; the platform asks the vendor for the
 * transfer's status until it knows (the money waits in transit, in nobody's wallet, meanwhile).
 */
export const walletTransferStatusSchema = z.enum(['SUCCESS', 'FAILED', 'PENDING']);
export const walletTransferResultSchema = z.object({
  transferId: z.string(),
  vassalage: z.string(),
  direction: z.enum(['IN', 'OUT']),
  amount: moneySchema,
  status: walletTransferStatusSchema,
});
export type WalletTransferResult = z.infer<typeof walletTransferResultSchema>;

/** POST GCS_walletReturn: one result per transfer-mode vendor wallet that held money. */
export const walletReturnResultSchema = z.object({ transfers: z.array(walletTransferResultSchema) });
export type WalletReturnResult = z.infer<typeof walletReturnResultSchema>;
