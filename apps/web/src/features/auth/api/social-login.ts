import {
  loginResultSchema,
  socialCallbackResultSchema,
  socialLinksSchema,
  socialLoginPaths,
  socialStartSchema,
  type LoginResult,
  type SocialCallbackRequest,
  type SocialCallbackResult,
  type SocialLinks,
  type SocialProvider,
  type SocialRegisterRequest,
  type SocialStart,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const dev = import.meta.env.DEV;

/** POST the login button's flow (or, `isLink`, the member centre's link flow): where to send the browser. */
export function startSocialFlow(provider: SocialProvider, isLink: boolean): Promise<SocialStart> {
  return apiRequest<SocialStart>(isLink ? socialLoginPaths.linkStart : socialLoginPaths.start, {
    method: 'POST',
    body: { provider },
    schema: dev && socialStartSchema,
  });
}

/** POST the provider's answer with this tab's flow token. */
export function finishSocialFlow(request: SocialCallbackRequest): Promise<SocialCallbackResult> {
  return apiRequest<SocialCallbackResult>(socialLoginPaths.callback, {
    method: 'POST',
    body: request,
    isSilent: true,
    schema: dev && socialCallbackResultSchema,
  });
}

/** PUT a new member from the callback's identity: answers the session. */
export function registerSocialMember(request: SocialRegisterRequest): Promise<LoginResult> {
  return apiRequest<LoginResult>(socialLoginPaths.register, {
    method: 'PUT',
    body: request,
    schema: dev && loginResultSchema,
  });
}

export const socialLinksKeys = queryKeys('social-links');

/** GET the member's linked providers, the ones offered, and whether the account has a password. */
export const socialLinksQuery = (token: string | null) =>
  queryOptions({
    queryKey: socialLinksKeys.of(token),
    queryFn: () =>
      apiRequest<SocialLinks>(socialLoginPaths.links, { isSilent: true, schema: dev && socialLinksSchema }),
    enabled: Boolean(token),
    staleTime: 0,
  });

/** DELETE one link; answers the links left. */
export function unlinkSocialProvider(provider: SocialProvider): Promise<SocialLinks> {
  return apiRequest<SocialLinks>(socialLoginPaths.unlink.replace(':provider', provider), {
    method: 'DELETE',
    schema: dev && socialLinksSchema,
  });
}
