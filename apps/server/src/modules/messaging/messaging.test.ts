import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CodePurpose } from '@lotus/contract';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import type { MerchantConfig, MerchantContext } from '../merchant/index.ts';
import { freshIp } from '../verification/testing.ts';
import { issueCode } from './issue-code.ts';
import { demoMerchant, freshMobile } from './testing.ts';
import { verifyCode } from './verify-code.ts';

let testApp: TestApp;
let merchant: Pick<MerchantContext, 'id' | 'config'>;
/** The app's clock: tests move it instead of sleeping. */
let clockMs = Date.now();

beforeAll(async () => {
  testApp = await createTestApp({ CHALLENGE_BYPASS: '1' }, { now: () => clockMs });
  merchant = await demoMerchant(testApp.db);
});
afterAll(async () => {
  await testApp?.close();
});

const minuteMs = 60_000;

function sendRegisterSms(
  body: Record<string, unknown>,
  { ip = freshIp(), language = 'EN' }: { ip?: string; language?: 'TH' | 'EN' } = {},
) {
  return testApp.app.inject({
    method: 'POST',
    url: '/wps/verification/sms/register',
    headers: { Merchant: 'demo', Language: language },
    remoteAddress: ip,
    payload: { sliderToken: 'bypass', ...body },
  });
}

