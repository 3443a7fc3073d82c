import { sql, type Kysely } from 'kysely';

/** Merchants, their domains, and the trigger function that tells every API instance a cache is stale. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('merchant')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('active').check(sql`status in ('active', 'disabled')`))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('currency_symbol', 'text', (col) => col.notNull())
    .addColumn('default_language', 'text', (col) => col.notNull().check(sql`default_language in ('TH', 'EN')`))
    .addColumn('config', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('merchant_domain')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('merchant_id', 'integer', (col) => col.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('domain', 'text', (col) => col.notNull().unique().check(sql`domain = lower(domain)`))
    .addColumn('is_primary', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('merchant_domain_merchant_idx').on('merchant_domain').column('merchant_id').execute();

  // Every API instance LISTENs on 'public_cache' and drops that merchant's cached public reads, so a
  // change made anywhere (another instance, an operator, plain SQL) is seen at once.
  await sql`
    CREATE FUNCTION notify_cache_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('public_cache', OLD.merchant_id::text);
      ELSE
        PERFORM pg_notify('public_cache', NEW.merchant_id::text);
        IF TG_OP = 'UPDATE' AND OLD.merchant_id IS DISTINCT FROM NEW.merchant_id THEN
          PERFORM pg_notify('public_cache', OLD.merchant_id::text);
        END IF;
      END IF;
      RETURN NULL;
    END $$`.execute(db);

  // The merchant row itself has no merchant_id column; its own id is the key.
  await sql`
    CREATE FUNCTION notify_merchant_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('public_cache', COALESCE(NEW.id, OLD.id)::text);
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER merchant_cache AFTER INSERT OR UPDATE OR DELETE ON merchant
            FOR EACH ROW EXECUTE FUNCTION notify_merchant_change()`.execute(db);
  await sql`CREATE TRIGGER merchant_domain_cache AFTER INSERT OR UPDATE OR DELETE ON merchant_domain
            FOR EACH ROW EXECUTE FUNCTION notify_cache_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('merchant_domain').execute();
  await db.schema.dropTable('merchant').execute();
  await sql`DROP FUNCTION notify_merchant_change()`.execute(db);
  await sql`DROP FUNCTION notify_cache_change()`.execute(db);
}
