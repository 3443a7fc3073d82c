import { systemStatusSchema, apiPaths, type SystemStatus } from '@lotus/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import type { Language } from '../lib/session';
import { useLanguage } from '@lotus/client';
import { pageHost } from '../lib/page-host';

/** spec §4: systemStatus 0 normal, 1 maintenance, 2 region restriction. */
export const systemStatusCodes = { normal: 0, maintenance: 1, restricted: 2 } as const;

/** GET /wps/system/status with the current host (spec §7), asked before anything is drawn. */
export const systemStatusQuery = (language: Language) =>
  queryOptions({
    queryKey: ['systemStatus', language],
    queryFn: () =>
      apiRequest<SystemStatus>(apiPaths.systemStatus, {
        schema: import.meta.env.DEV && systemStatusSchema,
        query: { url: pageHost() },
      }),
    staleTime: 5 * 60_000,
    // A language switch asks again in the new language; the site keeps the answer it has meanwhile
    // instead of dropping back to the splash, which unmounted the page (and /login reopened its modal).
    placeholderData: keepPreviousData,
  });

export function useSystemStatus() {
  return useQuery(systemStatusQuery(useLanguage()));
}
