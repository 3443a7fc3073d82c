import { adminApiPaths, adminOutboxPageSchema, type AdminOutboxPage } from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const outboxPageSize = 20;
export const outboxKeys = queryKeys('outbox');

export const outboxQuery = (filters: { channel: string; destination: string }, page: number) =>
  queryOptions({
    queryKey: outboxKeys.of(filters, page),
    queryFn: ({ signal }) =>
      apiRequest<AdminOutboxPage>(adminApiPaths.outbox, {
        signal,
        query: { ...filters, page, pageSize: outboxPageSize },
        schema: import.meta.env.DEV && adminOutboxPageSchema,
      }),
    placeholderData: keepPreviousData,
  });
