import {
  adminPushOverviewSchema,
  adminPushPaths,
  adminPushRotateKeyResultSchema,
  adminPushTestResultSchema,
  type AdminPushOverview,
  type AdminPushRotateKeyResult,
  type AdminPushTestRequest,
  type AdminPushTestResult,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const pushKeys = queryKeys('admin-push');

/** The merchant's push counts, deliveries and key (`push.read`); refreshed each minute while open. */
export const pushOverviewQuery = () =>
  queryOptions({
    queryKey: pushKeys.all,
    queryFn: ({ signal }) =>
      apiRequest<AdminPushOverview>(adminPushPaths.overview, {
        signal,
        schema: import.meta.env.DEV && adminPushOverviewSchema,
      }),
    refetchInterval: 60_000,
  });

/** A new VAPID key, if the key is still the one shown (`fingerprint`); every subscription goes stale. */
export function rotatePushKey(fingerprint: string | null) {
  return apiRequest<AdminPushRotateKeyResult>(adminPushPaths.rotateKey, {
    method: 'POST',
    body: { fingerprint },
    schema: import.meta.env.DEV && adminPushRotateKeyResultSchema,
  });
}

/** A test notice to one member's live subscriptions. */
export function sendTestPush(body: AdminPushTestRequest) {
  return apiRequest<AdminPushTestResult>(adminPushPaths.test, {
    method: 'POST',
    body,
    schema: import.meta.env.DEV && adminPushTestResultSchema,
  });
}
