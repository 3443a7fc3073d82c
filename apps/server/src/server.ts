import type { Logger } from 'pino';
import { buildApp } from './app.ts';
import type { AppConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { seedDemo } from './db/seed.ts';
import type { AppInstance } from './http/types.ts';
import { assertChallengeBypassAllowed } from './modules/verification/challenge-bypass.ts';

export interface RunningServer {
  app: AppInstance;
  url: string;
  /** Drains requests, closes the pool and stops the embedded database (if this process started it). */
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds the demo merchant on first start, and listens. */
export async function startServer(config: AppConfig, logger: Logger): Promise<RunningServer> {
  assertChallengeBypassAllowed(config, logger);
  const database = await openDatabase(config, logger);
  try {
    await migrateToLatest(database.db, logger);
    if (config.SEED_DEMO) {
      const existing = await database.db.selectFrom('merchant').select('id').limit(1).executeTakeFirst();
      if (!existing) {
        logger.info('no merchant yet: seeding the demo merchant');
        await seedDemo(database.db);
      }
    }
    const app = await buildApp({ config, db: database.db, connectionString: database.connectionString, logger });
    const url = await app.listen({ host: config.HOST, port: config.PORT });
    let closing: Promise<void> | null = null;
    return {
      app,
      url,
      close: () =>
        (closing ??= (async () => {
          await app.close();
          await database.close();
        })()),
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
