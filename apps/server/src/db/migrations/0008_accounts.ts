import { sql, type Kysely } from 'kysely';

/**
 * accounts (modules/identity): the agent hierarchy, affiliate codes, e-mailed password resets and
 * trial (free play) accounts.
 *
 * - `member_hierarchy` is a closure table: one row per (ancestor, descendant) pair at every depth,
 *   plus a depth-0 row of every member to itself (written by a trigger on member). "Every downline of X" is the primary key's prefix
 *   (ancestor_id), "the upline chain of Y" the unique (descendant_id, depth) index: one indexed query
 *   each, whatever the depth. `member.upline_id` stays the direct upline, written in the same
 *   transaction.
 * - A member, its upline, its hierarchy rows and its affiliate codes always share one merchant: the
 *   foreign keys carry merchant_id (against a unique (merchant_id, id) on member), so no tree or code
 *   can reach into another brand even through a bug.
 * - Reset tokens are stored as SHA-256 only; trial accounts carry the moment they expire.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member add constraint member_merchant_member_key unique (merchant_id, id)`.execute(db);
  await sql`alter table member add constraint member_upline_merchant_fkey foreign key (merchant_id, upline_id) references member (merchant_id, id)`.execute(db);
  await sql`alter table member add constraint member_upline_not_self_check check (upline_id <> id)`.execute(db);
  await db.schema.createIndex('member_upline_idx').on('member').column('upline_id').where(sql.ref('upline_id'), 'is not', null).execute();

  await db.schema
    .createTable('member_hierarchy')
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('ancestor_id', 'bigint', (c) => c.notNull())
    .addColumn('descendant_id', 'bigint', (c) => c.notNull())
    .addColumn('depth', 'integer', (c) => c.notNull().check(sql`depth >= 0`))
    .addPrimaryKeyConstraint('member_hierarchy_pkey', ['ancestor_id', 'descendant_id'])
    .addForeignKeyConstraint('member_hierarchy_ancestor_fkey', ['merchant_id', 'ancestor_id'], 'member', ['merchant_id', 'id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('member_hierarchy_descendant_fkey', ['merchant_id', 'descendant_id'], 'member', ['merchant_id', 'id'], (c) =>
      c.onDelete('cascade'),
    )
    .addCheckConstraint('member_hierarchy_self_check', sql`(depth = 0) = (ancestor_id = descendant_id)`)
    .execute();
  // A member has exactly one ancestor at each depth (a chain, not a graph): unique, and the upline query's index.
  await db.schema.createIndex('member_hierarchy_descendant_idx').on('member_hierarchy').columns(['descendant_id', 'depth']).unique().execute();

  // Every member's own row is written by the database itself, whatever inserts the member (the app,
  // a seed, a test helper, an operator's script): "every downline of X" then always includes X's
  // whole team, and placeUnder only adds the rows above.
  await sql`
    create function member_hierarchy_insert_self() returns trigger language plpgsql as $$
    begin
      insert into member_hierarchy (merchant_id, ancestor_id, descendant_id, depth) values (new.merchant_id, new.id, new.id, 0);
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger member_hierarchy_insert_self after insert on member
    for each row execute function member_hierarchy_insert_self()
  `.execute(db);

  // Members created before this migration: their own row, then their uplines by walking upline_id.
  await sql`
    insert into member_hierarchy (merchant_id, ancestor_id, descendant_id, depth)
    with recursive chain (merchant_id, ancestor_id, descendant_id, depth) as (
      select merchant_id, id, id, 0 from member
      union all
      select chain.merchant_id, member.upline_id, chain.descendant_id, chain.depth + 1
      from chain join member on member.id = chain.ancestor_id
      where member.upline_id is not null and chain.depth < 1000
    )
    select merchant_id, ancestor_id, descendant_id, depth from chain
  `.execute(db);

  await db.schema
    .createTable('affiliate_code')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    // As the agent chose it; `code_key` (lower case) carries the uniqueness, so LOTUS88 and lotus88 are one code.
    .addColumn('code', 'text', (c) => c.notNull().check(sql`code ~ '^[A-Za-z0-9]{1,64}$'`))
    .addColumn('code_key', 'text', (c) => c.notNull())
    .addColumn('agent_id', 'bigint', (c) => c.notNull())
    // Lower-case host without port; null: valid on every domain of the merchant.
    .addColumn('domain', 'text', (c) => c.check(sql`domain = lower(domain)`))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('affiliate_code_key_check', sql`code_key = lower(code)`)
    .addForeignKeyConstraint('affiliate_code_agent_fkey', ['merchant_id', 'agent_id'], 'member', ['merchant_id', 'id'], (c) => c.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('affiliate_code_key_idx').on('affiliate_code').columns(['merchant_id', 'code_key']).unique().execute();
  await db.schema.createIndex('affiliate_code_agent_idx').on('affiliate_code').column('agent_id').execute();

  await db.schema
    .createTable('password_reset_token')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id').onDelete('cascade'))
    // Hex SHA-256 of the token (256 random bits); the token itself exists only in the e-mail.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique().check(sql`token_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    // Set when the token is used, or when a newer one retires it.
    .addColumn('consumed_at', 'timestamptz')
    .addCheckConstraint('password_reset_token_expiry_check', sql`expires_at > created_at`)
    .execute();
  await db.schema.createIndex('password_reset_token_member_idx').on('password_reset_token').columns(['member_id', 'created_at']).execute();
  // The prune job deletes links a day after they expired.
  await db.schema.createIndex('password_reset_token_expires_at_idx').on('password_reset_token').column('expires_at').execute();

  // A trial account (isAgent 4, free play) and when it ends; its sessions never outlive it.
  await db.schema
    .createTable('member_trial')
    .addColumn('member_id', 'bigint', (c) => c.primaryKey().references('member.id').onDelete('cascade'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('trial_expires_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('member_trial_expiry_check', sql`trial_expires_at > created_at`)
    .execute();
  await db.schema.createIndex('member_trial_expiry_idx').on('member_trial').columns(['merchant_id', 'trial_expires_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_trial').execute();
  await db.schema.dropTable('password_reset_token').execute();
  await db.schema.dropTable('affiliate_code').execute();
  await sql`drop trigger member_hierarchy_insert_self on member`.execute(db);
  await sql`drop function member_hierarchy_insert_self()`.execute(db);
  await db.schema.dropTable('member_hierarchy').execute();
  await db.schema.dropIndex('member_upline_idx').execute();
  await sql`alter table member drop constraint member_upline_not_self_check`.execute(db);
  await sql`alter table member drop constraint member_upline_merchant_fkey`.execute(db);
  await sql`alter table member drop constraint member_merchant_member_key`.execute(db);
}
