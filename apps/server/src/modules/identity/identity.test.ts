import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { demoMerchantConfig } from '../merchant/index.ts';
import { findCountryOfIp } from '../site/index.ts';
import { createApiClient, freshIp, type ApiClient, type RequestOptions } from '../../testing/api-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { freshUsername, registrationPayload, withRegisterCode } from './accounts.testing.ts';
import { setMemberStatus } from './members/set-member-status.ts';
import { hashToken } from './sessions/sessions.ts';

/**
 * Register, login, sessions, member info, logout and language through the real app on a real
 * database. CHALLENGE_BYPASS=1 lets `sliderToken: 'bypass'` and `captcha: 'bypass'` pass; the clock
 * is injected so that windows, locks and expiries are tested without sleeping.
 */
const minute = 60_000;
let clockMs = Date.UTC(2026, 10, 22, 12, 0, 0);
const now = () => clockMs;

let testApp: TestApp;
let client: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp({ CHALLENGE_BYPASS: '1' }, { now });
  // A second brand, to show that tokens do not cross merchants.
  await testApp.db
    .insertInto('merchant')
    .values({
      code: 'other',
      name: 'Other',
      status: 'active',
      currency: 'THB',
      currency_symbol: '฿',
      default_language: 'EN',
      config: JSON.stringify(demoMerchantConfig) as never,
    })
    .execute();
  client = await createApiClient(testApp.app, now);
});
afterAll(async () => {
  await testApp?.close();
});

function registrationOf(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return registrationPayload({
    registerUrl: 'https://demo.example/register',
    registerMethod: 'WEB',
    domain: 'demo.example',
    ...overrides,
  });
}

/** Registers with the SMS code the demo merchant demands for the mobile number (see withRegisterCode). */
async function register(payload: Record<string, unknown>, options: RequestOptions = {}) {
  const withCode = await withRegisterCode(testApp.db, testApp.demoMerchantId, payload, clockMs);
  return client.sealed('PUT', '/wps/member/register', withCode, options);
}

function login(username: string, password: string, options: RequestOptions & { captcha?: string } = {}) {
  const payload = {
    username,
    password,
    type: 'username',
    sliderToken: 'bypass',
    ...(options.captcha ? { captcha: options.captcha } : {}),
  };
  return client.sealed('POST', '/wps/session/login', payload, options);
}

function memberInfo(token: string, options: Pick<RequestOptions, 'merchant'> = {}) {
  return client.json('GET', '/wps/member/info', undefined, { ...options, token });
}

const loginValueSchema = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  captchaRequired: z.literal(false),
});

/** Registers a member and gives its credentials and first token. */
async function registerMember(overrides: Record<string, unknown> = {}) {
  const payload = registrationOf(overrides);
  const response = await register(payload);
  expect(response.statusCode, response.body).toBe(200);
  const value = loginValueSchema.parse(response.json().value);
  return {
    username: payload.username as string,
    password: payload.password as string,
    mobileNum: payload.mobileNum as string,
    token: value.token,
  };
}

