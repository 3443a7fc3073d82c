/**
 * promotions' public face (modules/promotions README): the promotion catalogue an operator
 * configures, the members' rewards (join, apply, claim) and the deposit job that rewards approved
 * deposits. Above bonus (every reward is paid through `grantBonus`), deposit, withdrawal, identity,
 * media and backoffice. Files other than this one are internal.
 */
export { promotionsRoutes } from './promotions.routes.ts';
export type { PromotionTables } from './promotions.tables.ts';
// The jobs (jobs/scheduled-jobs.ts): approved deposits rewarded, issued rewards expired.
export { depositRewardsJobName, rewardApprovedDeposits } from './deposit-rewards.ts';
export { expireRewards } from './rewards.ts';
// The balance stream's `rewards` event (modules/wallet, handed over by modules/routes.ts).
export { claimableRewardsCounter } from './claimable-rewards.ts';
export { rewardChangeChannel } from './reward-change.ts';
// Bonus details' promotion names (modules/bonus, handed over by modules/routes.ts).
export { promotionNamesByGroup } from './promotion-names.ts';
