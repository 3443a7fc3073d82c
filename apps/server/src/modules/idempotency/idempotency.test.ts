import { randomUUID } from 'node:crypto';
import { errorEnvelopeSchema } from '@lotus/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { insertTestMember, insertTestSession } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { requireMember } from '../identity/index.ts';
import { abandonedAfterMs } from './idempotency.ts';

/**
 * The Idempotency-Key layer through the real app: a test route that counts how often its handler
 * ran stands for a money call.
 */

let clockMs = Date.UTC(2026, 10, 22, 12, 0, 0);
let runs = 0;
/** Makes the next handler run throw an unexpected error (a 500). */
let failNext = false;
/** Makes the handler wait, to hold a request "in progress". */
let hold: Promise<void> | null = null;

function registerRoutes(app: AppInstance) {
  app.post(
    '/wps/test/pay',
    { preHandler: requireMember, config: { idempotent: true }, schema: { body: z.object({ amount: z.string() }) } },
    async (request) => {
      runs += 1;
      if (hold) await hold;
      if (failNext) {
        failNext = false;
        throw new Error('database went away');
      }
      if (request.body.amount === 'refused') throw new AppError(400, 'validation.failed', { field: 'amount' });
      return ok({ run: runs, key: request.idempotencyKey });
    },
  );
}

let testApp: TestApp;
let token: string;
let otherToken: string;
beforeAll(async () => {
  testApp = await createTestApp({}, { now: () => clockMs, registerRoutes });
  const member = await insertTestMember(testApp.db, testApp.demoMerchantId, 'idem1');
  const other = await insertTestMember(testApp.db, testApp.demoMerchantId, 'idem2');
  token = await insertTestSession(testApp.db, testApp.demoMerchantId, member, clockMs);
  otherToken = await insertTestSession(testApp.db, testApp.demoMerchantId, other, clockMs);
});
afterAll(() => testApp?.close());
beforeEach(() => {
  runs = 0;
});

let keySequence = 0;
const newKey = () => `test-key-${++keySequence}-${randomUUID()}`;

function pay(key: string | undefined, body: Record<string, unknown> = { amount: '10.00' }, auth = token) {
  return testApp.app.inject({
    method: 'POST',
    url: '/wps/test/pay',
    headers: {
      Merchant: 'demo',
      Language: 'EN',
      Authorization: auth,
      'content-type': 'application/json',
      ...(key === undefined ? {} : { 'Idempotency-Key': key }),
    },
    payload: JSON.stringify(body),
  });
}

describe('Idempotency-Key', () => {
  test.each([
    ['missing', undefined],
    ['too short', 'abc'],
    ['with spaces', 'has spaces in it'],
    ['too long', 'k'.repeat(129)],
  ])('%s: 400 naming the header, and the handler never runs', async (_name, key) => {
    const response = await pay(key);
    expect(response.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(response.json())).toMatchObject({
      errorCode: 'idempotency.key.invalid',
      field: 'Idempotency-Key',
    });
    expect(runs).toBe(0);
  });

  test('the same key 5 times runs once and answers the same bytes every time', async () => {
    const key = newKey();
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt++) answers.push(await pay(key));
    expect(runs).toBe(1);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers[0]!.json()).toMatchObject({ success: true, value: { run: 1, key } });
    expect(answers[0]!.headers['idempotent-replayed']).toBeUndefined();
    expect(
      answers.slice(1).every((answer) => answer.headers['idempotent-replayed'] === 'true' && answer.statusCode === 200),
    ).toBe(true);
  });

  test('the same key 5 times in parallel: one run; the others replay it or are told to retry', async () => {
    const key = newKey();
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    const first = pay(key);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const copies = await Promise.all(Array.from({ length: 4 }, () => pay(key)));
    hold = null;
    release();
    expect((await first).statusCode).toBe(200);
    expect(copies.map((copy) => copy.statusCode)).toEqual([409, 409, 409, 409]);
    expect(copies[0]!.json()).toMatchObject({ errorCode: 'idempotency.in.progress' });
    expect(copies[0]!.headers['retry-after']).toBe('1');
    expect(runs).toBe(1);
    expect((await pay(key)).body).toBe((await first).body);
  });

  test('a refusal (4xx) is the answer too: replayed, not run again', async () => {
    const key = newKey();
    const refused = await pay(key, { amount: 'refused' });
    expect(refused.statusCode).toBe(400);
    const again = await pay(key, { amount: 'refused' });
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe(refused.body);
    expect(runs).toBe(1);
  });

  test('a key reused for a different request is refused with 422', async () => {
    const key = newKey();
    await pay(key, { amount: '10.00' });
    const response = await pay(key, { amount: '99.00' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errorCode: 'idempotency.key.reused', field: 'Idempotency-Key' });
    expect(runs).toBe(1);
  });

  test('keys are per member: the same key from another member is a different request', async () => {
    const key = newKey();
    await pay(key);
    const other = await pay(key, { amount: '10.00' }, otherToken);
    expect(other.statusCode).toBe(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(runs).toBe(2);
  });

  test('a 500 is not kept: the same key may be retried and then runs', async () => {
    const key = newKey();
    failNext = true;
    expect((await pay(key)).statusCode).toBe(500);
    const retried = await pay(key);
    expect(retried.statusCode).toBe(200);
    expect(runs).toBe(2);
  });

  test('a first request that died without answering is run again after a while, not before', async () => {
    const key = newKey();
    // A row as a crashed process leaves it: claimed, never finished.
    const member = await testApp.db
      .selectFrom('member')
      .select('id')
      .where('username', '=', 'idem1')
      .executeTakeFirstOrThrow();
    await testApp.db
      .insertInto('idempotent_request')
      .values({
        merchant_id: testApp.demoMerchantId,
        scope: `member:${member.id}`,
        idempotency_key: key,
        request_hash: 'unknown',
        created_at: new Date(clockMs),
      })
      .execute();
    // It must carry the retry's request hash: take it from a finished twin of the same request.
    const twin = newKey();
    await pay(twin);
    const twinRow = await testApp.db
      .selectFrom('idempotent_request')
      .select('request_hash')
      .where('idempotency_key', '=', twin)
      .executeTakeFirstOrThrow();
    await testApp.db
      .updateTable('idempotent_request')
      .set({ request_hash: twinRow.request_hash })
      .where('idempotency_key', '=', key)
      .execute();
    runs = 0;

    expect((await pay(key)).statusCode).toBe(409);
    clockMs += abandonedAfterMs + 1;
    const retried = await pay(key);
    expect(retried.statusCode).toBe(200);
    expect(runs).toBe(1);
    expect((await pay(key)).headers['idempotent-replayed']).toBe('true');
  });
});
