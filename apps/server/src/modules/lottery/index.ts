/**
 * lottery's public face (modules/lottery README): the lottery games, their draws and the house's
 * provably fair drawing of the fast games; the `/lgw` reads; betting, settlement and cancellation.
 * Its money moves through seamless-wallet (vendor LTLOTTO) and the ledger; files other than this one are internal.
 */
export { lotteryRoutes } from './lottery.routes.ts';
// The back-office: games' limits, blocked numbers, the book, orders, cancelling a draw (admin/README).
export { lotteryAdminRoutes } from './admin/lottery-admin.routes.ts';
// Official results: entry with four eyes, import, corrections (official/README).
export { lotteryResultsRoutes } from './official/index.ts';
// Yee-Kee: rounds computed from members' shots (yeekee/README).
export { yeekeeRoutes } from './yeekee/index.ts';
export type { LotteryTables } from './lottery.tables.ts';
// The drawing loop (started with the app's jobs) and one pass of it (tests, an operator's run).
export { startLotteryDrawLoop, runLotteryTick, type LotteryDrawLoop } from './lottery-draw-loop.ts';
export { drawDueDraws as drawDueLotteryDraws, type DrawnDraw } from './draw-due-draws.ts';
// One draw's settlement (the loop settles every drawn draw; the bench and an operator's rerun call it).
export { settleDraw as settleLotteryDraw, type SettledDraw } from './settle-draws.ts';
