import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { captchaAlphabet } from './bitmap-font.ts';
import type { ChallengeCheckOptions } from './challenge-bypass.ts';
import { sha256Hex } from './challenge-hash.ts';
import { captchaHeight, captchaWidth } from './draw-captcha.ts';
import { requireCaptcha, verifyCaptcha } from './verify-captcha.ts';
import { freshIp } from './testing.ts';

let testApp: TestApp;
let merchantId: number;
beforeAll(async () => {
  testApp = await createTestApp();
  merchantId = testApp.demoMerchantId;
});
afterAll(async () => {
  await testApp?.close();
});

const now = (): ChallengeCheckOptions => ({ isBypassEnabled: false, nowMs: Date.now() });

function getCaptcha(remoteAddress = freshIp(), language: 'TH' | 'EN' = 'EN') {
  return testApp.app.inject({
    method: 'GET',
    url: '/wps/captcha',
    headers: { Merchant: 'demo', Language: language },
    remoteAddress,
  });
}

/**
 * A captcha from the API whose answer the test knows: only a salted hash is stored, so the test
 * replaces it with the hash of its own answer, made the same way the server makes it.
 */
async function captchaWithAnswer(answer: string): Promise<string> {
  const response = await getCaptcha();
  expect(response.statusCode).toBe(200);
  const { captchaId } = response.json().value as { captchaId: string };
  const row = await testApp.db
    .selectFrom('challenge')
    .select('answer_salt')
    .where('id', '=', captchaId)
    .executeTakeFirstOrThrow();
  await testApp.db
    .updateTable('challenge')
    .set({ answer_hash: sha256Hex(row.answer_salt! + answer.toLowerCase()) })
    .where('id', '=', captchaId)
    .execute();
  return captchaId;
}

describe('GET /wps/captcha', () => {
  test('answers a PNG of 120x40 as a data URL, an id and its lifetime; stores only a salted hash', async () => {
    const response = await getCaptcha();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toMatchObject({ success: true, value: { expiresInSeconds: 120 } });
    const { captchaId, image } = body.value as { captchaId: string; image: string };
    expect(image.startsWith('data:image/png;base64,')).toBe(true);

    const png = Buffer.from(image.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([captchaWidth, captchaHeight]);
    const decoded = PNG.sync.read(png);
    expect([decoded.width, decoded.height]).toEqual([120, 40]);

    const row = await testApp.db
      .selectFrom('challenge')
      .selectAll()
      .where('id', '=', captchaId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      merchant_id: merchantId,
      kind: 'captcha',
      gap_x: null,
      attempts: 0,
      solved_at: null,
      consumed_at: null,
    });
    expect(row.answer_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(120_000);
  });

  test('two captchas differ (id and picture)', async () => {
    const [first, second] = await Promise.all([getCaptcha(), getCaptcha()]);
    expect(first.json().value.captchaId).not.toBe(second.json().value.captchaId);
    expect(first.json().value.image).not.toBe(second.json().value.image);
  });

  test('a second refresh within a second from one IP is 429 TOO_MANY_REQUESTS with Retry-After; other IPs are not affected', async () => {
    const ip = freshIp();
    expect((await getCaptcha(ip)).statusCode).toBe(200);
    const throttled = await getCaptcha(ip, 'TH');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ success: false, value: null, errorCode: 'TOO_MANY_REQUESTS' });
    expect(throttled.json().message).toMatch(/วินาที/);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await getCaptcha(freshIp())).statusCode).toBe(200);
  });

  test('the alphabet leaves out 0, O, 1, I and l', () => {
    expect(captchaAlphabet).toHaveLength(32);
    for (const confusable of ['0', 'O', '1', 'I', 'l']) expect(captchaAlphabet).not.toContain(confusable);
  });
});

