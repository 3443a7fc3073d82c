import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { z } from 'zod';
import { createApiClient, freshIp, type RequestOptions } from '../../testing/api-client.ts';
import { insertTestMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import type { MerchantConfig } from '../merchant/index.ts';
import { freshUsername } from './accounts.testing.ts';
import { hashPassword } from './passwords/passwords.ts';

export { freshIp, type RequestOptions };

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

export async function createLoginTestKit(options: { pause?: (ms: number) => Promise<void> } = {}) {
  const clock = { nowMs: Date.UTC(2026, 10, 22, 12, 0, 0) };
  const testApp: TestApp = await createTestApp(
    { CHALLENGE_BYPASS: '1' },
    { now: () => clock.nowMs, ...(options.pause ? { pause: options.pause } : {}) },
  );
  const client = await createApiClient(testApp.app, () => clock.nowMs);
  const sendSealed = client.sealed;
  const send = client.json;

  /**
   * A member stored directly (registration has its own tests and its own rules, which change), then
   * logged in once by password from `ip`, as registration would: that login is its first success.
   */
  async function registerMember(
    overrides: {
      passwordHash?: string;
      email?: string | null;
      payeeName?: string | null;
      mobile?: boolean;
      loggedIn?: boolean;
    } = {},
  ): Promise<TestMember> {
    const national = `8${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
    const password = 'secret123';
    const username = freshUsername('sec');
    const ip = freshIp();
    const email = overrides.email === undefined ? `${username}@example.com` : overrides.email;
    const payeeName = overrides.payeeName === undefined ? 'Somchai Jaidee' : overrides.payeeName;
    const hasMobile = overrides.mobile ?? true;
    const id = await insertTestMember(testApp.db, testApp.demoMerchantId, username, new Date(clock.nowMs), {
      mobile_dialing_code: hasMobile ? '66' : null,
      mobile_number: hasMobile ? national : null,
      email,
      payee_name: payeeName,
      language: 'EN',
      password_hash: overrides.passwordHash ?? (await hashPassword(password)),
      register_ip: ip,
    });
    let token = '';
    if (overrides.loggedIn !== false) {
      const response = await passwordLogin({ username, password }, { ip });
      expect(response.statusCode, response.body).toBe(200);
      token = loginResultValueSchema.parse(response.json().value).token;
    }
    return {
      id,
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

  function passwordLogin(
    member: Pick<TestMember, 'username' | 'password'>,
    options: RequestOptions & { remember?: boolean; captcha?: string } = {},
  ) {
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

  function rememberLogin(
    username: string,
    rememberToken: string,
    options: RequestOptions & { remember?: boolean; captcha?: string } = {},
  ) {
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
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/wps/dev/outbox?to=${encodeURIComponent(to)}`,
      headers: { Merchant: 'demo' },
    });
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

/**
 * The kit of one test file (or describe block): made before its tests, closed after all. The
 * object is filled in by the first hook, so read it only inside tests and hooks.
 */
export function useLoginTestKit(options: Parameters<typeof createLoginTestKit>[0] = {}): LoginTestKit {
  const kit = {} as LoginTestKit;
  beforeAll(async () => {
    Object.assign(kit, await createLoginTestKit(options));
  });
  afterAll(async () => {
    await kit.close?.();
  });
  return kit;
}
