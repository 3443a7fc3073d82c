import type { Language } from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { translate } from '../../../i18n/messages.ts';
import { createApiClient, type ApiClient } from '../../../testing/api-client.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { freshMobileNum, freshUsername, withRegisterCode } from '../accounts.testing.ts';

/**
 * Spec §5's login rules through POST /wps/session/login (sealed), on the real app and database:
 * username required and trimmed, password required (and never trimmed: it is a secret), captcha
 * required when the server demands it. Every refusal is a 400 naming the field, in Thai by default
 * and in English on request. CHALLENGE_BYPASS lets `sliderToken: 'bypass'` and `captcha: 'bypass'`
 * pass; the clock is fixed, so failure windows cannot run out mid-test.
 */
const clockMs = Date.UTC(2026, 10, 22, 12, 0, 0);
let testApp: TestApp;
let client: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp({ CHALLENGE_BYPASS: '1' }, { now: () => clockMs });
  client = await createApiClient(testApp.app, () => clockMs);
});
afterAll(async () => {
  await testApp?.close();
});

/** Sends a login; `language` undefined sends no Language header (the merchant's default, TH). */
function login(payload: Record<string, unknown>, language?: Language) {
  return client.sealed('POST', '/wps/session/login', payload, { language: language ?? null });
}

async function registerMember(): Promise<{ username: string; password: string }> {
  const username = freshUsername('login');
  const password = 'secret123';
  const payload = await withRegisterCode(
    testApp.db,
    testApp.demoMerchantId,
    {
      username,
      password,
      confirmPassword: password,
      payeeName: 'Somchai Jaidee',
      mobileNum: freshMobileNum(),
      countryDialingCode: '66',
      sliderToken: 'bypass',
    },
    clockMs,
  );
  const response = await client.sealed('PUT', '/wps/member/register', payload);
  expect(response.statusCode, response.body).toBe(200);
  return { username, password };
}

async function countRows(): Promise<number[]> {
  return Promise.all(
    (['login_event', 'member_session'] as const).map(async (table) => {
      const row = await testApp.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    }),
  );
}

const valid = { type: 'username', username: 'somebody', password: 'secret123', sliderToken: 'bypass' };
const message = (key: string, params: Record<string, string | number>) => (language: Language) =>
  translate(language, key, params);

describe('POST /wps/session/login: malformed credentials', () => {
  test.each([
    ['username', 'missing', { username: undefined }, message('validation.required', { field: 'username' })],
    ['username', 'empty', { username: '' }, message('validation.required', { field: 'username' })],
    [
      'username',
      'only spaces (trimmed to nothing)',
      { username: '   ' },
      message('validation.required', { field: 'username' }),
    ],
    [
      'username',
      'only a tab and a line break',
      { username: '\t\n' },
      message('validation.required', { field: 'username' }),
    ],
    [
      'username',
      'over 255 characters',
      { username: 'a'.repeat(256) },
      message('validation.too_big', { field: 'username', maximum: 255 }),
    ],
    ['username', 'a number', { username: 12345 }, message('validation.invalid_type', { field: 'username' })],
    ['username', 'null', { username: null }, message('validation.invalid_type', { field: 'username' })],
    ['username', 'an object', { username: { name: 'x' } }, message('validation.invalid_type', { field: 'username' })],
    ['username', 'an array', { username: ['x'] }, message('validation.invalid_type', { field: 'username' })],
    ['password', 'missing', { password: undefined }, message('validation.required', { field: 'password' })],
    ['password', 'empty', { password: '' }, message('validation.required', { field: 'password' })],
    [
      'password',
      'over 255 characters',
      { password: 'a'.repeat(256) },
      message('validation.too_big', { field: 'password', maximum: 255 }),
    ],
    ['password', 'a number', { password: 123456 }, message('validation.invalid_type', { field: 'password' })],
    ['password', 'null', { password: null }, message('validation.invalid_type', { field: 'password' })],
    ['sliderToken', 'missing', { sliderToken: undefined }, message('validation.required', { field: 'sliderToken' })],
    [
      'captcha',
      'over 255 characters',
      { captcha: 'a'.repeat(256) },
      message('validation.too_big', { field: 'captcha', maximum: 255 }),
    ],
    ['captcha', 'a number', { captcha: 1234 }, message('validation.invalid_type', { field: 'captcha' })],
  ] as const)(
    '%s %s: 400 naming it in TH and EN, nothing journaled',
    async (field, _problem, overrides, expectedMessage) => {
      const before = await countRows();
      for (const language of [undefined, 'EN'] as const) {
        const response = await login({ ...valid, ...overrides }, language);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toEqual({
          success: false,
          value: null,
          errorCode: 'validation.failed',
          field,
          message: expectedMessage(language ?? 'TH'),
        });
      }
      expect(await countRows()).toEqual(before);
    },
  );

  test('the words for a missing username, as a member reads them', async () => {
    expect((await login({ ...valid, username: undefined })).json().message).toBe('กรุณากรอก username');
    expect((await login({ ...valid, username: undefined }, 'EN')).json().message).toBe('username is required');
  });
});

