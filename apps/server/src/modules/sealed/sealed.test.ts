import { createPublicKey, randomBytes } from 'node:crypto';
import { errorEnvelopeSchema, publicKeySchema, type PublicKey } from '@lotus/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { flipBit, sealForTest, type SealOptions, type SealedTestRequest } from '../../testing/seal-payload.ts';
import { claimSealedNonce, deleteExpiredSealedNonces } from './sealed.queries.ts';
import { retiredKeyGraceMs } from './sealing-keyring.ts';

/**
 * Sealed payloads through the real app on a real database. The only route that uses them here is
 * registered by this file: a sealed echo that counts how often its handler ran.
 */
const minute = 60_000;
const echoPath = '/wps/test/sealed-echo';
const echoBodySchema = z.strictObject({ username: z.string().min(1), password: z.string().min(1) });

let clockMs = Date.UTC(2026, 10, 22, 12, 0, 0);
const now = () => clockMs;
const handled: Array<z.infer<typeof echoBodySchema>> = [];

function registerEcho(app: AppInstance) {
  app.post(echoPath, { config: { sealed: true }, schema: { body: echoBodySchema } }, async (request) => {
    handled.push(request.body);
    return ok({ username: request.body.username });
  });
}

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await createTestApp({}, { now, registerRoutes: registerEcho });
  // A second API instance on the same database, as behind a load balancer.
  second = await createTestApp({}, { now, registerRoutes: registerEcho, database: first.database });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});
beforeEach(() => {
  handled.length = 0;
});

async function fetchPublicKey(testApp: TestApp = first): Promise<PublicKey> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/wps/system/publicKey',
    headers: { Merchant: 'demo' },
  });
  expect(response.statusCode).toBe(200);
  return z.object({ success: z.literal(true), value: publicKeySchema }).parse(response.json()).value;
}

function send(
  sealed: { body: unknown; encryptionHeader?: string },
  testApp: TestApp = first,
  language: 'TH' | 'EN' = 'EN',
) {
  return testApp.app.inject({
    method: 'POST',
    url: echoPath,
    headers: {
      Merchant: 'demo',
      Language: language,
      'content-type': 'application/json',
      ...(sealed.encryptionHeader === undefined ? {} : { Encryption: sealed.encryptionHeader }),
    },
    payload: JSON.stringify(sealed.body),
  });
}

const credentials = { username: 'somchai', password: 'secret-1234' };

async function seal(
  payload: Record<string, unknown> = credentials,
  options: SealOptions = {},
): Promise<SealedTestRequest> {
  return sealForTest(payload, await fetchPublicKey(), { nowMs: clockMs, ...options });
}

describe('GET /wps/system/publicKey', () => {
  test('gives an RSA key of at least 2048 bits as base64 DER SPKI, the same from every instance, never cached', async () => {
    const response = await first.app.inject({
      method: 'GET',
      url: '/wps/system/publicKey',
      headers: { Merchant: 'demo' },
    });
    expect(response.headers['cache-control']).toBe('no-store');
    const key = await fetchPublicKey();
    const rsa = createPublicKey({ key: Buffer.from(key.spki, 'base64'), format: 'der', type: 'spki' });
    expect(rsa.asymmetricKeyType).toBe('rsa');
    expect(rsa.asymmetricKeyDetails?.modulusLength).toBeGreaterThanOrEqual(2048);
    expect(key.keyId).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await fetchPublicKey(second)).toEqual(key);
    const rows = await first.db.selectFrom('sealing_key').select(['key_id', 'retired_at']).execute();
    expect(rows).toEqual([{ key_id: key.keyId, retired_at: null }]);
  });

  test('is merchant-scoped like the other /wps calls', async () => {
    const response = await first.app.inject({
      method: 'GET',
      url: '/wps/system/publicKey',
      headers: { Merchant: 'no-such-brand' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'merchant.unknown' });
  });
});

