import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Public site data changes rarely; a minute keeps page switches instant.
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      // A 4xx answer will not change on retry; network failures and 5xx get two more tries.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
  },
});
