import { randomBytes } from 'node:crypto';
import { socialCallbackPagePath, socialLoginErrorCodes, type SocialProvider, type SocialStart } from '@lotus/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import * as oidc from 'openid-client';
import type { AppConfig } from '../../../config.ts';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MerchantContext } from '../../merchant/index.ts';
import type { Caller } from '../caller.ts';
import { findResetLinkOrigin } from '../recovery/password-reset-email.ts';
import { hashToken } from '../sessions/sessions.ts';
import { requireOfferedClient, type SocialClient } from './social-clients.ts';
import { buildProviderAuthorizationUrl, providerConfiguration } from './social-providers.ts';
import { providerNames } from './social-providers.ts';

/** How long the browser has between the login button and the callback. */
export const socialFlowLifetimeMs = 10 * 60_000;

export interface SocialContext {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'VENDOR_SECRET_KEY' | 'CHALLENGE_BYPASS'>;
  merchant: MerchantContext;
  caller: Caller;
  nowMs: number;
  /** The request's protocol and Host: the redirect URI's origin when the host is one of the merchant's domains. */
  protocol: string;
  host: string;
  pause: (ms: number) => Promise<void>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** The openid-client configuration, or 503 `social.provider.unavailable` when the provider's metadata cannot be read. */
export async function configurationOrUnavailable(
  context: Pick<SocialContext, 'log'>,
  provider: SocialProvider,
  client: SocialClient,
): Promise<oidc.Configuration> {
  try {
    return await providerConfiguration(provider, client);
  } catch (error) {
    context.log?.warn({ err: error, provider }, 'social login: provider metadata unavailable');
    throw new AppError(503, socialLoginErrorCodes.providerUnavailable, {
      params: { provider: providerNames[provider] },
    });
  }
}

/**
 * POST /wps/social/start (a login or registration) and POST /wps/member/social/link (`linkingMemberId`:
 * the logged-in member links the provider). Stores the flow (hashed token, state, nonce, PKCE
 * verifier, redirect URI) and answers the provider's authorization URL with the flow token the
 * browser must bring back.
 */
export async function startSocialLogin(
  context: SocialContext,
  provider: SocialProvider,
  linkingMemberId: bigint | null,
): Promise<SocialStart> {
  const { db, merchant, nowMs } = context;
  const client = await requireOfferedClient(db, context.config, merchant, provider);
  const configuration = await configurationOrUnavailable(context, provider, client);
  const origin = await findResetLinkOrigin(db, merchant.id, context.protocol, context.host);
  const redirectUri = `${origin}${socialCallbackPagePath}`;
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const flowToken = randomBytes(32).toString('base64url');
  const expiresAtMs = nowMs + socialFlowLifetimeMs;
  const authorizationUrl = buildProviderAuthorizationUrl(provider, configuration, {
    redirectUri,
    state,
    nonce,
    codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
  });
  await db
    .insertInto('social_login_flow')
    .values({
      merchant_id: merchant.id,
      provider,
      intent: linkingMemberId === null ? 'login' : 'link',
      member_id: linkingMemberId,
      flow_token_hash: hashToken(flowToken),
      state,
      nonce,
      code_verifier: codeVerifier,
      redirect_uri: redirectUri,
      ip: context.caller.ip,
      created_at: new Date(nowMs),
      expires_at: new Date(expiresAtMs),
    })
    .execute();
  return { authorizationUrl, flowToken, expiresAtMs };
}
