import { sql, type Kysely } from 'kysely';

/**
 * The game catalogue for members: favourites and recently played games. Both point at the
 * merchant's own `game` row (its id), so a game removed from the catalogue takes its favourites and
 * recent entries with it, and a member can never hold a game of another merchant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('game_favorite')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('game_row_id', 'integer', (c) => c.notNull().references('game.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('game_favorite_member_game_key', ['member_id', 'game_row_id'])
    .execute();
  await db.schema.createIndex('game_favorite_game_idx').on('game_favorite').column('game_row_id').execute();

  await db.schema
    .createTable('game_recent')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('game_row_id', 'integer', (c) => c.notNull().references('game.id').onDelete('cascade'))
    .addColumn('played_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('game_recent_member_game_key', ['member_id', 'game_row_id'])
    .execute();
  await db.schema.createIndex('game_recent_member_played_idx').on('game_recent').columns(['member_id', 'played_at desc']).execute();
  await db.schema.createIndex('game_recent_game_idx').on('game_recent').column('game_row_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('game_recent').ifExists().execute();
  await db.schema.dropTable('game_favorite').ifExists().execute();
}