describe('POST /wps/session/login: the username is trimmed, the password is not', () => {
  test.each([
    ['spaces around it', (name: string) => `  ${name}  `],
    ['a tab before and a line break after', (name: string) => `\t${name}\n`],
    ['spaces and another letter case', (name: string) => ` ${name.toUpperCase()} `],
  ])('a username with %s logs in, and the journal keeps it trimmed', async (_name, typed) => {
    const member = await registerMember();
    const response = await login({ ...valid, username: typed(member.username), password: member.password });
    expect(response.statusCode, response.body).toBe(200);
    const event = await testApp.db
      .selectFrom('login_event')
      .select('username_tried')
      .where('username_tried', 'ilike', member.username)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event.username_tried).toBe(typed(member.username).trim());
  });

  test.each([
    ['a space before it', (password: string) => ` ${password}`],
    ['a space after it', (password: string) => `${password} `],
  ])('a password with %s is a different password', async (_name, typed) => {
    const member = await registerMember();
    const response = await login({ ...valid, username: member.username, password: typed(member.password) }, 'EN');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      value: { captchaRequired: false },
      errorCode: 'login.failed',
      message: 'Wrong username or password',
    });
  });
});

describe('POST /wps/session/login: the captcha, required when demanded', () => {
  /** A member whose last 3 logins failed, so the next one must carry a captcha. */
  async function memberWithThreeFailures() {
    const member = await registerMember();
    for (let attempt = 1; attempt <= 3; attempt++) {
      const response = await login({ ...valid, username: member.username, password: 'wrong-password' });
      expect(response.json().value).toEqual({ captchaRequired: attempt >= 3 });
    }
    return member;
  }

  test('not demanded: the right password alone logs in', async () => {
    const member = await registerMember();
    expect((await login({ ...valid, username: member.username, password: member.password })).statusCode).toBe(200);
  });

  test.each([
    ['absent', {}, 'captcha.required', 'กรุณากรอกรหัสยืนยัน', 'Please enter the captcha'],
    ['empty', { captcha: '' }, 'captcha.required', 'กรุณากรอกรหัสยืนยัน', 'Please enter the captcha'],
    ['only spaces', { captcha: '   ' }, 'captcha.required', 'กรุณากรอกรหัสยืนยัน', 'Please enter the captcha'],
    [
      'wrong',
      { captcha: 'WRONG' },
      'captcha.invalid',
      'รหัสยืนยันไม่ถูกต้องหรือหมดอายุ กรุณากรอกรหัสใหม่',
      'The captcha is wrong or has expired, please enter the new one',
    ],
  ] as const)(
    'demanded and %s: 400 naming the captcha in TH and EN, even with the right password',
    async (_name, captcha, errorCode, thaiMessage, englishMessage) => {
      const member = await memberWithThreeFailures();
      const sessionsBefore = (await countRows())[1];
      for (const [language, expectedMessage] of [
        [undefined, thaiMessage],
        ['EN', englishMessage],
      ] as const) {
        const response = await login(
          { ...valid, username: member.username, password: member.password, ...captcha },
          language,
        );
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toEqual({
          success: false,
          value: { captchaRequired: true },
          errorCode,
          field: 'captcha',
          message: expectedMessage,
        });
      }
      expect((await countRows())[1]).toBe(sessionsBefore);
    },
  );

  test('demanded and answered: the login goes through', async () => {
    const member = await memberWithThreeFailures();
    const response = await login({ ...valid, username: member.username, password: member.password, captcha: 'bypass' });
    expect(response.statusCode, response.body).toBe(200);
  });
});
