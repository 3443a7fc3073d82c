/** A game offered instead of one whose vendor is under maintenance. */
export interface SuggestedGame {
  gameId: string;
  vassalage: string;
  displayName: string;
  thumbnailUrl: string | null;
}

/** Why a launch did not open a game, and so which dialog it gets. */
export type LaunchProblem =
  /** vendor_under_maintenance: the window, epoch ms (null when the server did not say), and games to play instead. */
  | { kind: 'maintenance'; startMs: number | null; endMs: number | null; suggestions: SuggestedGame[] }
  /** launch_game_balance_not_enough: real accounts are offered the deposit page, trial accounts cannot deposit. */
  | { kind: 'balance'; isTrial: boolean }
  /** launch_game_trial_not_allowed: the game has no free play. */
  | { kind: 'trial' }
  /** A vendor launched directly has no playable game. */
  | { kind: 'noGame' }
  /** Anything else: the server's message, or null for a network or bare HTTP failure. */
  | { kind: 'error'; message: string | null };
