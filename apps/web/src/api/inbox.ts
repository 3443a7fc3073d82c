import { apiPaths } from '@lotus/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { useSessionToken } from './member';
import { queryClient } from './query-client';

/**
 * The member's unread inbox messages (the header's badge). Read once with CSP_unreadCount, then kept
 * by the balance stream's `unread` events (api/wallet.ts): no polling. Keyed under `inbox`, like the
 * inbox feature's reads (features/inbox), written literally here (the shared modules' habit, README).
 */
export const unreadCountQuery = (token: string | null, isEnabled = true) =>
  queryOptions({
    queryKey: ['inbox', 'unread', token],
    queryFn: () => apiRequest<number>(apiPaths.unreadMessage, { isSilent: true }),
    enabled: Boolean(token) && isEnabled,
    staleTime: Infinity,
  });

/** The badge's count; `isEnabled` false for accounts without an inbox (trial accounts). */
export function useUnreadCount(isEnabled: boolean) {
  return useQuery(unreadCountQuery(useSessionToken(), isEnabled));
}

/**
 * A new unread count (the stream's event, or a change the member made): the badge takes it, and
 * when it moved, an open inbox list reads again (a message arrived, or was read in another tab).
 */
export function receiveUnreadCount(token: string, unreadCount: number, client: QueryClient = queryClient): void {
  const key = unreadCountQuery(token).queryKey;
  const previous = client.getQueryData<number>(key);
  client.setQueryData(key, unreadCount);
  if (previous !== undefined && previous !== unreadCount)
    void client.invalidateQueries({ queryKey: ['inbox', 'list'] });
}
