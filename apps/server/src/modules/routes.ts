import type { AppInstance } from '../http/types.ts';
import { agentsRoutes, registrationAgents } from './agents/index.ts';
import { betRecordRoutes } from './bet-records/index.ts';
import { transferWalletRoutes } from './transfer-wallet/index.ts';
import { backofficeRoutes } from './backoffice/index.ts';
import { depositRoutes } from './deposit/index.ts';
import { gameLaunchRoutes } from './game-launch/index.ts';
import { excludedTurnoverMinor, gamesRoutes, listGameNames, listVendorNames } from './games/index.ts';
import { accountsRoutes, identityRoutes, loginSecurityRoutes } from './identity/index.ts';
import { mediaRoutes } from './media/index.ts';
import { memberDeskRoutes } from './member-desk/index.ts';
import { messagingRoutes } from './messaging/index.ts';
import { sealedRoutes } from './sealed/index.ts';
import { siteRoutes } from './site/index.ts';
import { seamlessWalletRoutes } from './seamless-wallet/index.ts';
import { verificationRoutes } from './verification/index.ts';
import { walletRoutes } from './wallet/index.ts';
import { withdrawalRoutes } from './withdrawal/index.ts';

/** Every module's routes plugin, registered by app.ts in this order. */
export const routeModules: Array<(app: AppInstance) => Promise<void>> = [
  siteRoutes,
  gamesRoutes,
  gameLaunchRoutes,
  sealedRoutes,
  verificationRoutes,
  (app) => identityRoutes(app, registrationAgents),
  loginSecurityRoutes,
  (app) => accountsRoutes(app, registrationAgents),
  messagingRoutes,
  walletRoutes,
  depositRoutes,
  // The withdrawal turnover leaves out the games' excluded vendors' share (games sits above withdrawal).
  (app) => withdrawalRoutes(app, { turnoverExclusion: excludedTurnoverMinor }),
  backofficeRoutes,
  memberDeskRoutes,
  seamlessWalletRoutes,
  transferWalletRoutes,
  // games imports bet-records (its rank list), so the records' names come from the catalogue this way.
  (app) => betRecordRoutes(app, { listVendorNames, listGameNames }),
  agentsRoutes,
  mediaRoutes,
];
