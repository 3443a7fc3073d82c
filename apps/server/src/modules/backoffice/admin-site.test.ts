import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/** The back-office app at /admin beside the member site: its files, its own history fallback, the site's CSP. */
let t: TestApp;

beforeAll(async () => {
  const webDist = await mkdtemp(path.join(os.tmpdir(), 'lotus-web-'));
  const adminDist = await mkdtemp(path.join(os.tmpdir(), 'lotus-admin-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>site</title>');
  await writeFile(path.join(adminDist, 'index.html'), '<!doctype html><title>back-office</title>');
  await mkdir(path.join(adminDist, 'assets'));
  await writeFile(path.join(adminDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(path.join(adminDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ WEB_DIST_DIR: webDist, ADMIN_DIST_DIR: adminDist });
});
afterAll(async () => t?.close());

describe('/admin', () => {
  test.each(['/admin', '/admin/', '/admin/login', '/admin/members/42', '/admin/audit?operator=boss'])(
    '%s is the back-office page, with the site CSP',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>back-office</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  test("the member site's fallback is untouched: other paths, and look-alikes of /admin, get the site", async () => {
    for (const url of ['/', '/members', '/administrator', '/adminx/y']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>site</title>');
    }
  });

  test('built files are served with long caching for hashed assets; a missing asset is a 404, not the page', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/admin/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ method: 'GET', url: '/admin/favicon.svg' })).statusCode).toBe(200);
    const missing = await t.app.inject({ method: 'GET', url: '/admin/assets/index-old.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ errorCode: 'not.found' });
  });

  test('/admin-api/ stays an API prefix: JSON 404 with the API headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/admin-api/nothing', headers: { merchant: 'demo' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'not.found' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
