import { z } from 'zod';
import { loginResultSchema } from './identity.ts';

/* ------------------------------------------------------------------------------------------------
 * Social login (issue 19; modules/identity/social/README.md): log in, register and link an account
 * with LINE, Google and Facebook through their OAuth 2 / OpenID Connect code flow (PKCE, state and
 * nonce). Each provider is switched on per merchant by the brand's firebase switch
 * (`switches.firebase.line` ...) and needs the merchant's client id and secret, set in the
 * back-office (permission `brands.manage`).
 *
 * The flow: the site POSTs `start` and keeps the answer's `flowToken` in the tab (sessionStorage),
 * sends the browser to `authorizationUrl`; the provider sends it back to `{origin}/social/callback`
 * with `code` and `state`, which the site POSTs to `callback` with its flowToken. The server trusts
 * neither the query nor the token alone: the flow's record (hashed token, state, nonce, PKCE
 * verifier, 10 minutes, single use) must match both.
 * ---------------------------------------------------------------------------------------------- */

export const socialProviders = ['line', 'google', 'facebook'] as const;
export const socialProviderSchema = z.enum(socialProviders);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

/** The site's page the providers send the browser back to (`{origin}{socialCallbackPagePath}`). */
export const socialCallbackPagePath = '/social/callback';

export const socialLoginPaths = {
  /** POST socialStartRequestSchema (no token): a login or registration flow; answers socialStartSchema. */
  start: '/wps/social/start',
  /** POST socialStartRequestSchema (member token, real members): a flow that links the provider to this account. */
  linkStart: '/wps/member/social/link',
  /** POST socialCallbackRequestSchema: the provider's answer; answers socialCallbackResultSchema. */
  callback: '/wps/social/callback',
  /** PUT socialRegisterRequestSchema: a new member from an identity no account has; answers a LoginResult. */
  register: '/wps/social/register',
  /** GET (member token): socialLinksSchema. */
  links: '/wps/member/social',
  /** DELETE (member token, real members) `/wps/member/social/:provider`: unlinks it; answers socialLinksSchema. */
  unlink: '/wps/member/social/:provider',
  /** GET (permission brands.manage): adminSocialProvidersSchema. */
  adminProviders: '/admin-api/social-login',
  /** PUT adminSocialProviderBodySchema / DELETE `/admin-api/social-login/:provider` (brands.manage). */
  adminProvider: '/admin-api/social-login/:provider',
} as const;

export const socialLoginErrorCodes = {
  /** The provider's firebase switch is off for this merchant (403, field `provider`). */
  providerDisabled: 'social.provider.disabled',
  /** The switch is on but the merchant has not set the provider's client id and secret (403, field `provider`). */
  providerUnconfigured: 'social.provider.unconfigured',
  /**
   * The callback's flow is unknown, expired or already used, or its `state` is not the flow's (400,
   * field `state`): start again from the login button.
   */
  flowInvalid: 'social.flow.invalid',
  /** The member cancelled at the provider, or the provider refused to sign them in (400, field `code`). */
  providerDenied: 'social.provider.denied',
  /**
   * The provider did not confirm the code (wrong, used or expired code, a nonce or issuer that does
   * not match, the provider unreachable) (400, field `code`): start again.
   */
  callbackFailed: 'social.callback.failed',
  /** The provider could not be reached (its discovery or token endpoint) (503): try again later. */
  providerUnavailable: 'social.provider.unavailable',
  /** This provider account is linked to another member of this merchant (409): log in with it instead. */
  identityTaken: 'social.identity.taken',
  /** The member already has an account of this provider linked (409): unlink it first. */
  alreadyLinked: 'social.already.linked',
  /** The registration token is unknown, expired or used (400, field `registrationToken`): log in with the provider again. */
  registrationInvalid: 'social.registration.invalid',
  /** Unlinking would leave the account with no way to log in (no password, no other provider) (409). */
  lastLoginMethod: 'social.unlink.last',
  /** The member has no account of this provider linked (404). */
  linkNotFound: 'social.link.not.found',
} as const;

export const socialStartRequestSchema = z.object({
  provider: socialProviderSchema,
});
export type SocialStartRequest = z.infer<typeof socialStartRequestSchema>;

