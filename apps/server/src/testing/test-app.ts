import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { buildApp } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { AppInstance } from '../http/types.ts';
import { createLogger } from '../logger.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApp {
  app: AppInstance;
  db: Kysely<Database>;
  config: AppConfig;
  /** Waits until the app has seen every change notification sent so far (cache invalidation is async). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real app on its own fresh, migrated and seeded database (the demo merchant), driven with
 * `app.inject`. Only the environment is overridable; nothing inside is mocked.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? '/nonexistent-web-dist',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    // Each app counts its own throttles, so runs sharing one Redis do not see each other's.
    REDIS_KEY_PREFIX: `lotus-test:${randomBytes(6).toString('hex')}:`,
    ...env,
  });
  const app = await buildApp({
    config,
    db: database.db,
    connectionString: database.connectionString,
    logger: createLogger(config),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    settle: () => app.syncCaches(),
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
