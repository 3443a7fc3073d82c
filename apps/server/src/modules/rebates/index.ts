/**
 * rebates' public face (modules/rebates README): a percent of members' valid bets per product type,
 * paid daily by a job (automatic) or claimed by the member (manual), every payment through the bonus
 * engine or the ledger. Above bet-records, reports, bonus and backoffice; below agents, whose dividends
 * deduct the rebates paid. Files other than this one are internal.
 */
export { rebatesRoutes } from './rebates.routes.ts';
export type { RebatesTables } from './rebates.tables.ts';
// The job (jobs/scheduled-jobs.ts) and one day of it (the bench, tests).
export { rebatesDailyJobName, runDailyRebates, settleRebateDay, type RebateDayResult } from './daily-rebates.ts';
// The agents' dividends: each member's rebates paid in a period.
export { memberRebateTotals } from './rebate-history.ts';
