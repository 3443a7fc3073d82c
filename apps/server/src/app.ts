import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { errorCodes } from '@lotus/contract';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import { PublicCache } from './cache/public-cache.ts';
import { listenForChanges } from './db/change-listener.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/schema.ts';
import { AppError } from './http/app-error.ts';
import { sendClientError, sendError } from './http/error-handler.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { registerMetrics } from './http/metrics.ts';
import { registerSeamlessWalletMetrics } from './modules/seamless-wallet/index.ts';
import { registerNulGuard } from './http/nul-guard.ts';
import { registerOwnHookArrays } from './http/own-hook-arrays.ts';
import { registerOpenApi } from './http/openapi.ts';
import { ResponseCache, createCacheFastPath, registerResponseCache } from './http/response-cache.ts';
import { RequestLogController } from './http/request-log.ts';
import { isMerchantScoped, resolveMerchant } from './http/request-context.ts';
import { apiSecurityHeaders, registerSecurityHeaders } from './http/security.ts';
import {
  encodePage,
  firstScreenPage,
  loadFirstScreenRenderer,
  isAdminSitePath,
  registerAdminSite,
  registerStaticSite,
} from './http/static-site.ts';
import type { AppInstance } from './http/types.ts';
import { MerchantDirectory } from './modules/merchant/index.ts';
import { createMessageSenders } from './modules/messaging/index.ts';
import { routeModules } from './modules/routes.ts';
import { registerIdempotency } from './modules/idempotency/index.ts';
import { registerSealedPayloads } from './modules/sealed/index.ts';
import { registerCredentialBudget } from './modules/verification/index.ts';
import { BalanceStreams } from './modules/wallet/index.ts';
import { rewardChangeChannel } from './modules/promotions/index.ts';
import { ChatHub } from './modules/chat/index.ts';
import {
  createTransferVendorClients,
  type TransferVendorClientWrapper,
  type Integration,
  type TransferVendorClient,
} from './modules/transfer-wallet/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    config: AppConfig;
    /** The client of a transfer-mode vendor integration (modules/transfer-wallet). */
    transferVendorClient(integration: Integration): TransferVendorClient;
    /** The app's clock (epoch ms): `buildApp({ now })`, Date.now unless a test injects one. */
    now(): number;
    /** Waits `ms` on the app's clock: real time, unless a test injects one (progressive login delays). */
    pause(ms: number): Promise<void>;
    publicCache: PublicCache;
    /** The HTTPS agent of the operator's test push sends (`buildApp({ pushAgent })`); undefined in production. */
    pushAgent: HttpsAgent | undefined;
    /** Resolves once every data change committed so far has dropped its cached reads and woken balance streams. */
    syncCaches(): Promise<void>;
    /** Open balance streams of this instance, woken by PostgreSQL's `balance_change` notifications. */
    balanceStreams: BalanceStreams;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  db: Kysely<Database>;
  /** Used for the LISTEN connection that drops caches when data changes. */
  connectionString: string;
  logger: Logger;
  /** The clock (epoch ms) of sealed payloads' time checks; tests inject one. Default Date.now. */
  now?: () => number;
  /** How the app waits (progressive delays); tests inject one that records instead of sleeping. */
  pause?: (ms: number) => Promise<void>;
  /** Wraps each transfer-vendor client; tests use it to lose answers on the way back. */
  wrapTransferVendorClient?: TransferVendorClientWrapper;
  /** The HTTPS agent of the operator's test push sends: default none (the system's trust store); tests trust their local push service. */
  pushAgent?: HttpsAgent;
  /** Sees every route as it is registered, with its hooks: tests walk the route table with it. */
  onRoute?: (route: RouteOptions) => void;
}

/** Paths that only ever answer JSON envelopes (never the site's index.html). */
const apiPrefixes = ['/wps/', '/lgw/', '/api/', '/admin-api/', '/vendor-api/'];

