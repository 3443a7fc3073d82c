import { launchErrorCodes, type LaunchGameRequest, type MerchantWallet } from '@lotus/contract';
import type { QueryClient } from '@tanstack/react-query';
import { gameMenusQuery } from '../../../api/game-menus';
import { findFirstGameOfVendor, launchGame } from '../../../api/games';
import { walletBalanceQuery } from '../../../api/wallet';
import { merchantWalletQuery } from '../../wallet/api/transfer-wallet';
import { ApiError } from '../../../lib/api-client';
import type { Language } from '../../../lib/session';
import { launchedGameStore } from '../../../stores/launched-game-store';
import { newReturnKey, returnGameWallets } from './game-wallet-return';
import type { LaunchProblem, SuggestedGame } from './launch-problem';
import type { TransferMove, TransferWallet } from './transfer-move';

/**
 * The launch's calls and the reading of its refusals. A chunk of its own, loaded on the first Play:
 * the header's drop-downs and the home page's tiles launch too, and the contract's game schemas that
 * come with these imports would weigh on the home page's JS budget.
 */

/** What a launch needs of a game: a game-list item, a hot game or a recent game alike. */
export interface LaunchableGame {
  gameId: string;
  nodeId?: string;
  vassalage: string;
  /** Its name, when the caller has it (the transfer dialog's title). */
  displayName?: string;
}

/**
 * The launch request of spec §3; a trial account plays its free-play money (accountType 0). A
 * transfer-mode game's move of the main wallet is `confirmTrans: 1`, with `transferAmount` for an amount.
 */
export function buildLaunchRequest(
  game: LaunchableGame,
  language: Language,
  isTrial: boolean,
  isPhoneDevice: boolean,
  move: TransferMove = { kind: 'none' },
): LaunchGameRequest {
  return {
    gameId: game.gameId,
    nodeId: game.nodeId,
    vassalage: game.vassalage,
    accountType: isTrial ? 0 : 1,
    confirmTrans: move.kind === 'none' ? 0 : 1,
    ...(move.kind === 'amount' ? { transferAmount: move.amount } : {}),
    launchMode: 'GLS',
    platform: isPhoneDevice ? 'html5' : 'html5-desktop',
    clientType: 3,
    language,
  };
}

export { findFirstGameOfVendor, launchGame };

/**
 * Launches and puts the game on show for /game. A transfer game already on show is left for another
 * vendor's game: its money goes back first, so its return cannot take what this launch moves in.
 * Another game of the same vendor plays on from the same wallet and keeps the return due when it is left.
 */
export async function showGame(queryClient: QueryClient, request: LaunchGameRequest): Promise<void> {
  const shown = launchedGameStore.get()?.transfer;
  const keepsWallet = shown?.vassalage === request.vassalage;
  if (shown && !keepsWallet) await returnGameWallets(queryClient, shown.returnKey);
  const result = await launchGame(request);
  const transfer =
    result.walletMode === 'transfer'
      ? { vassalage: result.vassalage, returnKey: keepsWallet && shown ? shown.returnKey : newReturnKey() }
      : undefined;
  const url = (request.platform === 'html5' && result.game_url2) || result.game_url;
  launchedGameStore.set({ url, title: result.displayName, ...(transfer ? { transfer } : {}) });
}

/** The main wallet's accountTypeId in GET /wps/v2/wallets/balance. */
const mainAccountTypeId = 0;

/**
 * The wallets a transfer-mode game's dialog shows, or null when the vendor plays from the main wallet.
 * GCS_merchantWallet names the vendors that keep a wallet of their own; when it cannot be read the game
 * is launched as before (the server still refuses what cannot be played). The balances are read fresh.
 */
export async function readTransferWallet(
  queryClient: QueryClient,
  vassalage: string,
  token: string,
  language: Language,
): Promise<TransferWallet | null> {
  let merchantWallet: MerchantWallet;
  try {
    merchantWallet = await queryClient.fetchQuery({ ...merchantWalletQuery(token), staleTime: 5 * 60_000 });
  } catch {
    return null;
  }
  const vendor = merchantWallet.vendors.find((entry) => entry.vassalage === vassalage && !entry.isSingle);
  if (!vendor) return null;
  const balance = await queryClient.fetchQuery({ ...walletBalanceQuery(token), staleTime: 0 });
  const walletOf = (accountTypeId: number) =>
    balance.balance.find((wallet) => wallet.accountTypeId === accountTypeId)?.availBalance ?? '0.00';
  const menus = queryClient.getQueryData(gameMenusQuery(language).queryKey) ?? [];
  const vendorName =
    menus.flatMap((menu) => menu.vendors).find((entry) => entry.vassalage === vassalage)?.displayName ??
    vendor.accountTypeName;
  return {
    vassalage,
    vendorName,
    main: walletOf(mainAccountTypeId),
    inGame: walletOf(vendor.accountTypeId),
    symbol: balance.currencySymbol,
  };
}

/** Reads the window and the suggestions of a maintenance refusal, whatever arrived (what does not fit is left out). */
function maintenanceOf(value: unknown): Omit<Extract<LaunchProblem, { kind: 'maintenance' }>, 'kind'> {
  const fields = (value ?? {}) as { maintainStartTime?: unknown; maintainEndTime?: unknown; suggestions?: unknown };
  const epochMs = (time: unknown) => (typeof time === 'number' && Number.isFinite(time) ? time : null);
  const suggestions = (Array.isArray(fields.suggestions) ? fields.suggestions : []).flatMap(
    (entry: unknown): SuggestedGame[] => {
      const game = (entry ?? {}) as Record<string, unknown>;
      if (typeof game.gameId !== 'string' || typeof game.vassalage !== 'string' || typeof game.displayName !== 'string')
        return [];
      return [
        {
          gameId: game.gameId,
          vassalage: game.vassalage,
          displayName: game.displayName,
          thumbnailUrl: typeof game.thumbnailUrl === 'string' ? game.thumbnailUrl : null,
        },
      ];
    },
  );
  return {
    startMs: epochMs(fields.maintainStartTime),
    endMs: epochMs(fields.maintainEndTime),
    suggestions: suggestions.slice(0, 4),
  };
}

/** The dialog a refused launch gets (protocol notes "Special dialogs"); anything else is the generic popup. */
export function problemOf(error: unknown, isTrial: boolean): LaunchProblem {
  if (!(error instanceof ApiError)) return { kind: 'error', message: null };
  switch (error.errorCode) {
    case launchErrorCodes.vendorUnderMaintenance:
      return { kind: 'maintenance', ...maintenanceOf(error.value) };
    case launchErrorCodes.balanceNotEnough:
      return { kind: 'balance', isTrial };
    case launchErrorCodes.trialNotAllowed:
      return { kind: 'trial' };
    default:
      // Network failures and bare HTTP errors have no server text; the dialog says so in the member's language.
      return {
        kind: 'error',
        message: error.status === 0 || error.errorCode.startsWith('http.') ? null : error.message,
      };
  }
}
