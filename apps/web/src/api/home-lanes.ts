import { homeLanesSchema, siteContentPaths, type HomeLanes } from '@lotus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLanguage } from '@lotus/client';
import { apiRequest } from '../lib/api-client';
import type { Language } from '../lib/session';

/** GET /wps/system/homeLanes: the lanes of games the operator set for the home page, in order (may be none). */
export const homeLanesQuery = (language: Language) =>
  queryOptions({
    queryKey: ['homeLanes', language],
    queryFn: async () =>
      (await apiRequest<HomeLanes>(siteContentPaths.homeLanes, { schema: import.meta.env.DEV && homeLanesSchema }))
        .lanes,
  });

export function useHomeLanes() {
  return useQuery(homeLanesQuery(useLanguage()));
}
