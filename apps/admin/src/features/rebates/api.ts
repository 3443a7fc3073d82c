import {
  adminRebatePaths,
  adminRebateSettingsSchema,
  type AdminRebateSettings,
  type AdminRebateSettingsRequest,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const rebateKeys = queryKeys('rebate-settings');

/** GET /admin-api/rebates/settings: the brand's rebate rules (defaults, version 0, when never saved). */
export const rebateSettingsQuery = () =>
  queryOptions({
    queryKey: rebateKeys.of('settings'),
    queryFn: ({ signal }) =>
      apiRequest<AdminRebateSettings>(adminRebatePaths.settings, {
        signal,
        schema: import.meta.env.DEV && adminRebateSettingsSchema,
      }),
  });

/** PUT /admin-api/rebates/settings: saved at the version read (audited). */
export function saveRebateSettings(body: AdminRebateSettingsRequest) {
  return apiRequest<AdminRebateSettings>(adminRebatePaths.settings, {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV && adminRebateSettingsSchema,
  });
}
