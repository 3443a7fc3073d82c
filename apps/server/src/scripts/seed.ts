// npm run db:seed: migrates, then seeds the demo merchant. Idempotent: running it again adds nothing and
// overwrites no edit; it only re-dates the demo announcements and banners nobody has edited (seed.ts).
// The demo includes an agent whose password is public: with NODE_ENV=production (SEED_DEMO off by
// default there) it is seeded only when asked, `npm run db:seed -- --demo` or SEED_DEMO=1; otherwise
// this refuses before it opens the database.
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { seedDemo } from '../db/seed.ts';
import { createLogger } from '../logger.ts';

const config = loadConfig();
const logger = createLogger(config);
if (!config.SEED_DEMO && !process.argv.slice(2).includes('--demo')) {
  logger.fatal(
    `db:seed seeds the demo merchant, whose demo agent has a public password; SEED_DEMO is off${config.NODE_ENV === 'production' ? ' (the default with NODE_ENV=production)' : ''}. Ask for it: npm run db:seed -- --demo, or SEED_DEMO=1`,
  );
  process.exit(1);
}
const database = await openDatabase(config, logger);
try {
  await migrateToLatest(database.db, logger);
  await seedDemo(database.db);
  logger.info('demo merchant seeded');
} finally {
  await database.close();
}