describe('a sealed route', () => {
  test('opens the body, validates it with the route schema and runs the handler', async () => {
    const response = await send(await seal());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, value: { username: 'somchai' } });
    // ts and nonce are gone before the strict schema sees the body.
    expect(handled).toEqual([credentials]);
  });

  test('a body that opens but fails the route schema is a validation error naming the field', async () => {
    const response = await send(await seal({ username: '', password: 'x' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'validation.failed', field: 'username' });
    expect(handled).toEqual([]);
  });

  const invalid = (field: string) => ({ status: 400, errorCode: 'payload.encryption.invalid', field });
  test.each<
    [
      string,
      () => Promise<{ body: unknown; encryptionHeader?: string }>,
      { status: number; errorCode: string; field?: string },
    ]
  >([
    ['a missing Encryption header', async () => ({ body: (await seal()).body }), invalid('Encryption')],
    [
      'an Encryption header that is not base64',
      async () => ({ ...(await seal()), encryptionHeader: `${(await fetchPublicKey()).keyId}.@@@` }),
      invalid('Encryption'),
    ],
    [
      'a value that is not base64',
      async () => ({ ...(await seal()), body: { value: 'not base64!' } }),
      invalid('value'),
    ],
    [
      'a plain JSON body instead of a sealed one',
      async () => ({ ...(await seal()), body: credentials }),
      invalid('value'),
    ],
    [
      'a wrong key id',
      async () => {
        const sealed = await seal();
        return { ...sealed, encryptionHeader: sealed.encryptionHeader.replace(/^[^.]+/, 'no-such-key') };
      },
      { status: 400, errorCode: 'payload.encryption.key.unknown', field: 'Encryption' },
    ],
    [
      'a tampered ciphertext',
      async () => {
        const sealed = await seal();
        return { ...sealed, body: { value: flipBit(sealed.body.value, 20) } };
      },
      invalid('value'),
    ],
    [
      'a tampered tag',
      async () => {
        const sealed = await seal();
        return { ...sealed, body: { value: flipBit(sealed.body.value, -3) } };
      },
      invalid('value'),
    ],
    [
      'a ts 6 minutes old',
      () => seal(credentials, { fields: { ts: clockMs - 6 * minute } }),
      { status: 400, errorCode: 'payload.encryption.expired' },
    ],
    [
      'a ts 6 minutes ahead',
      () => seal(credentials, { fields: { ts: clockMs + 6 * minute } }),
      { status: 400, errorCode: 'payload.encryption.expired' },
    ],
    [
      'a nonce shorter than 16 characters',
      () => seal(credentials, { fields: { nonce: 'x'.repeat(15) } }),
      invalid('nonce'),
    ],
  ])('refuses %s with the envelope, and the handler does not run', async (_name, build, expected) => {
    const response = await send(await build());
    expect(response.statusCode).toBe(expected.status);
    const body = errorEnvelopeSchema.parse(response.json());
    expect({
      status: response.statusCode,
      errorCode: body.errorCode,
      ...(body.field === undefined ? {} : { field: body.field }),
    }).toEqual(expected);
    expect(handled).toEqual([]);
  });

  test('messages come in the request language and name the field', async () => {
    const sealed = await seal();
    const th = await send({ body: sealed.body }, first, 'TH');
    expect(th.json().message).toBe('ข้อมูลที่เข้ารหัสไม่ถูกต้อง (Encryption) กรุณาลองใหม่อีกครั้ง');
    const en = await send({ body: sealed.body }, first, 'EN');
    expect(en.json().message).toBe('The encrypted request is invalid (Encryption), please try again');
  });

  test('the exact same request sent twice runs once; the replay is 409', async () => {
    const sealed = await seal();
    expect((await send(sealed)).statusCode).toBe(200);
    const replay = await send(sealed);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({ success: false, value: null, errorCode: 'payload.encryption.replayed' });
    expect(handled).toHaveLength(1);
  });

  test('a nonce accepted by one instance is refused by another sharing the database', async () => {
    const nonce = randomBytes(16).toString('hex');
    expect((await send(await seal(credentials, { fields: { nonce } }), first)).statusCode).toBe(200);
    // A new sealing (new key K, IV, ts) with the same nonce, sent to the other instance.
    clockMs += 1_000;
    const again = await send(await seal(credentials, { fields: { nonce } }), second);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: 'payload.encryption.replayed' });
    expect(handled).toHaveLength(1);
  });

  test('a nonce is forgotten after ten minutes, when no ts could still carry it', async () => {
    const nonce = randomBytes(16).toString('hex');
    expect((await send(await seal(credentials, { fields: { nonce } }))).statusCode).toBe(200);
    clockMs += 9 * minute;
    expect((await send(await seal(credentials, { fields: { nonce } }))).statusCode).toBe(409);
    clockMs += 1 * minute + 1;
    expect((await send(await seal(credentials, { fields: { nonce } }))).statusCode).toBe(200);
    expect(handled).toHaveLength(2);
  });

  test('no client input gives a 500', async () => {
    const key = await fetchPublicKey();
    const headers = [
      undefined,
      '',
      '.',
      'a.b',
      `${key.keyId}.`,
      `${key.keyId}.${'A'.repeat(344)}`,
      `${key.keyId}.${randomBytes(256).toString('base64')}`,
      'x'.repeat(5000),
    ];
    const bodies: unknown[] = [
      null,
      0,
      'text',
      [],
      {},
      { value: '' },
      { value: null },
      { value: randomBytes(40).toString('base64') },
      { value: 'A'.repeat(4000) },
    ];
    for (const encryptionHeader of headers) {
      for (const body of bodies) {
        const response = await send({ body, ...(encryptionHeader === undefined ? {} : { encryptionHeader }) });
        expect(
          response.statusCode,
          `${String(encryptionHeader).slice(0, 20)} ${JSON.stringify(body)?.slice(0, 20)}`,
        ).toBe(400);
        expect(response.json()).toMatchObject({
          success: false,
          errorCode: expect.stringMatching(/^payload\.encryption\./),
        });
      }
    }
    expect(handled).toEqual([]);
  });
});

