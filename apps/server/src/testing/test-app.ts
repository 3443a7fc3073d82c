import { randomBytes } from 'node:crypto';
import type { Agent as HttpsAgent } from 'node:https';
import type { RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { DestinationStream } from 'pino';
import { buildApp } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { AppInstance } from '../http/types.ts';
import { createLogger } from '../logger.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import type { TransferVendorClientWrapper } from '../modules/transfer-wallet/index.ts';

export interface TestApp {
  app: AppInstance;
  db: Kysely<Database>;
  config: AppConfig;
  /** The seeded demo merchant's id. */
  demoMerchantId: number;
  /** The app's database, to share with another app (a second API instance). */
  database: TestDatabase;
  /** Waits until the app has seen every change notification sent so far (cache invalidation is async). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** The app's clock (epoch ms), for tests of time windows without sleeping. */
  now?: () => number;
  /**
   * How the app waits (progressive login delays). Default: not at all, so tests of throttles do not
   * sleep; a test of the delays passes one that records what was asked.
   */
  pause?: (ms: number) => Promise<void>;
  /** Test-only routes, registered before the app is ready. */
  registerRoutes?: (app: AppInstance) => void | Promise<void>;
  /** Run as a second API instance on this database (not dropped on close) instead of a fresh one. */
  database?: TestDatabase;
  /** Wraps the clients of transfer-mode vendors (to lose their answers on the way back). */
  wrapTransferVendorClient?: TransferVendorClientWrapper;
  /** The HTTPS agent of the operator's test push sends (one that trusts a local push service). */
  pushAgent?: HttpsAgent;
  /** Sees every route as the app registers it (hooks included), to walk the route table. */
  onRoute?: (route: RouteOptions) => void;
  /** Where the app's log lines go (default stdout), for tests that read what was logged. */
  logDestination?: DestinationStream;
}

/**
 * The real app on its own fresh, migrated and seeded database (the demo merchant), driven with
 * `app.inject`. Only the environment, the clock and extra test routes are overridable; nothing
 * inside is mocked.
 */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? '/nonexistent-web-dist',
    WEB_SSR_ENTRY: process.env.WEB_SSR_ENTRY ?? '/nonexistent-web-ssr/server-entry.js',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    // Each app counts its own throttles, so runs sharing one Redis do not see each other's.
    REDIS_KEY_PREFIX: `lotus-test:${randomBytes(6).toString('hex')}:`,
    ...env,
  });
  const app = await buildApp({
    config,
    db: database.db,
    connectionString: database.connectionString,
    logger: createLogger(config, options.logDestination),
    ...(options.now ? { now: options.now } : {}),
    pause: options.pause ?? (async () => {}),
    ...(options.wrapTransferVendorClient ? { wrapTransferVendorClient: options.wrapTransferVendorClient } : {}),
    ...(options.pushAgent ? { pushAgent: options.pushAgent } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
  });
  await options.registerRoutes?.(app);
  await app.ready();
  const demo = await database.db
    .selectFrom('merchant')
    .select('id')
    .where('code', '=', 'demo')
    .executeTakeFirstOrThrow();
  return {
    app,
    demoMerchantId: demo.id,
    db: database.db,
    config,
    database,
    settle: () => app.syncCaches(),
    close: async () => {
      await app.close();
      if (!options.database) await database.drop();
    },
  };
}
