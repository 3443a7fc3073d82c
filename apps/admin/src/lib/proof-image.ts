import { queryKeys, type QueryParams } from '@lotus/client';
import { queryOptions } from '@tanstack/react-query';
import { fetchImageDataUrl } from './api-client';

export const proofKeys = queryKeys('proof');

/** A proof image (deposit slip, payout slip) as a data: URL; it never changes, a failure is shown, not retried. */
export const proofImageQuery = (path: string, query: QueryParams) =>
  queryOptions({
    queryKey: proofKeys.of(path, query),
    queryFn: () => fetchImageDataUrl(path, query),
    staleTime: Infinity,
    retry: false,
  });
