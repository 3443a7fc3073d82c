/**
 * lottery's public face (modules/lottery README): the lottery games, their draws and the house's
 * provably fair drawing of the fast games; the `/lgw` reads. Betting and settlement are not built yet.
 * Above the database only; files other than this one are internal.
 */
export { lotteryRoutes } from './lottery.routes.ts';
export type { LotteryTables } from './lottery.tables.ts';
// The drawing loop (started with the app's jobs) and one pass of it (tests, an operator's run).
export { startLotteryDrawLoop, runLotteryTick, type LotteryDrawLoop } from './lottery-draw-loop.ts';
export type { DrawnDraw } from './draw-due-draws.ts';
