/** What other modules use of the games module. */
export { recordRecentGame, type RecentGamePlay } from './recent-games.ts';
export { gameCategoryOfVendor } from './game-category-of-vendor.ts';
export { syncServedGames } from './served-games.ts';
export { demoGameCategories, demoMinBetMinorByCategory } from './demo-game-categories.ts';
export { gamesRoutes } from './games.routes.ts';
// Vendor integrations (who serves a vendor's games, with its stored credentials) and the connected
// vendors of a merchant: for the launch (modules/game-launch) and the transfer wallet.
export {
  findConnectedVendors,
  houseServedGameIds,
  integrationOf,
  isHouseIntegration,
  servedGameIdsOf,
  type ConnectedVendor,
  type Integration,
} from './integrations.ts';
// The catalogue's reads for other modules (names and wallets of vendors, names of games).
export {
  findVendorsByCodes,
  listEnabledVendorWallets,
  listGameNames,
  listVendorNames,
  type VendorWallet,
} from './catalogue-reads.ts';
// For the launch (modules/game-launch): its game cards and suggestions come from the catalogue.
export { gameCardOf } from './member-games.ts';
export { listSuggestedGameRows } from './member-games.queries.ts';
// For the transfer wallet's feed of settled rounds and for the launch.
export {
  classifyRoundGames,
  findLaunchableGame,
  listTransferIntegrations,
  type RoundGameClass,
} from './catalogue-reads.ts';
// Maintenance windows: the one in force at a time (the launch refuses a vendor's games inside it).
export { maintenanceAt, type MaintenanceSpan, type MaintenanceWindow } from './maintenance-windows.ts';
// For the site's home lanes (modules/site, given through modules/routes.ts): hot games and named games as cards.
export { listHotGames } from './list-hot-games.ts';
export { listGameCardsByIds } from './game-cards-by-ids.ts';
// The withdrawal turnover's exclusion per vendor (handed to withdrawal by modules/routes.ts).
export { excludedTurnoverMinor, turnoverExclusionPercents } from './turnover-exclusion.ts';
