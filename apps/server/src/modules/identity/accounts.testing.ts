import { randomBytes } from 'node:crypto';
import type { CodePurpose } from '@lotus/contract';
import { sql, type Kysely } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { createApiClient, freshIp, type ApiClient, type RequestOptions } from '../../testing/api-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import type { MerchantConfig } from '../merchant/index.ts';
import { generateCode, generateCodeSalt, hashCode, normaliseMobile } from '../messaging/index.ts';

export { freshIp };

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

export interface AccountsKit extends Pick<ApiClient, 'sealed' | 'json'> {
  testApp: TestApp;
  /** The app's clock (epoch ms): tests move it instead of sleeping. */
  clock: { nowMs: number };
  /** Registers by username through the API (with the SMS code the demo demands) and answers what a test needs. */
  registerMember(overrides?: Record<string, unknown>): Promise<TestMember>;
  login(username: string, password: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
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

/**
 * The kit of one test file: made before its tests, its configuration restored after each, closed
 * after all. The object is filled in by the first hook, so read it only inside tests and hooks.
 */
export function useAccountsKit(): AccountsKit {
  const kit = {} as AccountsKit;
  beforeAll(async () => {
    Object.assign(kit, await createAccountsKit());
  });
  afterEach(async () => {
    await kit.restoreConfig();
  });
  afterAll(async () => {
    await kit.close?.();
  });
  return kit;
}

/** A registration by username that the demo merchant accepts, once withRegisterCode adds the SMS code. */
export function registrationPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const password = 'secret123';
  return {
    username: freshUsername(),
    password,
    confirmPassword: password,
    payeeName: 'Somchai Jaidee',
    email: 'somchai@example.com',
    mobileNum: freshMobileNum(),
    countryDialingCode: '66',
    sliderToken: 'bypass',
    ...overrides,
  };
}

export async function createAccountsKit(startMs = Date.UTC(2026, 10, 22, 12, 0, 0)): Promise<AccountsKit> {
  const clock = { nowMs: startMs };
  const testApp = await createTestApp({ CHALLENGE_BYPASS: '1' }, { now: () => clock.nowMs });
  const client = await createApiClient(testApp.app, () => clock.nowMs);
  const configRow = await testApp.db
    .selectFrom('merchant')
    .select('config')
    .where('code', '=', 'demo')
    .executeTakeFirstOrThrow();
  const originalConfig: MerchantConfig = structuredClone(configRow.config);
  let isConfigChanged = false;

  const kit: AccountsKit = {
    testApp,
    clock,
    sealed: client.sealed,
    json: client.json,
    async registerMember(overrides = {}) {
      const payload = await withRegisterCode(
        testApp.db,
        testApp.demoMerchantId,
        registrationPayload(overrides),
        clock.nowMs,
      );
      const response = await kit.sealed('PUT', '/wps/member/register', payload);
      if (response.statusCode !== 200) throw new Error(`registration failed: ${response.body}`);
      const username = payload.username as string;
      const row = await testApp.db
        .selectFrom('member')
        .select('id')
        .where('username_key', '=', username.toLowerCase())
        .executeTakeFirstOrThrow();
      return {
        id: row.id,
        username,
        password: payload.password as string,
        mobileNum: payload.mobileNum as string,
        token: response.json().value.token as string,
      };
    },
    login(username, password, options = {}) {
      return kit.sealed(
        'POST',
        '/wps/session/login',
        { type: 'username', username, password, sliderToken: 'bypass' },
        options,
      );
    },
    async changeConfig(change) {
      const config = structuredClone(originalConfig);
      change(config);
      await testApp.db
        .updateTable('merchant')
        .set({ config: JSON.stringify(config), updated_at: sql<Date>`now()` })
        .where('code', '=', 'demo')
        .execute();
      await testApp.settle();
      isConfigChanged = true;
    },
    async restoreConfig() {
      if (!isConfigChanged) return;
      await testApp.db
        .updateTable('merchant')
        .set({ config: JSON.stringify(originalConfig), updated_at: sql<Date>`now()` })
        .where('code', '=', 'demo')
        .execute();
      await testApp.settle();
      isConfigChanged = false;
    },
    async countRows(table) {
      const row = await testApp.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    close: () => testApp.close(),
  };
  return kit;
}
