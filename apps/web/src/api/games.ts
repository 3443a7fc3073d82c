import {
  favoriteGamesListSchema,
  favoriteGamesSchema,
  gameListSchema,
  launchGameResultSchema,
  recentGamesSchema,
  gamePaths,
  gameListDefaultPageSize,
  gameListMaxPageSize,
  launchPaths,
  type FavoriteGames,
  type FavoriteGamesList,
  type GameList,
  type LaunchGameRequest,
  type LaunchGameResult,
  type RecentGames,
  type VassGameTypes,
} from '@lotus/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import type { Language } from '../lib/session';
import { queryKeys, useLanguage } from '@lotus/client';
import { useSessionToken } from './member';

export const gameListKeys = queryKeys('game-list');
export const vassGameTypesKeys = queryKeys('vass-game-types');
export const favoriteIdsKeys = queryKeys('favorite-ids');
export const favoriteListKeys = queryKeys('favorite-list');
export const recentGamesKeys = queryKeys('recent-games');

/**
 * The member's game catalogue (issue 5; calls in packages/contract/src/games.ts and game-launch.ts).
 * Every call here needs a token (trial accounts too), so the queries wait for one; the token is part
 * of each key, so a logout or another login never shows the last member's favourites.
 */

/** spec §9: JP (jackpot) lists are asked 50 a page, every other list 24. */
const jackpotClassify = 'JP';
export const pageSizeOf = (gameClassify: string | undefined): number =>
  gameClassify === jackpotClassify ? gameListMaxPageSize : gameListDefaultPageSize;

/** The filters of GCSGAME_gameList the lobbies use; empty values are not sent. */
export interface GameListFilter {
  /** A vendor code, or `ALL`. */
  vassalage: string;
  gameType?: string;
  gameClassify?: string;
  gameName?: string;
}

