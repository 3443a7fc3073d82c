import {
  lotteryCancelResultSchema,
  lotteryGameSettingSchema,
  lotteryOrderDetailSchema,
  lotteryOrderPaths,
  lotteryOrdersSchema,
  lotteryPlaceOrderResultSchema,
  type LotteryCancelResult,
  type LotteryGameSetting,
  type LotteryOrderDetail,
  type LotteryOrders,
  type LotteryOrdersQuery,
  type LotteryPlaceOrderRequest,
  type LotteryPlaceOrderResult,
} from '@lotus/contract';
import { queryKeys, useLanguage } from '@lotus/client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSessionToken } from '../../../api/member';
import { walletBalanceQuery } from '../../../api/wallet';
import { apiRequest } from '../../../lib/api-client';

/** The member's lottery orders: keyed by the session, so another member never sees a cached page. */
export const lotteryOrderKeys = queryKeys('lottery-orders');

/** `LGW_gameSetting`: the game's limits, series range and plays with their odds (visitors too). */
export function useGameSetting(gameId: number) {
  const language = useLanguage();
  return useQuery({
    queryKey: lotteryOrderKeys.of('setting', gameId, language),
    queryFn: () =>
      apiRequest<LotteryGameSetting>(lotteryOrderPaths.gameSetting, {
        query: { gameId },
        schema: import.meta.env.DEV && lotteryGameSettingSchema,
        isSilent: true,
      }),
    staleTime: 60_000,
  });
}

/**
 * After money moved (a bet, a cancellation): the header's balance and the member's orders are read
 * again. The balance stream also sends the new balance; reading it here does not wait for it.
 */
function useAfterMoneyMoved(): () => void {
  const client = useQueryClient();
  const token = useSessionToken();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: walletBalanceQuery(token).queryKey });
    void client.invalidateQueries({ queryKey: lotteryOrderKeys.all });
  }, [client, token]);
}

/** POST `/lgw/orders`: the slip's bets on one draw, or a chase. */
export function usePlaceOrders() {
  const afterMoneyMoved = useAfterMoneyMoved();
  return useMutation({
    mutationFn: (body: LotteryPlaceOrderRequest) =>
      apiRequest<LotteryPlaceOrderResult>(lotteryOrderPaths.place, {
        method: 'POST',
        body,
        schema: import.meta.env.DEV && lotteryPlaceOrderResultSchema,
      }),
    onSuccess: afterMoneyMoved,
  });
}

/** `ODSFE2_lottMemBet`: a page of the member's orders with the totals over the whole filter. */
export function useLotteryOrders(query: Partial<LotteryOrdersQuery>) {
  const token = useSessionToken();
  const language = useLanguage();
  return useQuery({
    queryKey: lotteryOrderKeys.of('list', token, language, query),
    queryFn: () =>
      apiRequest<LotteryOrders>(lotteryOrderPaths.list, {
        query,
        schema: import.meta.env.DEV && lotteryOrdersSchema,
        isSilent: true,
      }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

/** `lgw_orders_detail`: one order with its odds, cancellation fee and times. */
export function useLotteryOrder(orderId: string | null) {
  const token = useSessionToken();
  const language = useLanguage();
  return useQuery({
    queryKey: lotteryOrderKeys.of('detail', token, language, orderId),
    queryFn: () =>
      apiRequest<LotteryOrderDetail>(lotteryOrderPaths.detail, {
        query: { orderId: orderId! },
        schema: import.meta.env.DEV && lotteryOrderDetailSchema,
        isSilent: true,
      }),
    enabled: Boolean(token && orderId),
    staleTime: 0,
  });
}

/** `lgw_orders_suborders_cancel`: waiting orders cancelled before the lock, refunded less the fee. */
export function useCancelOrders() {
  const afterMoneyMoved = useAfterMoneyMoved();
  return useMutation({
    mutationFn: (orderDetailId: string[]) =>
      apiRequest<LotteryCancelResult>(lotteryOrderPaths.cancel, {
        method: 'POST',
        body: { orderDetailId },
        schema: import.meta.env.DEV && lotteryCancelResultSchema,
      }),
    onSuccess: afterMoneyMoved,
  });
}
