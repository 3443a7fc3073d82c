// /play answers: a game's shell titled with the launch's name, and for an unknown game the error
// page (HTML in the launch's language, never plain text).
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { pageRoutes } from './page-routes.ts';

// Route schemas are zod, compiled as the app compiles them (app.ts).
const app = Fastify().withTypeProvider<ZodTypeProvider>();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);

beforeAll(async () => {
  await app.register(async (scope) => pageRoutes(scope, { frameAncestors: '*' }));
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

test.each([
  ['th', 'ไม่พบเกมนี้'],
  ['en', 'Game not found'],
] as const)('an unknown game in %s is the error page, not plain text', async (lang, title) => {
  const answer = await app.inject({
    method: 'GET',
    url: `/play/no-such-game?token=tok-0123456789abcdef&lang=${lang}&currency=THB`,
  });
  expect(answer.statusCode).toBe(404);
  expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
  expect(answer.body).toContain(`<html lang="${lang}">`);
  expect(answer.body).toContain(`<title>${title}</title>`);
  expect(answer.body).toContain('<main id="game" data-error="GAME_UNKNOWN"></main>');
  expect(answer.body).toContain('<script type="module" src="/public/error.js"></script>');
  expect(answer.body).not.toContain('Unknown game');
});

test('a game is titled with the name the launch gave, escaped; without one, with its kind', async () => {
  const named = await app.inject({
    method: 'GET',
    url: `/play/lucky-lotus?token=tok-0123456789abcdef&lang=th&currency=THB&name=${encodeURIComponent('ดอกบัวนำโชค <b>')}`,
  });
  expect(named.statusCode).toBe(200);
  expect(named.body).toContain('<title>ดอกบัวนำโชค &#60;b&#62;</title>');
  expect(named.body).toContain('data-game-id="lucky-lotus" data-kind="slot"');
  const unnamed = await app.inject({
    method: 'GET',
    url: '/play/baccarat?token=tok-0123456789abcdef&lang=en&currency=THB',
  });
  expect(unnamed.body).toContain('<title>Baccarat</title>');
  expect(unnamed.body).toContain('<script type="module" src="/public/baccarat.js"></script>');
});
