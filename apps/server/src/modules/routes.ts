import type { AppInstance } from '../http/types.ts';
import { agentContractRoutes } from './agent-contracts/agent-contracts.routes.ts';
import { betRecordRoutes } from './bet-records/bet-records.routes.ts';
import { transferWalletRoutes } from './transfer-wallet/transfer-wallet.routes.ts';
import { backofficeRoutes } from './backoffice/backoffice.routes.ts';
import { depositRoutes } from './deposit/deposit.routes.ts';
import { gamesRoutes } from './games/games.routes.ts';
import { accountsRoutes, identityRoutes, loginSecurityRoutes } from './identity/index.ts';
import { messagingRoutes } from './messaging/messaging.routes.ts';
import { sealedRoutes } from './sealed/sealed.routes.ts';
import { siteRoutes } from './site/site.routes.ts';
import { seamlessWalletRoutes } from './seamless-wallet/index.ts';
import { verificationRoutes } from './verification/verification.routes.ts';
import { walletRoutes } from './wallet/wallet.routes.ts';
import { withdrawalRoutes } from './withdrawal/withdrawal.routes.ts';

/** Every module's routes plugin, registered by app.ts in this order. */
export const routeModules: Array<(app: AppInstance) => Promise<void>> = [
  siteRoutes,
  gamesRoutes,
  sealedRoutes,
  verificationRoutes,
  identityRoutes,
  loginSecurityRoutes,
  accountsRoutes,
  messagingRoutes,
  walletRoutes,
  depositRoutes,
  withdrawalRoutes,
  backofficeRoutes,
  seamlessWalletRoutes,
  transferWalletRoutes,
  betRecordRoutes,
  agentContractRoutes,
];
