import { sql, type Kysely } from 'kysely';

/**
 * The site's content edited from the back-office (issue 15): every edited row carries a `version`
 * (an operator's save names the version it read; a stale one is refused), partners and app links can
 * be switched off, help articles belong to categories and can be switched off, and the home page's
 * game lanes are rows of their own. The new tables notify `public_cache` like the others, so every
 * instance drops its cached public answers when an operator saves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['customer_service', 'site_resource', 'partner', 'help_topic']) {
    await sql`alter table ${sql.table(table)} add column version integer not null default 1`.execute(db);
  }
  await sql`alter table partner add column is_enabled boolean not null default true`.execute(db);
  await sql`alter table site_resource add column is_enabled boolean not null default true`.execute(db);

  await db.schema
    .createTable('help_category')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('merchant_id', 'integer', (col) => col.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('title_th', 'text', (col) => col.notNull())
    .addColumn('title_en', 'text', (col) => col.notNull())
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addUniqueConstraint('help_category_merchant_code_key', ['merchant_id', 'code'])
    .execute();
  // An article without a category is drawn under no heading (the topics before categories existed).
  await sql`alter table help_topic add column category_id integer references help_category(id) on delete set null`.execute(
    db,
  );
  await sql`alter table help_topic add column is_enabled boolean not null default true`.execute(db);
  await sql`create index help_topic_category_idx on help_topic (category_id)`.execute(db);

  await db.schema
    .createTable('home_lane')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('merchant_id', 'integer', (col) => col.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('title_th', 'text', (col) => col.notNull())
    .addColumn('title_en', 'text', (col) => col.notNull())
    // A game category code (SLOT, LIVE, ...) the lane keeps to; null: every category.
    .addColumn('category', 'text')
    // 'hot': the games flagged hot (of the category); 'picked': game_ids in that order.
    .addColumn('source', 'text', (col) => col.notNull().check(sql`source in ('hot', 'picked')`))
    .addColumn('game_ids', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('max_games', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(12)
        .check(sql`max_games between 1 and 48`),
    )
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addUniqueConstraint('home_lane_merchant_code_key', ['merchant_id', 'code'])
    .execute();

  for (const table of ['help_category', 'home_lane']) {
    await sql`create trigger ${sql.id(`${table}_public_cache`)} after insert or update or delete on ${sql.table(table)}
      for each row execute function notify_cache_change()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('home_lane').execute();
  await sql`alter table help_topic drop column category_id, drop column is_enabled`.execute(db);
  await db.schema.dropTable('help_category').execute();
  await sql`alter table partner drop column is_enabled`.execute(db);
  await sql`alter table site_resource drop column is_enabled`.execute(db);
  for (const table of ['customer_service', 'site_resource', 'partner', 'help_topic']) {
    await sql`alter table ${sql.table(table)} drop column version`.execute(db);
  }
}
