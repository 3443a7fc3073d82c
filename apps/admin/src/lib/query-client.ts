import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Operator data changes under the operator's eyes (queues): short freshness, no retries of refusals. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      refetchOnWindowFocus: true,
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
    mutations: { retry: false },
  },
});
