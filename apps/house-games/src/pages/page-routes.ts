import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { houseGames, isHouseGame } from '../games/catalogue.ts';

/** The built browser code of the game pages (build.mjs writes dist/public). */
const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), existsSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'public')) ? 'public' : '../../dist/public');

const titles: Record<string, { th: string; en: string }> = {
  slot: { th: 'สล็อต', en: 'Slot' },
  baccarat: { th: 'บาคาร่า', en: 'Baccarat' },
};

/**
 * `GET /play/{gameId}?token=&lang=&currency=`: the page the platform's /game iframe shows. A shell
 * that loads the game's script; the token stays in the URL the platform gave and is sent in request
 * bodies, never in other URLs. Strict CSP: our own scripts and styles only.
 */
export async function pageRoutes(app: FastifyInstance, options: { frameAncestors: string }): Promise<void> {
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

  app.get<{ Params: { gameId: string }; Querystring: { lang?: string } }>('/play/:gameId', async (request, reply) => {
    const { gameId } = request.params;
    if (!isHouseGame(gameId)) return reply.code(404).type('text/plain').send('Unknown game');
    const kind = houseGames[gameId].kind;
    const lang = request.query.lang === 'en' ? 'en' : 'th';
    reply.header('Cache-Control', 'no-store');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${titles[kind]![lang]}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/public/${kind}.css">
<script type="module" src="/public/${kind}.js"></script>
</head>
<body class="house house--${kind}"><main id="game" data-game-id="${gameId}" data-kind="${kind}"></main></body>
</html>`);
  });
}
