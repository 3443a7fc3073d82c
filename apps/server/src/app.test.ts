import { mkdtemp, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app.ts';

/** The HTTP edge every module shares: envelope, headers, merchant, errors, health, metrics, docs, site. */
let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'lotus-web-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>site</title><div id="root"></div>');
  t = await createTestApp({ WEB_DIST_DIR: webDist, TRUST_PROXY: '10.9.9.9' });
});
afterAll(async () => t?.close());

const demo = { Merchant: 'demo' };

describe('envelope and errors', () => {
  test('an unknown /wps or /lgw path is a 404 envelope, in the requested language', async () => {
    for (const url of ['/wps/nothing/here', '/lgw/nope']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { ...demo, Language: 'EN' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, value: null, errorCode: 'not.found', message: 'Not found' });
    }
    const thai = await t.app.inject({ method: 'GET', url: '/wps/nothing', headers: { ...demo, Language: 'TH' } });
    expect(thai.json().message).toBe('ไม่พบสิ่งที่ร้องขอ');
  });

  test('malformed JSON is a 400 envelope, not a 500', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/wps/feedback',
      headers: { ...demo, Language: 'EN', 'content-type': 'application/json' },
      payload: '{"content": "hi',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, value: null, errorCode: 'request.body.malformed' });
  });

  test('an oversized body is a 413 envelope', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/wps/feedback',
      headers: { ...demo, 'content-type': 'application/json' },
      payload: JSON.stringify({ content: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'request.body.too.large' });
  });

  test('an unsupported content type is a 415 envelope', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/wps/feedback',
      headers: { ...demo, 'content-type': 'application/xml' },
      payload: '<content/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'request.content.type.unsupported' });
  });

  test('a schema failure names the field in the member language', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/wps/feedback',
      headers: { ...demo, Language: 'EN' },
      payload: { content: 42 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'validation.failed', field: 'content' });
    expect(response.json().message).toContain('content');
  });
});

describe('merchant resolution', () => {
  test('an unknown Merchant header gets a clear error code', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/wps/system/whitelabel',
      headers: { Merchant: 'nobody', Language: 'EN' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'merchant.unknown' });
  });

  test('without the header, the host finds the merchant through its domain list', async () => {
    const known = await t.app.inject({
      method: 'GET',
      url: '/wps/system/whitelabel',
      headers: { host: 'localhost:8080' },
    });
    expect(known.statusCode).toBe(200);
    expect(known.json().value.merchantCode).toBe('demo');
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/wps/system/whitelabel',
      headers: { host: 'evil.example' },
    });
    expect(unknown.json().errorCode).toBe('merchant.unknown');
  });

  test('a disabled merchant is refused', async () => {
    await t.db.updateTable('merchant').set({ status: 'disabled' }).where('code', '=', 'demo').execute();
    await t.settle();
    try {
      const response = await t.app.inject({
        method: 'GET',
        url: '/wps/system/whitelabel',
        headers: { ...demo, Language: 'EN' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().errorCode).toBe('merchant.disabled');
    } finally {
      await t.db.updateTable('merchant').set({ status: 'active' }).where('code', '=', 'demo').execute();
      await t.settle();
    }
  });
});

describe('client IP', () => {
  const ipOf = async (headers: Record<string, string>, remoteAddress: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { ...demo, ...headers },
      remoteAddress,
    });
    return response.json().value.location.ip as string;
  };

  test('is the socket address when no proxy is trusted for it', async () => {
    expect(await ipOf({ 'x-forwarded-for': '8.8.8.8' }, '203.0.113.5')).toBe('203.0.113.5');
  });

  test('is the X-Forwarded-For address only from a TRUST_PROXY proxy', async () => {
    expect(await ipOf({ 'x-forwarded-for': '8.8.8.8' }, '10.9.9.9')).toBe('8.8.8.8');
  });
});

