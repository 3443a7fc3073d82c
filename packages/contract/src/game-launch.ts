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

export const launchPaths = {
  /** POST (token; trial accounts play their trial balance): the game's address for the /game iframe. */
  launchGame: '/wps/game/launchGame',
  /** GET (token): the PVP rooms (tables) of a vendor with their stakes. */
  roomList: '/wps/relay/GLS2_roomList',
  /** POST (token, real accounts, Idempotency-Key): move money between the main wallet and a vendor's wallet. */
  walletTransfer: '/wps/relay/GCS_walletTransfer',
  /** POST (token, real accounts, Idempotency-Key): bring every vendor wallet's money back to the main wallet. */
  walletReturn: '/wps/relay/GCS_walletReturn',
} as const;

/** Error codes of the launch and transfer calls (messages in the server catalogue, TH and EN). */
export const launchErrorCodes = {
  /**
   * 409, value `launchMaintenanceValueSchema`: the vendor is in its maintenance window (epoch ms), with
   * up to 4 games of the same category from vendors that are open now, to play instead (spec §8).
   */
  vendorUnderMaintenance: 'vendor_under_maintenance',
  /** 409, value `{ balance, minBet }`: the wallet holds less than the game's smallest stake; the site offers the deposit page. */
  balanceNotEnough: 'launch_game_balance_not_enough',
  /** 403: a trial account (free play) asked for real money, or a game of a vendor that has no free play. */
  trialNotAllowed: 'launch_game_trial_not_allowed',
  /** 403: an operator forbade this account to play games: contact customer service. */
  gamesForbidden: 'launch_game_forbidden',
  /** 404 field `gameId`: no enabled game of the merchant with this id and vendor. */
  gameUnknown: 'game.unknown',
  /** 409 field `gameId`: the game is in the catalogue but its connected vendor does not serve it (yet); nothing was moved. */
  gameNotServed: 'launch_game_not_available',
  /** 503: the vendor did not answer the launch; nothing was moved. */
  vendorUnavailable: 'vendor_unavailable',
  /** 404 field `vassalage`: no enabled transfer-mode vendor with this code. */
  transferVendorUnknown: 'wallet.transfer.vendor.unknown',
  /** 409: the source wallet holds less than the amount. */
  transferBalanceNotEnough: 'wallet.transfer.balance.not.enough',
  /** 409: a transfer of this member and vendor is still being resolved; try again when it is. */
  transferPending: 'wallet.transfer.pending',
} as const;

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
