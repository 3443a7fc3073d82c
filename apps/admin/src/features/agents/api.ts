import {
  adminAgentDebtorPageSchema,
  adminAgentLinkPageSchema,
  adminAgentLinkSchema,
  adminAgentTransferPageSchema,
  adminApiPaths,
  adminMemberPageSchema,
  adminTopContractPageSchema,
  agentContractAdminPaths,
  agentContractSchema,
  agentLinkAdminPaths,
  rerunResultSchema,
  settlementDeskPaths,
  settlementDetailSchema,
  settlementPageSchema,
  type AdminAgentDebtorPage,
  type AdminAgentLink,
  type AdminAgentLinkPage,
  type AdminAgentTransferPage,
  type AdminMemberPage,
  type AdminTopContractPage,
  type AgentContract,
  type DisableAgentLinkBody,
  type OfferContractRequest,
  type RerunResult,
  type RerunSettlementBody,
  type SettlementDetail,
  type SettlementPage,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { dayStartMs } from '../../lib/format';

export const agentsPageSize = 20;
export const statementKeys = queryKeys('agent-statements');
export const topContractKeys = queryKeys('agent-top-contracts');
export const agentTransferKeys = queryKeys('agent-transfers');
const dayMs = 24 * 3_600_000;

/** The statements desk's filters as typed (days yyyy-mm-dd, empty when not set). */
export interface StatementFilters {
  kind: string;
  status: string;
  agent: string;
  from: string;
  to: string;
}

export const statementsQuery = (filters: StatementFilters, page: number) =>
  queryOptions({
    queryKey: statementKeys.of('list', filters, page),
    queryFn: ({ signal }) =>
      apiRequest<SettlementPage>(settlementDeskPaths.settlements, {
        signal,
        query: {
          kind: filters.kind || undefined,
          status: filters.status || undefined,
          agent: filters.agent || undefined,
          periodFrom: filters.from || undefined,
          periodTo: filters.to || undefined,
          page,
          pageSize: agentsPageSize,
        },
        schema: import.meta.env.DEV && settlementPageSchema,
      }),
    placeholderData: keepPreviousData,
  });

const statementPath = (template: string, id: string) => template.replace(':settlementId', encodeURIComponent(id));

export const statementQuery = (id: string) =>
  queryOptions({
    queryKey: statementKeys.of('detail', id),
    queryFn: ({ signal }) =>
      apiRequest<SettlementDetail>(statementPath(settlementDeskPaths.settlement, id), {
        signal,
        schema: import.meta.env.DEV && settlementDetailSchema,
      }),
  });

export function approveStatement(id: string) {
  return apiRequest<SettlementDetail>(statementPath(settlementDeskPaths.approve, id), {
    method: 'POST',
    schema: import.meta.env.DEV && settlementDetailSchema,
  });
}

export function rejectStatement(id: string, reason: string) {
  return apiRequest<SettlementDetail>(statementPath(settlementDeskPaths.reject, id), {
    method: 'POST',
    body: { reason },
    schema: import.meta.env.DEV && settlementDetailSchema,
  });
}

export function adjustStatement(id: string, body: { amount: string; reason: string }) {
  return apiRequest<SettlementDetail>(statementPath(settlementDeskPaths.adjust, id), {
    method: 'POST',
    body,
    schema: import.meta.env.DEV && settlementDetailSchema,
  });
}

export function rerunPeriod(body: RerunSettlementBody) {
  return apiRequest<RerunResult>(settlementDeskPaths.rerun, {
    method: 'POST',
    body,
    schema: import.meta.env.DEV && rerunResultSchema,
  });
}

export interface TopContractFilters {
  state: string;
  agent: string;
}

export const topContractsQuery = (filters: TopContractFilters, page: number) =>
  queryOptions({
    queryKey: topContractKeys.of(filters, page),
    queryFn: ({ signal }) =>
      apiRequest<AdminTopContractPage>(settlementDeskPaths.topContracts, {
        signal,
        query: {
          state: filters.state || undefined,
          agent: filters.agent || undefined,
          page,
          pageSize: agentsPageSize,
        },
        schema: import.meta.env.DEV && adminTopContractPageSchema,
      }),
    placeholderData: keepPreviousData,
  });

export function offerTopContract(body: OfferContractRequest) {
  return apiRequest<AgentContract>(agentContractAdminPaths.offer, {
    method: 'POST',
    body,
    schema: import.meta.env.DEV && agentContractSchema,
  });
}

export function endTopContract(contractId: string) {
  return apiRequest<AgentContract>(agentContractAdminPaths.end, {
    method: 'POST',
    body: { contractId },
    schema: import.meta.env.DEV && agentContractSchema,
  });
}

/** Members found by the members search (the offer form's top agent, by username). */
export function searchMembers(q: string) {
  return apiRequest<AdminMemberPage>(adminApiPaths.members, {
    query: { q, page: 1, pageSize: 10 },
    schema: import.meta.env.DEV && adminMemberPageSchema,
  });
}

export interface TransferFilters {
  kind: string;
  member: string;
  from: string;
  to: string;
}

export const agentTransfersQuery = (filters: TransferFilters, page: number) =>
  queryOptions({
    queryKey: agentTransferKeys.of(filters, page),
    queryFn: ({ signal }) => {
      const from = dayStartMs(filters.from);
      const to = dayStartMs(filters.to);
      return apiRequest<AdminAgentTransferPage>(settlementDeskPaths.transfers, {
        signal,
        query: {
          kind: filters.kind || undefined,
          member: filters.member || undefined,
          from: from ?? undefined,
          // The "to" day is included: the bound is the start of the next day.
          to: to === null ? undefined : to + dayMs,
          page,
          pageSize: agentsPageSize,
        },
        schema: import.meta.env.DEV && adminAgentTransferPageSchema,
      });
    },
    placeholderData: keepPreviousData,
  });

export const agentLinkKeys = queryKeys('agent-links');

/** The links desk's filters as typed (empty when not set). */
export interface LinkFilters {
  agent: string;
  code: string;
  status: string;
}

export const agentLinksQuery = (filters: LinkFilters, page: number) =>
  queryOptions({
    queryKey: agentLinkKeys.of(filters, page),
    queryFn: ({ signal }) =>
      apiRequest<AdminAgentLinkPage>(agentLinkAdminPaths.links, {
        signal,
        query: {
          agent: filters.agent || undefined,
          code: filters.code || undefined,
          status: filters.status || undefined,
          page,
          pageSize: agentsPageSize,
        },
        schema: import.meta.env.DEV && adminAgentLinkPageSchema,
      }),
    placeholderData: keepPreviousData,
  });

export function disableAgentLink(linkId: string, body: DisableAgentLinkBody) {
  return apiRequest<AdminAgentLink>(agentLinkAdminPaths.disable.replace(':linkId', encodeURIComponent(linkId)), {
    method: 'POST',
    body,
    schema: import.meta.env.DEV && adminAgentLinkSchema,
  });
}

export const agentDebtorKeys = queryKeys('agent-debtors');

/** The debtors list's filters as typed: a username, `all` or empty (those owing now). */
export interface DebtorFilters {
  agent: string;
  state: string;
}

export const agentDebtorsQuery = (filters: DebtorFilters, page: number) =>
  queryOptions({
    queryKey: agentDebtorKeys.of(filters, page),
    queryFn: ({ signal }) =>
      apiRequest<AdminAgentDebtorPage>(settlementDeskPaths.debtors, {
        signal,
        query: {
          agent: filters.agent || undefined,
          state: filters.state || undefined,
          page,
          pageSize: agentsPageSize,
        },
        schema: import.meta.env.DEV && adminAgentDebtorPageSchema,
      }),
    placeholderData: keepPreviousData,
  });
