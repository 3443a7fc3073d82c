/**
 * What other modules use of bet records: the wallets write records from their money calls (inside
 * their own transaction); the profit page reads the games' profit and loss, the member's history
 * the games of its rounds (their ids; the catalogue names them), the games' rank list the rounds per game.
 */
export {
  adjustRoundPayout,
  recordRollback,
  recordSettledRound,
  type BetRecordKey,
  type BetRecordWrite,
} from './record-bet.ts';
export { getGameProfit, type GameProfit, type GameProfitQuery } from './game-profit.ts';
export { findRoundGameIds } from './round-games.ts';
export { roundsByGameSince } from './rounds-by-game.ts';
export { validBetsByVendorOfMember } from './valid-bets-by-vendor.ts';
// The bonus turnover (modules/bonus): valid bets settled since a grant, per vendor and product type.
export { validBetsOfMemberSince } from './valid-bets-since.ts';
// The back-office's game recall (modules/games): records of a round id.
export { findRoundRecords, type RecalledRound } from './round-recall.ts';
// The back-office's member desk: a member's rounds.
export { listMemberBetsForDesk, type DeskBet } from './member-desk-bets.ts';
// The reports' source (modules/reports): settled records as a subquery it groups by day, game and member.
export { settledBetRows, type SettledBetRow } from './report-rows.ts';
// The agents' dividends (modules/agents): a period's play per member and product type.
export { memberProductFigures, type MemberProductFigures } from './product-figures.ts';
// The rebates (modules/rebates): a day's valid bets per member and product type, as a subquery.
export { validBetRows, type ValidBetRow } from './valid-bet-rows.ts';
// The agents' real-time salary: every round of a product settled in a slot.
export { settledRoundsOf, type SettledRound } from './settled-rounds.ts';
export { betRecordRoutes } from './bet-records.routes.ts';
export type { CatalogueNames } from './catalogue-names.ts';