export const socialStartSchema = z.object({
  /** Where to send the browser (the provider's authorization endpoint with client id, PKCE, state, nonce). */
  authorizationUrl: z.string(),
  /** Keep in this tab (sessionStorage) and send back with the callback: binds the flow to this browser. */
  flowToken: z.string(),
  /** Epoch ms after which the flow is refused. */
  expiresAtMs: z.number().int(),
});
export type SocialStart = z.infer<typeof socialStartSchema>;

const shortText = (max: number) => z.string().max(max);

export const socialCallbackRequestSchema = z.object({
  flowToken: shortText(128),
  /** The callback page's query, as it came: `code` and `state`, or `error` (and `error_description`). */
  code: shortText(2048).optional(),
  state: shortText(256).optional(),
  /** The authorization response's issuer (RFC 9207), when the provider sends one. */
  iss: shortText(512).optional(),
  error: shortText(256).optional(),
  loginDeviceId: z.string().max(128).optional(),
});
export type SocialCallbackRequest = z.infer<typeof socialCallbackRequestSchema>;

export const socialCallbackResultSchema = z.discriminatedUnion('outcome', [
  /** A linked account: its session (as a password login answers). */
  z.object({ outcome: z.literal('loggedIn'), provider: socialProviderSchema, login: loginResultSchema }),
  /**
   * No account has this identity: register with PUT `register` and this token (15 minutes, single
   * use), or log in with a password and link it from the member centre.
   */
  z.object({
    outcome: z.literal('register'),
    provider: socialProviderSchema,
    registrationToken: z.string(),
    suggestedUsername: z.string(),
    displayName: z.string().nullable(),
    expiresAtMs: z.number().int(),
  }),
  /** A link flow: the provider is now linked to the member who started it. */
  z.object({ outcome: z.literal('linked'), provider: socialProviderSchema }),
]);
export type SocialCallbackResult = z.infer<typeof socialCallbackResultSchema>;

export const socialRegisterRequestSchema = z.object({
  registrationToken: shortText(128),
  /** Checked against the merchant's username rule and uniqueness, like a registration by username. */
  username: shortText(255),
  /** Asked when the merchant's birthday rule is on (and then checked against the minimum age). */
  birthday: shortText(32).optional(),
  /** The merchant's terms and age confirmation, as the register modal asks: must be true. */
  acceptTerms: z.boolean(),
  affiliateCode: shortText(64).optional(),
  loginDeviceId: z.string().max(128).optional(),
});
export type SocialRegisterRequest = z.infer<typeof socialRegisterRequestSchema>;

export const socialLinkSchema = z.object({
  provider: socialProviderSchema,
  /** The provider's display name of the account, when it gave one. */
  displayName: z.string().nullable(),
  email: z.string().nullable(),
  linkedAt: z.number().int(),
  lastLoginAt: z.number().int().nullable(),
});
export type SocialLink = z.infer<typeof socialLinkSchema>;

export const socialLinksSchema = z.object({
  links: z.array(socialLinkSchema),
  /** Providers the merchant offers now (switched on and configured): the ones the member may link. */
  available: z.array(socialProviderSchema),
  /** False for an account made by social registration that never set a password: its last link cannot go. */
  hasPassword: z.boolean(),
});
export type SocialLinks = z.infer<typeof socialLinksSchema>;

export const socialProviderParamsSchema = z.object({ provider: socialProviderSchema });

/* Back-office ------------------------------------------------------------------------------------ */

export const adminSocialProviderSchema = z.object({
  provider: socialProviderSchema,
  /** The brand's firebase switch of this provider (Brand settings, switches). */
  isSwitchedOn: z.boolean(),
  clientId: z.string().nullable(),
  /** The secret's last 4 characters; the secret itself is never answered. */
  secretHint: z.string().nullable(),
  /** When the client was last set (who: the audit log, action `social.client.set`). */
  updatedAt: z.number().int().nullable(),
  /** The redirect URIs to register at the provider: one per domain of the brand. */
  redirectUris: z.array(z.string()),
});
export type AdminSocialProvider = z.infer<typeof adminSocialProviderSchema>;

export const adminSocialProvidersSchema = z.object({ providers: z.array(adminSocialProviderSchema) });
export type AdminSocialProviders = z.infer<typeof adminSocialProvidersSchema>;

export const adminSocialProviderBodySchema = z.object({
  clientId: z.string().trim().min(1).max(255),
  /** Omitted or empty: keep the stored secret (required the first time). */
  clientSecret: z.string().max(1024).optional(),
});
export type AdminSocialProviderBody = z.input<typeof adminSocialProviderBodySchema>;
