import { randomBytes } from 'node:crypto';
import { publicKeySchema, type CodePurpose } from '@lotus/contract';
import { sql, type Kysely } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { sealForTest } from '../../testing/seal-payload.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import type { MerchantConfig } from '../merchant/merchant.config.ts';
import { generateCode, generateCodeSalt, hashCode } from '../messaging/code.ts';
import { normaliseMobile } from '../messaging/destination.ts';

/** Helpers shared by this module's tests. */

/**
 * Stores a one-time code as issueCode would (salted hash, 5-minute life) and answers it in clear, as
 * the member would read it: for tests whose subject is not the sending (no countdown, no outbox).
 */
export async function storeCodeForTest(
  db: Kysely<Database>,
  code: { merchantId: number; destination: string; purpose: CodePurpose; nowMs: number },
): Promise<string> {
  const digits = generateCode();
  const salt = generateCodeSalt();
  await db
    .insertInto('verification_code')
    .values({
      merchant_id: code.merchantId,
      channel: 'sms',
      destination: code.destination,
      purpose: code.purpose,
      code_hash: hashCode(salt, digits),
      code_salt: salt,
      created_at: new Date(code.nowMs),
      expires_at: new Date(code.nowMs + 5 * 60_000),
    })
    .execute();
  return digits;
}

/**
 * A registration payload with the SMS code the merchant demands for its mobile number (spec §5),
 * as if the member had asked for one and typed it. Payloads that already carry a code, or whose
 * number does not parse (they test a refusal that comes first), are left as they are.
 */
export async function withRegisterCode(
  db: Kysely<Database>,
  merchantId: number,
  payload: Record<string, unknown>,
  nowMs: number,
): Promise<Record<string, unknown>> {
  if ('verificationCode' in payload) return payload;
  const { countryDialingCode, mobileNum } = payload;
  if (typeof countryDialingCode !== 'string' || typeof mobileNum !== 'string') return payload;
  let destination: string;
  try {
    destination = normaliseMobile(countryDialingCode, mobileNum);
  } catch {
    return payload;
  }
  const verificationCode = await storeCodeForTest(db, { merchantId, destination, purpose: 'register', nowMs });
  return { ...payload, verificationCode };
}

/* ------------------------------------------------------------------------------------------------
 * A kit for the accounts calls' tests: the real app on its own database with a controllable clock,
 * sealed requests, and short ways to make members.
 * ---------------------------------------------------------------------------------------------- */

export interface SendOptions {
  ip?: string;
  language?: 'TH' | 'EN';
  token?: string;
  host?: string;
  merchant?: string;
}

export interface AccountsKit {
  testApp: TestApp;
  /** The app's clock (epoch ms): tests move it instead of sleeping. */
  clock: { nowMs: number };
  sealed(method: 'PUT' | 'POST', url: string, payload: Record<string, unknown>, options?: SendOptions): Promise<LightMyRequestResponse>;
  json(method: 'GET' | 'PUT' | 'POST', url: string, payload?: Record<string, unknown>, options?: SendOptions): Promise<LightMyRequestResponse>;
  /** Registers by username through the API (with the SMS code the demo demands) and answers what a test needs. */
  registerMember(overrides?: Record<string, unknown>): Promise<TestMember>;
  login(username: string, password: string, options?: SendOptions): Promise<LightMyRequestResponse>;
  /** Changes the demo merchant's configuration until restoreConfig (call it in afterEach). */
  changeConfig(change: (config: MerchantConfig) => void): Promise<void>;
  restoreConfig(): Promise<void>;
  countRows(table: keyof Database): Promise<number>;
  close(): Promise<void>;
}

export interface TestMember {
  id: bigint;
  username: string;
  password: string;
  /** As typed, with its leading 0. */
  mobileNum: string;
  token: string;
}

export function freshIp(): string {
  const [a, b] = randomBytes(2);
  return `203.0.${a}.${b}`;
}

