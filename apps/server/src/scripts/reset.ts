// npm run db:reset: drops every table of this database, then migrates and seeds again.
// Refuses to run with NODE_ENV=production.
import { sql } from 'kysely';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { seedDemo } from '../db/seed.ts';
import { createLogger } from '../logger.ts';

const config = loadConfig();
const logger = createLogger(config);
if (config.NODE_ENV === 'production') {
  logger.fatal('db:reset refuses to run with NODE_ENV=production');
  process.exit(1);
}
const database = await openDatabase(config, logger);
try {
  await sql`DROP SCHEMA public CASCADE`.execute(database.db);
  await sql`CREATE SCHEMA public`.execute(database.db);
  await migrateToLatest(database.db, logger);
  await seedDemo(database.db);
  logger.info('database reset and seeded');
} finally {
  await database.close();
}