export const gameListQuery = (token: string | null, language: Language, filter: GameListFilter) =>
  infiniteQueryOptions({
    queryKey: gameListKeys.of(token, language, filter),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<GameList>(gamePaths.gameList, {
        schema: import.meta.env.DEV && gameListSchema,
        query: {
          vassalage: filter.vassalage,
          gameType: filter.gameType,
          gameClassify: filter.gameClassify,
          gameName: filter.gameName || undefined,
          pageNo: pageParam,
          pageSize: pageSizeOf(filter.gameClassify),
          language,
        },
        signal,
        isSilent: true,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
    enabled: Boolean(token),
  });

/** GET GCSGAME_gameList, page after page (infinite scroll). */
export function useGameList(filter: GameListFilter) {
  return useInfiniteQuery(gameListQuery(useSessionToken(), useLanguage(), filter));
}

/**
 * The first game of a vendor (spec §3 "vendor card": a vendor is launched by one of its games), for
 * the category pages and the header's drop-downs; null when the vendor has no playable game.
 */
export async function findFirstGameOfVendor(vassalage: string, language: Language) {
  const list = await apiRequest<GameList>(gamePaths.gameList, {
    schema: import.meta.env.DEV && gameListSchema,
    query: { vassalage, pageNo: 1, pageSize: 1, language },
  });
  return list.games[0] ?? null;
}

/** GET GCSGAME_getVassGameType: each vendor's game type and the classifies of its games (the filter chips). */
export const vassGameTypesQuery = (token: string | null, language: Language) =>
  queryOptions({
    queryKey: vassGameTypesKeys.of(token, language),
    queryFn: async () =>
      (await apiRequest<VassGameTypes>(gamePaths.vassGameType, { query: { language }, isSilent: true })).content,
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });

export function useVassGameTypes() {
  return useQuery(vassGameTypesQuery(useSessionToken(), useLanguage()));
}

/** GET MCSFE_getFavoriteGames: the ids of the member's favourites, which draw every heart. */
export const favoriteIdsQuery = (token: string | null) =>
  queryOptions({
    queryKey: favoriteIdsKeys.of(token),
    queryFn: async () =>
      (
        await apiRequest<FavoriteGames>(gamePaths.favoriteGames, {
          schema: import.meta.env.DEV && favoriteGamesSchema,
          isSilent: true,
        })
      ).gameIds,
    enabled: Boolean(token),
  });

export function useFavoriteIds() {
  return useQuery(favoriteIdsQuery(useSessionToken()));
}

/** Favourites to show at once in the Favourites view; the server keeps them newest first. */
const favoritesListPageSize = gameListMaxPageSize;

/** GET MCSFE_getFavoriteGamesList: the favourites as game cards, newest first. */
export const favoritesListQuery = (token: string | null, language: Language) =>
  infiniteQueryOptions({
    queryKey: favoriteListKeys.of(token, language),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<FavoriteGamesList>(gamePaths.favoriteGamesList, {
        schema: import.meta.env.DEV && favoriteGamesListSchema,
        query: { pageNo: pageParam, pageSize: favoritesListPageSize, language },
        signal,
        isSilent: true,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNo < last.totalPages ? last.pageNo + 1 : undefined),
    enabled: Boolean(token),
  });

export function useFavoritesList(isEnabled: boolean) {
  const options = favoritesListQuery(useSessionToken(), useLanguage());
  return useInfiniteQuery({ ...options, enabled: options.enabled && isEnabled });
}

/** GET GCS_recentGame: the last games the member launched, latest first. */
export const recentGamesQuery = (token: string | null, language: Language) =>
  queryOptions({
    queryKey: recentGamesKeys.of(token, language),
    queryFn: async () =>
      (
        await apiRequest<RecentGames>(gamePaths.recentGames, {
          schema: import.meta.env.DEV && recentGamesSchema,
          query: { language },
          isSilent: true,
        })
      ).content,
    enabled: Boolean(token),
  });

export function useRecentGames(isEnabled: boolean) {
  const options = recentGamesQuery(useSessionToken(), useLanguage());
  return useQuery({ ...options, enabled: Boolean(options.enabled) && isEnabled });
}

export interface FavoriteChange {
  gameId: string;
  isFavorite: boolean;
}

/**
 * Adds or removes a favourite (spec §4): the local id list changes first, so the heart answers at
 * once; a refusal puts the list back. Adding a game already in the list does nothing, not even a
 * call, and neither does removing one that is not there.
 */
export function useSetFavorite(): (change: FavoriteChange) => void {
  const client = useQueryClient();
  const token = useSessionToken();
  const idsKey = favoriteIdsQuery(token).queryKey;
  const { mutate } = useMutation({
    mutationFn: async ({ gameId, isFavorite }: FavoriteChange) => {
      if (isFavorite)
        await apiRequest<unknown>(gamePaths.addFavoriteGame, { method: 'POST', body: { gameId }, isSilent: true });
      else
        await apiRequest<unknown>(gamePaths.removeFavoriteGame, { method: 'DELETE', body: { gameId }, isSilent: true });
    },
    onMutate: async ({ gameId, isFavorite }) => {
      // A list still loading must not land over the change made here.
      await client.cancelQueries({ queryKey: idsKey });
      const previous = client.getQueryData(idsKey);
      client.setQueryData(idsKey, (ids: string[] = []) => {
        const without = ids.filter((id) => id !== gameId);
        return isFavorite ? [gameId, ...without] : without;
      });
      return { previous };
    },
    onError: (_error, _change, context) => {
      client.setQueryData(idsKey, context?.previous);
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: favoriteListKeys.of(token) });
    },
  });
  return (change) => {
    const isFavorite = client.getQueryData(idsKey)?.includes(change.gameId) ?? false;
    if (isFavorite !== change.isFavorite) mutate(change);
  };
}

/** POST /wps/game/launchGame: the launched game's address (spec §3 "Game launch request"). */
export function launchGame(request: LaunchGameRequest): Promise<LaunchGameResult> {
  return apiRequest<LaunchGameResult>(launchPaths.launchGame, {
    schema: import.meta.env.DEV && launchGameResultSchema,
    method: 'POST',
    body: request,
  });
}
