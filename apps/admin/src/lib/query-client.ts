import { createQueryClient } from '@lotus/client';

/** Operator data changes under the operator's eyes (queues): short freshness, no retries of refusals. */
export const queryClient = createQueryClient(
  { staleTime: 10_000, refetchOnWindowFocus: true },
  { mutations: { retry: false } },
);
