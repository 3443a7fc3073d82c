/**
 * The launch of a game: checks the catalogue's game and vendor, then opens a seamless session or
 * moves money to a transfer-mode vendor. It sits above the catalogue (games) and both wallets, so
 * those never import it; its route is registered by modules/routes.ts.
 */
export { gameLaunchRoutes } from './game-launch.routes.ts';
