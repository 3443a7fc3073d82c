import type { AppInstance } from '../http/types.ts';
import { agentsRoutes, registrationAgents } from './agents/index.ts';
import { bonusRoutes, withdrawalBonusGate } from './bonus/index.ts';
import { betRecordRoutes } from './bet-records/index.ts';
import { brandsRoutes } from './brands/index.ts';
import { transferWalletRoutes } from './transfer-wallet/index.ts';
import { auditContext, backofficeRoutes, recordAudit, requireOperator } from './backoffice/index.ts';
import { depositRoutes } from './deposit/index.ts';
import { feedbackRoutes } from './feedback/index.ts';
import { chatRoutes } from './chat/index.ts';
import { inboxRoutes } from './inbox/index.ts';
import { siteAccessRoutes } from './site-access/index.ts';
import { gameLaunchRoutes } from './game-launch/index.ts';
import {
  excludedTurnoverMinor,
  gamesRoutes,
  listGameCardsByIds,
  listGameNames,
  listHotGames,
  listVendorNames,
} from './games/index.ts';
import {
  accountsRoutes,
  identityRoutes,
  loginSecurityRoutes,
  requireMember,
  socialLoginRoutes,
} from './identity/index.ts';
import { mediaRoutes } from './media/index.ts';
import { memberDeskRoutes } from './member-desk/index.ts';
import { messagingRoutes } from './messaging/index.ts';
import { sealedRoutes } from './sealed/index.ts';
import { siteRoutes } from './site/index.ts';
import { seamlessWalletRoutes } from './seamless-wallet/index.ts';
import { verificationRoutes } from './verification/index.ts';
import { walletRoutes } from './wallet/index.ts';
import { withdrawalRoutes } from './withdrawal/index.ts';
import { reportsRoutes } from './reports/index.ts';
import { claimableRewardsCounter, promotionNamesByGroup, promotionsRoutes } from './promotions/index.ts';
import { rebatesRoutes } from './rebates/index.ts';
import { pushRoutes } from './push/index.ts';
import { lotteryAdminRoutes, lotteryResultsRoutes, lotteryRoutes, yeekeeRoutes } from './lottery/index.ts';

/** Every module's routes plugin, registered by app.ts in this order. */
export const routeModules: Array<(app: AppInstance) => Promise<void>> = [
  // The site's operator calls use the back-office's guard and audit, and its home lanes the games
  // catalogue: both modules depend on site (through identity), so they come this way.
  (app) =>
    siteRoutes(app, {
      backoffice: { requireOperator, auditContext, recordAudit },
      games: { listHotGames: async (context) => (await listHotGames(context, undefined)).list, listGameCardsByIds },
      members: {
        isMember: (request) =>
          requireMember(request).then(
            () => true,
            () => false,
          ),
      },
    }),
  gamesRoutes,
  gameLaunchRoutes,
  sealedRoutes,
  verificationRoutes,
  (app) => identityRoutes(app, registrationAgents),
  loginSecurityRoutes,
  (app) => accountsRoutes(app, registrationAgents),
  // Social registration places members under an affiliate's agent too; its back-office page uses the guard and audit.
  (app) =>
    socialLoginRoutes(app, {
      agents: registrationAgents,
      backoffice: { requireOperator, auditContext, recordAudit },
    }),
  messagingRoutes,
  // The stream's claimable rewards come from promotions, which sits above wallet (through bonus and games).
  (app) => walletRoutes(app, { claimableRewardsCounter }),
  depositRoutes,
  // The withdrawal turnover leaves out the games' excluded vendors' share (games sits above withdrawal);
  // a bonus's unmet turnover refuses it (bonus sits above withdrawal too).
  (app) => withdrawalRoutes(app, { turnoverExclusion: excludedTurnoverMinor, bonusGate: withdrawalBonusGate }),
  backofficeRoutes,
  memberDeskRoutes,
  seamlessWalletRoutes,
  transferWalletRoutes,
  // games imports bet-records (its rank list), so the records' names come from the catalogue this way.
  (app) => betRecordRoutes(app, { listVendorNames, listGameNames }),
  agentsRoutes,
  feedbackRoutes,
  inboxRoutes,
  chatRoutes,
  siteAccessRoutes,
  mediaRoutes,
  brandsRoutes,
  reportsRoutes,
  // Bonus details name a promotion's bonus by its promotion, which sits above bonus.
  (app) => bonusRoutes(app, { promotionNames: promotionNamesByGroup }),
  rebatesRoutes,
  promotionsRoutes,
  lotteryRoutes,
  lotteryAdminRoutes,
  lotteryResultsRoutes,
  yeekeeRoutes,
  pushRoutes,
];
