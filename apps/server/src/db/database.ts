import { Kysely, Migrator, PostgresDialect, type Migration, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { AppConfig } from '../config.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { migrations } from './migrations/index.ts';
import { applyRepeatableFunctions } from './repeatable-functions.ts';
import type { Database } from './schema.ts';

// int8 columns (money in minor units, ids of big tables) come back as bigint, never as a lossy number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => BigInt(value));

export interface DatabaseHandle {
  db: Kysely<Database>;
  connectionString: string;
  close(): Promise<void>;
}

/** Opens the database: the server in DATABASE_URL, else the embedded one in DATA_DIR. */
export async function openDatabase(config: AppConfig, logger: Logger): Promise<DatabaseHandle> {
  const embedded = config.DATABASE_URL ? null : await startEmbeddedPostgres(config.dataDir, logger);
  const connectionString = config.DATABASE_URL ?? embedded!.connectionString;
  const db = connect(connectionString);
  return {
    db,
    connectionString,
    close: async () => {
      await db.destroy();
      await embedded?.stop();
    },
  };
}

export function connect(connectionString: string, maxConnections = 10): Kysely<Database> {
  const pool = new pg.Pool({ connectionString, max: maxConnections, application_name: 'lotus' });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

const provider: MigrationProvider = {
  getMigrations: async () => migrations as Record<string, Migration>,
};

/**
 * Applies every pending numbered migration (concurrent callers are serialised by Kysely's migration
 * lock), then the repeatable step: every database function whose file in db/functions changed.
 */
export async function migrateToLatest(db: Kysely<Database>, logger: Logger): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Success') logger.info({ migration: result.migrationName }, 'migration applied');
    if (result.status === 'Error') logger.error({ migration: result.migrationName }, 'migration failed');
  }
  if (error) throw error;
  await applyRepeatableFunctions(db, logger);
}
