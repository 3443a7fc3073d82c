/**
 * The back-office's reports: the daily summary, games, payments and members over the merchant's days,
 * from pre-aggregated days (tables `report_daily_*`, this module's) and the detail of the modules that
 * own it (bet-records, deposit, withdrawal, identity, ledger, games), read through their index.ts.
 */
export { reportsRoutes } from './reports.routes.ts';
export {
  computeReportDay,
  listReportMerchants,
  rebuildReportDays,
  recomputePasses,
  reportsDailyJobName,
  runReportPasses,
} from './compute-day.ts';
export { checkReportAggregates, type AggregateMismatch } from './check-aggregates.ts';
export { dailySummaryReport, gameReport, memberReport, paymentReport, type ReportRequest } from './read-reports.ts';
export type { ReportMerchant } from './report-window.ts';
// The agents' settlements: a closed day's per-member figures, and the merchant's calendar.
export {
  memberDayFigures,
  memberPlayOfDays,
  memberProductDayFigures,
  summedProductValidBets,
  type MemberDayFigures,
  type MemberProductDayFigures,
  type SummedProductValidBetRow,
} from './member-day-figures.ts';
export { addDays, dayBounds, localToday } from './report-window.ts';
// The agent centre's team pages: a team's per-member day figures, summed days and live ones.
export { teamDayFigures, type TeamDayFigureRow } from './team-day-figures.ts';
// CSV as spreadsheets read it, formula injection defused: other modules' back-office exports (promotions' bonus cost).
export { num, toCsv, type CsvCell } from './csv.ts';
