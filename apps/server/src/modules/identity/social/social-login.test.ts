import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  apiPaths,
  identityErrorCodes,
  socialLoginErrorCodes,
  socialLoginPaths,
  type SocialProvider,
} from '@lotus/contract';
import { sql } from 'kysely';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApiClient, freshIp, type ApiClient, type RequestOptions } from '../../../testing/api-client.ts';
import { insertTestMember, insertTestSession } from '../../../testing/members.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { insertTestOperator, type TestOperator } from '../../backoffice/backoffice.testing.ts';
import type { MerchantConfig } from '../../merchant/index.ts';
import { hashPassword } from '../passwords/passwords.ts';
import { totpCodeAt } from '../two-factor/totp.ts';
import { socialProviderEndpoints } from './social-providers.ts';

/**
 * Social login end to end against a real OpenID provider (panva's oidc-provider, in this process on
 * an ephemeral port, with its development login and consent pages): the site's calls, the browser's
 * trip through the provider (a small cookie jar following redirects), the callback and the session.
 * The three providers point at it: LINE and Google as OpenID Connect, Facebook as plain OAuth 2 with
 * the provider's userinfo standing in for the Graph API's /me.
 */

const siteHost = 'demo.lotus88.test';
const redirectUri = `http://${siteHost}/social/callback`;
const clients: Record<SocialProvider, { clientId: string; clientSecret: string }> = {
  line: { clientId: 'line-channel', clientSecret: 'line-channel-secret-0001' },
  google: { clientId: 'google-client', clientSecret: 'google-client-secret-0002' },
  facebook: { clientId: 'facebook-app', clientSecret: 'facebook-app-secret-0003' },
};

let oidcServer: Server;
let issuer: string;
let testApp: TestApp;
let api: ApiClient;
let admin: TestOperator;

