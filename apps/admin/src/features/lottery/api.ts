import {
  adminLotteryBookSchema,
  adminLotteryCancelDrawResultSchema,
  adminLotteryDrawPageSchema,
  adminLotteryGamesSchema,
  adminLotteryNumberRuleSchema,
  adminLotteryNumberRulesSchema,
  adminLotteryOrderDetailSchema,
  adminLotteryOrderPageSchema,
  adminLotteryPaths,
  adminLotterySettingSchema,
  type AdminLotteryBook,
  type AdminLotteryCancelDrawRequest,
  type AdminLotteryCancelDrawResult,
  type AdminLotteryDrawPage,
  type AdminLotteryGames,
  type AdminLotteryNumberRule,
  type AdminLotteryNumberRuleRequest,
  type AdminLotteryNumberRules,
  type AdminLotteryOrderDetail,
  type AdminLotteryOrderPage,
  type AdminLotterySetting,
  type AdminLotterySettingRequest,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, type QueryParams } from '../../lib/api-client';

export const lotteryKeys = queryKeys('lottery-admin');

/** How often the book of a draw still taking bets (or waiting for its result) is read again. */
export const bookRefreshMs = 3_000;

/** GET /admin-api/lottery/games: every game with the brand's setting and its plays. */
export const lotteryGamesQuery = () =>
  queryOptions({
    queryKey: lotteryKeys.of('games'),
    queryFn: ({ signal }) =>
      apiRequest<AdminLotteryGames>(adminLotteryPaths.games, {
        signal,
        schema: import.meta.env.DEV && adminLotteryGamesSchema,
      }),
  });

/** PUT a game's setting at the version read (audited). */
export function saveLotterySetting(gameId: number, body: AdminLotterySettingRequest) {
  return apiRequest<AdminLotterySetting>(adminLotteryPaths.gameSetting.replace(':gameId', String(gameId)), {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV && adminLotterySettingSchema,
  });
}

/** GET a game's blocked numbers. */
export const numberRulesQuery = (gameId: number) =>
  queryOptions({
    queryKey: lotteryKeys.of('rules', gameId),
    queryFn: ({ signal }) =>
      apiRequest<AdminLotteryNumberRules>(adminLotteryPaths.numberRules.replace(':gameId', String(gameId)), {
        signal,
        schema: import.meta.env.DEV && adminLotteryNumberRulesSchema,
      }),
  });

export function createNumberRule(gameId: number, body: AdminLotteryNumberRuleRequest) {
  return apiRequest<AdminLotteryNumberRule>(adminLotteryPaths.numberRules.replace(':gameId', String(gameId)), {
    method: 'POST',
    body,
    schema: import.meta.env.DEV && adminLotteryNumberRuleSchema,
  });
}

export function deleteNumberRule(ruleId: string) {
  return apiRequest<null>(adminLotteryPaths.numberRule.replace(':ruleId', ruleId), { method: 'DELETE' });
}

/** GET the book of a draw (no numero: the game's current draw); read again every few seconds while the draw is not drawn. */
export const lotteryBookQuery = (gameId: number, numero: string) =>
  queryOptions({
    queryKey: lotteryKeys.of('book', gameId, numero),
    queryFn: ({ signal }) =>
      apiRequest<AdminLotteryBook>(adminLotteryPaths.book, {
        signal,
        query: { gameId, numero: numero || undefined },
        schema: import.meta.env.DEV && adminLotteryBookSchema,
      }),
    refetchInterval: (query) => {
      const status = query.state.data?.draw?.status;
      return status === 'open' || status === 'locked' ? bookRefreshMs : false;
    },
  });

export const lotteryDrawsQuery = (gameId: number, page: number) =>
  queryOptions({
    queryKey: lotteryKeys.of('draws', gameId, page),
    queryFn: ({ signal }) =>
      apiRequest<AdminLotteryDrawPage>(adminLotteryPaths.draws, {
        signal,
        query: { gameId, page, pageSize: 20 },
        schema: import.meta.env.DEV && adminLotteryDrawPageSchema,
      }),
    placeholderData: keepPreviousData,
  });

export const lotteryOrdersQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: lotteryKeys.of('orders', query),
    queryFn: ({ signal }) =>
      apiRequest<AdminLotteryOrderPage>(adminLotteryPaths.orders, {
        signal,
        query,
        schema: import.meta.env.DEV && adminLotteryOrderPageSchema,
      }),
    placeholderData: keepPreviousData,
  });

export const lotteryOrderQuery = (orderId: string) =>
  queryOptions({
    queryKey: lotteryKeys.of('order', orderId),
    queryFn: ({ signal }) =>
      apiRequest<AdminLotteryOrderDetail>(adminLotteryPaths.order.replace(':orderId', orderId), {
        signal,
        schema: import.meta.env.DEV && adminLotteryOrderDetailSchema,
      }),
  });

/** POST: refunds every waiting order of the brand on the draw (audited; a second time refunds nothing). */
export function cancelLotteryDraw(body: AdminLotteryCancelDrawRequest) {
  return apiRequest<AdminLotteryCancelDrawResult>(adminLotteryPaths.cancelDraw, {
    method: 'POST',
    body,
    schema: import.meta.env.DEV && adminLotteryCancelDrawResultSchema,
  });
}
