import { promotionPaths, type AvailablePromotions } from '@lotus/contract';
import { queryOptions, skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { useSessionToken } from './member';
import { queryClient } from './query-client';

/**
 * What the member can join, apply for or claim now, per kind (MCSFE_getAvailablePromotions). Keyed
 * under `promotions`, like the promotions feature's reads (features/promotions), so a claim there, or
 * the balance stream's `rewards` event (a reward issued, claimed or expired), reads it again: no
 * polling. A promotion the operator starts meanwhile shows on the next read (a page that reads it
 * again, or the member coming back to the tab after a minute). No schema: the header's JS budget.
 */
export const availablePromotionsQuery = (token: string | null, isEnabled = true) =>
  queryOptions({
    queryKey: ['promotions', 'available', token],
    queryFn: () => apiRequest<AvailablePromotions>(promotionPaths.available, { isSilent: true }),
    enabled: Boolean(token) && isEnabled,
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });

/** The sum of the available counts of the enabled kinds. */
export function availableCount(data: AvailablePromotions | undefined): number {
  return data ? Object.values(data.content).reduce((sum, item) => sum + (item?.enabled ? item.count : 0), 0) : 0;
}

/** The promotions badge; `isEnabled` false for accounts that take part in nothing (trial). */
export function useAvailablePromotionCount(isEnabled: boolean): number {
  return availableCount(useQuery(availablePromotionsQuery(useSessionToken(), isEnabled)).data);
}

/**
 * The member's rewards waiting for its claim (the reward centre's badge): only the balance stream's
 * `rewards` event writes it (sent when the stream opens and whenever the count changes; api/wallet.ts),
 * so it has no call of its own. Kept apart from the `promotions` keys, which the event invalidates.
 */
export const claimableRewardsQuery = (token: string | null) =>
  queryOptions<number>({
    queryKey: ['claimable-rewards', token],
    queryFn: skipToken,
    staleTime: Infinity,
  });

/** The claimable rewards' count, 0 until the stream says; `isEnabled` false for trial accounts. */
export function useClaimableRewardCount(isEnabled: boolean): number {
  const count = useQuery(claimableRewardsQuery(useSessionToken())).data ?? 0;
  return isEnabled ? count : 0;
}

/**
 * A new claimable count from the stream: the badges take it, and when it moved (a reward issued,
 * claimed or expired, in any tab or by an operator), every promotions read (the reward centre's list,
 * the cards' states, the available counts) is read again where it is shown, so an open reward centre
 * shows a new reward at once.
 */
export function receiveClaimableRewards(
  token: string,
  claimableCount: number,
  client: QueryClient = queryClient,
): void {
  const key = claimableRewardsQuery(token).queryKey;
  const previous = client.getQueryData<number>(key);
  client.setQueryData(key, claimableCount);
  if (previous !== undefined && previous !== claimableCount)
    void client.invalidateQueries({ queryKey: ['promotions'] });
}
