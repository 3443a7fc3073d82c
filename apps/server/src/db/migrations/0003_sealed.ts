import { sql, type Kysely } from 'kysely';

/**
 * Sealed payloads (modules/sealed): the RSA key pairs that open them and the nonces already seen.
 *
 * Both live in PostgreSQL so that every API instance opens with the same keys and refuses a nonce
 * that another instance has already accepted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sealing_key')
    .addColumn('key_id', 'text', (c) => c.primaryKey())
    // PKCS#8 PEM, stored as is; see modules/sealed/README.md on wrapping it with a KMS in production.
    .addColumn('private_key_pem', 'text', (c) => c.notNull())
    .addColumn('public_spki', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('retired_at', 'timestamptz')
    .execute();

  // Rows are short-lived (ten minutes) and looked up only by their key; merchant_id has no foreign
  // key so that the hot insert checks nothing else.
  await db.schema
    .createTable('sealed_nonce')
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('sealed_nonce_pkey', ['merchant_id', 'nonce'])
    .execute();
  // The periodic cleanup deletes by expiry.
  await db.schema.createIndex('sealed_nonce_expires_idx').on('sealed_nonce').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sealed_nonce').ifExists().execute();
  await db.schema.dropTable('sealing_key').ifExists().execute();
}
