import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

/**
 * A fresh caller address per test: feedback is throttled per IP, and with REDIS_URL set the
 * counters outlive a test run.
 */
function freshIp(): string {
  const [a, b] = randomBytes(2);
  return `198.18.${a}.${b}`;
}

function putFeedback(payload: unknown, remoteAddress: string, language: 'TH' | 'EN' = 'EN') {
  return testApp.app.inject({
    method: 'PUT',
    url: '/wps/feedback',
    headers: { Merchant: 'demo', Language: language, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
    remoteAddress,
  });
}

async function countFeedback(): Promise<number> {
  const row = await testApp.db
    .selectFrom('feedback')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('PUT /wps/feedback', () => {
  test.each(['EN', 'TH'] as const)('%s: valid feedback is stored with the caller IP', async (language) => {
    const ip = freshIp();
    const before = await countFeedback();
    const response = await putFeedback(
      { content: `  The new slots load fast (${language})  `, contact: 'LINE: lotusfan' },
      ip,
      language,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, value: null });
    expect(await countFeedback()).toBe(before + 1);
    const stored = await testApp.db
      .selectFrom('feedback')
      .innerJoin('merchant', 'merchant.id', 'feedback.merchant_id')
      .select(['feedback.content', 'feedback.contact', 'feedback.ip', 'feedback.member_id', 'merchant.code'])
      .where('feedback.ip', '=', ip)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      content: `The new slots load fast (${language})`,
      contact: 'LINE: lotusfan',
      ip,
      member_id: null,
      code: 'demo',
    });
  });

  test('140 characters is the most accepted, and contact is optional', async () => {
    const response = await putFeedback({ content: 'ก'.repeat(140) }, freshIp());
    expect(response.statusCode).toBe(200);
  });

  test.each([
    ['empty content', { content: '' }],
    ['blank content', { content: '    ' }],
    ['141 characters', { content: 'x'.repeat(141) }],
    ['a number', { content: 140 }],
    ['null', { content: null }],
    ['missing content', { contact: 'someone@example.com' }],
  ])('%s is refused with 400 naming content, and nothing is stored', async (_name, payload) => {
    const before = await countFeedback();
    const response = await putFeedback(payload, freshIp());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      value: null,
      errorCode: 'validation.failed',
      field: 'content',
    });
    expect(await countFeedback()).toBe(before);
  });

  test('the sixth feedback from one IP within ten minutes is throttled with 429 TOO_MANY_REQUESTS', async () => {
    const ip = freshIp();
    const before = await countFeedback();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await putFeedback({ content: `note ${attempt}` }, ip)).statusCode).toBe(200);
    }
    const throttled = await putFeedback({ content: 'note 6' }, ip);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ success: false, value: null, errorCode: 'TOO_MANY_REQUESTS' });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countFeedback()).toBe(before + 5);
    // Another caller is not affected.
    expect((await putFeedback({ content: 'from elsewhere' }, freshIp())).statusCode).toBe(200);
  });
});
