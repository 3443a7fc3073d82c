import { sql, type Kysely } from 'kysely';

/**
 * The record of the repeatable step (db/repeatable-functions.ts): each database function lives in
 * one file, `db/functions/<name>.sql`, and the migrator runs a file again whenever its checksum
 * differs from the one recorded here. Numbered migrations stay history; a function's current body is
 * its file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE db_function (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE db_function`.execute(db);
}
