import { promotionPaths, type AvailablePromotions } from '@lotus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { useSessionToken } from './member';

/**
 * What the member can join, apply for or claim now, per kind (MCSFE_getAvailablePromotions), read
 * every 5 minutes like the original. Keyed under `promotions`, like the promotions feature's reads
 * (features/promotions), so a claim there reads it again. No schema: the header's JS budget.
 */
export const availablePromotionsQuery = (token: string | null, isEnabled = true) =>
  queryOptions({
    queryKey: ['promotions', 'available', token],
    queryFn: () => apiRequest<AvailablePromotions>(promotionPaths.available, { isSilent: true }),
    enabled: Boolean(token) && isEnabled,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });

/** The sum of the available counts of the enabled kinds. */
export function availableCount(data: AvailablePromotions | undefined): number {
  return data ? Object.values(data.content).reduce((sum, item) => sum + (item?.enabled ? item.count : 0), 0) : 0;
}

/** The claimable-rewards badge; `isEnabled` false for accounts that take part in nothing (trial). */
export function useAvailablePromotionCount(isEnabled: boolean): number {
  return availableCount(useQuery(availablePromotionsQuery(useSessionToken(), isEnabled)).data);
}
