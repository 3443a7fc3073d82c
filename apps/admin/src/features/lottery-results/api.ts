import {
  adminLotteryResultDrawsSchema,
  adminLotteryResultEntriesSchema,
  adminLotteryResultEntrySchema,
  adminLotteryResultImportSchema,
  adminLotteryResultPaths,
  type AdminLotteryResultConfirmRequest,
  type AdminLotteryResultDraws,
  type AdminLotteryResultEnterRequest,
  type AdminLotteryResultEntries,
  type AdminLotteryResultEntry,
  type AdminLotteryResultEntryStatus,
  type AdminLotteryResultImport,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';

type Language = 'TH' | 'EN';

export const lotteryResultKeys = queryKeys('lottery-results');

/** The game the page opens on before the operator picks one (the first official game). */
export const firstOfficialGameCode = 'THAI_GOV';

/** How often the draws are read again: a draw passing its time becomes due for a result. */
export const drawsRefreshMs = 30_000;

/**
 * GET an official game's draws around now (the last 10 due, the next 3) and the official games. Game
 * names come in the operator's language (the request's), so the language is part of the key.
 */
export const resultDrawsQuery = (gameCode: string, language: Language) =>
  queryOptions({
    queryKey: lotteryResultKeys.of('draws', gameCode, language),
    queryFn: ({ signal }) =>
      apiRequest<AdminLotteryResultDraws>(adminLotteryResultPaths.draws, {
        signal,
        query: { gameCode },
        schema: import.meta.env.DEV && adminLotteryResultDrawsSchema,
      }),
    refetchInterval: drawsRefreshMs,
  });

/** GET entries of a status, newest first; `pending` counts the entries waiting whatever the status. */
export const resultEntriesQuery = (status: AdminLotteryResultEntryStatus, language: Language) =>
  queryOptions({
    queryKey: lotteryResultKeys.of('entries', status, language),
    queryFn: ({ signal }) =>
      apiRequest<AdminLotteryResultEntries>(adminLotteryResultPaths.entries, {
        signal,
        query: { status },
        schema: import.meta.env.DEV && adminLotteryResultEntriesSchema,
      }),
  });

/** After any change: draws, entries and counts are read again. */
export const refreshResults = () => queryClient.invalidateQueries({ queryKey: lotteryResultKeys.all });

/** POST a draw's result (or a correction of a drawn or settled one): a pending entry. */
export function enterResult(body: AdminLotteryResultEnterRequest) {
  return apiRequest<AdminLotteryResultEntry>(adminLotteryResultPaths.enter, {
    method: 'POST',
    body,
    schema: import.meta.env.DEV && adminLotteryResultEntrySchema,
  });
}

/** POST the same result typed again by a second operator: the draw gets its result. */
export function confirmResult(entryId: string, body: AdminLotteryResultConfirmRequest) {
  return apiRequest<AdminLotteryResultEntry>(adminLotteryResultPaths.confirm.replace(':entryId', entryId), {
    method: 'POST',
    body,
    schema: import.meta.env.DEV && adminLotteryResultEntrySchema,
  });
}

export function rejectResult(entryId: string, reason: string) {
  return apiRequest<AdminLotteryResultEntry>(adminLotteryResultPaths.reject.replace(':entryId', entryId), {
    method: 'POST',
    body: { reason },
    schema: import.meta.env.DEV && adminLotteryResultEntrySchema,
  });
}

/** POST a CSV of results: each line entered, confirming another operator's entry, or refused. */
export function importResults(csv: string) {
  return apiRequest<AdminLotteryResultImport>(adminLotteryResultPaths.import, {
    method: 'POST',
    body: { csv },
    schema: import.meta.env.DEV && adminLotteryResultImportSchema,
  });
}
