import { betHistorySchema, betRecordPaths, type BetHistory, type BetHistoryQuery } from '@lotus/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSessionToken } from '../../../api/member';
import { apiRequest } from '../../../lib/api-client';

/** Page personalHistoryCopy: the member's bet records (ODSFE2_MemBetDet), kept while the next page loads. */
export function useBetHistory(query: Partial<BetHistoryQuery>) {
  const token = useSessionToken();
  return useQuery({
    queryKey: ['bet-history', token, query],
    queryFn: () =>
      apiRequest<BetHistory>(betRecordPaths.betHistory, {
        schema: import.meta.env.DEV && betHistorySchema,
        query,
        isSilent: true,
      }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}
