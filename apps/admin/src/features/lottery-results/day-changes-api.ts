import {
  adminLotteryDayChangeAddedSchema,
  adminLotteryDayChangePaths,
  adminLotteryDayChangesSchema,
  type AdminLotteryDayChangeAdded,
  type AdminLotteryDayChangeAddRequest,
  type AdminLotteryDayChanges,
} from '@lotus/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { lotteryResultKeys } from './api';

/** GET the official games' calendars and their upcoming day changes (every game's, or one's). */
export const dayChangesQuery = (gameCode: string, language: 'TH' | 'EN') =>
  queryOptions({
    queryKey: lotteryResultKeys.of('day-changes', gameCode, language),
    queryFn: ({ signal }) =>
      apiRequest<AdminLotteryDayChanges>(adminLotteryDayChangePaths.list, {
        signal,
        query: gameCode ? { gameCode } : {},
        schema: import.meta.env.DEV && adminLotteryDayChangesSchema,
      }),
  });

/** POST a day moved or skipped; a draw with bets needs `refundBets` (409 `lottery.day_change.has.bets` first). */
export function addDayChange(body: AdminLotteryDayChangeAddRequest) {
  return apiRequest<AdminLotteryDayChangeAdded>(adminLotteryDayChangePaths.add, {
    method: 'POST',
    body,
    schema: import.meta.env.DEV && adminLotteryDayChangeAddedSchema,
  });
}

/** DELETE a change not yet used. */
export function removeDayChange(gameCode: string, scheduledDay: string) {
  return apiRequest<{ removed: true }>(
    adminLotteryDayChangePaths.remove.replace(':gameCode', gameCode).replace(':scheduledDay', scheduledDay),
    { method: 'DELETE' },
  );
}
