export { createGameSession, gameSessionTtlMs, hashSessionToken, type CreateGameSessionInput } from './game-sessions.ts';
export { seamlessWalletRoutes } from './seamless-wallet.routes.ts';
export type { SeamlessWalletTables } from './seamless-wallet.tables.ts';
export { houseVendorCode, signBody } from './signature.ts';
export { registerSeamlessWalletMetrics } from './seamless-wallet.metrics.ts';
// Integrations' stored secrets and addresses, for the transfer wallet (vendor_credential is this module's).
export { findVendorCredentials, vendorCredentialKey, type VendorCredential } from './vendor-credentials.ts';
// The back-office's game recall (modules/games): a round's money calls and their postings.
export { listRoundTransactions, type RoundTransaction } from './round-transactions.ts';