beforeAll(async () => {
  oidcServer = createServer();
  await new Promise<void>((resolve) => oidcServer.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(oidcServer.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: Object.values(clients).map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: [redirectUri],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    claims: { openid: ['sub'], profile: ['name'], email: ['email', 'email_verified'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['social-login-test-cookie-key'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    findAccount: (_ctx, accountId) => ({
      accountId,
      claims: () => ({
        sub: accountId,
        name: `Member ${accountId}`,
        email: `${accountId}@example.com`,
        email_verified: true,
      }),
    }),
  });
  oidcServer.on('request', provider.callback());

  socialProviderEndpoints.line = { kind: 'oidc', issuer, scope: 'openid profile email', allowInsecure: true };
  socialProviderEndpoints.google = { kind: 'oidc', issuer, scope: 'openid email profile', allowInsecure: true };
  socialProviderEndpoints.facebook = {
    kind: 'oauth2',
    issuer,
    authorizationEndpoint: `${issuer}/auth`,
    tokenEndpoint: `${issuer}/token`,
    profileEndpoint: `${issuer}/me`,
    scope: 'openid profile email',
    allowInsecure: true,
  };

  testApp = await createTestApp({ CHALLENGE_BYPASS: '1' });
  api = await createApiClient(testApp.app);
  admin = await insertTestOperator(testApp.db, { merchantId: testApp.demoMerchantId, role: 'admin' });
}, 120_000);

afterAll(async () => {
  await testApp?.close();
  await new Promise((resolve) => oidcServer?.close(resolve));
});

async function updateMerchantConfig(change: (config: MerchantConfig) => void): Promise<void> {
  const row = await testApp.db
    .selectFrom('merchant')
    .select('config')
    .where('code', '=', 'demo')
    .executeTakeFirstOrThrow();
  const config: MerchantConfig = structuredClone(row.config);
  change(config);
  await testApp.db
    .updateTable('merchant')
    .set({ config: JSON.stringify(config), updated_at: sql<Date>`now()` })
    .where('code', '=', 'demo')
    .execute();
  await testApp.settle();
}

const setSwitch = (provider: SocialProvider, isOn: boolean) =>
  updateMerchantConfig((config) => {
    config.switches.firebase[provider] = isOn;
  });

function send(
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  options: RequestOptions = {},
) {
  return api.json(method, url, payload, { host: siteHost, ...options });
}

function adminCall(method: 'GET' | 'PUT' | 'DELETE', url: string, token: string, payload?: Record<string, unknown>) {
  return testApp.app.inject({
    method,
    url,
    headers: {
      Merchant: 'demo',
      Language: 'EN',
      Authorization: token,
      ...(payload ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
}

/**
 * The browser at the provider: follows the redirects from the authorization URL, signs in as
 * `accountId` on the login page, consents, and answers the query the provider sends back to the
 * site's callback page. `abort`: the member cancels on the login page instead.
 */
async function signInAtProvider(authorizationUrl: string, accountId: string, options: { abort?: boolean } = {}) {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  let response = await fetch(authorizationUrl, { redirect: 'manual', headers: { cookie: cookieHeader() } });
  let interactions = 0;
  for (let step = 0; step < 10; step += 1) {
    keep(response);
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider stopped at ${response.status}: ${await response.text()}`);
    const next = new URL(location, issuer);
    if (next.href.startsWith(redirectUri)) return Object.fromEntries(next.searchParams);
    if (next.pathname.startsWith('/interaction/')) {
      interactions += 1;
      if (options.abort) {
        response = await fetch(`${next.href}/abort`, { redirect: 'manual', headers: { cookie: cookieHeader() } });
        continue;
      }
      const body = new URLSearchParams(
        interactions === 1 ? { prompt: 'login', login: accountId, password: 'any' } : { prompt: 'consent' },
      );
      response = await fetch(next, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      continue;
    }
    response = await fetch(next, { redirect: 'manual', headers: { cookie: cookieHeader() } });
  }
  throw new Error('too many redirects at the provider');
}

async function start(provider: SocialProvider, options: RequestOptions = {}) {
  const response = await send(
    'POST',
    options.token ? socialLoginPaths.linkStart : socialLoginPaths.start,
    { provider },
    options,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value as { authorizationUrl: string; flowToken: string; expiresAtMs: number };
}

async function callback(flowToken: string, query: Record<string, string>, options: RequestOptions = {}) {
  return send('POST', socialLoginPaths.callback, { flowToken, ...query }, options);
}

/** Start, sign in at the provider as `accountId`, come back: the callback's answer. */
async function roundTrip(provider: SocialProvider, accountId: string, options: RequestOptions = {}) {
  const flow = await start(provider, options);
  const query = await signInAtProvider(flow.authorizationUrl, accountId);
  return callback(flow.flowToken, query, options);
}

async function memberInfoStatus(token: string) {
  return (await send('GET', apiPaths.memberInfo, undefined, { token })).statusCode;
}

async function setClient(provider: SocialProvider) {
  const response = await adminCall('PUT', socialLoginPaths.adminProvider.replace(':provider', provider), admin.token, {
    clientId: clients[provider].clientId,
    clientSecret: clients[provider].clientSecret,
  });
  expect(response.statusCode, response.body).toBe(200);
}

let accountCounter = 0;
const freshAccount = (prefix: string) => `${prefix}-${process.pid}-${++accountCounter}`;
const freshUsername = () => `soc${String(Date.now()).slice(-7)}${++accountCounter}`;

/** A member with a password and a live session (as the password login would leave). */
async function memberWithPassword() {
  const username = freshUsername();
  const id = await insertTestMember(testApp.db, testApp.demoMerchantId, username, new Date(Date.now() - 60_000), {
    password_hash: await hashPassword('secret123'),
  });
  return { id, username, token: await insertTestSession(testApp.db, testApp.demoMerchantId, id) };
}

async function registerBySocial(provider: SocialProvider, accountId: string) {
  const answer = await roundTrip(provider, accountId);
  expect(answer.statusCode, answer.body).toBe(200);
  const value = answer.json().value;
  expect(value).toMatchObject({ outcome: 'register', provider, displayName: `Member ${accountId}` });
  const username = freshUsername();
  const registered = await send('PUT', socialLoginPaths.register, {
    registrationToken: value.registrationToken,
    username,
    acceptTerms: true,
  });
  expect(registered.statusCode, registered.body).toBe(200);
  const token = registered.json().value.token as string;
  return { username, token, registrationToken: value.registrationToken as string };
}

describe('switches and credentials', () => {
  test('a provider whose firebase switch is off is refused, named and in the member’s language', async () => {
    await setSwitch('line', false);
    const en = await send('POST', socialLoginPaths.start, { provider: 'line' });
    expect(en.statusCode).toBe(403);
    expect(en.json()).toMatchObject({
      success: false,
      errorCode: socialLoginErrorCodes.providerDisabled,
      field: 'provider',
      message: 'This site does not offer login with LINE',
    });
    const th = await send('POST', socialLoginPaths.start, { provider: 'line' }, { language: 'TH' });
    expect(th.json().message).toBe('เว็บไซต์นี้ไม่ได้เปิดการเข้าสู่ระบบด้วย LINE');
  });

  test('switched on without a client: not configured; an unknown provider: validation naming the field', async () => {
    await setSwitch('line', true);
    const unconfigured = await send('POST', socialLoginPaths.start, { provider: 'line' });
    expect(unconfigured.statusCode).toBe(403);
    expect(unconfigured.json()).toMatchObject({
      errorCode: socialLoginErrorCodes.providerUnconfigured,
      field: 'provider',
    });
    const unknown = await send('POST', socialLoginPaths.start, { provider: 'myspace' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errorCode: 'validation.failed', field: 'provider' });
  });

  test('the back-office sets a client: audited, the secret sealed and never answered; support may not', async () => {
    const support = await insertTestOperator(testApp.db, { merchantId: testApp.demoMerchantId, role: 'support' });
    const refused = await adminCall('PUT', socialLoginPaths.adminProvider.replace(':provider', 'line'), support.token, {
      clientId: 'x',
      clientSecret: 'y',
    });
    expect(refused.statusCode).toBe(403);

    const noSecret = await adminCall('PUT', socialLoginPaths.adminProvider.replace(':provider', 'line'), admin.token, {
      clientId: clients.line.clientId,
    });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json()).toMatchObject({ errorCode: 'validation.failed', field: 'clientSecret' });

    for (const provider of ['line', 'google', 'facebook'] as const) await setClient(provider);
    const list = await adminCall('GET', socialLoginPaths.adminProviders, admin.token);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(clients.line.clientSecret);
    const line = list.json().value.providers.find((row: { provider: string }) => row.provider === 'line');
    expect(line).toMatchObject({
      clientId: clients.line.clientId,
      secretHint: '0001',
      isSwitchedOn: true,
      redirectUris: expect.arrayContaining([`https://${siteHost}/social/callback`]),
    });
    const stored = await testApp.db
      .selectFrom('social_login_client')
      .select('sealed_secret')
      .where('merchant_id', '=', testApp.demoMerchantId)
      .where('provider', '=', 'line')
      .executeTakeFirstOrThrow();
    expect(stored.sealed_secret).toMatch(/^v1\./);
    expect(stored.sealed_secret).not.toContain(clients.line.clientSecret);
    const audit = await testApp.db
      .selectFrom('operator_audit')
      .select(['action', 'after'])
      .where('merchant_id', '=', testApp.demoMerchantId)
      .where('action', '=', 'social.client.set')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(audit)).not.toContain(clients.line.clientSecret);

    await setSwitch('google', true);
    await setSwitch('facebook', true);
  });
});

describe('the code flow', () => {
  test('authorization URL: code flow with PKCE S256, state, nonce and the merchant domain’s redirect URI', async () => {
    const flow = await start('line');
    const url = new URL(flow.authorizationUrl);
    expect(url.origin).toBe(issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: clients.line.clientId,
      response_type: 'code',
      redirect_uri: redirectUri,
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('state')).toMatch(/.{20,}/);
    expect(url.searchParams.get('nonce')).toMatch(/.{20,}/);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(flow.flowToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash of the browser's token is stored.
    const rows = await testApp.db.selectFrom('social_login_flow').select('flow_token_hash').execute();
    expect(rows.some((row) => row.flow_token_hash === flow.flowToken)).toBe(false);
  });

  test('LINE: an unknown identity registers, then the same identity logs the member in', async () => {
    const accountId = freshAccount('line');
    const { username, token } = await registerBySocial('line', accountId);
    expect(await memberInfoStatus(token)).toBe(200);
    const member = await testApp.db
      .selectFrom('member')
      .select(['id', 'register_method', 'nickname'])
      .where('username_key', '=', username.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(member).toMatchObject({ register_method: 'SOCIAL_LINE', nickname: `Member ${accountId}` });

    const again = await roundTrip('line', accountId);
    expect(again.statusCode, again.body).toBe(200);
    const value = again.json().value;
    expect(value).toMatchObject({ outcome: 'loggedIn', provider: 'line', login: { passwordExpired: false } });
    expect(await memberInfoStatus(value.login.token)).toBe(200);
    const events = await testApp.db
      .selectFrom('login_event')
      .select('succeeded')
      .where('member_id', '=', member.id)
      .execute();
    expect(events.filter((event) => event.succeeded)).toHaveLength(2);
  });

  test('Facebook (OAuth 2 and the profile call) and Google register and log in the same way', async () => {
    for (const provider of ['facebook', 'google'] as const) {
      const accountId = freshAccount(provider);
      await registerBySocial(provider, accountId);
      const again = await roundTrip(provider, accountId);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().value.outcome).toBe('loggedIn');
    }
  });

  test('a tampered state is refused and spends the flow; the right state cannot follow', async () => {
    const flow = await start('line');
    const query = await signInAtProvider(flow.authorizationUrl, freshAccount('tamper'));
    const tampered = await callback(flow.flowToken, { ...query, state: `${query.state}x` });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toMatchObject({ errorCode: socialLoginErrorCodes.flowInvalid, field: 'state' });
    const retried = await callback(flow.flowToken, query);
    expect(retried.json()).toMatchObject({ errorCode: socialLoginErrorCodes.flowInvalid, field: 'state' });
  });

  test('the query alone is not enough: another browser’s flow token, or none, is refused', async () => {
    const mine = await start('line');
    const theirs = await start('line');
    const query = await signInAtProvider(theirs.authorizationUrl, freshAccount('other'));
    const wrongBrowser = await callback(mine.flowToken, query);
    expect(wrongBrowser.json()).toMatchObject({ errorCode: socialLoginErrorCodes.flowInvalid, field: 'state' });
    const forged = await callback('A'.repeat(43), query);
    expect(forged.json()).toMatchObject({ errorCode: socialLoginErrorCodes.flowInvalid });
    const missing = await send('POST', socialLoginPaths.callback, query);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errorCode: 'validation.failed', field: 'flowToken' });
  });

  test('an ID token whose nonce is not the flow’s is refused (callback failed, naming the code)', async () => {
    const flow = await start('google');
    const query = await signInAtProvider(flow.authorizationUrl, freshAccount('nonce'));
    await testApp.db
      .updateTable('social_login_flow')
      .set({ nonce: 'not-the-nonce-sent' })
      .where('state', '=', query.state!)
      .execute();
    const answer = await callback(flow.flowToken, query, { language: 'TH' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      errorCode: socialLoginErrorCodes.callbackFailed,
      field: 'code',
      message: 'Google ไม่ยืนยันการเข้าสู่ระบบนี้ กรุณาลองใหม่อีกครั้ง',
    });
  });

  test('a flow past its 10 minutes is refused', async () => {
    const flow = await start('line');
    const query = await signInAtProvider(flow.authorizationUrl, freshAccount('expired'));
    await testApp.db
      .updateTable('social_login_flow')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('state', '=', query.state!)
      .execute();
    const expired = await callback(flow.flowToken, query);
    expect(expired.json()).toMatchObject({ errorCode: socialLoginErrorCodes.flowInvalid });
  });

  test('the member cancels at the provider: denied, naming the provider', async () => {
    const flow = await start('line');
    const query = await signInAtProvider(flow.authorizationUrl, 'nobody', { abort: true });
    expect(query.error).toBe('access_denied');
    const answer = await callback(flow.flowToken, query);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      errorCode: socialLoginErrorCodes.providerDenied,
      field: 'code',
      message: 'Login with LINE was cancelled',
    });
  });

  test('switched off between the button and the callback: refused', async () => {
    const flow = await start('facebook');
    const query = await signInAtProvider(flow.authorizationUrl, freshAccount('off'));
    await setSwitch('facebook', false);
    try {
      const answer = await callback(flow.flowToken, query);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ errorCode: socialLoginErrorCodes.providerDisabled, field: 'provider' });
    } finally {
      await setSwitch('facebook', true);
    }
  });

  test('a locked member is refused at login; a member with two-factor is asked for it', async () => {
    const accountId = freshAccount('locked');
    const { username } = await registerBySocial('line', accountId);
    await testApp.db
      .updateTable('member')
      .set({ status: 'locked' })
      .where('username_key', '=', username.toLowerCase())
      .execute();
    const locked = await roundTrip('line', accountId);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().errorCode).toBe(identityErrorCodes.memberLocked);

    const other = freshAccount('totp');
    const second = await registerBySocial('google', other);
    const member = await testApp.db
      .selectFrom('member')
      .select('id')
      .where('username_key', '=', second.username.toLowerCase())
      .executeTakeFirstOrThrow();
    await testApp.db
      .insertInto('member_totp')
      .values({
        member_id: member.id,
        merchant_id: testApp.demoMerchantId,
        secret: 'JBSWY3DPEHPK3PXP',
        enabled_at: new Date(),
        pending_secret: null,
        last_used_step: null,
        updated_at: new Date(),
      })
      .execute();
    // Even where passwords expire and this one (never used) is old, the finished login is not restricted.
    await updateMerchantConfig((config) => {
      config.switches.forcedPasswordChangeOnExpiry = true;
    });
    await testApp.db
      .updateTable('member')
      .set({ password_changed_at: new Date(Date.now() - 400 * 86_400_000) })
      .where('id', '=', member.id)
      .execute();
    const ip = freshIp();
    const asked = await roundTrip('google', other, { ip });
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toMatchObject({
      errorCode: identityErrorCodes.loginVerifyRequired,
      value: { methods: ['totp'] },
    });
    const verified = await api.sealed(
      'POST',
      apiPaths.loginVerification,
      {
        verifyToken: asked.json().value.verifyToken,
        method: 'totp',
        verificationCode: totpCodeAt('JBSWY3DPEHPK3PXP', Date.now()),
      },
      { ip, host: siteHost },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().value).toMatchObject({ passwordExpired: false });
    expect(await memberInfoStatus(verified.json().value.token)).toBe(200);
    await updateMerchantConfig((config) => {
      config.switches.forcedPasswordChangeOnExpiry = false;
    });
  });
});

