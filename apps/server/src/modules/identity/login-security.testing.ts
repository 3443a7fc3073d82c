import { randomBytes, randomInt } from 'node:crypto';
import { publicKeySchema, type PublicKey } from '@lotus/contract';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { z } from 'zod';
import { sealForTest } from '../../testing/seal-payload.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import type { MerchantConfig } from '../merchant/merchant.config.ts';
import { hashPassword } from './passwords.ts';

/**
 * The tests of the login-security calls drive the real app on a fresh database, with the challenge
 * bypass (`sliderToken: 'bypass'`, `captcha: 'bypass'`) and a clock they move instead of sleeping.
 * Codes are read from the dev outbox, as a member reads their phone.
 */

export const minuteMs = 60_000;
export const dayMs = 24 * 60 * minuteMs;

export const loginResultValueSchema = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  captchaRequired: z.literal(false),
  rememberToken: z.string().optional(),
});

export interface RequestOptions {
  ip?: string;
  language?: 'TH' | 'EN';
  token?: string;
}

export interface TestMember {
  id: bigint;
  username: string;
  password: string;
  /** National number with its trunk 0, as typed (`0812345678`). */
  mobileNum: string;
  /** `+66812345678`. */
  mobileDestination: string;
  email: string;
  payeeName: string;
  /** Token of its first login's session ('' when made with `loggedIn: false`). */
  token: string;
  /** The IP of its first login. */
  ip: string;
}

/** A fresh caller address: calls are throttled and counted per IP. */
export function freshIp(): string {
  const [a, b] = randomBytes(2);
  return `203.0.${a}.${b}`;
}

let nameCounter = 0;
function freshUsername(): string {
  nameCounter += 1;
  return `sec${randomBytes(3).toString('hex').replace(/[0-9]/g, 'x')}${nameCounter}`;
}