describe('key rotation', () => {
  test('the old key opens payloads for its grace period after a new key is made, then is refused', async () => {
    const oldKey = await fetchPublicKey();
    const sealedBeforeRotation = sealForTest(credentials, oldKey, { nowMs: clockMs });
    const newKey = await first.app.sealedPayloads.rotateKey();
    expect(newKey.keyId).not.toBe(oldKey.keyId);
    expect(await fetchPublicKey()).toEqual(newKey);

    // An in-flight request sealed just before the rotation still goes through.
    expect((await send(sealedBeforeRotation)).statusCode).toBe(200);
    // Another instance learns of the new key on its first unknown key id (at most once a second).
    clockMs += 2_000;
    expect((await send(sealForTest(credentials, newKey, { nowMs: clockMs }), second)).statusCode).toBe(200);

    clockMs += retiredKeyGraceMs - 2_000;
    expect((await send(sealForTest(credentials, oldKey, { nowMs: clockMs }))).statusCode).toBe(200);
    expect((await send(sealForTest(credentials, oldKey, { nowMs: clockMs }), second)).statusCode).toBe(200);

    clockMs += 1;
    for (const instance of [first, second]) {
      const refused = await send(sealForTest(credentials, oldKey, { nowMs: clockMs }), instance);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ errorCode: 'payload.encryption.key.unknown', field: 'Encryption' });
    }
    expect((await send(sealForTest(credentials, newKey, { nowMs: clockMs }))).statusCode).toBe(200);
    expect(handled).toHaveLength(5);
  });

  test('rotating again deletes keys past their grace period and keeps one active key', async () => {
    const current = await fetchPublicKey();
    clockMs += retiredKeyGraceMs + 1;
    const next = await first.app.sealedPayloads.rotateKey();
    const rows = await first.db
      .selectFrom('sealing_key')
      .select(['key_id', 'retired_at'])
      .orderBy('created_at')
      .execute();
    expect(rows.map((row) => row.key_id)).toEqual([current.keyId, next.keyId]);
    expect(rows.map((row) => row.retired_at === null)).toEqual([false, true]);
  });
});

