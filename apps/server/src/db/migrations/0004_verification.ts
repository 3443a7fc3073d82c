import { sql, type Kysely } from 'kysely';

/**
 * Human-verification challenges (modules/verification): captchas, slider puzzles and the
 * single-use tokens a solved slider earns.
 *
 * Every row is spent by one conditional UPDATE (`... WHERE consumed_at IS NULL AND expires_at > $now
 * RETURNING ...`), never read then written, so two concurrent submits of the same answer or token
 * cannot both pass. Expired rows are useless and may be deleted at any time; the expiry indexes
 * serve that clean-up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('challenge')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('captcha', 'slider')`))
    // Captcha: hex SHA-256 of answer_salt followed by the lower-cased answer. The answer itself is never stored.
    .addColumn('answer_hash', 'text')
    .addColumn('answer_salt', 'text')
    // Slider: the x of the gap, in pixels of the background image.
    .addColumn('gap_x', 'integer')
    .addColumn('client_ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('solved_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .addCheckConstraint(
      'challenge_answer_check',
      sql`(kind = 'captcha' and answer_hash is not null and answer_salt is not null and gap_x is null)
       or (kind = 'slider' and gap_x is not null and answer_hash is null and answer_salt is null)`,
    )
    .addCheckConstraint('challenge_expiry_check', sql`expires_at > created_at`)
    .execute();
  await db.schema.createIndex('challenge_expires_at_idx').on('challenge').column('expires_at').execute();

  await db.schema
    .createTable('challenge_token')
    // Hex SHA-256 of the token (256 random bits); the token itself is only ever with the client.
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    // What spent the token (login, register, sms, password-reset); null while unspent.
    .addColumn('purpose', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('challenge_token_expires_at_idx').on('challenge_token').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('challenge_token').execute();
  await db.schema.dropTable('challenge').execute();
}
