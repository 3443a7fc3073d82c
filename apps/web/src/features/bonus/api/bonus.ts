import {
  bonusDetailsSchema,
  bonusPaths,
  turnoverInfoSchema,
  type BonusDetails,
  type TurnoverInfo,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { useQuery } from '@tanstack/react-query';
import { useSessionToken } from '../../../api/member';
import { apiRequest } from '../../../lib/api-client';

export const bonusKeys = queryKeys('bonus');

/** getTurnoverInfo: A / D nothing to do, I incomplete (a withdrawal forfeits), N withdrawal blocked. */
export function useTurnoverInfo() {
  const token = useSessionToken();
  return useQuery({
    queryKey: bonusKeys.of('turnover', token),
    queryFn: () =>
      apiRequest<TurnoverInfo>(bonusPaths.turnoverInfo, {
        schema: import.meta.env.DEV && turnoverInfoSchema,
        isSilent: true,
      }),
    enabled: Boolean(token),
    staleTime: 0,
  });
}

/** getBonusDetails: every bonus of the member, newest first. */
export function useBonusDetails() {
  const token = useSessionToken();
  return useQuery({
    queryKey: bonusKeys.of('details', token),
    queryFn: () =>
      apiRequest<BonusDetails>(bonusPaths.bonusDetails, {
        schema: import.meta.env.DEV && bonusDetailsSchema,
        isSilent: true,
      }),
    enabled: Boolean(token),
    staleTime: 0,
  });
}