describe('first key', () => {
  test('instances asking at the same moment on a new database agree on one key', async () => {
    const a = await createTestApp({}, { now });
    const b = await createTestApp({}, { now, database: a.database });
    try {
      const keys = await Promise.all([fetchPublicKey(a), fetchPublicKey(b), fetchPublicKey(a), fetchPublicKey(b)]);
      expect(new Set(keys.map((key) => key.keyId)).size).toBe(1);
      expect(await a.db.selectFrom('sealing_key').select('key_id').execute()).toEqual([{ key_id: keys[0]!.keyId }]);
    } finally {
      await b.close();
      await a.close();
    }
  });
});

describe('nonce storage', () => {
  test('expired nonces are deleted; live ones stay; an expired one can be claimed again', async () => {
    const at = new Date(clockMs);
    const later = (ms: number) => new Date(clockMs + ms);
    const merchantId = 999_001;
    expect(await claimSealedNonce(first.db, merchantId, 'expired-nonce-0001', at, later(1))).toBe(true);
    expect(await claimSealedNonce(first.db, merchantId, 'live-nonce-000001', at, later(10 * minute))).toBe(true);
    // Not yet deleted, but expired: a claim succeeds.
    expect(await claimSealedNonce(first.db, merchantId, 'expired-nonce-0001', later(2), later(10 * minute))).toBe(true);
    expect(await claimSealedNonce(first.db, merchantId, 'expired-nonce-0001', later(3), later(10 * minute))).toBe(
      false,
    );
    // Nonces are per merchant.
    expect(await claimSealedNonce(first.db, merchantId + 1, 'live-nonce-000001', at, later(10 * minute))).toBe(true);

    expect(await deleteExpiredSealedNonces(first.db, later(10 * minute + 1))).toBeGreaterThanOrEqual(3);
    const left = await first.db
      .selectFrom('sealed_nonce')
      .select('nonce')
      .where('merchant_id', 'in', [merchantId, merchantId + 1])
      .execute();
    expect(left).toEqual([]);
  });
});

describe('registering', () => {
  test('the OpenAPI page tells that a route is sealed and lists the public key call', async () => {
    const response = await first.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, Record<string, { description?: string }>> };
    expect(document.paths[echoPath]?.post?.description).toMatch(/^Sealed: send \{ "value"/);
    expect(document.paths['/wps/system/publicKey']?.get).toBeDefined();
  });

  test('a sealed route outside /wps and /lgw is refused at start (nonces are kept per merchant)', async () => {
    await expect(
      createTestApp(
        {},
        { registerRoutes: (app) => void app.post('/api/sealed', { config: { sealed: true } }, async () => ok(null)) },
      ),
    ).rejects.toThrow(/merchant-scoped/);
  });
});

describe('the per-IP budget of sealed calls', () => {
  const sealedCallsPerMinutePerIp = 120;
  test(`one address gets ${sealedCallsPerMinutePerIp} sealed calls a minute, opened or not; then 429 before any RSA work; other addresses are untouched`, async () => {
    const fromAddress = (remoteAddress: string, body: unknown) =>
      first.app.inject({
        method: 'POST',
        url: echoPath,
        remoteAddress,
        headers: {
          Merchant: 'demo',
          Language: 'EN',
          'content-type': 'application/json',
          Encryption: 'garbage.garbage',
        },
        payload: JSON.stringify(body),
      });
    for (let call = 0; call < sealedCallsPerMinutePerIp; call++) {
      const response = await fromAddress('10.9.8.7', { value: 'not-sealed' });
      expect(response.statusCode).toBe(400);
    }
    const refused = await fromAddress('10.9.8.7', { value: 'not-sealed' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, errorCode: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A well-sealed call from the same address is refused too: the budget is checked before opening.
    const sealed = await seal();
    const refusedSealed = await first.app.inject({
      method: 'POST',
      url: echoPath,
      remoteAddress: '10.9.8.7',
      headers: { Merchant: 'demo', 'content-type': 'application/json', Encryption: sealed.encryptionHeader },
      payload: JSON.stringify(sealed.body),
    });
    expect(refusedSealed.statusCode).toBe(429);
    expect(handled).toEqual([]);

    expect((await fromAddress('10.9.8.6', { value: 'not-sealed' })).statusCode).toBe(400);
  });
});