async function countRows(table: 'member' | 'member_session' | 'login_event'): Promise<number> {
  const row = await testApp.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function memberIdOf(username: string): Promise<bigint> {
  const row = await testApp.db
    .selectFrom('member')
    .select('id')
    .where('username_key', '=', username.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('PUT /wps/member/register', () => {
  test('creates the member with an argon2id hash and logs them in; member info follows', async () => {
    const payload = registrationOf({ line: 'somchai_line', mobileNum: '0812345678' });
    const response = await register(payload);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const value = loginValueSchema.parse(response.json().value);
    expect(value).toMatchObject({ firstTimeLogin: true, passwordExpired: false });
    expect(value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const stored = await testApp.db
      .selectFrom('member')
      .selectAll()
      .where('username', '=', payload.username as string)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored).toMatchObject({
      mobile_dialing_code: '66',
      mobile_number: '812345678',
      line: 'somchai_line',
      status: 'active',
      is_agent: 0,
      register_method: 'WEB',
      language: 'EN',
    });
    // Only the token's hash is stored.
    const session = await testApp.db
      .selectFrom('member_session')
      .selectAll()
      .where('member_id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect(session.token_hash).toBe(hashToken(value.token));
    expect(Object.values(session).map(String)).not.toContain(value.token);

    const info = await memberInfo(value.token);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toEqual({
      success: true,
      value: {
        id: Number(stored.id),
        account: payload.username,
        userName: 'Somchai Jaidee',
        nickname: null,
        type: 0,
        toUpline: false,
        clubLabel: { labelName: 'VIP0', rankLevel: 0 },
        memberLabel: [],
        mobile: '+66 81****678',
        email: 'so****@example.com',
        regDate: clockMs,
        language: 'EN',
        lastLoginAt: null,
      },
    });
  });

  const over = (length: number) => 'a'.repeat(length);
  test.each([
    ['username', 'over its maximum', { username: over(17) }, /4.*16/],
    ['username', 'under its minimum', { username: 'abc' }, /4.*16/],
    ['username', 'of the wrong pattern', { username: '1abcd' }, /4.*16/],
    ['username', 'of the wrong type', { username: 12345 }, null],
    ['username', 'with a control character', { username: 'abc\u0007def' }, null],
    ['username', 'with HTML', { username: 'ab<i>cd' }, null],
    ['username', 'empty', { username: '' }, null],
    ['password', 'over its maximum', { password: over(21), confirmPassword: over(21) }, /6.*20/],
    ['password', 'under its minimum', { password: 'abc12', confirmPassword: 'abc12' }, /6.*20/],
    ['password', 'of the wrong pattern', { password: 'secret 12', confirmPassword: 'secret 12' }, /6.*20/],
    ['password', 'with a control character', { password: 'secret\u000012', confirmPassword: 'secret\u000012' }, null],
    ['confirmPassword', 'different from the password', { confirmPassword: 'secret124' }, /confirmation/],
    ['confirmPassword', 'missing', { confirmPassword: undefined }, null],
    ['payeeName', 'over its maximum', { payeeName: `Somchai ${over(60)}` }, /3.*60/],
    ['payeeName', 'of the wrong pattern (no space)', { payeeName: 'Somchai' }, /3.*60/],
    ['payeeName', 'with HTML', { payeeName: 'Somchai <b>Jaidee</b>' }, null],
    ['payeeName', 'missing', { payeeName: undefined }, null],
    ['payeeName', 'of the wrong type', { payeeName: ['Somchai', 'Jaidee'] }, null],
    ['email', 'of the wrong pattern', { email: 'somchai.example.com' }, /6.*100/],
    ['email', 'over its maximum', { email: `${over(95)}@example.com` }, /6.*100/],
    ['email', 'with a control character', { email: 'som\u001bchai@example.com' }, null],
    ['mobileNum', 'under its minimum', { mobileNum: '08123' }, /9.*10/],
    ['mobileNum', 'over its maximum', { mobileNum: '081234567890' }, /9.*10/],
    ['mobileNum', 'of the wrong pattern', { mobileNum: '08123abc90' }, /9.*10/],
    ['mobileNum', 'missing', { mobileNum: undefined }, null],
    ['countryDialingCode', 'missing with a mobile number', { countryDialingCode: undefined }, null],
    ['countryDialingCode', 'malformed', { countryDialingCode: '+66a' }, null],
    ['line', 'over its maximum', { line: over(41) }, /1.*40/],
    ['line', 'of the wrong pattern', { line: 'two words' }, /1.*40/],
    ['affiliateCode', 'of the wrong pattern', { affiliateCode: 'ab-cd' }, /4.*32/],
    ['referralCode', 'under its minimum', { referralCode: 'abc' }, /4.*32/],
    ['qqNum', 'sent while disabled', { qqNum: '123456' }, null],
    ['whatsapp', 'sent while disabled', { whatsapp: '+66812345678' }, null],
    ['nickname', 'sent while disabled', { nickname: 'Som' }, null],
    ['birthday', 'sent while disabled', { birthday: '1990-01-01' }, null],
    ['idNumber', 'sent while disabled', { idNumber: '1234567890123' }, null],
    ['sliderToken', 'missing', { sliderToken: undefined }, null],
    ['sliderToken', 'not solved', { sliderToken: 'not-a-token' }, null],
    ['registerMethod', 'unknown', { registerMethod: 'APP' }, null],
  ])('%s %s: 400 naming the field, nothing stored', async (field, _case, overrides, messagePattern) => {
    const before = await Promise.all([countRows('member'), countRows('member_session'), countRows('login_event')]);
    const response = await register(registrationOf(overrides));
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, value: null, field });
    // The rule messages name the field; the slider's and the confirmation's are complete sentences of their own.
    if (!['confirmPassword', 'sliderToken'].includes(field)) expect(body.message).toContain(field);
    if (messagePattern) expect(body.message).toMatch(messagePattern);
    expect(await Promise.all([countRows('member'), countRows('member_session'), countRows('login_event')])).toEqual(
      before,
    );
  });

  test('rule messages come in Thai too, with min and max', async () => {
    const response = await register(registrationOf({ username: 'abc' }), { language: 'TH' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errorCode: 'validation.failed',
      field: 'username',
      message: 'username: ตัวอักษรภาษาอังกฤษและตัวเลข ขึ้นต้นด้วยตัวอักษร (4-16 ตัวอักษร)',
    });
  });

  test('a username taken in another letter case: 409, nothing stored', async () => {
    const { username } = await registerMember();
    const before = await countRows('member');
    const response = await register(registrationOf({ username: username.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      success: false,
      value: null,
      errorCode: 'member.username.taken',
      field: 'username',
    });
    expect(await countRows('member')).toBe(before);
  });

  test('a mobile number taken (with or without its leading 0): 409', async () => {
    const { mobileNum } = await registerMember();
    const response = await register(registrationOf({ mobileNum: mobileNum.slice(1) }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ errorCode: 'member.mobile.taken', field: 'mobileNum' });
  });
});

describe('POST /wps/session/login', () => {
  test('right password: a new token, member info, and the previous login in lastLoginAt', async () => {
    const member = await registerMember();
    const registeredAtMs = clockMs;
    clockMs += 5 * minute;
    const response = await login(member.username.toUpperCase(), member.password);
    expect(response.statusCode, response.body).toBe(200);
    const value = loginValueSchema.parse(response.json().value);
    expect(value).toMatchObject({ firstTimeLogin: false, passwordExpired: false });
    expect(value.token).not.toBe(member.token);

    const info = await memberInfo(value.token);
    expect(info.statusCode).toBe(200);
    expect(info.json().value).toMatchObject({ account: member.username, lastLoginAt: registeredAtMs });
    // The registration's session stays valid: a login does not end other sessions.
    expect((await memberInfo(member.token)).statusCode).toBe(200);

    const event = await testApp.db
      .selectFrom('login_event')
      .selectAll()
      .where('member_id', '=', await memberIdOf(member.username))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      succeeded: true,
      failure_reason: null,
      device: 'web',
      country: findCountryOfIp(event.ip),
    });
  });

  test('the mobile number works as the username', async () => {
    const member = await registerMember();
    const response = await login(member.mobileNum, member.password);
    expect(response.statusCode, response.body).toBe(200);
  });

  test('must_change_password answers passwordExpired', async () => {
    const member = await registerMember();
    await testApp.db
      .updateTable('member')
      .set({ must_change_password: true })
      .where('username', '=', member.username)
      .execute();
    const response = await login(member.username, member.password);
    expect(response.json().value).toMatchObject({ passwordExpired: true });
  });

  test('a wrong password and an unknown username get byte-identical answers', async () => {
    const member = await registerMember();
    const wrongPassword = await login(member.username, 'wrong-password');
    const unknownName = await login(freshUsername('user'), 'wrong-password');
    expect(wrongPassword.statusCode).toBe(400);
    expect(unknownName.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownName.body).toBe(wrongPassword.body);
    expect(wrongPassword.json()).toEqual({
      success: false,
      value: { captchaRequired: false },
      errorCode: 'login.failed',
      message: 'Wrong username or password',
    });
  });

  test('malformed login: 400 naming the field', async () => {
    const response = await client.sealed('POST', '/wps/session/login', {
      username: '  ',
      password: 'x',
      type: 'username',
      sliderToken: 'bypass',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field: 'username' });
  });

  test('after 3 failures a captcha is required, then enforced, and a right captcha lets the login through', async () => {
    const member = await registerMember();
    for (let attempt = 1; attempt <= 3; attempt++) {
      const response = await login(member.username, 'wrong-password');
      expect(response.statusCode).toBe(400);
      expect(response.json().value).toEqual({ captchaRequired: attempt >= 3 });
    }
    const noCaptcha = await login(member.username, member.password);
    expect(noCaptcha.statusCode).toBe(400);
    expect(noCaptcha.json()).toMatchObject({
      success: false,
      value: { captchaRequired: true },
      errorCode: 'captcha.required',
    });
    const wrongCaptcha = await login(member.username, member.password, { captcha: 'WRONG' });
    expect(wrongCaptcha.statusCode).toBe(400);
    expect(wrongCaptcha.json()).toMatchObject({ value: { captchaRequired: true }, errorCode: 'captcha.invalid' });
    const withCaptcha = await login(member.username, member.password, { captcha: 'bypass' });
    expect(withCaptcha.statusCode, withCaptcha.body).toBe(200);
    // A success clears the account's count.
    const next = await login(member.username, member.password);
    expect(next.statusCode).toBe(200);
  });

  test('3 failures from one IP demand a captcha for any account from it', async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= 3; attempt++) await login(freshUsername('user'), 'wrong-password', { ip });
    const member = await registerMember();
    const response = await login(member.username, member.password, { ip });
    expect(response.json()).toMatchObject({ errorCode: 'captcha.required', value: { captchaRequired: true } });
  });

  test('10 failures lock the account for 15 minutes (429 with Retry-After), known or unknown alike', async () => {
    const member = await registerMember();
    // The name that belongs to nobody goes first: the member's lock is then timed from the clock as it stands.
    for (const username of [freshUsername('user'), member.username]) {
      const ip = freshIp();
      for (let attempt = 1; attempt <= 9; attempt++) {
        const response = await login(username, 'wrong-password', { ip, captcha: 'bypass' });
        expect(response.statusCode).toBe(400);
        clockMs += 10_000;
      }
      const tenth = await login(username, 'wrong-password', { ip, captcha: 'bypass' });
      expect(tenth.statusCode).toBe(429);
      expect(tenth.headers['retry-after']).toBe('900');
      expect(tenth.json()).toMatchObject({
        success: false,
        value: null,
        errorCode: 'login.locked',
        message: expect.stringContaining('15 minutes'),
      });
    }

    // Even the right password (and a captcha) is refused while locked, from any IP.
    clockMs += 14 * minute;
    const locked = await login(member.username, member.password, { captcha: 'bypass' });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('60');

    clockMs += 1 * minute;
    const unlocked = await login(member.username, member.password);
    expect(unlocked.statusCode, unlocked.body).toBe(200);
  });

  test('a locked or closed account is told so only after the right password', async () => {
    const member = await registerMember();
    const memberId = await memberIdOf(member.username);
    await setMemberStatus(testApp.db, memberId, 'locked', clockMs);
    expect((await login(member.username, 'wrong-password')).json()).toMatchObject({ errorCode: 'login.failed' });
    const locked = await login(member.username, member.password);
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ errorCode: 'member.locked' });
    await setMemberStatus(testApp.db, memberId, 'closed', clockMs);
    expect((await login(member.username, member.password)).json()).toMatchObject({ errorCode: 'member.closed' });
  });

  test('a replayed sealed login is refused by the sealed layer', async () => {
    const member = await registerMember();
    const request = client.seal({
      username: member.username,
      password: member.password,
      type: 'username',
      sliderToken: 'bypass',
    });
    const ip = freshIp();
    expect((await client.sendSealedRequest('POST', '/wps/session/login', request, { ip })).statusCode).toBe(200);
    const replay = await client.sendSealedRequest('POST', '/wps/session/login', request, { ip });
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({ errorCode: 'payload.encryption.replayed' });
  });
});

