import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildHouseGamesApp, connectHouseDatabase, migrateHouseDatabase, type HouseDatabase } from './app.ts';
import { ConfigError, loadHouseConfig, type HouseConfig } from './config.ts';
import { takeTablesLock, type TablesLock } from './db/tables-lock.ts';
import { createHouseLogger } from './logger.ts';

/**
 * The house vendor's process. The platform's `npm start` runs it beside the API with these settings
 * (apps/server/src/house-games-process.ts); it can also run alone with them set (README.md "Settings").
 */
let config: HouseConfig;
try {
  config = loadHouseConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`house-games: ${error.message}\n`);
  process.exit(2);
}
const logger = createHouseLogger(config);

let tablesLock: TablesLock | null = null;
let running: { app: FastifyInstance; db: Kysely<HouseDatabase> } | null = null;
let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  const serving = running;
  const closing = serving ? serving.app.close().then(() => serving.db.destroy()) : Promise.resolve();
  void closing.then(() => tablesLock?.release()).finally(() => process.exit());
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop);
// Started by the API (apps/server/src/house-games-process.ts) with an IPC channel, which closes when
// the API dies however it dies (SIGKILL, OOM): then this process stops too, instead of living on as
// an orphan that holds the port (or, waiting, the tables) the API's next start needs.
if (process.send) process.once('disconnect', stop);

// One process per database drives the live tables (db/tables-lock.ts): a second one waits here.
tablesLock = await takeTablesLock(config.DATABASE_URL, {
  onWaiting: () => logger.warn('another house-games process drives the tables on this database; waiting to take over'),
  onLost: (error) => {
    logger.error({ err: error }, 'lost the tables lock; stopping');
    process.exitCode = 1;
    stop();
  },
});
const db = connectHouseDatabase(config.DATABASE_URL);
await migrateHouseDatabase(db);
const { app } = await buildHouseGamesApp({
  db,
  secret: config.HOUSE_VENDOR_SECRET,
  platformUrl: config.PLATFORM_URL,
  publicUrl: config.HOUSE_GAMES_URL,
  logger,
});
running = { app, db };
await app.listen({ port: config.HOUSE_GAMES_PORT, host: config.HOST });
