import {
  adminApiPaths,
  operatorMeSchema,
  operatorTotpEnrolmentSchema,
  type OperatorLoginValue,
  type OperatorMe,
  type OperatorPermission,
  type OperatorTotpEnrolment,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { apiRequest } from '../../lib/api-client';
import { session } from '../../lib/session';

export const meKeys = queryKeys('me');

export const meQuery = (token: string | null) =>
  queryOptions({
    queryKey: meKeys.of(token),
    queryFn: ({ signal }) =>
      apiRequest<OperatorMe>(adminApiPaths.me, { signal, schema: import.meta.env.DEV && operatorMeSchema }),
    enabled: token !== null,
    staleTime: 60_000,
  });

export function useToken(): string | null {
  return useSyncExternalStore(session.onTokenChange, session.getToken);
}

/** The logged-in operator (the layout only draws once it is known). */
export function useMe() {
  return useQuery(meQuery(useToken()));
}

export function useCan(): (permission: OperatorPermission) => boolean {
  const { data } = useMe();
  return (permission) => data?.permissions.includes(permission) ?? false;
}

export function logIn(username: string, password: string) {
  return apiRequest<OperatorLoginValue>(adminApiPaths.login, { method: 'POST', body: { username, password } });
}

export function startEnrolment(token: string) {
  return apiRequest<OperatorTotpEnrolment>(adminApiPaths.totpEnrol, {
    method: 'POST',
    token,
    schema: import.meta.env.DEV && operatorTotpEnrolmentSchema,
  });
}

/**
 * The authenticator enrolment of the login's password-stage token: a query, not an effect, so it
 * runs once per token however often the step draws (each call makes a new secret).
 */
export const enrolmentQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys('totp-enrolment').of(token),
    queryFn: () => startEnrolment(token),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

export function confirmEnrolment(token: string, code: string) {
  return apiRequest<{ expiresAt: number }>(adminApiPaths.totpEnrol, { method: 'PUT', token, body: { code } });
}

export function verifyCode(token: string, code: string) {
  return apiRequest<{ expiresAt: number }>(adminApiPaths.totpVerify, { method: 'POST', token, body: { code } });
}

export async function logOut(): Promise<void> {
  await apiRequest<null>(adminApiPaths.logout, { method: 'POST' }).catch(() => undefined);
  session.clear();
}