export async function createLoginTestKit(options: { pause?: (ms: number) => Promise<void> } = {}) {
  const clock = { nowMs: Date.UTC(2026, 10, 22, 12, 0, 0) };
  const testApp: TestApp = await createTestApp({ CHALLENGE_BYPASS: '1' }, { now: () => clock.nowMs, ...(options.pause ? { pause: options.pause } : {}) });
  const keyResponse = await testApp.app.inject({ method: 'GET', url: '/wps/system/publicKey', headers: { Merchant: 'demo' } });
  const publicKey: PublicKey = z.object({ value: publicKeySchema }).parse(keyResponse.json()).value;

  function headers(options: RequestOptions, extra: Record<string, string> = {}) {
    return { Merchant: 'demo', Language: options.language ?? 'EN', ...(options.token ? { Authorization: options.token } : {}), ...extra };
  }

  function sendSealed(method: 'PUT' | 'POST', url: string, payload: Record<string, unknown>, options: RequestOptions = {}) {
    const request = sealForTest(payload, publicKey, { nowMs: clock.nowMs });
    return testApp.app.inject({
      method,
      url,
      headers: headers(options, { 'content-type': 'application/json', Encryption: request.encryptionHeader }),
      payload: JSON.stringify(request.body),
      remoteAddress: options.ip ?? freshIp(),
    });
  }

  function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload: Record<string, unknown> | undefined, options: RequestOptions = {}) {
    return testApp.app.inject({
      method,
      url,
      headers: headers(options, payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      remoteAddress: options.ip ?? freshIp(),
    });
  }

  /**
   * A member stored directly (registration has its own tests and its own rules, which change), then
   * logged in once by password from `ip`, as registration would: that login is its first success.
   */
  async function registerMember(overrides: { passwordHash?: string; email?: string | null; payeeName?: string | null; mobile?: boolean; loggedIn?: boolean } = {}): Promise<TestMember> {
    const national = `8${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
    const password = 'secret123';
    const username = freshUsername();
    const ip = freshIp();
    const email = overrides.email === undefined ? `${username}@example.com` : overrides.email;
    const payeeName = overrides.payeeName === undefined ? 'Somchai Jaidee' : overrides.payeeName;
    const hasMobile = overrides.mobile ?? true;
    const now = new Date(clock.nowMs);
    const row = await testApp.db
      .insertInto('member')
      .values({
        merchant_id: testApp.demoMerchantId,
        username,
        username_key: username.toLowerCase(),
        mobile_dialing_code: hasMobile ? '66' : null,
        mobile_number: hasMobile ? national : null,
        email,
        payee_name: payeeName,
        qq_num: null,
        line: null,
        whatsapp: null,
        facebook: null,
        wechat: null,
        zalo: null,
        telegram: null,
        id_number: null,
        birthday: null,
        nickname: null,
        avatar: null,
        language: 'EN',
        password_hash: overrides.passwordHash ?? (await hashPassword(password)),
        payment_password_hash: null,
        password_changed_at: now,
        register_method: 'WEB',
        register_url: null,
        register_domain: null,
        register_ip: ip,
        register_device: 'web',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let token = '';
    if (overrides.loggedIn !== false) {
      const response = await passwordLogin({ username, password }, { ip });
      expect(response.statusCode, response.body).toBe(200);
      token = loginResultValueSchema.parse(response.json().value).token;
    }
    return {
      id: row.id,
      username,
      password,
      mobileNum: `0${national}`,
      mobileDestination: `+66${national}`,
      email: email ?? '',
      payeeName: payeeName ?? '',
      token,
      ip,
    };
  }

  function passwordLogin(member: Pick<TestMember, 'username' | 'password'>, options: RequestOptions & { remember?: boolean; captcha?: string } = {}) {
    return sendSealed(
      'POST',
      '/wps/session/login',
      {
        type: 'username',
        username: member.username,
        password: member.password,
        sliderToken: 'bypass',
        ...(options.remember !== undefined ? { remember: options.remember } : {}),
        ...(options.captcha ? { captcha: options.captcha } : {}),
      },
      options,
    );
  }

  function rememberLogin(username: string, rememberToken: string, options: RequestOptions & { remember?: boolean; captcha?: string } = {}) {
    return sendSealed(
      'POST',
      '/wps/session/login',
      {
        type: 'remember',
        username,
        rememberToken,
        sliderToken: 'bypass',
        ...(options.remember !== undefined ? { remember: options.remember } : {}),
        ...(options.captcha ? { captcha: options.captcha } : {}),
      },
      options,
    );
  }

  function memberInfo(token: string, options: RequestOptions = {}) {
    return send('GET', '/wps/member/info', undefined, { ...options, token });
  }

  /** Newest first, with the code found in each message. */
  async function readOutbox(to: string): Promise<Array<{ channel: string; body: string; code: string | null }>> {
    const response = await testApp.app.inject({ method: 'GET', url: `/wps/dev/outbox?to=${encodeURIComponent(to)}`, headers: { Merchant: 'demo' } });
    expect(response.statusCode).toBe(200);
    return response.json().value;
  }

  async function newestCode(to: string): Promise<string> {
    const [message] = await readOutbox(to);
    expect(message?.code, `a code sent to ${to}`).toMatch(/^\d{6}$/);
    return message!.code!;
  }

  /** Changes the demo merchant's configuration for the rest of the file (or until called again). */
  async function updateMerchantConfig(change: (config: MerchantConfig) => void): Promise<void> {
    const row = await testApp.db.selectFrom('merchant').select('config').where('code', '=', 'demo').executeTakeFirstOrThrow();
    const config: MerchantConfig = structuredClone(row.config);
    change(config);
    await testApp.db.updateTable('merchant').set({ config: JSON.stringify(config), updated_at: sql<Date>`now()` }).where('code', '=', 'demo').execute();
    await testApp.settle();
  }

  return {
    clock,
    testApp,
    db: testApp.db,
    send,
    sendSealed,
    registerMember,
    passwordLogin,
    rememberLogin,
    memberInfo,
    readOutbox,
    newestCode,
    updateMerchantConfig,
    close: () => testApp.close(),
  };
}

export type LoginTestKit = Awaited<ReturnType<typeof createLoginTestKit>>;
