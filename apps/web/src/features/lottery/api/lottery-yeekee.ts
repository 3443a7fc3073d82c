import {
  lotteryYeekeePaths,
  lotteryYeekeeShootResultSchema,
  lotteryYeekeeSubmissionsSchema,
  type LotteryYeekeeShootRequest,
  type LotteryYeekeeShootResult,
  type LotteryYeekeeSubmissions,
  type LotteryYeekeeSubmissionsQuery,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Yee-Kee's public lists: the same for every visitor and language. */
export const yeekeeKeys = queryKeys('lottery-yeekee');

/** The live board re-reads the round's shots at this pace while shooting is open. */
export const yeekeeBoardRereadMs = 3_000;

/**
 * `/lgw/yeekee/submissions`: a round's shots, sum and outcome. `live`: read again every 3 s (the round
 * shooting now); otherwise read again at that pace only until the round has its outcome (a round just
 * due is drawn within a second or two), then kept.
 */
export function useYeekeeSubmissions(
  query: Partial<LotteryYeekeeSubmissionsQuery> & { gameId: number },
  live: boolean,
) {
  return useQuery({
    queryKey: yeekeeKeys.of('submissions', query),
    queryFn: () =>
      apiRequest<LotteryYeekeeSubmissions>(lotteryYeekeePaths.submissions, {
        query,
        schema: import.meta.env.DEV && lotteryYeekeeSubmissionsSchema,
        isSilent: true,
      }),
    staleTime: live ? 0 : 30_000,
    refetchInterval: (current) => (live || isAwaitingOutcome(current.state.data) ? yeekeeBoardRereadMs : false),
    placeholderData: keepPreviousData,
  });
}

function isAwaitingOutcome(round: LotteryYeekeeSubmissions | undefined): boolean {
  return Boolean(round && round.outcome === null && round.status !== 'cancelled');
}

/** POST `/lgw/yeekee/shoot`; the board is read again at once so the shot shows in the list. */
export function useShootNumber() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LotteryYeekeeShootRequest) =>
      apiRequest<LotteryYeekeeShootResult>(lotteryYeekeePaths.shoot, {
        method: 'POST',
        body,
        schema: import.meta.env.DEV && lotteryYeekeeShootResultSchema,
      }),
    onSettled: () => void client.invalidateQueries({ queryKey: yeekeeKeys.all }),
  });
}
