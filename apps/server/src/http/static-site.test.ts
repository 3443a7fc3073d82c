import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** The member site's page with its first screen (issue 19): data, preloads, splash, compressed. */
let t: TestApp;

beforeAll(async () => {
  const webDist = await mkdtemp(path.join(os.tmpdir(), 'lotus-web-'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>site</title></head><body><div id="root"></div></body></html>',
  );
  await mkdir(path.join(webDist, 'art/brand'), { recursive: true });
  await writeFile(path.join(webDist, 'art/brand/logo-mark.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  t = await createTestApp({ WEB_DIST_DIR: webDist });
});
afterAll(async () => t?.close());

function firstScreenData(html: string): { language: string; answers: Record<string, unknown> } {
  const match = /<script type="application\/json" id="first-screen-data">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no first-screen data in the page');
  return JSON.parse(match[1]!) as { language: string; answers: Record<string, unknown> };
}

describe("the member site's first screen", () => {
  test("the page carries the first screen's answers, as the site asks them, and the splash", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(200);
    const data = firstScreenData(response.body);
    expect(data.language).toBe('TH');
    expect(Object.keys(data.answers)).toEqual(
      expect.arrayContaining([
        '/wps/system/status?url=localhost',
        '/wps/system/whitelabel',
        '/lgw/games/game_menus?language=TH',
        '/wps/relay/MCSFE_getListAnnouncements?platform=W',
        '/wps/relay/GCSGAME_hotGamesV2?isPlatform=2&platform=flash%2Chtml5-desktop&language=TH',
      ]),
    );
    // The same value the call itself answers.
    const whitelabel = await t.app.inject({
      method: 'GET',
      url: '/wps/system/whitelabel',
      headers: { host: 'localhost', Language: 'TH', Device: 'web' },
    });
    expect(data.answers['/wps/system/whitelabel']).toEqual(whitelabel.json().value);
    expect(response.body).toContain('<div id="root"><div class="splash" aria-busy="true"><svg class="splash__logo"');
    // Nothing in the data can close its element early.
    expect(/<\/script>/.test(JSON.stringify(data))).toBe(false);
  });

  test("an operator's text with replacement patterns or a closing tag stays data, and the page stays whole", async () => {
    const text = "50% off $' and $& and $` </script><script>alert(1)</script>";
    await t.db
      .insertInto('announcement')
      .values({
        merchant_id: t.demoMerchantId,
        code: 'first-screen-patterns',
        type: 'H',
        title_th: text,
        title_en: text,
        content_th: text,
        content_en: text,
        published_at: new Date(),
      })
      .execute();
    await t.settle();
    const response = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'localhost' } });
    expect(response.body.match(/id="first-screen-data"/g)).toHaveLength(1);
    expect(response.body.match(/<\/body><\/html>$/)).not.toBeNull();
    expect(response.body).not.toContain('<script>alert(1)</script>');
    expect(JSON.stringify(firstScreenData(response.body).answers)).toContain(JSON.stringify(text).slice(1, -1));
  });

  test('the home page preloads its first banner, a lobby its art, other pages neither', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'localhost' } });
    expect(home.body).toMatch(/<link rel="preload" as="image" href="[^"]+" fetchpriority="high" \/><\/head>/);
    const lobby = await t.app.inject({ method: 'GET', url: '/live?page=LTLIVE', headers: { host: 'localhost' } });
    expect(lobby.body).toContain(
      '<link rel="preload" as="image" href="/art/categories/live.svg" fetchpriority="high" />',
    );
    const help = await t.app.inject({ method: 'GET', url: '/help', headers: { host: 'localhost' } });
    expect(help.body).not.toContain('rel="preload"');
  });

  test('an uploaded first banner is preloaded as the AVIF its <picture> chooses (imagesrcset, imagesizes)', async () => {
    const sha256 = 'cd'.repeat(32);
    const imageUrl = `/media/${t.demoMerchantId}/${sha256}-1200x400.jpg`;
    await t.db
      .insertInto('banner')
      .values({
        merchant_id: t.demoMerchantId,
        code: 'first-screen-upload',
        group_name: 'home',
        title_th: 'Uploaded',
        title_en: 'Uploaded',
        image_url: imageUrl,
        sort: -1000,
      })
      .execute();
    await t.settle();
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'localhost' } });
    const variant = (width: number) => `/media/${t.demoMerchantId}/${sha256}-${width}.avif ${width}w`;
    expect(home.body).toContain(
      `<link rel="preload" as="image" href="${imageUrl}" imagesrcset="${[360, 720, 1080, 1200].map(variant).join(', ')}" imagesizes="100vw" type="image/avif" fetchpriority="high" />`,
    );
  });

  test('the page is compressed when the browser accepts it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'localhost', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('id="first-screen-data"');
  });
});
