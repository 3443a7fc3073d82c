import { sql, type Kysely } from 'kysely';

/**
 * One-time codes sent by SMS or e-mail, and the outbox of every message sent (modules/messaging).
 *
 * A code is spent by one conditional UPDATE (`... WHERE consumed_at IS NULL AND expires_at > $now
 * AND attempts < 5 AND code_hash = $hash RETURNING id`), so two concurrent submits of one code cannot
 * both pass. The outbox keeps what was sent, through which provider and whether it went out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('verification_code')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('sms', 'email')`))
    // `+66812345678` or a lower-cased e-mail address.
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('register', 'login', 'password-reset', 'verify-login')`))
    // Hex SHA-256 of code_salt followed by the code; the code itself is only in the message sent.
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('code_salt', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .addCheckConstraint('verification_code_expiry_check', sql`expires_at > created_at`)
    .execute();
  // The newest code of a destination and purpose (verify, resend countdown), and the hourly count.
  await db.schema
    .createIndex('verification_code_destination_idx')
    .on('verification_code')
    .columns(['merchant_id', 'destination', 'created_at'])
    .execute();
  await db.schema.createIndex('verification_code_expires_at_idx').on('verification_code').column('expires_at').execute();

  await db.schema
    .createTable('outbox_message')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('sms', 'email')`))
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('delivered_via', 'text', (c) => c.notNull().check(sql`delivered_via in ('outbox', 'smtp', 'sms-gateway')`))
    .addColumn('delivery_status', 'text', (c) => c.notNull().check(sql`delivery_status in ('sent', 'failed')`))
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('outbox_message_destination_idx')
    .on('outbox_message')
    .columns(['merchant_id', 'destination', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox_message').execute();
  await db.schema.dropTable('verification_code').execute();
}
