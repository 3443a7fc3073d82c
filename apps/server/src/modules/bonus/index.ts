/**
 * The bonus engine (modules/bonus README): grants credited to the member's bonus balance, the
 * turnover that converts them to cash, forfeits and expiry. Promotions and rebates grant through
 * `grantBonus`; the withdrawal's turnover gate is `getTurnoverInfo` (handed in by modules/routes.ts).
 */
export { grantBonus, BonusGrantError, type BonusGrant } from './grant-bonus.ts';
export { getTurnoverInfo, type TurnoverInfoResult } from './turnover-info.ts';
export type { BonusSourceKind, BonusStatus } from './bonus.tables.ts';