async function readOutbox(to: string) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/wps/dev/outbox?to=${encodeURIComponent(to)}`,
    headers: { Merchant: 'demo' },
  });
  expect(response.statusCode).toBe(200);
  return response.json().value as Array<{
    channel: string;
    destination: string;
    subject: string | null;
    body: string;
    code: string | null;
    createdAt: string;
  }>;
}

/** Sends a register code by SMS through the API and answers it as the member would read it. */
async function registerCode(language: 'TH' | 'EN' = 'EN') {
  const phone = freshMobile();
  const response = await sendRegisterSms({ countryDialingCode: '+66', mobileNo: phone.mobileNo }, { language });
  expect(response.statusCode, response.body).toBe(200);
  const [message] = await readOutbox(phone.destination);
  return { ...phone, message: message!, code: message!.code! };
}

function verify(destination: string, code: string | undefined, purpose: CodePurpose = 'register') {
  return verifyCode({
    db: testApp.db,
    merchantId: merchant.id,
    channel: 'sms',
    destination,
    purpose,
    code,
    nowMs: clockMs,
  });
}

function issue(
  destination: string,
  nowMs: number,
  purpose: CodePurpose = 'login',
  config: MerchantContext['config'] = merchant.config,
) {
  return issueCode({
    db: testApp.db,
    senders: testApp.app.messageSenders,
    merchant: { id: merchant.id, config },
    channel: 'sms',
    destination,
    purpose,
    language: 'EN',
    nowMs,
  });
}

async function errorCodeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught as { errorCode?: string },
  );
  expect(error).not.toBeNull();
  return error!.errorCode ?? 'no errorCode';
}

describe('POST /wps/verification/sms/register', () => {
  test('answers expiredMinutes; the member gets a 6-digit code in their language; only a salted hash is stored', async () => {
    const phone = freshMobile();
    const response = await sendRegisterSms({ countryDialingCode: '+66', mobileNo: phone.mobileNo }, { language: 'TH' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ success: true, value: { expiredMinutes: 5 } });

    const [message, ...older] = await readOutbox(phone.destination);
    expect(older).toEqual([]);
    expect(message).toMatchObject({ channel: 'sms', destination: phone.destination, subject: null });
    expect(message!.code).toMatch(/^\d{6}$/);
    expect(message!.body).toContain('รหัสยืนยัน');
    expect(message!.body).toContain(message!.code);

    const row = await testApp.db
      .selectFrom('verification_code')
      .selectAll()
      .where('destination', '=', phone.destination)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ channel: 'sms', purpose: 'register', attempts: 0, consumed_at: null });
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(message!.code);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(5 * minuteMs);
    const outboxRow = await testApp.db
      .selectFrom('outbox_message')
      .selectAll()
      .where('destination', '=', phone.destination)
      .executeTakeFirstOrThrow();
    expect(outboxRow).toMatchObject({ delivered_via: 'outbox', delivery_status: 'sent', error: null });
  });

  test('the message is in English for an English request; the username variant is the same call', async () => {
    const phone = freshMobile();
    const response = await sendRegisterSms({
      username: 'somebody',
      countryDialingCode: '66',
      mobileNo: phone.mobileNo,
    });
    expect(response.statusCode).toBe(200);
    const [message] = await readOutbox(phone.destination);
    expect(message!.body).toMatch(/^\[Lotus88\] Your verification code is \d{6}\. It is valid for 5 minutes\./);
  });

  test.each([
    ['no dialing code', { mobileNo: '0812345678' }, 'sms.phone.missing', 'countryDialingCode'],
    [
      'a bad dialing code',
      { countryDialingCode: '+66x', mobileNo: '0812345678' },
      'sms.phone.invalid',
      'countryDialingCode',
    ],
    ['no number', { countryDialingCode: '+66' }, 'sms.phone.missing', 'mobileNo'],
    ['an empty number', { countryDialingCode: '+66', mobileNo: '' }, 'sms.phone.missing', 'mobileNo'],
    ['letters in the number', { countryDialingCode: '+66', mobileNo: '08123abc78' }, 'sms.phone.invalid', 'mobileNo'],
    ['a short number', { countryDialingCode: '+66', mobileNo: '12345' }, 'sms.phone.invalid', 'mobileNo'],
    ['a long number', { countryDialingCode: '+66', mobileNo: '1234567890123456' }, 'sms.phone.invalid', 'mobileNo'],
    ['a number of the wrong type', { countryDialingCode: '+66', mobileNo: 812345678 }, 'validation.failed', 'mobileNo'],
  ])(
    'refuses %s with 400 naming the field, before the slider token is spent',
    async (_name, body, errorCode, field) => {
      const response = await sendRegisterSms({ ...body, sliderToken: 'not-a-token' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, value: null, errorCode, field });
      expect(response.json().message).toContain(field);
    },
  );

  test('refuses a missing or spent slider token', async () => {
    const phone = freshMobile();
    const response = await sendRegisterSms({
      countryDialingCode: '+66',
      mobileNo: phone.mobileNo,
      sliderToken: 'x'.repeat(43),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'slider.token.invalid', field: 'sliderToken' });
    expect(await readOutbox(phone.destination)).toEqual([]);
  });

  test('a second send within a second from one IP is 429 TOO_MANY_REQUESTS', async () => {
    const ip = freshIp();
    expect(
      (await sendRegisterSms({ countryDialingCode: '+66', mobileNo: freshMobile().mobileNo }, { ip })).statusCode,
    ).toBe(200);
    const throttled = await sendRegisterSms({ countryDialingCode: '+66', mobileNo: freshMobile().mobileNo }, { ip });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ errorCode: 'TOO_MANY_REQUESTS' });
  });

  test('a new code before 60 s x expiredMinutes is 429 sms.code.too.soon with the seconds left; allowed once they have passed', async () => {
    const phone = freshMobile();
    const body = { countryDialingCode: '+66', mobileNo: phone.mobileNo };
    expect((await sendRegisterSms(body)).statusCode).toBe(200);

    clockMs += 100_000;
    const tooSoon = await sendRegisterSms(body);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.headers['retry-after']).toBe('200');
    expect(tooSoon.json()).toMatchObject({ success: false, value: null, errorCode: 'sms.code.too.soon' });
    expect(tooSoon.json().message).toContain('200 seconds');

    clockMs += 200_000;
    expect((await sendRegisterSms(body)).statusCode).toBe(200);
    const messages = await readOutbox(phone.destination);
    expect(messages).toHaveLength(2);
    expect(Date.parse(messages[0]!.createdAt)).toBeGreaterThan(Date.parse(messages[1]!.createdAt));
  });

  test('refused with 403 sms.operation.disabled when the merchant has SMS verification on register off', async () => {
    const row = await testApp.db
      .selectFrom('merchant')
      .select('config')
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow();
    const config: MerchantConfig = structuredClone(row.config);
    config.switches.smsVerificationOnRegister = false;
    const write = async (value: MerchantConfig) => {
      await testApp.db
        .updateTable('merchant')
        .set({ config: JSON.stringify(value), updated_at: sql<Date>`now()` })
        .where('code', '=', 'demo')
        .execute();
      await testApp.settle();
    };
    await write(config);
    try {
      const phone = freshMobile();
      const response = await sendRegisterSms(
        { countryDialingCode: '+66', mobileNo: phone.mobileNo },
        { language: 'EN' },
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        errorCode: 'sms.operation.disabled',
        message: 'This operation is not enabled',
      });
      expect(await readOutbox(phone.destination)).toEqual([]);
    } finally {
      await write(row.config);
    }
  });
});

describe('verifyCode', () => {
  test('passes once: the second submit of the same code finds it used (sms.code.expired)', async () => {
    const { destination, code } = await registerCode();
    await verify(destination, code);
    expect(await errorCodeOf(verify(destination, code))).toBe('sms.code.expired');
  });

  test('5 wrong tries are each sms.code.invalid; then the code is dead, even the right one', async () => {
    const { destination, code } = await registerCode();
    const wrong = code === '000000' ? '000001' : '000000';
    for (let attempt = 1; attempt <= 5; attempt++)
      expect(await errorCodeOf(verify(destination, wrong))).toBe('sms.code.invalid');
    expect(await errorCodeOf(verify(destination, code))).toBe('sms.code.expired');
  });

  test('a wrong try or two still leave the right code usable', async () => {
    const { destination, code } = await registerCode();
    expect(await errorCodeOf(verify(destination, 'abc'))).toBe('sms.code.invalid');
    await verify(destination, code);
  });

  test('a code sent for one purpose never passes for another', async () => {
    const { destination, code } = await registerCode();
    expect(await errorCodeOf(verify(destination, code, 'login'))).toBe('sms.code.missing');
    expect(await errorCodeOf(verify(destination, code, 'password-reset'))).toBe('sms.code.missing');
    await verify(destination, code, 'register');
  });

  test('no code typed, or none sent: sms.code.missing', async () => {
    const { destination } = await registerCode();
    expect(await errorCodeOf(verify(destination, ''))).toBe('sms.code.missing');
    expect(await errorCodeOf(verify(destination, undefined))).toBe('sms.code.missing');
    expect(await errorCodeOf(verify(freshMobile().destination, '123456'))).toBe('sms.code.missing');
  });

  test('expires after expiredMinutes (the clock moves, nobody sleeps)', async () => {
    const { destination, code } = await registerCode();
    clockMs += 5 * minuteMs;
    expect(await errorCodeOf(verify(destination, code))).toBe('sms.code.expired');
  });

  test('still valid just before expiry', async () => {
    const { destination, code } = await registerCode();
    clockMs += 5 * minuteMs - 1000;
    await verify(destination, code);
  });

  test('a new code retires the one before it', async () => {
    const phone = freshMobile();
    const start = clockMs;
    await issue(phone.destination, start);
    const [first] = await readOutbox(phone.destination);
    await issue(phone.destination, start + 5 * minuteMs);
    const [second] = await readOutbox(phone.destination);
    const verifyAt = (code: string) =>
      verifyCode({
        db: testApp.db,
        merchantId: merchant.id,
        channel: 'sms',
        destination: phone.destination,
        purpose: 'login',
        code,
        nowMs: start + 6 * minuteMs,
      });
    if (first!.code !== second!.code) expect(await errorCodeOf(verifyAt(first!.code!))).toBe('sms.code.invalid');
    await verifyAt(second!.code!);
  });

  test('two concurrent submits of one code: exactly one passes', async () => {
    for (let round = 0; round < 5; round++) {
      const { destination, code } = await registerCode();
      const results = await Promise.allSettled(Array.from({ length: 4 }, () => verify(destination, code)));
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      for (const result of results)
        if (result.status === 'rejected')
          expect((result.reason as { errorCode: string }).errorCode).toBe('sms.code.expired');
    }
  });
});

describe('issueCode throttles', () => {
  test(`more than maxCodesPerHour codes to one destination in an hour: 429 sms.too.many.requests, retry after 5 minutes`, async () => {
    const { destination } = freshMobile();
    const start = clockMs;
    for (let index = 0; index < 5; index++) await issue(destination, start + index * 5 * minuteMs);
    const refused = await issue(destination, start + 25 * minuteMs).catch(
      (error: unknown) => error as { errorCode: string; statusCode: number; options: { retryAfterSeconds?: number } },
    );
    expect(refused).toMatchObject({
      statusCode: 429,
      errorCode: 'sms.too.many.requests',
      options: { retryAfterSeconds: 300 },
    });
    // The cap counts every purpose: another purpose is refused too.
    expect(await errorCodeOf(issue(destination, start + 25 * minuteMs, 'password-reset'))).toBe(
      'sms.too.many.requests',
    );
    // An hour after the first, one slot is free again.
    await issue(destination, start + 60 * minuteMs + 1000);
  });

  test('the merchant sets the lifetime and the countdown', async () => {
    const { destination } = freshMobile();
    const config = { ...merchant.config, verification: { codeExpiredMinutes: 2, maxCodesPerHour: 5 } };
    expect(await issue(destination, clockMs, 'login', config)).toEqual({ expiredMinutes: 2 });
    expect(await errorCodeOf(issue(destination, clockMs + 2 * minuteMs - 1000, 'login', config))).toBe(
      'sms.code.too.soon',
    );
    await issue(destination, clockMs + 2 * minuteMs, 'login', config);
  });

  test('concurrent sends to one destination: one code, the rest too soon', async () => {
    const { destination } = freshMobile();
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => issue(destination, clockMs)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rows = await testApp.db
      .selectFrom('verification_code')
      .select('id')
      .where('destination', '=', destination)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('GET /wps/dev/outbox', () => {
  test('finds e-mail destinations case-insensitively, and nothing for an unknown destination', async () => {
    await issueCode({
      db: testApp.db,
      senders: testApp.app.messageSenders,
      merchant,
      channel: 'email',
      destination: 'member@example.com',
      purpose: 'password-reset',
      language: 'EN',
      nowMs: clockMs,
    });
    const [message] = await readOutbox('Member@Example.com');
    expect(message).toMatchObject({
      channel: 'email',
      destination: 'member@example.com',
      subject: 'Lotus88: your verification code',
    });
    expect(message!.code).toMatch(/^\d{6}$/);
    expect(await readOutbox('nobody@example.com')).toEqual([]);
    expect(await readOutbox('garbage')).toEqual([]);
  });

  test('does not exist without CHALLENGE_BYPASS (404)', async () => {
    const plain = await createTestApp({}, { database: testApp.database });
    try {
      const response = await plain.app.inject({
        method: 'GET',
        url: '/wps/dev/outbox?to=%2B66812345678',
        headers: { Merchant: 'demo' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'not.found' });
    } finally {
      await plain.close();
    }
  });
});
