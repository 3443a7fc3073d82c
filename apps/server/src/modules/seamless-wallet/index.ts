export { createGameSession, gameSessionTtlMs, hashSessionToken, type CreateGameSessionInput } from './game-sessions.ts';
export { seamlessWalletRoutes } from './seamless-wallet.routes.ts';
export type { SeamlessWalletTables } from './seamless-wallet.tables.ts';
export { houseVendorCode, signBody } from './signature.ts';
export { registerSeamlessWalletMetrics } from './seamless-wallet.metrics.ts';
// Integrations' stored secrets and addresses, for the transfer wallet and games (the tables are this module's).
export {
  findIntegrationCredentials,
  findVendorCredentials,
  revokeVendorSecret,
  rotateVendorSecret,
  sealClearVendorSecrets,
  setVendorApiUrl,
  vendorCredentialKey,
  vendorSecretState,
  type VendorCredential,
  type VendorSecretRow,
  type VendorSecretState,
} from './vendor-credentials.ts';
export { vendorSecretKeyOf, type SealingKey } from './secret-sealing.ts';
// The back-office's game recall (modules/games): a round's money calls and their postings.
export { listRoundTransactions, type RoundTransaction } from './round-transactions.ts';
// In-house vendors inside the platform (modules/lottery): their money calls in their own transactions.
export { playInTransaction, type PlayOutcome } from './play-batcher.ts';
export { playCallSchema, type PlayCall } from './play-call.ts';
export { rollbackInHouseBet, VendorWalletError, type InHouseRollback } from './seamless-wallet.service.ts';
