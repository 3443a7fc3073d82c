// npm run db:seed: migrates, then seeds the demo merchant. Idempotent: running it again adds nothing and
// overwrites no edit; it only re-dates the demo announcements and banners nobody has edited (seed.ts).
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { seedDemo } from '../db/seed.ts';
import { createLogger } from '../logger.ts';

const config = loadConfig();
const logger = createLogger(config);
const database = await openDatabase(config, logger);
try {
  await migrateToLatest(database.db, logger);
  await seedDemo(database.db);
  logger.info('demo merchant seeded');
} finally {
  await database.close();
}
