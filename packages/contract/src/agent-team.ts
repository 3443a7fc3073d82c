import { z } from 'zod';

/* ------------------------------------------------------------------------------------------------
 * The agent centre's team pages (issue 16; original-programmes §1.1, §1.6): team overview (AGEINFO3),
 * team management (DOWNMAN), team betting (TEAMBETTING3), team P&L (AGETEAMPNL3) and downline
 * transactions (AGEDOWNTRANS3). Token, agents only, each behind its page switch (403
 * `agent.page.off`). Every id or name of a member outside the caller's subtree answers 404
 * `agent.team.member.unknown`, as an id that does not exist. Money: decimal strings; days: the
 * merchant's calendar days `YYYY-MM-DD`, both ends included, at most 92 days.
 * ---------------------------------------------------------------------------------------------- */

export const agentTeamPaths = {
  /** GET `teamOverviewQuerySchema`: the team's counts today and the period's totals by day. */
  overview: '/wps/relay/agentTeamOverview',
  /** GET `teamMembersQuerySchema`: the caller's downlines, paged. */
  members: '/wps/relay/downlineManagmentView',
  /** POST `teamMemberStatusRequestSchema`: lock or unlock a direct downline. */
  memberStatus: '/wps/relay/agentSetDownlineStatus',
  /** GET `teamBetsQuerySchema`: settled bets of the team (the original's `subordinateType` ALL/SELF). */
  bets: '/wps/relay/agentTeamBetting',
  /** GET `teamPnlQuerySchema`: per member of the team and totals. */
  pnl: '/wps/relay/palStatementsAgent',
  /** GET `teamTransactionsQuerySchema`: one downline's money movements. */
  transactions: '/wps/relay/agentDownlineTransactionDetails',
} as const;

const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const idSchema = z.string().regex(/^[1-9]\d{0,18}$/);
const pageSchema = z.coerce.number().int().min(1).max(10_000).default(1);
const sizeSchema = z.coerce.number().int().min(1).max(100).default(20);

/** A range of the merchant's days (both included). */
export const teamRangeQuerySchema = z.object({ startDate: daySchema, endDate: daySchema });

export const teamOverviewQuerySchema = teamRangeQuerySchema;
export type TeamOverviewQuery = z.infer<typeof teamOverviewQuerySchema>;

/** Money totals of a set of members over some days. */
export const teamFiguresSchema = z.object({
  deposit: z.string(),
  withdrawal: z.string(),
  bet: z.string(),
  validBet: z.string(),
  win: z.string(),
  /** Bets counted (rounds). */
  betCount: z.number().int(),
});
export type TeamFigures = z.infer<typeof teamFiguresSchema>;

export const teamOverviewSchema = z.object({
  /** Everyone below the caller (the caller not counted). */
  teamSize: z.number().int(),
  directCount: z.number().int(),
  /** Today (the merchant's day): members of the team who logged in, registered, made a first deposit, a first bet. */
  todayLogins: z.number().int(),
  todayRegistrations: z.number().int(),
  todayFirstDeposits: z.number().int(),
  todayFirstBets: z.number().int(),
  /** Members of the team with a live session seen in the last 15 minutes. */
  online: z.number().int(),
  /** The team's main wallets now. */
  teamBalance: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** The range's totals. */
  totals: teamFiguresSchema,
  /** One line per day of the range, oldest first (days with nothing are zeros). */
  days: z.array(teamFiguresSchema.extend({ day: z.string(), registrations: z.number().int() })),
});
export type TeamOverview = z.infer<typeof teamOverviewSchema>;

/** Team management filters (the original's DOWNMAN filters and tabs). */
export const teamMembersQuerySchema = z.object({
  /** ALL: the whole subtree; DIRECT: direct downlines only. */
  scope: z.enum(['ALL', 'DIRECT']).default('ALL'),
  /** Direct-agent / direct-player tabs: agents or plain members only. */
  kind: z.enum(['ANY', 'AGENT', 'PLAYER']).default('ANY'),
  subordinateName: z.string().trim().max(64).optional(),
  /** Last login within [lastLoginFrom, lastLoginTo] (merchant days); `NONE`: never logged in. */
  lastLoginFrom: daySchema.optional(),
  lastLoginTo: daySchema.optional(),
  neverLoggedIn: z.enum(['Y', 'N']).optional(),
  /** Y: has deposited at least once; N: never. */
  deposited: z.enum(['Y', 'N']).optional(),
  /** The member's registration method (`member.register_method`: web, h5, agent, affiliate, ...). */
  registerMethod: z.string().max(32).optional(),
  page: pageSchema,
  size: sizeSchema,
});
export type TeamMembersQuery = z.input<typeof teamMembersQuerySchema>;

