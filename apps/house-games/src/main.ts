import { buildHouseGamesApp, connectHouseDatabase, migrateHouseDatabase } from './app.ts';

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

const port = Number(setting('HOUSE_GAMES_PORT', '8081'));
const db = connectHouseDatabase(setting('DATABASE_URL'));
await migrateHouseDatabase(db);
const { app } = await buildHouseGamesApp({
  db,
  secret: setting('HOUSE_VENDOR_SECRET'),
  platformUrl: setting('PLATFORM_URL', 'http://127.0.0.1:8080'),
  publicUrl: setting('HOUSE_GAMES_URL', `http://localhost:${port}`),
  logLevel: process.env.LOG_LEVEL || 'info',
});
await app.listen({ port, host: process.env.HOST || '0.0.0.0' });

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  void app.close().then(() => db.destroy()).finally(() => process.exit(0));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop);
// Started by the API (apps/server/src/house-games-process.ts) with an IPC channel, which closes when
// the API dies however it dies (SIGKILL, OOM): then this process stops too, instead of living on as
// an orphan that holds the port the API's next start needs for its own house games.
if (process.send) process.once('disconnect', stop);
