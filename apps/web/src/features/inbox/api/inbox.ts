import {
  inboxChangeResultSchema,
  inboxMailSchema,
  inboxPageSchema,
  inboxPaths,
  type InboxChangeResult,
  type InboxListQuery,
  type InboxMail,
  type InboxPage,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionToken } from '../../../api/member';
import { receiveUnreadCount } from '../../../api/inbox';
import { apiRequest } from '../../../lib/api-client';
import { session } from '../../../lib/session';

/** `['inbox', ...]`: the badge (api/inbox.ts, `['inbox', 'unread', token]`) and these reads. */
export const inboxKeys = queryKeys('inbox');

/** CSP_getInbox: one page of the member's messages in a range (the page's `startTime`, fixed while it is open). */
export function useInboxPage(query: Pick<InboxListQuery, 'page' | 'size'> & { startTime: number }) {
  const token = useSessionToken();
  return useQuery({
    queryKey: inboxKeys.of('list', token, query),
    queryFn: () =>
      apiRequest<InboxPage>(inboxPaths.list, {
        query: { startTime: query.startTime, page: query.page, size: query.size, sort: 'sendTime:desc' },
        schema: import.meta.env.DEV && inboxPageSchema,
        isSilent: true,
      }),
    enabled: Boolean(token),
    // A message may have come since: opening the page always reads again; the stream's unread event too.
    staleTime: 0,
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
}

/** CSP_getInboxMail: one message, opened from the list. */
export function useInboxMail(inboxId: number) {
  const token = useSessionToken();
  return useQuery({
    queryKey: inboxKeys.of('list', token, 'mail', inboxId),
    queryFn: () =>
      apiRequest<InboxMail>(inboxPaths.detail, {
        query: { inboxId },
        schema: import.meta.env.DEV && inboxMailSchema,
        isSilent: true,
      }),
    enabled: Boolean(token),
  });
}

const changeOptions = { method: 'POST' as const, schema: import.meta.env.DEV && inboxChangeResultSchema };

/**
 * The inbox's writes: CSP_markMailAsRead (one or many), CSP_markAllMailAsRead, CSP_deleteInboxMail (one
 * or many). After each, the badge takes the server's count and the list and an open message read again.
 */
export function useInboxActions() {
  const client = useQueryClient();
  const changed = async (result: InboxChangeResult): Promise<InboxChangeResult> => {
    const token = session.getToken();
    if (token) receiveUnreadCount(token, result.unreadCount, client);
    await client.invalidateQueries({ queryKey: inboxKeys.of('list') });
    return result;
  };
  return {
    markRead: async (inboxIds: number[]) =>
      changed(await apiRequest<InboxChangeResult>(inboxPaths.markRead, { ...changeOptions, body: { inboxIds } })),
    markAllRead: async () => changed(await apiRequest<InboxChangeResult>(inboxPaths.markAllRead, changeOptions)),
    remove: async (inboxIds: number[]) =>
      changed(await apiRequest<InboxChangeResult>(inboxPaths.remove, { ...changeOptions, body: { inboxIds } })),
  };
}
