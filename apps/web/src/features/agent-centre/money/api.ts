import {
  agentContractPaths,
  agentContractSchema,
  agentIncomeSchema,
  agentMoneyPaths,
  agentStatementListSchema,
  agentTransferHistorySchema,
  agentTransferPaths,
  agentTransferResultSchema,
  consolidatedContractsSchema,
  consolidatedFundsPath,
  downlineContractsSchema,
  subordinateListSchema,
  type AgentContract,
  type AgentIncome,
  type AgentStatementList,
  type AgentStatementQuery,
  type AgentTransferHistory,
  type AgentTransferResult,
  type ConsolidatedContracts,
  type DownlineContracts,
  type LuckyBagRequest,
  type OfferContractRequest,
  type SubordinateList,
  type SubordinateQuery,
  type TransferToDownlineRequest,
  type TransferToUplineRequest,
} from '@lotus/contract';
import { idempotencyHeaderName, useIdempotentMutation } from '@lotus/client';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sealedRequest } from '../../../lib/sealed-request';

/** The agent centre's contract and money calls (contract `agentContractPaths`, `agentMoneyPaths`, `agentTransferPaths`). */
const dev = import.meta.env.DEV;

const queryString = (query: Record<string, unknown>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value as string | number));
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const agentMoneyKeys = {
  all: ['agent-centre', 'money'] as const,
  consolidated: () => [...agentMoneyKeys.all, 'consolidated'] as const,
  downlineContracts: (downlineId: string) => [...agentMoneyKeys.all, 'downline-contracts', downlineId] as const,
  subordinates: (query: SubordinateQuery) => [...agentMoneyKeys.all, 'subordinates', query] as const,
  statements: (query: AgentStatementQuery) => [...agentMoneyKeys.all, 'statements', query] as const,
  income: (startDate: string, endDate: string) => [...agentMoneyKeys.all, 'income', startDate, endDate] as const,
  transfers: (query: Record<string, string | number | undefined>) =>
    [...agentMoneyKeys.all, 'transfers', query] as const,
};

export const consolidatedQuery = () =>
  queryOptions({
    queryKey: agentMoneyKeys.consolidated(),
    queryFn: ({ signal }) =>
      apiRequest<ConsolidatedContracts>(consolidatedFundsPath, { signal, schema: dev && consolidatedContractsSchema }),
  });

export const downlineContractsQuery = (downlineId: string) =>
  queryOptions({
    queryKey: agentMoneyKeys.downlineContracts(downlineId),
    queryFn: ({ signal }) =>
      apiRequest<DownlineContracts>(`${agentContractPaths.downlineContracts}${queryString({ downlineId })}`, {
        signal,
        schema: dev && downlineContractsSchema,
      }),
    enabled: downlineId !== '',
  });

export const subordinatesQuery = (query: SubordinateQuery) =>
  queryOptions({
    queryKey: agentMoneyKeys.subordinates(query),
    queryFn: ({ signal }) =>
      apiRequest<SubordinateList>(`${agentMoneyPaths.subordinates}${queryString({ ...query })}`, {
        signal,
        schema: dev && subordinateListSchema,
      }),
  });

export const statementsQuery = (query: AgentStatementQuery) =>
  queryOptions({
    queryKey: agentMoneyKeys.statements(query),
    queryFn: ({ signal }) =>
      apiRequest<AgentStatementList>(`${agentMoneyPaths.statements}${queryString({ ...query })}`, {
        signal,
        schema: dev && agentStatementListSchema,
      }),
  });

export const incomeQuery = (startDate: string, endDate: string) =>
  queryOptions({
    queryKey: agentMoneyKeys.income(startDate, endDate),
    queryFn: ({ signal }) =>
      apiRequest<AgentIncome>(`${agentMoneyPaths.income}${queryString({ startDate, endDate })}`, {
        signal,
        schema: dev && agentIncomeSchema,
      }),
  });

export const transferHistoryQuery = (query: Record<string, string | number | undefined>) =>
  queryOptions({
    queryKey: agentMoneyKeys.transfers(query),
    queryFn: ({ signal }) =>
      apiRequest<AgentTransferHistory>(`${agentTransferPaths.history}${queryString(query)}`, {
        signal,
        schema: dev && agentTransferHistorySchema,
      }),
  });

/** The holder's answer to a request, in the original's body of the contract's kind (original-programmes §1.4). */
export function processContract(contract: AgentContract, status: 'A' | 'R' | 'C'): Promise<AgentContract> {
  const send = (path: string, body: Record<string, unknown>) =>
    apiRequest<AgentContract>(path, { method: 'POST', body, schema: dev && agentContractSchema });
  switch (contract.kind) {
    case 'dividend':
      return send(agentContractPaths.processDividend, {
        productType: contract.productType,
        computationPeriod: contract.computationPeriod,
        status,
      });
    case 'hourly_salary':
      return send(agentContractPaths.processHourSalary, {
        contractId: contract.contractId,
        status,
        productType: contract.productType,
      });
    case 'realtime_salary':
      return send(agentContractPaths.processRealTimeSalary, { contractId: contract.contractId, status });
    default:
      return send(agentContractPaths.processDailySalary, { id: contract.id, status });
  }
}

/**
 * The status a button sends (original-programmes §1.4): to an offer (P, E) Accept `A`, Reject `R`; to a
 * termination request (V) Keep `A` and End `C`, except the hourly salary whose Keep is `R` and End `A`.
 */
export function answerStatus(contract: AgentContract, answer: 'accept' | 'reject' | 'keep' | 'end'): 'A' | 'R' | 'C' {
  if (answer === 'accept') return 'A';
  if (answer === 'reject') return 'R';
  if (contract.kind === 'hourly_salary') return answer === 'keep' ? 'R' : 'A';
  return answer === 'keep' ? 'A' : 'C';
}

export function offerContract(request: OfferContractRequest): Promise<AgentContract> {
  return apiRequest<AgentContract>(agentContractPaths.offer, {
    method: 'POST',
    body: request,
    schema: dev && agentContractSchema,
  });
}

export function terminateContract(contractId: string): Promise<AgentContract> {
  return apiRequest<AgentContract>(agentContractPaths.terminate, {
    method: 'POST',
    body: { contractId },
    schema: dev && agentContractSchema,
  });
}

const idempotent = (key: string) => ({ [idempotencyHeaderName]: key });

/** The money calls: sealed (the payment password), each action under its own Idempotency-Key (a retry reuses it). */
function useMoneyCall<T extends object>(path: string) {
  const queryClient = useQueryClient();
  return useIdempotentMutation<AgentTransferResult, T>({
    mutationFn: (request, key) =>
      sealedRequest<AgentTransferResult>(path, { ...request } as Record<string, unknown>, {
        headers: idempotent(key),
        schema: dev && agentTransferResultSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentMoneyKeys.all }),
  });
}

export const useTransferToDownline = () => useMoneyCall<TransferToDownlineRequest>(agentTransferPaths.toDownline);
export const useLuckyBag = () => useMoneyCall<LuckyBagRequest>(agentTransferPaths.luckyBag);
export const useTransferToUpline = () => useMoneyCall<TransferToUplineRequest>(agentTransferPaths.toUpline);
