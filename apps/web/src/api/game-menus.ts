import { gameMenusSchema, apiPaths, type GameMenu } from '@lotus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import type { Language } from '../lib/session';
import { useLanguage } from '@lotus/client';

/** GET /lgw/games/game_menus: categories with their vendors, drawn by the navigation and lobbies. */
export const gameMenusQuery = (language: Language) =>
  queryOptions({
    queryKey: ['gameMenus', language],
    queryFn: () =>
      apiRequest<GameMenu[]>(apiPaths.gameMenus, {
        schema: import.meta.env.DEV && gameMenusSchema,
        query: { language },
      }),
  });

export function useGameMenus() {
  return useQuery(gameMenusQuery(useLanguage()));
}
