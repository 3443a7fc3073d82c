/**
 * The bonus engine (modules/bonus README): grants credited to the member's bonus balance, the
 * turnover that converts them to cash, forfeits and expiry. Promotions and rebates grant through
 * `grantBonus`; the withdrawal's turnover gate is `withdrawalBonusGate` (handed in by modules/routes.ts).
 */
export { grantBonus, BonusGrantError, type BonusGrant } from './grant-bonus.ts';
// Many grants of the same terms at once, set-based (the rebates' daily job); the same rows as grantBonus.
export { grantBonuses, type BonusGrantBatch, type BonusBatchGrantRow, type BonusBatchResult } from './grant-bonuses.ts';
export { getTurnoverInfo, withdrawalBonusGate, type TurnoverInfoResult } from './turnover-info.ts';
export {
  closeGrant,
  expireBonuses,
  forfeitActiveBonuses,
  settleMemberBonuses,
  settleActiveBonuses,
  bonusConvertKind,
  bonusForfeitKind,
} from './bonus-engine.ts';
export { bonusExpireJobName, runBonusJob } from './bonus-jobs.ts';
export { bonusRoutes } from './bonus.routes.ts';
export type { PromotionNames } from './bonus-details.ts';
// The back-office's bonus cost report (its route is promotions', which names the promotions).
export { sumBonusCost, type BonusCostLine, type BonusCostRange } from './bonus-cost.ts';
export type { BonusSourceKind, BonusStatus } from './bonus.tables.ts';
