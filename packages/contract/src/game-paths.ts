/** The game catalogue's addresses, error codes and page sizes (games.ts has the schemas). */
export const gamePaths = {
  /** GET (token, trials too): vendor lanes, one per navigation category, each with its title and vendor cards. */
  gameVendor: '/wps/relay/GCSGAME_gameVendor',
  /** GET (token, trials too): each vendor's game type and the classifies its games have (`?vassalage=` for one). */
  vassGameType: '/wps/relay/GCSGAME_getVassGameType',
  /** GET (token, trials too): the game list, filtered and paged. */
  gameList: '/wps/relay/GCSGAME_gameList',
  /** GET (no token): games ranked (hot first, then the catalogue's order) until bets exist. */
  rankList: '/wps/relay/GCSGAME_getRankList',
  /** GET (token, trials too): the member's favourites as node ids and game ids. */
  favoriteGames: '/wps/relay/MCSFE_getFavoriteGames',
  /** GET (token, trials too): the member's favourites as game cards, newest first, paged. */
  favoriteGamesList: '/wps/relay/MCSFE_getFavoriteGamesList',
  /** POST (token, trials too) `{ gameId }`: add a favourite; adding twice does nothing. */
  addFavoriteGame: '/wps/relay/MCSFE_addFavoriteGameV2',
  /** DELETE (token, trials too) `{ gameId }`: remove a favourite; removing one that is not there does nothing. */
  removeFavoriteGame: '/wps/relay/MCSFE_removeFavoriteGameV2',
  /** GET (token, trials too): games the member launched, latest first. */
  recentGames: '/wps/relay/GCS_recentGame',
} as const;

/** Error codes of these calls. Messages are in the server's catalogue under the same keys, TH and EN. */
export const gameErrorCodes = {
  /** No enabled game of this merchant has this id (404, field `gameId`): unknown, disabled and another merchant's alike. */
  gameUnknown: 'game.unknown',
  /** No enabled vendor of this merchant has this code (404, field `vassalage`). `ALL` means every vendor. */
  vendorUnknown: 'game.vendor.unknown',
} as const;

/** spec §9: the site asks 24 a page (shows 21, then 18 a page), and 50 for JP games; never more than 50. */
export const gameListDefaultPageSize = 24;
export const gameListMaxPageSize = 50;
/** How many games `GCS_recentGame` keeps and answers per member. */
export const recentGamesLimit = 20;