describe('sessions', () => {
  test('idle limit: alive while used, refused after 30 minutes without a call', async () => {
    const { token } = await registerMember();
    clockMs += 29 * minute;
    expect((await memberInfo(token)).statusCode).toBe(200);
    clockMs += 29 * minute;
    expect((await memberInfo(token)).statusCode).toBe(200);
    clockMs += 30 * minute;
    const expired = await memberInfo(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ success: false, value: null, errorCode: 'user.or.token.invalid' });
  });

  test('last_seen_at is written at most once a minute', async () => {
    const { token } = await registerMember();
    const lastSeen = async () =>
      (
        await testApp.db
          .selectFrom('member_session')
          .select('last_seen_at')
          .where('token_hash', '=', hashToken(token))
          .executeTakeFirstOrThrow()
      ).last_seen_at.getTime();
    const startMs = clockMs;
    clockMs += 30_000;
    await memberInfo(token);
    expect(await lastSeen()).toBe(startMs);
    clockMs += 31_000;
    await memberInfo(token);
    expect(await lastSeen()).toBe(clockMs);
  });

  test('absolute limit: 24 hours after login even when used all along', async () => {
    const { token } = await registerMember();
    for (let elapsed = 20; elapsed < 24 * 60; elapsed += 20) {
      clockMs += 20 * minute;
      expect((await memberInfo(token)).statusCode).toBe(200);
    }
    clockMs += 20 * minute;
    expect((await memberInfo(token)).statusCode).toBe(401);
  });

  test('no token, a malformed one, or an unknown one: 401', async () => {
    const missing = await testApp.app.inject({ method: 'GET', url: '/wps/member/info', headers: { Merchant: 'demo' } });
    expect(missing.statusCode).toBe(401);
    expect((await memberInfo('Bearer nonsense')).statusCode).toBe(401);
    expect((await memberInfo(randomBytes(32).toString('base64url'))).statusCode).toBe(401);
  });

  test("a token of one merchant is refused with another merchant's header", async () => {
    const { token } = await registerMember();
    const response = await memberInfo(token, { merchant: 'other' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ errorCode: 'user.or.token.invalid' });
    expect((await memberInfo(token)).statusCode).toBe(200);
  });

  test('logout revokes the token', async () => {
    const { token } = await registerMember();
    const logout = await testApp.app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: { Merchant: 'demo', Authorization: token },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ success: true, value: null });
    expect((await memberInfo(token)).statusCode).toBe(401);
    const again = await testApp.app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: { Merchant: 'demo', Authorization: token },
    });
    expect(again.statusCode).toBe(401);
  });

  test('locking the member revokes every session', async () => {
    const member = await registerMember();
    const second = loginValueSchema.parse((await login(member.username, member.password)).json().value).token;
    await setMemberStatus(testApp.db, await memberIdOf(member.username), 'locked', clockMs);
    expect((await memberInfo(member.token)).statusCode).toBe(401);
    expect((await memberInfo(second)).statusCode).toBe(401);
    const live = await testApp.db
      .selectFrom('member_session')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('member_id', '=', await memberIdOf(member.username))
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(live.count)).toBe(0);
  });
});

describe('POST /wps/member/language', () => {
  test('stores the language; member info shows it', async () => {
    const { token } = await registerMember();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/wps/member/language',
      headers: { Merchant: 'demo', Authorization: token, 'content-type': 'application/json' },
      payload: JSON.stringify({ language: 'TH' }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await memberInfo(token)).json().value.language).toBe('TH');
  });

  test('an unknown language: 400', async () => {
    const { token } = await registerMember();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/wps/member/language',
      headers: { Merchant: 'demo', Authorization: token, 'content-type': 'application/json' },
      payload: JSON.stringify({ language: 'FR' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'language' });
  });
});
