import {
  adminSocialProvidersSchema,
  socialLoginPaths,
  type AdminSocialProviderBody,
  type AdminSocialProviders,
  type SocialProvider,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const socialLoginKeys = queryKeys('admin-social-login');

/** The brand's three providers: switch, client id, secret hint, redirect URIs (`brands.manage`). */
export const socialProvidersQuery = () =>
  queryOptions({
    queryKey: socialLoginKeys.all,
    queryFn: ({ signal }) =>
      apiRequest<AdminSocialProviders>(socialLoginPaths.adminProviders, {
        signal,
        schema: import.meta.env.DEV && adminSocialProvidersSchema,
      }),
    refetchOnWindowFocus: false,
  });

/** Sets the client id and (when typed) a new secret; answers the page's list again. */
export function saveSocialProvider(provider: SocialProvider, body: AdminSocialProviderBody) {
  return apiRequest<AdminSocialProviders>(socialLoginPaths.adminProvider.replace(':provider', provider), {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV && adminSocialProvidersSchema,
  });
}

/** Removes the client: the provider is no longer offered, whatever its switch. */
export function deleteSocialProvider(provider: SocialProvider) {
  return apiRequest<AdminSocialProviders>(socialLoginPaths.adminProvider.replace(':provider', provider), {
    method: 'DELETE',
    schema: import.meta.env.DEV && adminSocialProvidersSchema,
  });
}
