import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { depositKit } from '../deposit.testing.ts';
import { readSiteFontFaces } from './pay-page-font.ts';

/**
 * The pay page draws Thai with the member site's font. A built site is stood in for by a folder laid
 * out as Vite lays out apps/web/dist: the real font files of @fontsource/noto-sans-thai under
 * /assets/ with hashed names, and a CSS file with the @font-face rules Vite writes for them (the
 * browser journey e2e/phone.spec.ts checks the real build).
 */
const fontsourceDir = path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-thai/package.json'));
let distDir: string;
let testApp: TestApp;

/** A @font-face rule as the built site has it (minified, hashed file names under /assets/). */
const fontFace = (
  subset: string,
  weight: number,
  url = `/assets/noto-sans-thai-${subset}-${weight}-normal-Hx1.woff2`,
) =>
  `@font-face{font-family:Noto Sans Thai;font-style:normal;font-display:swap;font-weight:${weight};src:url(${url}) format("woff2");unicode-range:U+0E01-0E5B}`;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'lotus-web-dist-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>site</title>');
  for (const weight of [400, 700]) {
    for (const subset of ['thai', 'latin']) {
      copyFileSync(
        path.join(fontsourceDir, 'files', `noto-sans-thai-${subset}-${weight}-normal.woff2`),
        path.join(distDir, 'assets', `noto-sans-thai-${subset}-${weight}-normal-Hx1.woff2`),
      );
    }
  }
  writeFileSync(
    path.join(distDir, 'assets', 'index-Ab12.css'),
    [
      fontFace('thai', 400),
      fontFace('latin', 400),
      fontFace('thai', 500),
      fontFace('thai', 700),
      fontFace('latin', 700),
      // Never on the pay page: another family, and a file from elsewhere (its policy allows only its own origin).
      '@font-face{font-family:Other Sans;font-weight:400;src:url(/assets/other-400.woff2) format("woff2")}',
      fontFace('thai', 400, 'https://fonts.example/thai.woff2'),
      ':root{--font:"Noto Sans Thai",system-ui}',
    ].join(''),
  );
  testApp = await createTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await testApp?.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('the DEMOPAY pay page and the site font', () => {
  test('the page declares the site font from its own /assets/ files, its policy allows them, and each answers 200 as a font', async () => {
    const kit = depositKit(testApp);
    const { token } = await kit.member();
    const deposit = await kit.createOk(token, { methodCode: 'DEMOPAY', amount: '100.00' });
    const page = await testApp.app.inject({
      method: 'GET',
      url: new URL(deposit.payUrl!, 'http://site.invalid').pathname,
    });
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain('ชำระเงิน / Pay');

    const style = /<style>([\s\S]*)<\/style>/.exec(html)![1]!;
    expect(style).toContain("body{font-family:'Noto Sans Thai',system-ui,sans-serif");
    const fontUrls = [...style.matchAll(/url\(([^)]+)\)/g)].map((match) => match[1]);
    expect(fontUrls.sort()).toEqual([
      '/assets/noto-sans-thai-latin-400-normal-Hx1.woff2',
      '/assets/noto-sans-thai-latin-700-normal-Hx1.woff2',
      '/assets/noto-sans-thai-thai-400-normal-Hx1.woff2',
      '/assets/noto-sans-thai-thai-700-normal-Hx1.woff2',
    ]);

    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("font-src 'self'");
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);

    for (const url of fontUrls) {
      const font = await testApp.app.inject({ method: 'GET', url: url! });
      expect(font.statusCode, url).toBe(200);
      expect(font.headers['content-type'], url).toBe('font/woff2');
      expect(font.rawPayload.equals(readFileSync(path.join(distDir, url!)))).toBe(true);
    }
  });

  test('without a built site there are no font rules, and the page keeps the system fonts', () => {
    expect(readSiteFontFaces(path.join(distDir, 'missing'))).toBe('');
  });
});