describe('operations', () => {
  test('/healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ success: true, value: { status: 'up' } });
    expect((await t.app.inject('/readyz')).json()).toEqual({ success: true, value: { status: 'ready' } });
  });

  test('/metrics counts requests per route pattern, for allowed addresses only', async () => {
    await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel', headers: demo });
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toMatch(
      /http_requests_total\{method="GET",route="\/wps\/system\/whitelabel",status_code="200"\} \d+/,
    );
    expect(metrics.body).toContain('http_request_duration_seconds_bucket');
    const outsider = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(outsider.statusCode).toBe(403);
  });

  test('OpenAPI is generated from the contract', async () => {
    const response = await t.app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/wps/system/status', '/lgw/games/game_menus', '/wps/feedback']),
    );
    const ui = await t.app.inject('/api/docs');
    expect([200, 302]).toContain(ui.statusCode);
  });

  test('JSON answers carry the short API security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/wps/system/country', headers: demo });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  test('security headers with a strict Content-Security-Policy', async () => {
    const response = await t.app.inject('/');
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  test('responses are compressed when the client accepts it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/wps/system/country',
      headers: { ...demo, 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  test('a cached public answer is served whole, gzip included, and dropped when its data changes', async () => {
    const request = {
      method: 'GET' as const,
      url: '/wps/system/helpCenter',
      headers: { ...demo, Language: 'EN', 'accept-encoding': 'gzip' },
    };
    const first = await t.app.inject(request);
    const second = await t.app.inject(request);
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(second.rawPayload).toString())).toEqual(
      JSON.parse(gunzipSync(first.rawPayload).toString()),
    );

    await t.db.updateTable('help_topic').set({ title_en: 'Changed title' }).where('tag', '=', 'about').execute();
    await t.settle();
    const third = await t.app.inject(request);
    const topics = JSON.parse(gunzipSync(third.rawPayload).toString()).value as Array<{ tag: string; title: string }>;
    expect(topics.find((topic) => topic.tag === 'about')?.title).toBe('Changed title');
  });

  test('a request id is echoed into the logs context and accepted from the caller', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(response.statusCode).toBe(200);
  });
});

describe('the response cache over real HTTP', () => {
  test('a hit written by the fast path is the same answer, headers and metrics as the first', async () => {
    // All loopback addresses, so the next test can call from 127.0.0.2 as another caller.
    await t.app.listen({ host: '0.0.0.0', port: 0 });
    const address = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const get = (url: string) =>
      fetch(`${address}${url}`, { headers: { Merchant: 'demo', Language: 'EN', 'Accept-Encoding': 'gzip' } });
    const headersOf = (response: Response) =>
      Object.fromEntries(
        [...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)),
      );
    const countOf = async () => {
      const metrics = (await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
      return Number(
        /http_requests_total\{method="GET",route="\/wps\/system\/helpCenter",status_code="200"\} (\d+)/.exec(
          metrics,
        )?.[1] ?? 0,
      );
    };

    const before = await countOf();
    const miss = await get('/wps/system/helpCenter');
    const hit = await get('/wps/system/helpCenter');
    expect(hit.status).toBe(200);
    expect(headersOf(hit)).toEqual(headersOf(miss));
    expect(await hit.json()).toEqual(await miss.json());
    expect(await countOf()).toBe(before + 2);

    // A change drops the entry: the next answer has the new data.
    await t.db.updateTable('help_topic').set({ title_en: 'Fresh title' }).where('tag', '=', 'faq').execute();
    await t.settle();
    const fresh = (await (await get('/wps/system/helpCenter')).json()) as {
      value: Array<{ tag: string; title: string }>;
    };
    expect(fresh.value.find((topic) => topic.tag === 'faq')?.title).toBe('Fresh title');
  });

  test('per-caller answers are not served to another caller', async () => {
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    // The caller's address is the socket's source address, so bind the client to pick it.
    const status = (localAddress: string) =>
      new Promise<string>((resolve, reject) => {
        http
          .get(
            { host: '127.0.0.1', port, path: '/wps/system/status', localAddress, headers: { Merchant: 'demo' } },
            (response) => {
              let body = '';
              response.on('data', (chunk: Buffer) => (body += chunk.toString()));
              response.on('end', () =>
                resolve((JSON.parse(body) as { value: { location: { ip: string } } }).value.location.ip),
              );
            },
          )
          .on('error', reject);
      });
    expect(await status('127.0.0.1')).toBe('127.0.0.1');
    expect(await status('127.0.0.1')).toBe('127.0.0.1');
    expect(await status('127.0.0.2')).toBe('127.0.0.2');
  });
});

describe('the built site', () => {
  test('any non-API path returns index.html (history mode), .html addresses of the site too', async () => {
    for (const url of ['/', '/live?page=LTLIVE', '/no/such/page', '/help', '/register.html']) {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  test('API prefixes and missing files never fall back to the site', async () => {
    for (const url of ['/api/nothing', '/vendor-api/x', '/admin-api/y', '/assets/index-old.js', '/favicon.ico']) {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.json().success).toBe(false);
    }
  });
});
