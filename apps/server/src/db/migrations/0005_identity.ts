import { sql, type Kysely } from 'kysely';

/**
 * Members, their sessions and the login journal (modules/identity).
 *
 * - A username is unique per merchant without regard to case: `username` keeps what the member
 *   typed, `username_key` its lower-case form carries the unique index.
 * - Passwords are argon2id PHC strings; a session's token is stored only as its SHA-256.
 * - `login_event` is both the audit trail and the counter behind the captcha and the temporary
 *   lock ("failures of this account / this IP in the last 15 minutes"), hence its two indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', 'text', (c) => c.notNull())
    // National number without a leading 0, and the country's dialing code without '+'.
    .addColumn('mobile_dialing_code', 'text')
    .addColumn('mobile_number', 'text')
    .addColumn('email', 'text')
    .addColumn('payee_name', 'text')
    .addColumn('qq_num', 'text')
    .addColumn('line', 'text')
    .addColumn('whatsapp', 'text')
    .addColumn('facebook', 'text')
    .addColumn('wechat', 'text')
    .addColumn('zalo', 'text')
    .addColumn('telegram', 'text')
    .addColumn('id_number', 'text')
    .addColumn('birthday', 'date')
    .addColumn('nickname', 'text')
    .addColumn('avatar', 'text')
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language in ('TH', 'EN')`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active', 'locked', 'closed')`))
    // Spec §3: 0 member, 1/2/41/42 agent kinds, 4 trial or guest.
    .addColumn('is_agent', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`is_agent in (0, 1, 2, 4, 41, 42)`))
    // The agent tree (closure table) comes with the agents module.
    .addColumn('upline_id', 'bigint', (c) => c.references('member.id'))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('payment_password_hash', 'text')
    .addColumn('must_change_password', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('password_changed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('register_method', 'text', (c) => c.notNull())
    .addColumn('register_url', 'text')
    .addColumn('register_domain', 'text')
    .addColumn('register_ip', 'text', (c) => c.notNull())
    .addColumn('register_device', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('member_username_key_check', sql`username_key = lower(username)`)
    .addCheckConstraint('member_mobile_check', sql`(mobile_number is null) = (mobile_dialing_code is null)`)
    .execute();
  await db.schema.createIndex('member_username_key_idx').on('member').columns(['merchant_id', 'username_key']).unique().execute();
  await db.schema
    .createIndex('member_mobile_idx')
    .on('member')
    .columns(['merchant_id', 'mobile_dialing_code', 'mobile_number'])
    .unique()
    .where(sql.ref('mobile_number'), 'is not', null)
    .execute();
  // Login by mobile number looks the number up without its dialing code.
  await db.schema.createIndex('member_mobile_number_idx').on('member').columns(['merchant_id', 'mobile_number']).execute();

  await db.schema
    .createTable('member_session')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id').onDelete('cascade'))
    // Hex SHA-256 of the token (256 random bits); the token itself is only ever with the client.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('login_device_id', 'text')
    .addCheckConstraint('member_session_expiry_check', sql`expires_at > created_at`)
    .execute();
  await db.schema.createIndex('member_session_member_idx').on('member_session').column('member_id').execute();

  await db.schema
    .createTable('login_event')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    // Null when the name tried belongs to nobody.
    .addColumn('member_id', 'bigint', (c) => c.references('member.id').onDelete('cascade'))
    .addColumn('username_tried', 'text', (c) => c.notNull())
    // Lower-cased name tried: counts failures of unknown names exactly like those of real accounts.
    .addColumn('username_key', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('login_device_id', 'text')
    .addColumn('succeeded', 'boolean', (c) => c.notNull())
    // Why a failure failed: 'credentials' (counts towards captcha and lock), 'captcha', 'locked', 'status'.
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('login_event_reason_check', sql`succeeded = (failure_reason is null)`)
    .execute();
  await db.schema.createIndex('login_event_member_idx').on('login_event').columns(['member_id', 'created_at']).execute();
  await db.schema.createIndex('login_event_name_idx').on('login_event').columns(['merchant_id', 'username_key', 'created_at']).execute();
  await db.schema.createIndex('login_event_ip_idx').on('login_event').columns(['merchant_id', 'ip', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_event').execute();
  await db.schema.dropTable('member_session').execute();
  await db.schema.dropTable('member').execute();
}
