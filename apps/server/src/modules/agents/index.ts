/**
 * agents' public face: the agent tree (downlines and uplines), affiliate (invitation) codes, agent-
 * created accounts and the salary and dividend contracts. Files in the folders below are internal.
 * agents depends on identity (members, guards, passwords) and never the other way round: identity's
 * registration gets `registrationAgents` from modules/routes.ts.
 */

// Routes, registered by modules/routes.ts, and what identity's registration routes are given.
export { agentsRoutes } from './agents.routes.ts';
export { registrationAgents } from './registration-agents.ts';

// Table types (db/schema.ts reads agents.tables.ts itself, as it does every module's).
export type { AgentsTables } from './agents.tables.ts';

// Kinds of agent (isAgent 1, 2, 41, 42).
export { agentTypes, isAgentType } from './agent-types.ts';

// The tree.
export { listDownlines, listUplineChain, placeUnder, type HierarchyMember } from './downlines/hierarchy.ts';
// The back-office's member desk: direct downlines by page, the agent of an affiliate code.
export { findAffiliateCodeAgent, pageDirectDownlines } from './downlines/desk-tree.ts';
// The tree as it was at a moment (moves keep history): for settlements of past periods.
export { uplineAt, uplineChainAt } from './downlines/upline-history.ts';

// Affiliate codes.
export { ensureAffiliateCode, resolveAffiliate, type ResolvedAffiliate } from './affiliate/affiliate.ts';

// Settlements: the daily salary of the last closed day, run by the scheduled jobs.
export { dailySalaryJobName, settleDailySalaries } from './settlement/settle-daily-salary.ts';
// Dividends of the last closed period of each kind (D, W, H, M), run by the scheduled jobs.
export { dividendJobName, settleDividends } from './settlement/settle-dividend.ts';
// Manual-claim daily salaries: the last closed day's records, and the expiry of unclaimed ones.
export { mrDailySalaryJobName, settleMrDailySalaries } from './settlement/settle-mr-daily-salary.ts';
// Hourly salaries (H, BH) of the last closed slots.
export { hourlySalaryJobName, settleHourlySalaries } from './settlement/settle-hourly-salary.ts';
// Real-time salaries (lottery) of the last closed 5-minute slots.
export { realtimeSalaryJobName, settleRealtimeSalaries } from './settlement/settle-realtime-salary.ts';
