import { Kysely, Migrator, PostgresDialect, sql, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { houseSchema, migrations } from './migrations.ts';
import type { HouseDatabase } from './schema.ts';

// int8 columns are money: read them as bigint, never as a lossy number.
pg.types.setTypeParser(20, (text) => BigInt(text));

export function connectHouseDatabase(connectionString: string): Kysely<HouseDatabase> {
  return new Kysely<HouseDatabase>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString, max: 10 }) }),
  }).withSchema(houseSchema);
}

/** Creates the schema and brings it to the latest migration; safe to run from several processes. */
export async function migrateHouseDatabase(db: Kysely<HouseDatabase>): Promise<void> {
  await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(houseSchema)}`.execute(db);
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  const migrator = new Migrator({ db, provider, migrationTableSchema: houseSchema });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
