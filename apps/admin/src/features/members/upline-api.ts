import {
  adminPath,
  agentMovePaths,
  uplineHistorySchema,
  uplineMovedSchema,
  type UplineHistory,
  type UplineMoved,
} from '@lotus/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { memberDeskKeys } from './desk-api';

/** The agent tree tab's upline calls (contract `agentMovePaths`). */
const dev = import.meta.env.DEV;

export const uplineHistoryQuery = (memberId: string) =>
  queryOptions({
    queryKey: memberDeskKeys.of(memberId, 'upline-history'),
    queryFn: ({ signal }) =>
      apiRequest<UplineHistory>(adminPath(agentMovePaths.history, { memberId }), {
        signal,
        schema: dev && uplineHistorySchema,
      }),
  });

/** PUT upline (`members.manage`): the member and its whole team under another agent. */
export function moveUpline(memberId: string, uplineId: string, reason: string) {
  return apiRequest<UplineMoved>(adminPath(agentMovePaths.move, { memberId }), {
    method: 'PUT',
    body: { uplineId, reason },
    schema: dev && uplineMovedSchema,
  });
}
