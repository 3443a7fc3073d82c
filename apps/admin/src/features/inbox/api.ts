import {
  adminInboxAudienceSchema,
  adminInboxMessageSchema,
  adminInboxPageSchema,
  adminInboxPaths,
  type AdminInboxAudience,
  type AdminInboxMessage,
  type AdminInboxPage,
  type AdminSendMessageRequest,
  type InboxAudience,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { dayStartMs } from '../../lib/format';

export const inboxPageSize = 20;
export const inboxKeys = queryKeys('inbox-messages');
const dayMs = 24 * 3_600_000;

/** The list's filters as typed (days as yyyy-mm-dd, empty when not set). */
export interface InboxFilters {
  from: string;
  to: string;
}

/** GET /admin-api/inbox/messages: the brand's messages with their delivery, read and delete counts. */
export const inboxMessagesQuery = (filters: InboxFilters, page: number) =>
  queryOptions({
    queryKey: inboxKeys.of('list', filters, page),
    queryFn: ({ signal }) => {
      const from = dayStartMs(filters.from);
      const to = dayStartMs(filters.to);
      return apiRequest<AdminInboxPage>(adminInboxPaths.messages, {
        signal,
        query: {
          from: from ?? undefined,
          // The "to" day is included: the bound is the start of the next day.
          to: to === null ? undefined : to + dayMs,
          page,
          pageSize: inboxPageSize,
        },
        schema: import.meta.env.DEV && adminInboxPageSchema,
      });
    },
    placeholderData: keepPreviousData,
  });

/** GET /admin-api/inbox/audience: how many members a broadcast would reach now. */
export const inboxAudienceQuery = (audience: Exclude<InboxAudience, 'listed'>) =>
  queryOptions({
    queryKey: inboxKeys.of('audience', audience),
    queryFn: ({ signal }) =>
      apiRequest<AdminInboxAudience>(adminInboxPaths.audience, {
        signal,
        query: { audience },
        schema: import.meta.env.DEV && adminInboxAudienceSchema,
      }),
  });

/** POST /admin-api/inbox/messages: sent at once to its audience (audited). */
export function sendInboxMessage(body: AdminSendMessageRequest) {
  return apiRequest<AdminInboxMessage>(adminInboxPaths.messages, {
    method: 'POST',
    body,
    schema: import.meta.env.DEV && adminInboxMessageSchema,
  });
}
