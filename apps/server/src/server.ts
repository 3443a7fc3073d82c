import type { Logger } from 'pino';
import { buildApp } from './app.ts';
import type { AppConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { seedDemo } from './db/seed.ts';
import { listMerchantIds } from './modules/merchant/index.ts';
import { syncServedGames } from './modules/games/index.ts';
import type { AppInstance } from './http/types.ts';
import { startJobRunner, type JobRunner } from './jobs/job-runner.ts';
import { scheduledJobs } from './jobs/scheduled-jobs.ts';
import { assertChallengeBypassAllowed } from './modules/verification/index.ts';
import { startHouseGamesProcess } from './house-games-process.ts';
import { startLotteryDrawLoop } from './modules/lottery/index.ts';

export interface RunningServer {
  app: AppInstance;
  url: string;
  /** The database the server uses (the embedded one's address when it started it). */
  connectionString: string;
  /** Drains requests, closes the pool and stops the embedded database (if this process started it). */
  close(): Promise<void>;
  /** Null with JOBS_ENABLED=false. */
  jobs: JobRunner | null;
}

/** Opens the database, migrates, seeds the demo merchant on first start, and listens. */
export async function startServer(config: AppConfig, logger: Logger): Promise<RunningServer> {
  assertChallengeBypassAllowed(config, logger);
  const database = await openDatabase(config, logger);
  try {
    await migrateToLatest(database.db, logger);
    if (config.SEED_DEMO) {
      if ((await listMerchantIds(database.db)).length === 0) {
        logger.info('no merchant yet: seeding the demo merchant');
        await seedDemo(database.db);
      }
    }
    // Connected vendors list only the games their integrations serve (modules/games README, "Served games").
    const servedChanged = await syncServedGames(database.db);
    if (servedChanged > 0) logger.info({ games: servedChanged }, 'games served by connected vendors brought in step');
    const app = await buildApp({ config, db: database.db, connectionString: database.connectionString, logger });
    const url = await app.listen({ host: config.HOST, port: config.PORT });
    const jobs = config.JOBS_ENABLED
      ? await startJobRunner({
          connectionString: database.connectionString,
          logger,
          jobs: scheduledJobs(database.db, () => app.now(), {
            config: app.config,
            clientFor: app.transferVendorClient,
          }),
        }).catch(async (error: unknown) => {
          await app.close();
          throw error;
        })
      : null;
    // The house's fast lottery draws need second precision, which the once-a-minute job runner lacks;
    // every instance may run the loop (modules/lottery README, "Exactly once").
    const lottery = config.JOBS_ENABLED
      ? startLotteryDrawLoop({ db: database.db, now: () => app.now(), logger })
      : null;
    const address = app.server.address();
    const apiPort = typeof address === 'object' && address ? address.port : config.PORT;
    // The house vendor reaches the API like any vendor: over HTTP, at the port it listens on.
    const houseGames = startHouseGamesProcess(config, logger, database.connectionString, `http://127.0.0.1:${apiPort}`);
    let closing: Promise<void> | null = null;
    return {
      app,
      url,
      connectionString: database.connectionString,
      jobs,
      close: () =>
        (closing ??= (async () => {
          // Jobs first: a running one finishes while the database is still there.
          await jobs?.stop(config.SHUTDOWN_GRACE_MS);
          await lottery?.stop();
          await houseGames?.stop();
          await app.close();
          await database.close();
        })()),
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
