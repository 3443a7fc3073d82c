// npm run db:migrate: applies pending migrations to DATABASE_URL, or to the embedded database in
// DATA_DIR (joining it when the server is running, starting it otherwise).
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { createLogger } from '../logger.ts';

const config = loadConfig();
const logger = createLogger(config);
const database = await openDatabase(config, logger);
try {
  await migrateToLatest(database.db, logger);
  logger.info('database is at the latest migration');
} finally {
  await database.close();
}
