import {
  personalProfitSchema,
  transactionHistorySchema,
  withdrawalPaths,
  type PersonalProfit,
  type PersonalProfitQuery,
  type TransactionHistory,
  type TransactionHistoryQuery,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSessionToken } from '../../../api/member';
import { apiRequest } from '../../../lib/api-client';

export const transactionHistoryKeys = queryKeys('transaction-history');
export const personalProfitKeys = queryKeys('personal-profit');

/** Pages transactionHistory and personalProfit: read-only views of the member's ledger. */
export function useTransactionHistory(query: Partial<TransactionHistoryQuery>) {
  const token = useSessionToken();
  return useQuery({
    queryKey: transactionHistoryKeys.of(token, query),
    queryFn: () =>
      apiRequest<TransactionHistory>(withdrawalPaths.transactionHistory, {
        schema: import.meta.env.DEV && transactionHistorySchema,
        query,
        isSilent: true,
      }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

export function usePersonalProfit(query: PersonalProfitQuery) {
  const token = useSessionToken();
  return useQuery({
    queryKey: personalProfitKeys.of(token, query),
    queryFn: () =>
      apiRequest<PersonalProfit>(withdrawalPaths.personalProfit, {
        schema: import.meta.env.DEV && personalProfitSchema,
        query,
        isSilent: true,
      }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}
