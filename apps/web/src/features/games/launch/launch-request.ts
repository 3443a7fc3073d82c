import { launchErrorCodes, type LaunchGameRequest } from '@lotus/contract';
import { findFirstGameOfVendor, launchGame } from '../../../api/games';
import { ApiError } from '../../../lib/api-client';
import type { Language } from '../../../lib/session';
import type { LaunchProblem, SuggestedGame } from './launch-problem';

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
}

/** The launch request of spec §3; a trial account plays its free-play money (accountType 0). */
export function buildLaunchRequest(game: LaunchableGame, language: Language, isTrial: boolean, isPhoneDevice: boolean): LaunchGameRequest {
  return {
    gameId: game.gameId,
    nodeId: game.nodeId,
    vassalage: game.vassalage,
    accountType: isTrial ? 0 : 1,
    confirmTrans: 0,
    launchMode: 'GLS',
    platform: isPhoneDevice ? 'html5' : 'html5-desktop',
    clientType: 3,
    language,
  };
}

export { findFirstGameOfVendor, launchGame };

/** Reads the window and the suggestions of a maintenance refusal, whatever arrived (what does not fit is left out). */
function maintenanceOf(value: unknown): Omit<Extract<LaunchProblem, { kind: 'maintenance' }>, 'kind'> {
  const fields = (value ?? {}) as { maintainStartTime?: unknown; maintainEndTime?: unknown; suggestions?: unknown };
  const epochMs = (time: unknown) => (typeof time === 'number' && Number.isFinite(time) ? time : null);
  const suggestions = (Array.isArray(fields.suggestions) ? fields.suggestions : []).flatMap((entry: unknown): SuggestedGame[] => {
    const game = (entry ?? {}) as Record<string, unknown>;
    if (typeof game.gameId !== 'string' || typeof game.vassalage !== 'string' || typeof game.displayName !== 'string') return [];
    return [{ gameId: game.gameId, vassalage: game.vassalage, displayName: game.displayName, thumbnailUrl: typeof game.thumbnailUrl === 'string' ? game.thumbnailUrl : null }];
  });
  return { startMs: epochMs(fields.maintainStartTime), endMs: epochMs(fields.maintainEndTime), suggestions: suggestions.slice(0, 4) };
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
      return { kind: 'error', message: error.status === 0 || error.errorCode.startsWith('http.') ? null : error.message };
  }
}
