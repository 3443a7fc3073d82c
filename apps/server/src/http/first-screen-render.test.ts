import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * The member site's first screen drawn on the server (issue 19): the site's own render entry
 * (apps/web/src/app/server-entry.tsx, loaded from its source here as the server loads its build),
 * against the seeded demo merchant. And the plain page whenever that render cannot be used.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const renderEntry = path.join(repoRoot, 'apps/web/src/app/server-entry.tsx');

const thaiFont = 'noto-sans-thai-thai-400-normal-BEOmKAI1.woff2';
const latinFont = 'noto-sans-thai-latin-400-normal-BaWBrqFP.woff2';
const fontPreload = (file: string) =>
  `<link rel="preload" as="font" type="font/woff2" href="/assets/${file}" crossorigin />`;

let webDist: string;
let t: TestApp;

async function createWebDist(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lotus-web-'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>site</title></head><body><div id="root"></div></body></html>',
  );
  await mkdir(path.join(dir, 'art/brand'), { recursive: true });
  await writeFile(path.join(dir, 'art/brand/logo-mark.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  // The build's text fonts (@fontsource, one file per script and weight).
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  for (const file of [thaiFont, latinFont, 'noto-sans-thai-thai-700-normal-Cm52XUnT.woff2'])
    await writeFile(path.join(dir, 'assets', file), '');
  return dir;
}

beforeAll(async () => {
  webDist = await createWebDist();
  t = await createTestApp({ WEB_DIST_DIR: webDist, WEB_SSR_ENTRY: renderEntry });
});
afterAll(async () => t?.close());

interface FirstScreenData {
  answers: Record<string, unknown>;
}

function pageParts(html: string): { root: string; data: FirstScreenData } {
  const match = /(<div id="root"[^>]*>.*)<script type="application\/json" id="first-screen-data">(.*?)<\/script>/s.exec(
    html,
  );
  if (!match) throw new Error('no #root and first-screen data in the page');
  return { root: match[1]!, data: JSON.parse(match[2]!) as FirstScreenData };
}

const answerOf = <T>(data: FirstScreenData, prefix: string) =>
  Object.entries(data.answers).find(([url]) => url.startsWith(prefix))?.[1] as T;

describe("the member site's first screen, drawn on the server", () => {
  test("the home page arrives drawn: the first banner's headline, the menu, the game tiles, in Thai", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(200);
    const { root, data } = pageParts(response.body);
    expect(root).toMatch(/^<div id="root" data-rendered-language="TH">/);
    expect(root).not.toContain('class="splash"');
    const banners = answerOf<{ banners: { groupName: string; sort: number; title: string }[] }>(
      data,
      '/wps/relay/MCSFE_getListAnnouncements',
    ).banners.filter((banner) => banner.groupName === 'home');
    const firstBanner = banners.sort((a, b) => a.sort - b.sort)[0]!;
    expect(root).toContain(`<p class="carousel__title">${firstBanner.title}</p>`);
    // The main menu and the category tiles from the game menus; the hot games' tiles by name.
    expect(root).toContain('<nav class="main-nav"');
    expect(root).toContain('<span class="category-tile__name">คาสิโนสด</span>');
    const hotGames = answerOf<{ list: { displayName: string }[] }>(data, '/wps/relay/GCSGAME_hotGamesV2').list;
    expect(hotGames.length).toBeGreaterThan(0);
    expect(root).toContain(
      `<button type="button" class="game-tile__play" aria-label="เล่น ${hotGames[0]!.displayName}"`,
    );
    // A visitor's header: the login form.
    expect(root).toContain('<form class="login-form"');
    // The strict CSP (style-src 'self') drops style attributes in HTML: the render has none.
    expect(root).not.toMatch(/ style="/);
    // Its text's font is fetched with the page: the Thai script's regular weight, and only that.
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    expect(head).toContain(fontPreload(thaiFont));
    expect(head.match(/rel="preload" as="font"/g)).toHaveLength(1);
  });

  test('a lobby arrives drawn: its title, its vendors, and the hot games a visitor sees', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/live', headers: { host: 'localhost' } });
    const { root } = pageParts(response.body);
    expect(root).toMatch(/^<div id="root" data-rendered-language="TH">/);
    expect(response.body).toContain('<html lang="th">');
    expect(root).toContain('<h1 class="page-hero__title">คาสิโนสด</h1>');
    expect(root).toContain('โลตัส ไลฟ์');
    expect(root).toContain('class="game-tile"');
  });

  test('a visitor whose site is in English (its language cookie) gets the page drawn, and its answers, in English', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/live',
      headers: { host: 'localhost', cookie: 'theme=dark; lotus_lang=EN' },
    });
    const { root, data } = pageParts(response.body);
    expect(root).toMatch(/^<div id="root" data-rendered-language="EN">/);
    expect(response.body).toContain('<html lang="en">');
    expect(root).toContain('<h1 class="page-hero__title">Live Casino</h1>');
    expect(root).not.toContain('คาสิโนสด');
    expect(data).toMatchObject({ language: 'EN' });
    expect(Object.keys(data.answers)).toContain('/lgw/games/game_menus?language=EN');
    expect(response.body).toContain(fontPreload(latinFont));
    expect(response.body).not.toContain(fontPreload(thaiFont));
    // Anything else in the cookie is the default language.
    const other = await t.app.inject({
      method: 'GET',
      url: '/live',
      headers: { host: 'localhost', cookie: 'lotus_lang=FR' },
    });
    expect(pageParts(other.body).root).toMatch(/^<div id="root" data-rendered-language="TH">/);
  });

  test('other pages, and a browser with a logged-in member, get the plain page with the splash', async () => {
    for (const request of [
      { url: '/promotions', headers: { host: 'localhost' } },
      { url: '/', headers: { host: 'localhost', cookie: 'theme=dark; lotus_member=1' } },
    ]) {
      const response = await t.app.inject({ method: 'GET', ...request });
      const { root, data } = pageParts(response.body);
      expect(root).toMatch(/^<div id="root"><div class="splash"/);
      expect(Object.keys(data.answers).length).toBeGreaterThan(0);
      // No text before the scripts: no font preload to take their bandwidth.
      expect(response.body).not.toContain('as="font"');
    }
  });
});

describe('a render that fails', () => {
  let broken: TestApp;
  beforeAll(async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lotus-web-ssr-'));
    const entry = path.join(dir, 'server-entry.mjs');
    await writeFile(entry, "export async function renderFirstScreen() { throw new Error('render broke'); }\n");
    broken = await createTestApp({ WEB_DIST_DIR: webDist, WEB_SSR_ENTRY: entry });
  });
  afterAll(async () => broken?.close());

  test('sends the plain page (the splash, the data), never an error', async () => {
    const response = await broken.app.inject({ method: 'GET', url: '/', headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(200);
    const { root, data } = pageParts(response.body);
    expect(root).toMatch(/^<div id="root"><div class="splash"/);
    expect(Object.keys(data.answers).length).toBeGreaterThan(0);
  });
});
