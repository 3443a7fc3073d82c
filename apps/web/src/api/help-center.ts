import { apiPaths, type HelpTopic } from '@lotus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import type { Language } from '../lib/session';
import { useLanguage } from '@lotus/client';

/** GET /wps/system/helpCenter: help topics in display order (the server's: by category, then each topic's order). */
export const helpTopicsQuery = (language: Language) =>
  queryOptions({
    queryKey: ['helpCenter', language],
    queryFn: () => apiRequest<HelpTopic[]>(apiPaths.helpCenter),
  });

export function useHelpTopics() {
  return useQuery(helpTopicsQuery(useLanguage()));
}
