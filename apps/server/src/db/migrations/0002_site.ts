import { sql, type Kysely } from 'kysely';

/**
 * Site content and the games catalogue (modules/site, modules/games).
 *
 * Every table whose rows feed a cached public read gets the `notify_cache_change()` trigger from
 * 0001_core, so an insert, update or delete anywhere drops that merchant's public cache on every
 * server instance. Each table carries a unique key per merchant (code, tag, key, vassalage,
 * game_id) so that the demo seed can run again without adding duplicates.
 */

const cachedTables = [
  'announcement',
  'banner',
  'help_topic',
  'site_resource',
  'customer_service',
  'partner',
  'game_category',
  'game_vendor',
  'game',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('announcement')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('B', 'PL', 'PU', 'PR', 'H')`))
    .addColumn('title_th', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('content_th', 'text', (c) => c.notNull())
    .addColumn('content_en', 'text', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull())
    .addColumn('is_pinned', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_popup', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active_from', 'timestamptz')
    .addColumn('active_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('announcement_merchant_code_key', ['merchant_id', 'code'])
    .addCheckConstraint('announcement_active_window_check', sql`active_until is null or active_from is null or active_from < active_until`)
    .execute();
  // The public read takes every announcement of a merchant in one go, newest first.
  await db.schema.createIndex('announcement_merchant_published_idx').on('announcement').columns(['merchant_id', 'published_at desc']).execute();

  await db.schema
    .createTable('banner')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addColumn('title_th', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('link_url', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('banner_merchant_code_key', ['merchant_id', 'code'])
    .execute();
  await db.schema.createIndex('banner_merchant_group_idx').on('banner').columns(['merchant_id', 'group_name', 'sort']).execute();

  await db.schema
    .createTable('help_topic')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('title_th', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('content_th', 'text', (c) => c.notNull())
    .addColumn('content_en', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('help_topic_merchant_tag_key', ['merchant_id', 'tag'])
    .execute();

  await db.schema
    .createTable('site_resource')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('resource_type', 'text', (c) => c.notNull())
    .addColumn('label_name_en', 'text', (c) => c.notNull())
    .addColumn('label_th', 'text', (c) => c.notNull())
    .addColumn('label_en', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('qr_code_url', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('site_resource_merchant_key_key', ['merchant_id', 'key'])
    .execute();

  await db.schema
    .createTable('customer_service')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('label_th', 'text', (c) => c.notNull())
    .addColumn('label_en', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('is_vip', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('customer_service_merchant_code_key', ['merchant_id', 'code'])
    .execute();

  await db.schema
    .createTable('partner')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('logo_url', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('partner_merchant_code_key', ['merchant_id', 'code'])
    .execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull().check(sql`char_length(content) between 1 and 140`))
    .addColumn('contact', 'text')
    .addColumn('ip', sql`inet`, (c) => c.notNull())
    .addColumn('member_id', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The back-office reads a merchant's feedback newest first.
  await db.schema.createIndex('feedback_merchant_created_idx').on('feedback').columns(['merchant_id', 'created_at desc']).execute();

  await db.schema
    .createTable('game_category')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('game_type', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('page', 'text', (c) => c.notNull())
    .addColumn('en_name', 'text', (c) => c.notNull())
    .addColumn('point_rate', sql`numeric(6, 2)`, (c) => c.check(sql`point_rate >= 0`))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('game_category_merchant_category_key', ['merchant_id', 'category'])
    .execute();

  await db.schema
    .createTable('game_vendor')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('vassalage', 'text', (c) => c.notNull())
    .addColumn('game_category', 'text', (c) => c.notNull())
    .addColumn('game_type', 'text', (c) => c.notNull())
    .addColumn('display_name_th', 'text', (c) => c.notNull())
    .addColumn('display_name_en', 'text', (c) => c.notNull())
    .addColumn('account_type_name', 'text', (c) => c.notNull())
    .addColumn('is_hot', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('logo_kind', 'text', (c) => c.notNull().check(sql`logo_kind in ('SV3', 'N2', 'SLOT')`))
    .addColumn('logo_url', 'text', (c) => c.notNull())
    .addColumn('wallet_mode', 'text', (c) => c.notNull().check(sql`wallet_mode in ('seamless', 'transfer')`))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('maintenance_start_at', 'timestamptz')
    .addColumn('maintenance_end_at', 'timestamptz')
    .addUniqueConstraint('game_vendor_merchant_vassalage_key', ['merchant_id', 'vassalage'])
    .addCheckConstraint(
      'game_vendor_maintenance_window_check',
      sql`maintenance_end_at is null or maintenance_start_at is null or maintenance_start_at < maintenance_end_at`,
    )
    .execute();

  await db.schema
    .createTable('game')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('game_id', 'text', (c) => c.notNull())
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('vassalage', 'text', (c) => c.notNull())
    .addColumn('game_classify', 'text')
    .addColumn('name_th', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('thumbnail_url', 'text', (c) => c.notNull())
    .addColumn('is_hot', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_new', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('min_bet_minor', 'bigint', (c) => c.notNull().check(sql`min_bet_minor >= 0`))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('game_merchant_game_id_key', ['merchant_id', 'game_id'])
    // A game always belongs to a vendor of the same merchant.
    .addForeignKeyConstraint('game_vendor_fkey', ['merchant_id', 'vassalage'], 'game_vendor', ['merchant_id', 'vassalage'], (fk) =>
      fk.onDelete('cascade').onUpdate('cascade'),
    )
    .execute();
  // Game lists filter by vendor; the hot-games read takes only hot, enabled games.
  await db.schema.createIndex('game_merchant_vassalage_idx').on('game').columns(['merchant_id', 'vassalage', 'sort']).execute();
  await db.schema
    .createIndex('game_merchant_hot_idx')
    .on('game')
    .columns(['merchant_id', 'sort'])
    .where(sql.ref('is_hot'), '=', true)
    .execute();

  for (const table of cachedTables) {
    await sql`create trigger ${sql.id(`${table}_public_cache`)} after insert or update or delete on ${sql.table(table)}
      for each row execute function notify_cache_change()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Triggers go with their tables; `game` goes before `game_vendor` because of its foreign key.
  for (const table of ['feedback', 'game', ...cachedTables.filter((t) => t !== 'game')]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
