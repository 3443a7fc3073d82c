import { apiPaths, type HelpTopic } from '@lotus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import type { Language } from '../lib/session';
import { useLanguage } from '@lotus/client';

/** GET /wps/system/helpCenter: help topics in display order. */
export const helpTopicsQuery = (language: Language) =>
  queryOptions({
    queryKey: ['helpCenter', language],
    queryFn: async () => (await apiRequest<HelpTopic[]>(apiPaths.helpCenter)).slice().sort((a, b) => a.sort - b.sort),
  });

export function useHelpTopics() {
  return useQuery(helpTopicsQuery(useLanguage()));
}
