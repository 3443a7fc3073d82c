import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildHouseGamesApp, connectHouseDatabase, migrateHouseDatabase, type HouseDatabase } from './app.ts';
import { takeTablesLock, type TablesLock } from './db/tables-lock.ts';

/**
 * The house vendor's process. The platform's `npm start` runs it beside the API with these settings
 * (apps/server/src/house-games-process.ts); it can also run alone with them set.
 */
function setting(name: string, fallback?: string): string {
  const value = process.env[name] || fallback;
  if (value === undefined) {
    console.error(`house-games: ${name} is required`);
    process.exit(2);
  }
  return value;
}

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

const port = Number(setting('HOUSE_GAMES_PORT', '8081'));
const databaseUrl = setting('DATABASE_URL');
// One process per database drives the live tables (db/tables-lock.ts): a second one waits here.
tablesLock = await takeTablesLock(databaseUrl, {
  onWaiting: () =>
    console.error('house-games: another house-games process drives the tables on this database; waiting to take over'),
  onLost: (error) => {
    console.error(`house-games: lost the tables lock (${error.message}); stopping`);
    process.exitCode = 1;
    stop();
  },
});
const db = connectHouseDatabase(databaseUrl);
await migrateHouseDatabase(db);
const { app } = await buildHouseGamesApp({
  db,
  secret: setting('HOUSE_VENDOR_SECRET'),
  platformUrl: setting('PLATFORM_URL', 'http://127.0.0.1:8080'),
  publicUrl: setting('HOUSE_GAMES_URL', `http://localhost:${port}`),
  logLevel: process.env.LOG_LEVEL || 'info',
});
running = { app, db };
await app.listen({ port, host: process.env.HOST || '0.0.0.0' });
