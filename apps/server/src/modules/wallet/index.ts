/** What other modules may use of the wallet: the balance streams the app decorates itself with, and its routes. */
export { BalanceStreams } from './balance-streams.ts';
export { walletRoutes } from './wallet.routes.ts';