describe('verifyCaptcha', () => {
  test.each([
    ['the exact answer', 'AB3K9'],
    ['lower case', 'ab3k9'],
    ['mixed case with spaces around', '  aB3k9 '],
  ])('accepts %s, once', async (_name, typed) => {
    const captchaId = await captchaWithAnswer('AB3K9');
    expect(await verifyCaptcha(testApp.db, merchantId, captchaId, typed, now())).toBe(true);
    expect(await verifyCaptcha(testApp.db, merchantId, captchaId, typed, now())).toBe(false);
    const row = await testApp.db
      .selectFrom('challenge')
      .selectAll()
      .where('id', '=', captchaId)
      .executeTakeFirstOrThrow();
    expect(row.solved_at).not.toBeNull();
    expect(row.consumed_at).not.toBeNull();
    expect(row.attempts).toBe(1);
  });

  test('a wrong answer spends the captcha: the right one afterwards is refused', async () => {
    const captchaId = await captchaWithAnswer('AB3K9');
    expect(await verifyCaptcha(testApp.db, merchantId, captchaId, 'AB3K8', now())).toBe(false);
    expect(await verifyCaptcha(testApp.db, merchantId, captchaId, 'AB3K9', now())).toBe(false);
    const row = await testApp.db
      .selectFrom('challenge')
      .select(['solved_at', 'consumed_at'])
      .where('id', '=', captchaId)
      .executeTakeFirstOrThrow();
    expect(row.solved_at).toBeNull();
    expect(row.consumed_at).not.toBeNull();
  });

  test('an expired captcha is refused, even with the right answer (clock moved past 2 minutes)', async () => {
    const captchaId = await captchaWithAnswer('AB3K9');
    const later = { isBypassEnabled: false, nowMs: Date.now() + 121_000 };
    expect(await verifyCaptcha(testApp.db, merchantId, captchaId, 'AB3K9', later)).toBe(false);
  });

  test('a captcha of another merchant is refused', async () => {
    const captchaId = await captchaWithAnswer('AB3K9');
    expect(await verifyCaptcha(testApp.db, merchantId + 1000, captchaId, 'AB3K9', now())).toBe(false);
  });

  test('two concurrent checks of one captcha with the right answer: exactly one passes', async () => {
    for (let round = 0; round < 5; round++) {
      const captchaId = await captchaWithAnswer('WXYZ2');
      const results = await Promise.all([
        verifyCaptcha(testApp.db, merchantId, captchaId, 'wxyz2', now()),
        verifyCaptcha(testApp.db, merchantId, captchaId, 'WXYZ2', now()),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
    }
  });

  test.each([
    ['no id', undefined, 'AB3K9'],
    ['an empty id', '', 'AB3K9'],
    ['an id that is not a UUID', "x'; drop table challenge; --", 'AB3K9'],
    ['an unknown UUID', '00000000-0000-4000-8000-000000000000', 'AB3K9'],
    ['no answer', 'from-api', undefined],
    ['an empty answer', 'from-api', ''],
    ['a very long answer', 'from-api', 'A'.repeat(10_000)],
  ])('refuses %s without throwing', async (_name, id, answer) => {
    const captchaId = id === 'from-api' ? await captchaWithAnswer('AB3K9') : id;
    expect(await verifyCaptcha(testApp.db, merchantId, captchaId, answer, now())).toBe(false);
  });

  test('requireCaptcha throws 400 captcha.invalid naming the captcha field', async () => {
    const captchaId = await captchaWithAnswer('AB3K9');
    await expect(requireCaptcha(testApp.db, merchantId, captchaId, 'nope', now())).rejects.toMatchObject({
      statusCode: 400,
      errorCode: 'captcha.invalid',
      options: { field: 'captcha' },
    });
  });

  describe('the bypass answer', () => {
    test('without CHALLENGE_BYPASS, "bypass" is an ordinary wrong answer (and spends the captcha)', async () => {
      const captchaId = await captchaWithAnswer('AB3K9');
      expect(await verifyCaptcha(testApp.db, merchantId, captchaId, 'bypass', now())).toBe(false);
      expect(await verifyCaptcha(testApp.db, merchantId, undefined, 'bypass', now())).toBe(false);
      expect(await verifyCaptcha(testApp.db, merchantId, captchaId, 'AB3K9', now())).toBe(false);
    });

    test('with CHALLENGE_BYPASS, "bypass" passes with or without a captcha id; anything else is checked as usual', async () => {
      const bypass = { isBypassEnabled: true, nowMs: Date.now() };
      expect(await verifyCaptcha(testApp.db, merchantId, undefined, 'bypass', bypass)).toBe(true);
      const captchaId = await captchaWithAnswer('AB3K9');
      expect(await verifyCaptcha(testApp.db, merchantId, captchaId, 'bypass', bypass)).toBe(true);
      expect(await verifyCaptcha(testApp.db, merchantId, captchaId, 'BYPASS', bypass)).toBe(false);
      expect(await verifyCaptcha(testApp.db, merchantId, captchaId, 'AB3K9', bypass)).toBe(false);
    });
  });
});
