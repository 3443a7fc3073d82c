import {
  lotteryDrawHistorySchema,
  lotteryGamesSchema,
  lotteryLatestDrawsSchema,
  lotteryNearNumerosSchema,
  lotteryOpenedNumerosSchema,
  lotteryPaths,
  lotteryVnGameMenuSchema,
  type LotteryDrawHistory,
  type LotteryDrawResult,
  type LotteryGame,
  type LotteryNearNumeros,
  type LotteryOpenedNumero,
  type LotteryVnGameMenu,
} from '@lotus/contract';
import { queryKeys, useLanguage } from '@lotus/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Public reads (visitors see the lottery too), so keyed by the language the names come in. */
export const lotteryKeys = queryKeys('lottery');

/** A draw still due after this long has not been read as drawn yet: read again at this pace. */
const dueRereadMs = 3_000;

/** `/lgw/games`: the enabled games with their menu group, those of one prize mode when given (SEA 5). */
export function useLotteryGames(prizeMode?: number, isEnabled = true) {
  const language = useLanguage();
  return useQuery({
    queryKey: prizeMode ? lotteryKeys.of('games', language, prizeMode) : lotteryKeys.of('games', language),
    queryFn: () =>
      apiRequest<LotteryGame[]>(lotteryPaths.games, {
        ...(prizeMode ? { query: { prizeMode } } : {}),
        schema: import.meta.env.DEV && lotteryGamesSchema,
        isSilent: true,
      }),
    enabled: isEnabled,
  });
}

/** `/lgw/vn/games/game_menu`: the Vietnamese games by region, for /vnlottery. */
export function useVnGameMenu(isEnabled = true) {
  const language = useLanguage();
  return useQuery({
    queryKey: lotteryKeys.of('vn-menu', language),
    queryFn: () =>
      apiRequest<LotteryVnGameMenu>(lotteryPaths.vnGameMenu, {
        query: { device: 'WEB' },
        schema: import.meta.env.DEV && lotteryVnGameMenuSchema,
        isSilent: true,
      }),
    enabled: isEnabled,
  });
}

/**
 * `/lgw/games/opened/numero`: every game's current draw in one call, for the lobby's cards. Countdowns
 * are counted from `dataUpdatedAt`, so it is never served stale from the cache.
 */
export function useOpenedNumeros() {
  const language = useLanguage();
  return useQuery({
    queryKey: lotteryKeys.of('opened', language),
    queryFn: () =>
      apiRequest<LotteryOpenedNumero[]>(lotteryPaths.openedNumeros, {
        schema: import.meta.env.DEV && lotteryOpenedNumerosSchema,
        isSilent: true,
      }),
    staleTime: 0,
    // A game whose draw is due but whose next one is not scheduled yet answers 0: read until it is.
    refetchInterval: (query) => (query.state.data?.some((item) => item.remainTime <= 0) ? dueRereadMs : false),
  });
}

/** `/lgw/draw`: the latest result of every game; re-read every `rereadMs` while a draw is awaited. */
export function useLatestDraws(rereadMs: number | false = false) {
  const language = useLanguage();
  return useQuery({
    queryKey: lotteryKeys.of('latest', language),
    queryFn: () =>
      apiRequest<LotteryDrawResult[]>(lotteryPaths.latestDraws, {
        schema: import.meta.env.DEV && lotteryLatestDrawsSchema,
        isSilent: true,
      }),
    staleTime: 0,
    refetchInterval: rereadMs,
  });
}

/**
 * `/lgw/numeros/near`: a game's current, next and previous draws. While the previous draw is due but
 * not drawn yet (the server draws within a second or two), it is read again until it is.
 */
export function useNearNumeros(gameId: number) {
  return useQuery({
    queryKey: lotteryKeys.of('near', gameId),
    queryFn: () =>
      apiRequest<LotteryNearNumeros>(lotteryPaths.nearNumeros, {
        query: { gameId },
        schema: import.meta.env.DEV && lotteryNearNumerosSchema,
        isSilent: true,
      }),
    staleTime: 0,
    refetchInterval: (query) => (isAwaitingDraw(query.state.data) ? dueRereadMs : false),
  });
}

function isAwaitingDraw(near: LotteryNearNumeros | undefined): boolean {
  const previous = near?.previousNumero;
  return Boolean(previous && previous.winNoStr.length === 0 && previous.status !== 'cancelled');
}

/** `/lgw/draw/code/:gameCode`: a game's results, newest first, a page at a time. */
export function useDrawHistory(gameCode: string, pageNo: number, pageSize: number) {
  const language = useLanguage();
  return useQuery({
    queryKey: lotteryKeys.of('history', language, gameCode, pageNo, pageSize),
    queryFn: () =>
      apiRequest<LotteryDrawHistory>(lotteryPaths.drawHistory.replace(':gameCode', encodeURIComponent(gameCode)), {
        query: { pageNo, pageSize },
        schema: import.meta.env.DEV && lotteryDrawHistorySchema,
        isSilent: true,
      }),
    placeholderData: keepPreviousData,
  });
}
