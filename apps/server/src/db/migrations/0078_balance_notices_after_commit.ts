import { sql, type Kysely } from 'kysely';

/**
 * `vendor_wallet_play_batch` takes a second argument, `p_defer_balance_notices` (docs/performance.md,
 * "Balance notices after the commit"). An argument list cannot change in place, so the old function
 * goes here (if there: on a new database the repeatable step has not created it yet); the repeatable step then creates the current one from db/functions/vendor_wallet_play_batch.sql.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS vendor_wallet_play_batch(jsonb)`.execute(db);
}

export async function down(): Promise<void> {
  // The repeatable step owns the function's body; going back is a restore, not a migration.
}
