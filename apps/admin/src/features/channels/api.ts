import {
  adminDepositChannelsSchema,
  depositPaths,
  type AdminDepositChannels,
  type AdminUpdateDepositChannelsBody,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const channelKeys = queryKeys('channels');

/** The merchant's deposit channels; not refetched on focus, so an edit in progress is not redrawn. */
export const channelsQuery = () =>
  queryOptions({
    queryKey: channelKeys.all,
    queryFn: ({ signal }) =>
      apiRequest<AdminDepositChannels>(depositPaths.adminChannels, {
        signal,
        schema: import.meta.env.DEV && adminDepositChannelsSchema,
      }),
    refetchOnWindowFocus: false,
  });

/** Saves every channel at once; the answer is what the server stored (secrets never come back). */
export function updateChannels(body: AdminUpdateDepositChannelsBody) {
  return apiRequest<AdminDepositChannels>(depositPaths.adminUpdateChannels, {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV && adminDepositChannelsSchema,
  });
}