function isApiPath(url: string): boolean {
  // The OpenAPI page under /api/docs is a document and gets the site's headers.
  return apiPrefixes.some((prefix) => url.startsWith(prefix)) && !url.startsWith('/api/docs');
}

export async function buildApp({
  config,
  db,
  connectionString,
  logger,
  now,
  pause,
  wrapTransferVendorClient,
  pushAgent,
  onRoute,
}: BuildAppOptions): Promise<AppInstance> {
  const options: FastifyServerOptions = {
    loggerInstance: logger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    // The client's IP is the socket's address, or X-Forwarded-For only from a listed proxy.
    trustProxy: config.TRUST_PROXY.length > 0 ? [...config.TRUST_PROXY] : false,
    requestIdHeader: 'x-request-id',
    logController: new RequestLogController(),
    genReqId: () => crypto.randomUUID(),
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Errors raised before routing (a URL that does not decode) and by the HTTP parser get the envelope too.
    frameworkErrors: (error, request, reply) => sendError(error, request, reply),
    clientErrorHandler: sendClientError,
  };
  // Cached lobby answers are written before Fastify sees the request (see createCacheFastPath).
  let serveFromCache: ((request: IncomingMessage, response: ServerResponse) => boolean) | null = null;
  options.serverFactory = (handler) =>
    createServer((request, response) => {
      if (serveFromCache?.(request, response)) return;
      handler(request, response);
    });
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (onRoute) app.addHook('onRoute', onRoute);

  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('messageSenders', createMessageSenders(config));
  app.decorate('now', now ?? Date.now);
  app.decorate('pause', pause ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))));
  app.decorate('publicCache', new PublicCache());
  app.decorate('pushAgent', pushAgent);
  app.decorate(
    'transferVendorClient',
    createTransferVendorClients({ nowMs: () => app.now(), wrap: wrapTransferVendorClient }),
  );
  app.decorateRequest('merchant', null as never);
  app.decorateRequest('language', 'TH');
  app.decorateRequest('device', 'web');
  // Set by modules/identity's requireMember on calls that need a token.
  app.decorateRequest('member', null as never);

  const merchants = new MerchantDirectory(db);
  const responseCache = new ResponseCache({ headers: apiSecurityHeaders });
  const dropCaches = (merchantId: number | null) => {
    merchants.forget();
    if (merchantId === null) {
      app.publicCache.invalidateAll();
      responseCache.invalidateAll();
    } else {
      app.publicCache.invalidate(merchantId);
      responseCache.invalidate(merchantId);
    }
  };
  app.decorate('balanceStreams', new BalanceStreams());
  app.decorate('chatHub', new ChatHub());
  let hasListened = false;
  const changeListener = listenForChanges(
    connectionString,
    {
      channels: {
        public_cache: (payload) => dropCaches(/^\d+$/.test(payload) ? Number(payload) : null),
        balance_change: (payload) => app.balanceStreams.changed(payload),
        session_end: (payload) => app.balanceStreams.sessionEnded(payload),
        inbox_change: (payload) => app.balanceStreams.inboxChanged(payload),
        [rewardChangeChannel]: (payload) => app.balanceStreams.rewardsChanged(payload),
        chat_change: (payload) => app.chatHub.changed(payload),
      },
      // Anything may have changed while nobody listened.
      onConnected: () => {
        dropCaches(null);
        app.balanceStreams.changedAll();
        app.chatHub.changedAll();
        // A session may have ended unheard: after a reconnection every open stream ends, and the
        // site's reconnect is refused 401 (logged out) only for a session that really ended.
        if (hasListened) app.balanceStreams.closeAll();
        hasListened = true;
      },
    },
    logger,
  );
  app.decorate('syncCaches', () => changeListener.sync());
  app.addHook('onClose', () => changeListener.stop());

  app.setErrorHandler((error, request, reply) => sendError(error as Error, request, reply));
  // Before the plugins below, which add route hooks by pushing into the route's arrays.
  registerOwnHookArrays(app);

  registerSecurityHeaders(app, isApiPath, [config.HOUSE_GAMES_URL]);
  // The merchant is resolved before body parsing, so even a malformed body is answered in its language.
  app.addHook('onRequest', async (request) => {
    if (isMerchantScoped(request.url)) await resolveMerchant(request, merchants);
  });
  // Before compression, so that it stores the plain body and compression never runs on a hit.
  registerResponseCache(app, responseCache);
  // Before compression too: it stores the plain answer of money calls for replays.
  registerIdempotency(app);
  // No client sends compressed bodies, so request decompression (a hook on every request) is off.
  await app.register(compress, { threshold: 1024, globalDecompression: false });
  await app.register(formbody, { bodyLimit: config.BODY_LIMIT_BYTES });
  registerJsonBodyParser(app, config.BODY_LIMIT_BYTES);

  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true })
    : null;
  if (redis) {
    redis.on('error', (error) => logger.warn({ err: error }, 'redis error'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.REDIS_KEY_PREFIX}rate-limit:` } : {}),
    // If Redis is down, throttling must not take the site down with it.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(429, errorCodes.tooManyRequests, { params: { seconds }, retryAfterSeconds: seconds });
    },
  });

  const recordRequest = registerMetrics(app, config.METRICS_ALLOW, [
    (registry) => registerSeamlessWalletMetrics(registry, db),
  ]);
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
    // Open balance streams would keep the server from draining.
    app.balanceStreams.closeAll();
  });
  serveFromCache = createCacheFastPath({
    cache: responseCache,
    merchants,
    isProxyTrusted: config.TRUST_PROXY.length > 0,
    isClosing: () => isClosing,
    onHit: (method, route, seconds) => recordRequest(method, route, 200, seconds),
  });
  await registerOpenApi(app);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ success: true, value: { status: 'up' } }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { success: true, value: { status: 'ready' } };
    } catch {
      return reply
        .status(503)
        .send({ success: false, value: null, errorCode: errorCodes.unavailable, message: 'database unreachable' });
    }
  });

  registerCredentialBudget(app, config.CREDENTIAL_CALLS_PER_HOUR_PER_IP);
  // Before the routes: it decorates app.sealedPayloads and opens the bodies of routes with config.sealed.
  registerSealedPayloads(app, { now, callsPerMinutePerIp: config.SEALED_CALLS_PER_MINUTE_PER_IP });
  registerNulGuard(app);
  for (const routes of routeModules) await app.register(routes);

  const indexHtml = await registerStaticSite(app, config.WEB_DIST_DIR);
  // The member site's page carries its first screen's data and image preload (issue 19).
  const memberPage = indexHtml
    ? firstScreenPage(app, config.WEB_DIST_DIR, indexHtml(), await loadFirstScreenRenderer(app, config.WEB_SSR_ENTRY))
    : null;
  const adminIndexHtml = await registerAdminSite(app, config.ADMIN_DIST_DIR);
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = isApiPath(path);
    // A missing file (an old tab asking for a chunk of the previous release) must be a 404, so the
    // site shows its chunk-failure panel instead of parsing index.html as JavaScript. An .html
    // address is a page: the site keeps the original's /register.html (spec §2).
    const isFile =
      path.startsWith('/assets/') ||
      path.startsWith('/admin/assets/') ||
      (/\.[a-z0-9]{1,8}$/i.test(path) && !/\.html$/i.test(path));
    // The back-office has its own history fallback under /admin; the member site keeps every other path.
    const page = isAdminSitePath(path) ? adminIndexHtml : indexHtml;
    if (!isApi && !isFile && page && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
      if (page !== indexHtml || !memberPage) return reply.send(page());
      // Compressed here: @fastify/compress hooks the routes it sees, and this handler is none of them.
      const { body, encoding } = encodePage(request, await memberPage(request));
      if (encoding) reply.header('Content-Encoding', encoding).header('Vary', 'Accept-Encoding');
      return reply.send(body);
    }
    return sendError(AppError.notFound(), request, reply);
  });

  return app;
}
