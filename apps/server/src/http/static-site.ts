import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { mediaVariantSrcSet, parseMediaImageUrl } from '@lotus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Serves the built member site. Hashed assets are cached for a year; index.html never, so a new
 * release is picked up at once. Any other GET path that is not an API path gets index.html
 * (history-mode routing happens in the browser).
 */
export async function registerStaticSite(app: FastifyInstance, webDistDir: string): Promise<(() => string) | null> {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDistDir }, 'the member site is not built; run `npm run build` (npm start does it)');
    return null;
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    index: false,
    // One route per built file, found at start: every other path falls through to index.html.
    wildcard: false,
    // Off, or `send`'s own `max-age=0` would overwrite what setHeaders decides.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  const indexHtml = readFileSync(indexFile, 'utf8');
  return () => indexHtml;
}

/**
 * Serves the built back-office (apps/admin) under /admin, beside the member site: same caching, the
 * site's security headers (CSP included). Its history fallback (any other GET under /admin gets its
 * index.html) is in app.ts's not-found handler, before the member site's.
 */
export async function registerAdminSite(app: FastifyInstance, adminDistDir: string): Promise<(() => string) | null> {
  const indexFile = path.join(adminDistDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ adminDistDir }, 'the back-office is not built; run `npm run build` (npm start does it)');
    return null;
  }
  await app.register(fastifyStatic, {
    root: adminDistDir,
    prefix: '/admin/',
    index: false,
    wildcard: false,
    // The member site's registration decorated the reply already.
    decorateReply: false,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  const indexHtml = readFileSync(indexFile, 'utf8');
  return () => indexHtml;
}

/** `/admin` and everything under `/admin/` belong to the back-office (not `/admin-api/`). */
export function isAdminSitePath(urlPath: string): boolean {
  return urlPath === '/admin' || urlPath.startsWith('/admin/');
}

/**
 * The public calls the site makes before it can draw its first screen (apps/web/src/api/: status,
 * whitelabel, game menus, announcements, hot games, home lanes), with the query strings it builds, in
 * the site's default language. The addresses must match what the site asks, byte for byte
 * (URLSearchParams, as @lotus/client's buildUrl), or the site simply asks the network.
 */
function firstScreenCalls(host: string, language: string): string[] {
  const url = (path: string, query?: Record<string, string>) =>
    query ? `${path}?${new URLSearchParams(query).toString()}` : path;
  return [
    url('/wps/system/status', { url: host }),
    url('/wps/system/whitelabel'),
    url('/lgw/games/game_menus', { language }),
    url('/wps/relay/MCSFE_getListAnnouncements', { platform: 'W' }),
    url('/wps/relay/GCSGAME_hotGamesV2', { isPlatform: '2', platform: 'flash,html5-desktop', language }),
    url('/wps/system/homeLanes'),
  ];
}

/** The member site's default language (apps/web/src/lib/i18n.ts), the one a first visit draws in. */
const defaultSiteLanguage = 'TH';
/**
 * The visitor's language as the site last told it (apps/web/src/lib/session.ts, a session cookie
 * beside its session storage), so a reload in English arrives drawn in English instead of Thai first.
 */
export const languageHintCookie = 'lotus_lang';
const siteLanguageOf = (request: FastifyRequest): 'TH' | 'EN' =>
  new RegExp(`(?:^|;\\s*)${languageHintCookie}=EN(?:;|$)`).test(request.headers.cookie ?? '')
    ? 'EN'
    : defaultSiteLanguage;
/** The home page's addresses (apps/web/src/config/paths.ts: home, its aliases, register and login). */
const homePagePaths = new Set(['/', '/index', '/index.html', '/home', '/register', '/register.html', '/login']);

/** The lobbies' first-screen art (apps/web/src/features/games/components/game-lobby.tsx, lobbyArt). */
const lobbyArt: Record<string, string> = {
  '/rng': 'rng',
  '/inhouse': 'rng',
  '/lv155games': 'rng',
  '/bingo': 'bingo',
  '/fish': 'fish',
  '/live': 'live',
  '/pvp': 'pvp',
};

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The site's server render of a first screen (apps/web/src/app/server-entry.tsx, renderFirstScreen). */
export type FirstScreenRenderer = (request: {
  url: string;
  host: string;
  language: 'TH' | 'EN';
  answers: Record<string, unknown>;
}) => Promise<string | null>;

/**
 * Loads the site's server render (apps/web/dist-ssr/server-entry.js, built by `npm run build`) once at
 * start. Missing or broken: null, and every page is sent as before (the splash, drawn by the browser).
 */
export async function loadFirstScreenRenderer(
  app: FastifyInstance,
  entryFile: string,
): Promise<FirstScreenRenderer | null> {
  if (!existsSync(entryFile)) {
    app.log.warn({ entryFile }, "the member site's server render is not built; pages are drawn by the browser");
    return null;
  }
  try {
    const module = (await import(pathToFileURL(entryFile).href)) as { renderFirstScreen?: FirstScreenRenderer };
    if (typeof module.renderFirstScreen !== 'function') throw new Error('it exports no renderFirstScreen');
    return module.renderFirstScreen;
  } catch (error) {
    app.log.error(
      { err: error, entryFile },
      "the member site's server render did not load; pages are drawn by the browser",
    );
    return null;
  }
}

/**
 * A member's browser (apps/web/src/lib/session.ts sets it at login, clears it at logout; it names no
 * one). The server cannot see a member's token, which lives in the tab's session storage, and their
 * header is not a visitor's: their pages are not drawn here, so no visitor's first screen shows first.
 */
export const memberHintCookie = 'lotus_member';
const hasMemberHint = (request: FastifyRequest) =>
  new RegExp(`(?:^|;\\s*)${memberHintCookie}=1(?:;|$)`).test(request.headers.cookie ?? '');

/**
 * The preload of the home page's first banner. An upload with variants (modules/media) is preloaded
 * as the AVIF the site's <picture> will choose (`imagesrcset`/`imagesizes` as its source says, the
 * carousel's `sizes`), typed so a browser without AVIF skips it rather than fetching twice; anything
 * else (the site's SVG art, an external URL, a GIF) as its address.
 */
function firstBannerPreload(imageUrl: string): string {
  const address = parseMediaImageUrl(imageUrl);
  const srcset = address ? mediaVariantSrcSet(address, 'avif') : '';
  const href = escapeAttribute(imageUrl);
  if (!srcset) return `<link rel="preload" as="image" href="${href}" fetchpriority="high" />`;
  return `<link rel="preload" as="image" href="${href}" imagesrcset="${escapeAttribute(srcset)}" imagesizes="100vw" type="image/avif" fetchpriority="high" />`;
}

/**
 * The preloads of a drawn page's text font (issue 19: fonts preloaded, no invisible text): the regular
 * weight of the language's script from the site's build (@fontsource's Noto Sans Thai, subset by
 * script; `font-display: swap` shows the fallback font meanwhile). Only on a drawn page, whose text is
 * in the HTML: on the plain page nothing is text before the scripts run, and a font preload took the
 * slow-4G bandwidth they needed (docs/performance.md).
 */
function fontPreloads(webDistDir: string): Record<'TH' | 'EN', string> {
  const assets = path.join(webDistDir, 'assets');
  const files = existsSync(assets) ? readdirSync(assets) : [];
  const preload = (script: 'thai' | 'latin') => {
    const file = files.find((name) => new RegExp(`^noto-sans-thai-${script}-400-normal-[\\w-]+\\.woff2$`).test(name));
    return file ? `<link rel="preload" as="font" type="font/woff2" href="/assets/${file}" crossorigin />` : '';
  };
  return { TH: preload('thai'), EN: preload('latin') };
}

/**
 * The member site's page as sent to a browser (issue 19, first screen per merchant and language):
 * index.html with, per request, (1) the answers of the first screen's public calls for this host's
 * merchant in the visitor's language (the default, or the language cookie's), as a JSON data block the site takes instead of asking again
 * (apps/web/src/lib/api-client.ts), so the first screen waits for no API round trip after the
 * scripts; (2) on the home page, a preload of its first banner (the first screen's largest image),
 * fetched alongside the scripts, and on a lobby its art; (3) the site's splash inside #root, which it draws first anyway,
 * so something is on screen before the scripts have run. Calls that fail are left out (the site
 * asks them itself). A data block is not a script: the strict CSP (script-src 'self') allows it.
 */
export function firstScreenPage(
  app: FastifyInstance,
  webDistDir: string,
  template: string,
  render: FirstScreenRenderer | null = null,
): (request: FastifyRequest) => Promise<string> {
  // The logo inline: drawn with the page itself, not after the scripts that hold up an image request.
  const logoFile = path.join(webDistDir, 'art/brand/logo-mark.svg');
  const logo = existsSync(logoFile)
    ? readFileSync(logoFile, 'utf8').replace(
        '<svg ',
        '<svg class="splash__logo" width="72" height="72" aria-hidden="true" ',
      )
    : '';
  // A page drawn here needs no script for its first screen: without the module preloads the banner
  // image does not share the line with some thirty scripts; they follow the entry's own imports.
  const drawnPageTemplate = template.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  const fonts = fontPreloads(webDistDir);
  const splash = `<div class="splash" aria-busy="true">${logo}<div class="spinner"><span class="spinner__ring" aria-hidden="true"></span></div></div>`;
  return async (request) => {
    const host = request.headers.host ?? '';
    const firstScreenLanguage = siteLanguageOf(request);
    const answers: Record<string, unknown> = {};
    await Promise.all(
      firstScreenCalls(host, firstScreenLanguage).map(async (url) => {
        const response = await app.inject({
          method: 'GET',
          url,
          remoteAddress: request.ip,
          headers: { host, accept: 'application/json', device: 'web', language: firstScreenLanguage },
        });
        if (response.statusCode !== 200) return;
        const envelope = JSON.parse(response.body) as { success?: boolean; value?: unknown };
        if (envelope.success === true) answers[url] = envelope.value;
      }),
    );
    const path = request.url.split('?')[0] ?? '/';
    let head = '';
    if (homePagePaths.has(path)) {
      const list = answers[firstScreenCalls(host, firstScreenLanguage)[3]!] as
        { banners?: { groupName: string; sort: number; imageUrl: string }[] } | undefined;
      const firstBanner = (list?.banners ?? [])
        .filter((banner) => banner.groupName === 'home')
        .sort((a, b) => a.sort - b.sort)[0];
      if (firstBanner?.imageUrl) head += firstBannerPreload(firstBanner.imageUrl);
    }
    const art = Object.hasOwn(lobbyArt, path) ? lobbyArt[path] : undefined;
    if (art) head += `<link rel="preload" as="image" href="/art/categories/${art}.svg" fetchpriority="high" />`;
    // The first screen drawn here for a visitor (home page and lobbies), before the data is taken
    // (the render consumes its own copy). Any failure: the splash, and the browser draws as before.
    let markup: string | null = null;
    if (render && (homePagePaths.has(path) || art) && !hasMemberHint(request)) {
      try {
        markup = await render({ url: request.url, host, language: firstScreenLanguage, answers: { ...answers } });
      } catch (error) {
        request.log.error(
          { err: error, url: request.url },
          'the first screen did not render; the page goes with the splash',
        );
      }
    }
    if (markup !== null) head += fonts[firstScreenLanguage];
    const root =
      markup === null
        ? `<div id="root">${splash}</div>`
        : `<div id="root" data-rendered-language="${firstScreenLanguage}">${markup}</div>`;
    const data = JSON.stringify({ language: firstScreenLanguage, answers }).replace(/</g, '\\u003c');
    // Replacer functions: a string replacement would read `$&`, `$'`... in the data as patterns.
    return (
      (markup === null ? template : drawnPageTemplate)
        // The page's language from its first byte (the template says Thai): an English page said `th`
        // until the scripts ran, for screen readers, the browser's offer to translate and `:lang()`.
        .replace(/<html(?: lang="[^"]*")?/, () => `<html lang="${firstScreenLanguage.toLowerCase()}"`)
        .replace('</head>', () => `${head}</head>`)
        .replace(
          '<div id="root"></div>',
          () => `${root}<script type="application/json" id="first-screen-data">${data}</script>`,
        )
    );
  };
}

/** The page compressed as the browser accepts (brotli at a quality quick enough per request, or gzip). */
export function encodePage(request: FastifyRequest, html: string): { body: string | Buffer; encoding: string | null } {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted))
    return { body: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }), encoding: 'br' };
  if (/\bgzip\b/.test(accepted)) return { body: gzipSync(html), encoding: 'gzip' };
  return { body: html, encoding: null };
}
