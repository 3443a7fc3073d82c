import { hotGamesSchema, apiPaths, type HotGames } from '@lotus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import type { Language } from '../lib/session';
import { useLanguage } from '@lotus/client';

/** spec §9: hot games are asked with isPlatform 2 and the platforms flash and html5-desktop. */
const hotGamesParams = { isPlatform: 2, platform: 'flash,html5-desktop' } as const;

/** GET /wps/relay/GCSGAME_hotGamesV2 ("gameHot"), every vendor; callers filter by vendor. */
export const hotGamesQuery = (language: Language) =>
  queryOptions({
    queryKey: ['hotGames', language],
    queryFn: async () =>
      (
        await apiRequest<HotGames>(apiPaths.hotGames, {
          schema: import.meta.env.DEV && hotGamesSchema,
          query: { ...hotGamesParams, language },
        })
      ).list,
  });

export function useHotGames() {
  return useQuery(hotGamesQuery(useLanguage()));
}