export const teamMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  isAgent: z.number().int(),
  /** 1 the caller's direct downline, 2 below one, ... */
  depth: z.number().int(),
  directUpline: z.string(),
  /** Members below this one. */
  teamSize: z.number().int(),
  status: z.enum(['active', 'locked', 'closed']),
  registerMethod: z.string(),
  createTime: z.number().int(),
  /** Epoch ms of the last successful login; null: never. */
  lastLoginTime: z.number().int().nullable(),
  balance: z.string(),
  deposited: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamMemberListSchema = z.object({ list: z.array(teamMemberSchema), totalElements: z.number().int() });
export type TeamMemberList = z.infer<typeof teamMemberListSchema>;

/** Lock (`locked`) or unlock (`active`) a direct downline; a lock ends its sessions. */
export const teamMemberStatusRequestSchema = z.object({
  downlineId: idSchema,
  status: z.enum(['active', 'locked']),
});
export type TeamMemberStatusRequest = z.infer<typeof teamMemberStatusRequestSchema>;
export const teamMemberStatusSchema = z.object({ id: z.string(), status: z.enum(['active', 'locked', 'closed']) });

export const teamBetsQuerySchema = teamRangeQuerySchema.extend({
  /** ALL: the caller and its whole team; SELF: the caller's own bets (the original's member bet pages). */
  subordinateType: z.enum(['ALL', 'SELF']).default('ALL'),
  subordinateName: z.string().trim().max(64).optional(),
  /** A game id of the catalogue, or a vendor (`vassalage`). */
  gameId: z.string().max(64).optional(),
  vendor: z.string().max(64).optional(),
  page: pageSchema,
  size: sizeSchema,
});
export type TeamBetsQuery = z.input<typeof teamBetsQuerySchema>;

export const teamBetSchema = z.object({
  /** The original's row additions: the bettor and its direct upline. */
  customerName: z.string(),
  directAgentName: z.string(),
  vendor: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  betAmount: z.string(),
  validBetAmount: z.string(),
  winAmount: z.string(),
  settleTimeInTimestamp: z.number().int(),
});
export type TeamBet = z.infer<typeof teamBetSchema>;
export const teamBetListSchema = z.object({
  list: z.array(teamBetSchema),
  totalElements: z.number().int(),
  footer: z.object({ betAmount: z.string(), validBetAmount: z.string(), winAmount: z.string() }),
});
export type TeamBetList = z.infer<typeof teamBetListSchema>;

export const teamPnlQuerySchema = teamRangeQuerySchema.extend({
  subordinateName: z.string().trim().max(64).optional(),
  page: pageSchema,
  size: sizeSchema,
});
export type TeamPnlQuery = z.input<typeof teamPnlQuerySchema>;

/**
 * One member's figures over the range. `profitAndLoss` is the member's result: win − bet + rebate +
 * salary + promotion − fees (positive: the member gained).
 */
export const teamPnlLineSchema = z.object({
  deposit: z.string(),
  withdrawal: z.string(),
  bet: z.string(),
  validBet: z.string(),
  win: z.string(),
  rebate: z.string(),
  salary: z.string(),
  promotion: z.string(),
  fees: z.string(),
  profitAndLoss: z.string(),
});
export const teamPnlRowSchema = teamPnlLineSchema.extend({ id: z.string(), username: z.string() });
export type TeamPnlRow = z.infer<typeof teamPnlRowSchema>;
export const teamPnlSchema = z.object({
  list: z.array(teamPnlRowSchema),
  totalElements: z.number().int(),
  footer: teamPnlLineSchema,
});
export type TeamPnl = z.infer<typeof teamPnlSchema>;

export const teamTransactionsQuerySchema = teamRangeQuerySchema.extend({
  subordinateName: z.string().trim().min(1).max(64),
  page: pageSchema,
  size: sizeSchema,
});
export type TeamTransactionsQuery = z.input<typeof teamTransactionsQuerySchema>;

export const teamTransactionSchema = z.object({
  id: z.string(),
  /** The ledger kind (contract `ledgerTransferKinds`). */
  kind: z.string(),
  /** Signed: negative when the downline's wallet was debited. */
  amount: z.string(),
  balanceAfter: z.string().nullable(),
  time: z.number().int(),
});
export const teamTransactionListSchema = z.object({
  username: z.string(),
  list: z.array(teamTransactionSchema),
  totalElements: z.number().int(),
});
export type TeamTransactionList = z.infer<typeof teamTransactionListSchema>;

export const agentTeamErrorCodes = {
  /** A member id or name outside the caller's subtree, or unknown (404). */
  memberUnknown: 'agent.team.member.unknown',
  /** The range ends before it starts or is longer than 92 days (400, field `endDate`). */
  rangeInvalid: 'agent.team.range.invalid',
  /**
   * Unlock of a locked direct downline whose lock is not the caller's own last action on it, or with an
   * operator status change since (409, field `status`): only the operator lifts that lock.
   */
  statusOperator: 'agent.team.status.operator',
} as const;