let nameCounter = 0;
/** Letters then digits, within the demo username rule (4 to 16). */
export function freshUsername(prefix = 'acct'): string {
  nameCounter += 1;
  return `${prefix}${randomBytes(3).toString('hex').replace(/[0-9]/g, 'x')}${nameCounter}`.slice(0, 16);
}

/** A Thai mobile number as typed (`08` + 8 digits). */
export function freshMobileNum(): string {
  return `08${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
}

export async function createAccountsKit(startMs = Date.UTC(2026, 10, 22, 12, 0, 0)): Promise<AccountsKit> {
  const clock = { nowMs: startMs };
  const testApp = await createTestApp({ CHALLENGE_BYPASS: '1' }, { now: () => clock.nowMs });
  const keyResponse = await testApp.app.inject({ method: 'GET', url: '/wps/system/publicKey', headers: { Merchant: 'demo' } });
  const publicKey = z.object({ value: publicKeySchema }).parse(keyResponse.json()).value;
  const configRow = await testApp.db.selectFrom('merchant').select('config').where('code', '=', 'demo').executeTakeFirstOrThrow();
  const originalConfig: MerchantConfig = structuredClone(configRow.config);
  let isConfigChanged = false;

  const headersOf = (options: SendOptions) => ({
    Merchant: options.merchant ?? 'demo',
    Language: options.language ?? 'EN',
    ...(options.token ? { Authorization: options.token } : {}),
    ...(options.host ? { Host: options.host } : {}),
  });

  const kit: AccountsKit = {
    testApp,
    clock,
    sealed(method, url, payload, options = {}) {
      const request = sealForTest(payload, publicKey, { nowMs: clock.nowMs });
      return testApp.app.inject({
        method,
        url,
        headers: { ...headersOf(options), 'content-type': 'application/json', Encryption: request.encryptionHeader },
        payload: JSON.stringify(request.body),
        remoteAddress: options.ip ?? freshIp(),
      });
    },
    json(method, url, payload, options = {}) {
      return testApp.app.inject({
        method,
        url,
        headers: headersOf(options),
        ...(payload === undefined ? {} : { payload }),
        remoteAddress: options.ip ?? freshIp(),
      });
    },
    async registerMember(overrides = {}) {
      const password = 'secret123';
      const payload = await withRegisterCode(
        testApp.db,
        testApp.demoMerchantId,
        {
          username: freshUsername(),
          password,
          confirmPassword: password,
          payeeName: 'Somchai Jaidee',
          email: 'somchai@example.com',
          mobileNum: freshMobileNum(),
          countryDialingCode: '66',
          sliderToken: 'bypass',
          ...overrides,
        },
        clock.nowMs,
      );
      const response = await kit.sealed('PUT', '/wps/member/register', payload);
      if (response.statusCode !== 200) throw new Error(`registration failed: ${response.body}`);
      const username = payload.username as string;
      const row = await testApp.db.selectFrom('member').select('id').where('username_key', '=', username.toLowerCase()).executeTakeFirstOrThrow();
      return { id: row.id, username, password: payload.password as string, mobileNum: payload.mobileNum as string, token: response.json().value.token as string };
    },
    login(username, password, options = {}) {
      return kit.sealed('POST', '/wps/session/login', { type: 'username', username, password, sliderToken: 'bypass' }, options);
    },
    async changeConfig(change) {
      const config = structuredClone(originalConfig);
      change(config);
      await testApp.db.updateTable('merchant').set({ config: JSON.stringify(config), updated_at: sql<Date>`now()` }).where('code', '=', 'demo').execute();
      await testApp.settle();
      isConfigChanged = true;
    },
    async restoreConfig() {
      if (!isConfigChanged) return;
      await testApp.db.updateTable('merchant').set({ config: JSON.stringify(originalConfig), updated_at: sql<Date>`now()` }).where('code', '=', 'demo').execute();
      await testApp.settle();
      isConfigChanged = false;
    },
    async countRows(table) {
      const row = await testApp.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
      return Number(row.count);
    },
    close: () => testApp.close(),
  };
  return kit;
}
