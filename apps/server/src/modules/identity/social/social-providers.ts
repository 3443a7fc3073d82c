import type { SocialProvider } from '@lotus/contract';
import * as oidc from 'openid-client';

/**
 * The three providers' endpoints and how each is spoken to, through openid-client (panva, OpenID
 * certified): LINE Login v2.1 and Google are OpenID Connect (discovery, ID token with our nonce);
 * Facebook Login for the web is plain OAuth 2 (no ID token), so the account comes from the Graph API's
 * `/me` with the access token.
 */

export type ProviderEndpoints =
  | {
      kind: 'oidc';
      /** The issuer; its `/.well-known/openid-configuration` is read once an hour. */
      issuer: string;
      scope: string;
      /** The ID token's signing algorithm, when not the metadata's (LINE Login for the web: HS256 with the channel secret). */
      idTokenAlg?: string;
      /** Tests only: the local provider speaks plain http. */
      allowInsecure?: boolean;
    }
  | {
      kind: 'oauth2';
      issuer: string;
      authorizationEndpoint: string;
      tokenEndpoint: string;
      /** Answers `{ id | sub, name, email }` for the access token. */
      profileEndpoint: string;
      scope: string;
      allowInsecure?: boolean;
    };

/**
 * The production endpoints. Tests replace an entry with their in-process provider (the module is
 * loaded once per test file, so the replacement never leaves the file).
 */
export const socialProviderEndpoints: Record<SocialProvider, ProviderEndpoints> = {
  // Email needs LINE's approval per channel; profile gives the display name.
  line: { kind: 'oidc', issuer: 'https://access.line.me', scope: 'openid profile', idTokenAlg: 'HS256' },
  google: { kind: 'oidc', issuer: 'https://accounts.google.com', scope: 'openid email profile' },
  facebook: {
    kind: 'oauth2',
    issuer: 'https://www.facebook.com',
    authorizationEndpoint: 'https://www.facebook.com/v21.0/dialog/oauth',
    tokenEndpoint: 'https://graph.facebook.com/v21.0/oauth/access_token',
    profileEndpoint: 'https://graph.facebook.com/v21.0/me?fields=id,name,email',
    scope: 'public_profile email',
  },
};

/** The providers' names as members know them, for messages. */
export const providerNames: Record<SocialProvider, string> = { line: 'LINE', google: 'Google', facebook: 'Facebook' };

/** What we keep of a provider account: its stable subject and what it says of itself. */
export interface ProviderProfile {
  subject: string;
  displayName: string | null;
  email: string | null;
}

const discoveryTtlMs = 3_600_000;
const discovered = new Map<string, { atMs: number; metadata: oidc.ServerMetadata }>();

async function serverMetadataOf(endpoints: ProviderEndpoints): Promise<oidc.ServerMetadata> {
  if (endpoints.kind === 'oauth2') {
    return {
      issuer: endpoints.issuer,
      authorization_endpoint: endpoints.authorizationEndpoint,
      token_endpoint: endpoints.tokenEndpoint,
    };
  }
  const cached = discovered.get(endpoints.issuer);
  if (cached && cached.atMs > Date.now() - discoveryTtlMs) return cached.metadata;
  const config = await oidc.discovery(
    new URL(endpoints.issuer),
    'discovery',
    undefined,
    undefined,
    endpoints.allowInsecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
  );
  const metadata = { ...config.serverMetadata() };
  discovered.set(endpoints.issuer, { atMs: Date.now(), metadata });
  return metadata;
}

/** The openid-client configuration of a merchant's client at this provider. */
export async function providerConfiguration(
  provider: SocialProvider,
  client: { clientId: string; clientSecret: string },
): Promise<oidc.Configuration> {
  const endpoints = socialProviderEndpoints[provider];
  const metadata = await serverMetadataOf(endpoints);
  const config = new oidc.Configuration(metadata, client.clientId, {
    client_secret: client.clientSecret,
    ...(endpoints.kind === 'oidc' && endpoints.idTokenAlg
      ? { id_token_signed_response_alg: endpoints.idTokenAlg }
      : {}),
  });
  if (endpoints.allowInsecure) oidc.allowInsecureRequests(config);
  return config;
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
}

export function buildProviderAuthorizationUrl(
  provider: SocialProvider,
  config: oidc.Configuration,
  request: AuthorizationRequest,
): string {
  const endpoints = socialProviderEndpoints[provider];
  const parameters: Record<string, string> = {
    redirect_uri: request.redirectUri,
    scope: endpoints.scope,
    response_type: 'code',
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  };
  if (endpoints.kind === 'oidc') parameters.nonce = request.nonce;
  return oidc.buildAuthorizationUrl(config, parameters).href;
}

export interface CodeExchange {
  /** The callback URL as the provider sent it (redirect URI with code, state and iss). */
  callbackUrl: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * Exchanges the code (with the PKCE verifier) and answers who signed in. For OpenID Connect the ID
 * token's issuer, audience, expiry and our nonce are checked by openid-client; for Facebook the
 * access token reads `/me`. Any refusal throws (the caller answers `social.callback.failed`).
 */
export async function exchangeCode(
  provider: SocialProvider,
  config: oidc.Configuration,
  exchange: CodeExchange,
): Promise<ProviderProfile> {
  const endpoints = socialProviderEndpoints[provider];
  if (endpoints.kind === 'oidc') {
    const tokens = await oidc.authorizationCodeGrant(config, exchange.callbackUrl, {
      pkceCodeVerifier: exchange.codeVerifier,
      expectedState: exchange.state,
      expectedNonce: exchange.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token');
    return {
      subject: claims.sub,
      displayName: stringClaim(claims.name),
      email: claims.email_verified === false ? null : stringClaim(claims.email),
    };
  }
  const tokens = await oidc.authorizationCodeGrant(config, exchange.callbackUrl, {
    pkceCodeVerifier: exchange.codeVerifier,
    expectedState: exchange.state,
  });
  const response = await oidc.fetchProtectedResource(
    config,
    tokens.access_token,
    new URL(endpoints.profileEndpoint),
    'GET',
  );
  if (!response.ok) throw new Error(`profile answered ${response.status}`);
  const profile = (await response.json()) as Record<string, unknown>;
  const subject = stringClaim(profile.id) ?? stringClaim(profile.sub);
  if (subject === null) throw new Error('profile without id');
  return { subject, displayName: stringClaim(profile.name), email: stringClaim(profile.email) };
}

function stringClaim(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 255) : null;
}
