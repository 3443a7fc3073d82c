import { betHistorySchema, betRecordPaths, type BetHistory, type BetHistoryQuery } from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSessionToken } from '../../../api/member';
import { apiRequest } from '../../../lib/api-client';

export const betHistoryKeys = queryKeys('bet-history');

/** Page personalHistoryCopy: the member's bet records (ODSFE2_MemBetDet), kept while the next page loads. */
export function useBetHistory(query: Partial<BetHistoryQuery>) {
  const token = useSessionToken();
  return useQuery({
    queryKey: betHistoryKeys.of(token, query),
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
