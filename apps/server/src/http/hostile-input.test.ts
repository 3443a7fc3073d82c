import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { publicKeySchema } from '@lotus/contract';
import { freshIp } from '../testing/api-client.ts';
import { fundedTestMember } from '../testing/members.ts';
import { sealForTest } from '../testing/seal-payload.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { exceedsDepth, maxJsonDepth } from './json-body.ts';

/**
 * Defects `npm run fuzz` found (docs/testing.md), each pinned here: hostile input gets its 4xx
 * envelope, never a 500 or Fastify's own error shape.
 */
let testApp: TestApp;
let token: string;

beforeAll(async () => {
  testApp = await createTestApp();
  ({ token } = await fundedTestMember(testApp.db, testApp.demoMerchantId, 'hostileinput', 0n));
});

afterAll(async () => {
  await testApp?.close();
});

const headers = () => ({
  Merchant: 'demo',
  Language: 'EN',
  Authorization: token,
  'Idempotency-Key': `hostile-${Date.now()}-${Math.trunc(performance.now() * 1000)}`,
});

describe('hostile input', () => {
  test.each([
    ['a URL that does not percent-decode', 'GET', '/wps/system/%zz', undefined, 404, 'not.found'],
    [
      'a path parameter longer than the router takes',
      'GET',
      `/demopay/pay/${'Z'.repeat(300)}`,
      undefined,
      414,
      'request.headers.too.large',
    ],
    [
      'a date beyond the last one JavaScript knows',
      'GET',
      '/wps/relay/ODSFE2_MemTransDet?startTime=8812355868837601',
      undefined,
      400,
      'validation.failed',
    ],
    [
      'a date beyond the last one, in the betting record',
      'GET',
      '/wps/relay/ODSFE2_MemBetDet?endTime=9000000000000000',
      undefined,
      400,
      'validation.failed',
    ],
    ['a NUL in a text of the body', 'PUT', '/wps/feedback', '{"content":"a\\u0000b"}', 400, 'validation.failed'],
    ['a NUL in the query', 'GET', '/wps/relay/GCSGAME_gameList?gameName=a%00b', undefined, 400, 'validation.failed'],
    [
      'JSON nested deeper than any call takes',
      'POST',
      '/wps/relay/GCS_walletReturn',
      '['.repeat(20_000) + ']'.repeat(20_000),
      400,
      'request.body.malformed',
    ],
  ])('%s', async (_name, method, url, payload, status, errorCode) => {
    const response = await testApp.app.inject({
      method: method as 'GET',
      url,
      headers: { ...headers(), ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { payload } : {}),
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ success: false, value: null, errorCode });
  });

  test("a NUL inside a sealed body, past the call's own checks: 400 naming the field, not the database error", async () => {
    const keyResponse = await testApp.app.inject({
      method: 'GET',
      url: '/wps/system/publicKey',
      headers: { Merchant: 'demo' },
    });
    const publicKey = publicKeySchema.parse(keyResponse.json().value);
    const sealed = sealForTest({ loginDeviceId: 'device\u0000one' }, publicKey);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      headers: {
        Merchant: 'demo',
        Language: 'EN',
        'content-type': 'application/json',
        Encryption: sealed.encryptionHeader,
      },
      payload: JSON.stringify(sealed.body),
      remoteAddress: freshIp(),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      value: null,
      errorCode: 'validation.failed',
      field: 'loginDeviceId',
    });
  });

  test('JSON nested to the limit still parses (and is refused only by its schema)', async () => {
    const body = `{"content":"ok","contact":"x","extra":${'['.repeat(maxJsonDepth - 1)}${']'.repeat(maxJsonDepth - 1)}}`;
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/wps/feedback',
      headers: { ...headers(), 'content-type': 'application/json' },
      payload: body,
      remoteAddress: freshIp(),
    });
    expect(response.json()).toMatchObject({ success: true });
  });

  test('the depth check ignores brackets inside strings', () => {
    expect(exceedsDepth(`{"a":"${'['.repeat(100)}"}`, 2)).toBe(false);
    expect(exceedsDepth(`{"a":"\\"${'['.repeat(100)}"}`, 2)).toBe(false);
    expect(exceedsDepth('[[[1]]]', 2)).toBe(true);
    expect(exceedsDepth('[[1],[2]]', 2)).toBe(false);
  });

  // Over a real socket: light-my-request would tidy these URLs before the server sees them.
  const rawGet = async (path: string) => {
    if (!testApp.app.server.listening) await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const address = testApp.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return new Promise<{ status: number; contentType: string; body: unknown }>((resolve, reject) => {
      const outgoing = httpRequest({ host: '127.0.0.1', port, path, headers: { Merchant: 'demo' } }, (incoming) => {
        let body = '';
        incoming.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            contentType: String(incoming.headers['content-type']),
            body: JSON.parse(body),
          }),
        );
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
  };

  test.each([
    [
      'a URL and headers over 16 KiB, refused by the HTTP layer',
      `/wps/system/status?x=${'q'.repeat(20_000)}`,
      431,
      'request.headers.too.large',
    ],
    ['a static path that climbs out of its folder', '/api/docs/static/..', 404, 'not.found'],
  ])('%s', async (_name, path, status, errorCode) => {
    const answer = await rawGet(path);
    expect(answer.status).toBe(status);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.body).toMatchObject({ success: false, value: null, errorCode });
  });
});
