import {
  customerRebateSettingSchema,
  rebateDisburseResultSchema,
  rebateHistorySchema,
  rebatePaths,
  rebateRemainingSchema,
  type CustomerRebateSetting,
  type RebateDisburseRequest,
  type RebateDisburseResult,
  type RebateHistory,
  type RebateRemaining,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionToken } from '../../../api/member';
import { apiRequest } from '../../../lib/api-client';

export const rebateKeys = queryKeys('rebates');

/** MCSFE_getCustomerRebateSettingByProductType: the merchant's rates and how it pays them. */
export function useRebateSetting() {
  const token = useSessionToken();
  return useQuery({
    queryKey: rebateKeys.of('setting', token),
    queryFn: () =>
      apiRequest<CustomerRebateSetting>(rebatePaths.settings, {
        schema: import.meta.env.DEV && customerRebateSettingSchema,
        isSilent: true,
      }),
    enabled: Boolean(token),
  });
}

/** ODSFE2_getRebate: what is left to claim of a closed day (manual mode). */
export function useRemainingRebate(date: string, isEnabled: boolean) {
  const token = useSessionToken();
  return useQuery({
    queryKey: rebateKeys.of('remaining', token, date),
    queryFn: () =>
      apiRequest<RebateRemaining>(rebatePaths.remaining, {
        query: { date },
        schema: import.meta.env.DEV && rebateRemainingSchema,
        isSilent: true,
      }),
    enabled: Boolean(token) && isEnabled,
    staleTime: 0,
  });
}

/** The member's rebate per day and product of a range, with what was paid. */
export function useRebateHistory(from: string, to: string) {
  const token = useSessionToken();
  return useQuery({
    queryKey: rebateKeys.of('history', token, from, to),
    queryFn: () =>
      apiRequest<RebateHistory>(rebatePaths.history, {
        query: { from, to },
        schema: import.meta.env.DEV && rebateHistorySchema,
        isSilent: true,
      }),
    enabled: Boolean(token),
    staleTime: 0,
  });
}

/** ODSFE2_rebateDisburse: a claim; afterwards the day's remaining and the history read again. */
export function useClaimRebate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RebateDisburseRequest) =>
      apiRequest<RebateDisburseResult>(rebatePaths.disburse, {
        method: 'POST',
        body,
        schema: import.meta.env.DEV && rebateDisburseResultSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: rebateKeys.all }),
  });
}
