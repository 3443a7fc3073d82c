// Integrations and connected vendors are the catalogue's (modules/games), re-exported where they were.
export {
  findConnectedVendors,
  houseServedGameIds,
  isHouseIntegration,
  servedGameIdsOf,
  type ConnectedVendor,
  type Integration,
} from '../games/index.ts';
export { callVendor, ensurePlayer, transfer, type TransferContext } from './transfer-service.ts';
export { pullTransferBetRecords } from './pull-bet-records.ts';
export { findTransfersOfHistory, type TransferOfHistory } from './transfer-history.ts';
export { reconcilePendingTransfers } from './reconcile-transfers.ts';
export {
  createTransferVendorClients,
  VendorRefusal,
  VendorUnreachable,
  type TransferVendorClient,
  type TransferVendorClientWrapper,
} from './transfer-vendor-client.ts';
export { transferWalletRoutes } from './transfer-wallet.routes.ts';
