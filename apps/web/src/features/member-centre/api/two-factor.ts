import {
  apiPaths,
  totpEnrolmentSchema,
  totpStatusSchema,
  type TotpCodeRequest,
  type TotpEnrolment,
  type TotpStatus,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const totpKeys = queryKeys('totp-status');

/** GET /wps/v2/member/securityConfig/totp: whether the member's logins ask for an authenticator code. */
export const totpStatusQuery = (token: string | null) =>
  queryOptions({
    queryKey: totpKeys.of(token),
    queryFn: () =>
      apiRequest<TotpStatus>(apiPaths.totp, { isSilent: true, schema: import.meta.env.DEV && totpStatusSchema }),
    enabled: Boolean(token),
    staleTime: 0,
  });

/** POST: a new secret and its QR code; nothing changes until the first code confirms it. */
export function startTotpEnrolment(): Promise<TotpEnrolment> {
  return apiRequest<TotpEnrolment>(apiPaths.totp, {
    method: 'POST',
    schema: import.meta.env.DEV && totpEnrolmentSchema,
  });
}

/** PUT confirms the enrolment with a first code; DELETE turns two-factor off, which also needs a current code. */
export function confirmTotpChange(change: 'enable' | 'disable', body: TotpCodeRequest): Promise<unknown> {
  return apiRequest<unknown>(apiPaths.totp, { method: change === 'enable' ? 'PUT' : 'DELETE', body });
}
