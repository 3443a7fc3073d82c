import type { FastifyInstance, RouteOptions } from 'fastify';

const routeHookNames = [
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
  'onError',
  'onTimeout',
  'onRequestAbort',
] as const satisfies ReadonlyArray<keyof RouteOptions>;

/**
 * Gives every route its own copy of each hook array it was declared with. Routes share guard arrays
 * (`onRequest: requireAgent`), and @fastify/rate-limit adds its hook with `push`: without the copy, the
 * limit of one route (30 a minute) landed in the shared array and throttled every later route that used
 * the guard, even those with no limit of their own, and each app built in the same process (the test
 * files of one worker) pushed one more, keyed to its own store. Register before any plugin that adds
 * route hooks.
 */
export function registerOwnHookArrays(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const hooks = route as unknown as Record<string, unknown>;
    for (const name of routeHookNames) if (Array.isArray(hooks[name])) hooks[name] = [...hooks[name]];
  });
}
