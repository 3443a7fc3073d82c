import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { credentialPaths } from './credential-budget.ts';

/** The shared hourly cap of credential calls per IP, through the real app. */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ CREDENTIAL_CALLS_PER_HOUR_PER_IP: '5' });
});
afterAll(() => testApp?.close());

function call(method: 'GET' | 'POST', url: string, remoteAddress: string) {
  return testApp.app.inject({
    method,
    url,
    remoteAddress,
    headers: { Merchant: 'demo', Language: 'EN', ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    ...(method === 'POST' ? { payload: '{}' } : {}),
  });
}

describe('the hourly cap of credential calls', () => {
  test('every listed path is a real route (the list cannot silently rot)', () => {
    for (const url of credentialPaths) {
      const exists = (['GET', 'POST', 'PUT'] as const).some((method) => testApp.app.hasRoute({ method, url }));
      expect(exists, url).toBe(true);
    }
  });

  test('calls to different credential paths share one budget per IP; the next is 429 before anything is read', async () => {
    const ip = '10.77.0.1';
    const sequence = [
      ['POST', '/wps/session/login'],
      ['POST', '/wps/member/password/email'],
      ['POST', '/wps/session/login/freeplay'],
      ['POST', '/wps/verification/sms/noLogin'],
      ['GET', '/wps/captcha'],
    ] as const;
    for (const [method, url] of sequence) {
      expect((await call(method, url, ip)).statusCode, url).not.toBe(429);
    }
    const refused = await call('POST', '/wps/session/login', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, errorCode: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);

    // Another address has its own budget; other calls are not counted or capped.
    expect((await call('POST', '/wps/session/login', '10.77.0.2')).statusCode).not.toBe(429);
    expect((await call('GET', '/wps/system/whitelabel', ip)).statusCode).toBe(200);
  });
});
