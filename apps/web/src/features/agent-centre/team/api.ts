import {
  agentCentrePagesConfigSchema,
  agentMailPaths,
  agentSendMailResultSchema,
  type AgentSendMailRequest,
  type AgentSendMailResult,
  agentCentrePagesPath,
  agentTeamPaths,
  teamBetListSchema,
  teamMemberListSchema,
  teamMemberStatusSchema,
  teamOverviewSchema,
  teamPnlSchema,
  teamTransactionListSchema,
  type AgentCentrePagesConfig,
  type TeamBetList,
  type TeamBetsQuery,
  type TeamMemberList,
  type TeamMembersQuery,
  type TeamMemberStatusRequest,
  type TeamOverview,
  type TeamOverviewQuery,
  type TeamPnl,
  type TeamPnlQuery,
  type TeamTransactionList,
  type TeamTransactionsQuery,
} from '@lotus/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { merchantDay } from '../../../lib/format';

/** The agent centre's team calls (contract `agentTeamPaths`) and the page switches (`agentCentrePagesPath`). */
const dev = import.meta.env.DEV;

/** Query values without the empty ones (an empty filter is no filter). */
function params(query: object): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query) as Array<[string, unknown]>) {
    if (typeof value === 'string' && value !== '') out[key] = value;
    if (typeof value === 'number') out[key] = value;
  }
  return out;
}

export const agentTeamKeys = {
  all: ['agent-centre', 'team'] as const,
  pages: () => ['agent-centre', 'pages'] as const,
};

export const agentCentrePagesQuery = () =>
  queryOptions({
    queryKey: agentTeamKeys.pages(),
    queryFn: ({ signal }) =>
      apiRequest<AgentCentrePagesConfig>(agentCentrePagesPath, { signal, schema: dev && agentCentrePagesConfigSchema }),
    staleTime: 60_000,
  });

export const teamOverviewQuery = (query: TeamOverviewQuery) =>
  queryOptions({
    queryKey: [...agentTeamKeys.all, 'overview', query],
    queryFn: ({ signal }) =>
      apiRequest<TeamOverview>(agentTeamPaths.overview, {
        signal,
        query: params(query),
        schema: dev && teamOverviewSchema,
      }),
    placeholderData: keepPreviousData,
  });

export const teamMembersQuery = (query: TeamMembersQuery) =>
  queryOptions({
    queryKey: [...agentTeamKeys.all, 'members', query],
    queryFn: ({ signal }) =>
      apiRequest<TeamMemberList>(agentTeamPaths.members, {
        signal,
        query: params(query),
        schema: dev && teamMemberListSchema,
      }),
    placeholderData: keepPreviousData,
  });

export function setTeamMemberStatus(request: TeamMemberStatusRequest) {
  return apiRequest(agentTeamPaths.memberStatus, {
    method: 'POST',
    body: request,
    schema: dev && teamMemberStatusSchema,
  });
}

/** Team management's "send message" (the original's `sendMail`, type 1): one message to members of the team. */
export function sendTeamMail(request: AgentSendMailRequest): Promise<AgentSendMailResult> {
  return apiRequest<AgentSendMailResult>(agentMailPaths.send, {
    method: 'POST',
    body: request,
    schema: dev && agentSendMailResultSchema,
  });
}

export const teamBetsQuery = (query: TeamBetsQuery) =>
  queryOptions({
    queryKey: [...agentTeamKeys.all, 'bets', query],
    queryFn: ({ signal }) =>
      apiRequest<TeamBetList>(agentTeamPaths.bets, { signal, query: params(query), schema: dev && teamBetListSchema }),
    placeholderData: keepPreviousData,
  });

export const teamPnlQuery = (query: TeamPnlQuery) =>
  queryOptions({
    queryKey: [...agentTeamKeys.all, 'pnl', query],
    queryFn: ({ signal }) =>
      apiRequest<TeamPnl>(agentTeamPaths.pnl, { signal, query: params(query), schema: dev && teamPnlSchema }),
    placeholderData: keepPreviousData,
  });

export const teamTransactionsQuery = (query: TeamTransactionsQuery) =>
  queryOptions({
    queryKey: [...agentTeamKeys.all, 'transactions', query],
    queryFn: ({ signal }) =>
      apiRequest<TeamTransactionList>(agentTeamPaths.transactions, {
        signal,
        query: params(query),
        schema: dev && teamTransactionListSchema,
      }),
    enabled: query.subordinateName.trim() !== '',
    placeholderData: keepPreviousData,
  });

export type PeriodKey = 'today' | 'yesterday' | 'week' | 'month' | 'custom';

/** The days of a period: weeks are Sunday to Saturday (the original's rule), months from the 1st. */
export function periodRange(
  period: Exclude<PeriodKey, 'custom'>,
  now = new Date(),
): { startDate: string; endDate: string } {
  const today = merchantDay(now);
  const at = new Date(`${today}T00:00:00Z`);
  const shift = (days: number) => {
    const copy = new Date(at);
    copy.setUTCDate(copy.getUTCDate() + days);
    return copy.toISOString().slice(0, 10);
  };
  if (period === 'today') return { startDate: today, endDate: today };
  if (period === 'yesterday') return { startDate: shift(-1), endDate: shift(-1) };
  if (period === 'week') return { startDate: shift(-at.getUTCDay()), endDate: today };
  return { startDate: `${today.slice(0, 8)}01`, endDate: today };
}
