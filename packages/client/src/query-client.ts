import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** A 4xx answer will not change on retry; network failures, 5xx and the rest get two more tries. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2;
}

/**
 * The apps' QueryClient: the shared retry rule plus each app's freshness (the site's public data
 * changes rarely; the back-office's queues change under the operator's eyes).
 */
export function createQueryClient(
  queries: { staleTime: number; refetchOnWindowFocus: boolean },
  extra?: DefaultOptions,
) {
  return new QueryClient({
    defaultOptions: { ...extra, queries: { ...queries, retry: shouldRetryQuery } },
  });
}