describe('registration', () => {
  test('fields break the merchant’s rules: named, in the member’s language, token kept', async () => {
    const answer = await roundTrip('line', freshAccount('fields'));
    const { registrationToken } = answer.json().value;
    const badName = await send('PUT', socialLoginPaths.register, {
      registrationToken,
      username: '1a',
      acceptTerms: true,
    });
    expect(badName.statusCode).toBe(400);
    expect(badName.json()).toMatchObject({ errorCode: 'validation.failed', field: 'username' });
    const noTerms = await send(
      'PUT',
      socialLoginPaths.register,
      { registrationToken, username: freshUsername(), acceptTerms: false },
      { language: 'TH' },
    );
    expect(noTerms.json()).toMatchObject({
      errorCode: 'validation.failed',
      field: 'acceptTerms',
      message: 'กรุณายอมรับข้อกำหนดและเงื่อนไข (acceptTerms)',
    });
    const taken = await memberWithPassword();
    const takenName = await send('PUT', socialLoginPaths.register, {
      registrationToken,
      username: taken.username,
      acceptTerms: true,
    });
    expect(takenName.statusCode).toBe(409);
    expect(takenName.json()).toMatchObject({ errorCode: identityErrorCodes.usernameTaken, field: 'username' });

    const ok = await send('PUT', socialLoginPaths.register, {
      registrationToken,
      username: freshUsername(),
      acceptTerms: true,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const twice = await send('PUT', socialLoginPaths.register, {
      registrationToken,
      username: freshUsername(),
      acceptTerms: true,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      errorCode: socialLoginErrorCodes.registrationInvalid,
      field: 'registrationToken',
    });
  });
});

describe('link and unlink', () => {
  test('a logged-in member links Google; the identity then logs them in; nobody else may link it', async () => {
    const member = await memberWithPassword();
    const accountId = freshAccount('link');
    const linked = await roundTrip('google', accountId, { token: member.token });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().value).toEqual({ outcome: 'linked', provider: 'google' });

    const links = await send('GET', socialLoginPaths.links, undefined, { token: member.token });
    expect(links.json().value).toMatchObject({
      hasPassword: true,
      links: [{ provider: 'google', displayName: `Member ${accountId}`, email: `${accountId}@example.com` }],
      available: expect.arrayContaining(['line', 'google', 'facebook']),
    });

    const login = await roundTrip('google', accountId, { ip: freshIp() });
    expect(login.json().value).toMatchObject({ outcome: 'loggedIn' });

    const someoneElse = await memberWithPassword();
    const taken = await roundTrip('google', accountId, { token: someoneElse.token });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errorCode).toBe(socialLoginErrorCodes.identityTaken);

    const second = await roundTrip('google', freshAccount('second'), { token: member.token });
    expect(second.statusCode).toBe(409);
    expect(second.json().errorCode).toBe(socialLoginErrorCodes.alreadyLinked);
  });

  test('a link flow’s callback needs the token of the member who started it', async () => {
    const member = await memberWithPassword();
    const other = await memberWithPassword();
    const flow = await start('line', { token: member.token });
    const query = await signInAtProvider(flow.authorizationUrl, freshAccount('noToken'));
    const anonymous = await callback(flow.flowToken, query);
    expect(anonymous.statusCode).toBe(401);

    const flow2 = await start('line', { token: member.token });
    const query2 = await signInAtProvider(flow2.authorizationUrl, freshAccount('wrongMember'));
    const wrong = await callback(flow2.flowToken, query2, { token: other.token });
    expect(wrong.json()).toMatchObject({ errorCode: socialLoginErrorCodes.flowInvalid });
  });

  test('unlink: never the last way in of an account without a password; otherwise gone', async () => {
    const accountId = freshAccount('unlink');
    const { token } = await registerBySocial('line', accountId);
    const refused = await send('DELETE', socialLoginPaths.unlink.replace(':provider', 'line'), undefined, { token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: socialLoginErrorCodes.lastLoginMethod,
      message: 'LINE cannot be unlinked: it is the only way to log in to this account. Set a password first',
    });
    const missing = await send('DELETE', socialLoginPaths.unlink.replace(':provider', 'facebook'), undefined, {
      token,
    });
    expect(missing.statusCode).toBe(404);

    expect((await roundTrip('facebook', freshAccount('fbToo'), { token })).json().value.outcome).toBe('linked');
    const unlinked = await send('DELETE', socialLoginPaths.unlink.replace(':provider', 'line'), undefined, { token });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(unlinked.json().value).toMatchObject({ hasPassword: false, links: [{ provider: 'facebook' }] });
    // The unlinked identity is unknown again: it would register a new account.
    expect((await roundTrip('line', accountId)).json().value.outcome).toBe('register');

    const withPassword = await memberWithPassword();
    await roundTrip('google', freshAccount('pw'), { token: withPassword.token });
    const gone = await send('DELETE', socialLoginPaths.unlink.replace(':provider', 'google'), undefined, {
      token: withPassword.token,
    });
    expect(gone.json().value).toMatchObject({ hasPassword: true, links: [] });
  });
});
