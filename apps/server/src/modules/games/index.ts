/** What other modules use of the games module. */
export { recordRecentGame, type RecentGamePlay } from './recent-games.ts';
export { gameCategoryOfVendor } from './game-category-of-vendor.ts';
export { syncServedGames } from './served-games.ts';
export { demoGameCategories, demoMinBetMinorByCategory } from './demo-game-categories.ts';
export { gamesRoutes } from './games.routes.ts';
// The catalogue's reads for other modules (names and wallets of vendors, names of games).
export {
  findVendorsByCodes,
  listEnabledVendorWallets,
  listGameNames,
  listVendorNames,
  type VendorWallet,
} from './catalogue-reads.ts';
