import { apiPaths, type Country, type LoginResult, type MemberInfo, type RegisterSettings } from '@lotus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { apiRequest } from '../lib/api-client';
import { session, type Language } from '../lib/session';
import { useLanguage } from '@lotus/client';
import { queryClient } from './query-client';

/** The session token; re-renders on login, logout and a forced logout. */
export function useSessionToken(): string | null {
  return useSyncExternalStore(session.subscribeToken, session.getToken, session.getToken);
}

/** GET /wps/member/info (spec §7): asked only while a token exists (spec §4). */
export const memberInfoQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['member-info', token],
    queryFn: async () => {
      const info = await apiRequest<MemberInfo>(apiPaths.memberInfo, { isSilent: true });
      session.setIsAgent(info.type);
      return info;
    },
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });

export function useMemberInfo() {
  return useQuery(memberInfoQuery(useSessionToken()));
}

// A logout (or a 401) drops the member's cached data, so the next login never sees the last one's.
session.subscribeToken(() => {
  if (!session.hasToken()) queryClient.removeQueries({ queryKey: ['member-info'] });
});

/** After a login or a registration: keep the token, load member info before the modal closes. */
export async function startSession(result: LoginResult): Promise<void> {
  session.logIn(result.token);
  await queryClient.fetchQuery(memberInfoQuery(result.token)).catch(() => undefined);
}

/** DELETE /wps/session/logout, then forget everything but the language (spec §4). */
export async function endSession(): Promise<void> {
  try {
    await apiRequest<unknown>(apiPaths.logout, { method: 'DELETE' });
  } catch {
    // The session is forgotten here whatever the server says (already expired, offline).
  }
  session.clear();
}

/** GET /wps/system/setting/register: which fields the register form shows and their rules. */
export const registerSettingsQuery = (language: Language) =>
  queryOptions({
    queryKey: ['register-settings', language],
    queryFn: () => apiRequest<RegisterSettings>(apiPaths.registerSettings, { isSilent: true }),
  });

export function useRegisterSettings() {
  return useQuery(registerSettingsQuery(useLanguage()));
}

/** GET /wps/system/country: dialling codes for the mobile field. */
export function useCountries(isEnabled: boolean) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['countries', language],
    queryFn: () => apiRequest<Country[]>(apiPaths.country, { isSilent: true }),
    enabled: isEnabled,
    staleTime: 60 * 60_000,
  });
}
