import { sql, type Kysely } from 'kysely';

/**
 * `merchant.version`: how many times the merchant row has been written since it existed. A back-office
 * form sends the version it read, and a write whose version is no longer the row's is refused
 * (`brand.version.conflict`), so one operator's save never silently overwrites another's
 * (modules/merchant README, "Versioned writes").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE merchant ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE merchant DROP COLUMN version`.execute(db);
}
