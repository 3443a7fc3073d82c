/**
 * The official games' results (README): calendars, four-eyes entry and import, the result deadline,
 * corrections. Used by the lottery module's loop (runOfficialTick) and routes (lotteryResultsRoutes).
 */
export { lotteryResultsRoutes } from './official.routes.ts';
export { runOfficialTick, type OfficialTickResult } from './official-tick.ts';
export { createOfficialDrawsAhead } from './create-official-draws.ts';
export { cancelOfficialDraw, cancelOverdueDraws } from './cancel-overdue-draws.ts';
export type { LotteryOfficialTables } from './official.tables.ts';
