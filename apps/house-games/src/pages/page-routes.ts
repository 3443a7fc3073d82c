import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { z } from 'zod';
import type { HouseAppInstance } from '../http/types.ts';
import { houseGames, isHouseGame } from '../games/catalogue.ts';
import { gameNameOf } from './page-kit.ts';
import { errorTexts } from './page-texts.ts';

/** The built browser code of the game pages (build.mjs writes dist/public). */
const publicDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  existsSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'public')) ? 'public' : '../../dist/public',
);

/** A page's title when the launch gave no game name. */
const titles: Record<string, { th: string; en: string }> = {
  slot: { th: 'สล็อต', en: 'Slot' },
  baccarat: { th: 'บาคาร่า', en: 'Baccarat' },
};

/**
 * `/play/{gameId}`'s query as the platform's launch writes it. Nothing here refuses a page: an
 * unknown or repeated `lang` is Thai, a `name` that is not one text is no name (the kind's title).
 */
const playQuerySchema = z.object({
  lang: z
    .unknown()
    .optional()
    .transform((lang): 'th' | 'en' => (lang === 'en' ? 'en' : 'th')),
  name: z
    .unknown()
    .optional()
    .transform((name) => (typeof name === 'string' ? name : null)),
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The page shell: one script and one stylesheet of dist/public (`page` is the entry's name). */
function shell(options: {
  lang: 'th' | 'en';
  title: string;
  page: string;
  bodyClass: string;
  data: Record<string, string>;
}): string {
  const data = Object.entries(options.data)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  return `<!doctype html>
<html lang="${options.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/public/${options.page}.css">
<script type="module" src="/public/${options.page}.js"></script>
</head>
<body class="house ${options.bodyClass}"><main id="game"${data}></main></body>
</html>`;
}

/**
 * `GET /play/{gameId}?token=&lang=&currency=`: the page the platform's /game iframe shows. A shell
 * that loads the game's script; the token stays in the URL the platform gave and is sent in request
 * bodies, never in other URLs. Strict CSP: our own scripts and styles only.
 */
export async function pageRoutes(app: HouseAppInstance, options: { frameAncestors: string }): Promise<void> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${options.frameAncestors}`,
  ].join('; ');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Content-Security-Policy', csp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
  });

  if (existsSync(publicDir)) await app.register(fastifyStatic, { root: publicDir, prefix: '/public/', maxAge: '1h' });

  app.get(
    '/play/:gameId',
    { schema: { params: z.object({ gameId: z.string() }), querystring: playQuerySchema } },
    async (request, reply) => {
      const { gameId } = request.params;
      const { lang } = request.query;
      reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
      // Not a game of ours: the error page in the player's language, with the way back to the lobby.
      if (!isHouseGame(gameId)) {
        return reply.code(404).send(
          shell({
            lang,
            title: errorTexts[lang].errorPage_title_GAME_UNKNOWN,
            page: 'error',
            bodyClass: 'house--error',
            data: { error: 'GAME_UNKNOWN' },
          }),
        );
      }
      const kind = houseGames[gameId].kind;
      const title = gameNameOf(request.query.name) || titles[kind]![lang];
      return reply.send(
        shell({ lang, title, page: kind, bodyClass: `house--${kind}`, data: { 'game-id': gameId, kind } }),
      );
    },
  );
}
