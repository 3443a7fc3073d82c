/** The game launch's addresses and error codes (game-launch.ts has the schemas). */
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
