import { sql, type Kysely } from 'kysely';

/**
 * `game.is_served`: whether the integration connected to the game's vendor serves this game (modules/games
 * README, "Served games"). A connected vendor's game is listed and launchable only when it is served; a
 * game of a vendor with no integration is listed whatever it holds (its launch answers
 * `vendor_unavailable`). The flag follows what each integration declares: `syncServedGames` sets it at
 * every start and every `npm run db:seed`, so this only adds the column (true until the first sync).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE game ADD COLUMN is_served boolean NOT NULL DEFAULT true`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE game DROP COLUMN is_served`.execute(db);
}
