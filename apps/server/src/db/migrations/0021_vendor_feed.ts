import { sql, type Kysely } from 'kysely';

/**
 * Where the platform is in each transfer-mode integration's feed of settled rounds
 * (modules/transfer-wallet `pull-bet-records.ts`): the vendor's cursor after the last page stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE vendor_feed_cursor (
      integration_code text PRIMARY KEY,
      cursor text NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE vendor_feed_cursor`.execute(db);
}
