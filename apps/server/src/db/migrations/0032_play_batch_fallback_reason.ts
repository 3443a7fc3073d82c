import { sql, type Kysely } from 'kysely';

/**
 * `vendor_wallet_play_batch` answers one more column, `set_path_fallback`: why the set path was
 * undone (a round closed or a balance fell meanwhile, a deadlock, the ledger's key taken), which the
 * batcher counts in /metrics. A result type cannot change in place, so the old function goes here;
 * the repeatable step then creates the current one from db/functions/vendor_wallet_play_batch.sql.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION vendor_wallet_play_batch(jsonb)`.execute(db);
}

export async function down(): Promise<void> {
  // The repeatable step owns the function's body; going back is a restore, not a migration.
}
