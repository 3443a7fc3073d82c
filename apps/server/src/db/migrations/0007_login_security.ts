import { sql, type Kysely } from 'kysely';

/**
 * Login security (modules/identity): remember tokens, new-IP verification, two-factor login (TOTP),
 * forced password change and the throttle of password changes.
 *
 * - Every token is stored only as the hex SHA-256 of its 256 random bits; the clients hold the token.
 * - A login verification is single use and dies after 5 wrong answers: both are one conditional
 *   UPDATE, never a read then a write.
 * - The TOTP secret is stored as is (base32): the server must compute the same codes as the
 *   member's authenticator, so it cannot keep only a hash. `last_used_step` makes each 30-second
 *   step usable once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member_remember_token')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addCheckConstraint('member_remember_token_expiry_check', sql`expires_at > created_at`)
    .execute();
  // Revoking every token of a member (password change, lock) finds the live ones.
  await db.schema
    .createIndex('member_remember_token_member_idx')
    .on('member_remember_token')
    .column('member_id')
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
  // The prune job deletes expired tokens.
  await db.schema.createIndex('member_remember_token_expires_at_idx').on('member_remember_token').column('expires_at').execute();

  await db.schema
    .createTable('login_verification')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // The verification is bound to the address the login came from.
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('login_device_id', 'text')
    .addColumn('username_tried', 'text', (c) => c.notNull())
    .addColumn('methods', sql`text[]`, (c) =>
      c.notNull().check(sql`cardinality(methods) > 0 and methods <@ array['mobile', 'email', 'bankName', 'totp']::text[]`),
    )
    .addColumn('login_type', 'text', (c) => c.notNull().check(sql`login_type in ('username', 'remember')`))
    // The remember token a remember login used: revoked (rotated) when the verification passes.
    .addColumn('remember_token_id', 'bigint', (c) => c.references('member_remember_token.id').onDelete('set null'))
    // The login asked for a remember token: the verification's answer carries a new one.
    .addColumn('wants_remember_token', 'boolean', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0).check(sql`attempts between 0 and 5`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .addCheckConstraint('login_verification_expiry_check', sql`expires_at > created_at`)
    .addCheckConstraint('login_verification_remember_check', sql`remember_token_id is null or login_type = 'remember'`)
    .execute();
  await db.schema.createIndex('login_verification_member_idx').on('login_verification').column('member_id').execute();
  await db.schema.createIndex('login_verification_expires_at_idx').on('login_verification').column('expires_at').execute();

  await db.schema
    .createTable('member_totp')
    .addColumn('member_id', 'bigint', (c) => c.primaryKey().references('member.id').onDelete('cascade'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    // Base32 secret of the confirmed authenticator; null while two-factor login is off.
    .addColumn('secret', 'text')
    .addColumn('enabled_at', 'timestamptz')
    // Base32 secret of an enrolment shown but not yet confirmed with a code.
    .addColumn('pending_secret', 'text')
    // The newest 30-second step accepted: a code of this step or an older one never passes again.
    .addColumn('last_used_step', 'bigint')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('member_totp_enabled_check', sql`(secret is null) = (enabled_at is null)`)
    .addCheckConstraint('member_totp_not_empty_check', sql`secret is not null or pending_secret is not null`)
    .execute();

  // Wrong old passwords given to POST /wps/member/password: 5 in 15 minutes stop the account's changes.
  await db.schema
    .createTable('password_change_failure')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_change_failure_member_idx').on('password_change_failure').columns(['member_id', 'created_at']).execute();
  await db.schema.createIndex('password_change_failure_created_at_idx').on('password_change_failure').column('created_at').execute();

  // A session of a login whose password must be changed first answers 403 on every call but a few.
  await db.schema
    .alterTable('member_session')
    .addColumn('password_change_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  // "Has this member ever logged in from this IP?" (new-IP verification).
  await db.schema
    .createIndex('login_event_member_ip_idx')
    .on('login_event')
    .columns(['member_id', 'ip'])
    .where(sql.ref('succeeded'), '=', true)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('login_event_member_ip_idx').execute();
  await db.schema.alterTable('member_session').dropColumn('password_change_required').execute();
  await db.schema.dropTable('password_change_failure').execute();
  await db.schema.dropTable('member_totp').execute();
  await db.schema.dropTable('login_verification').execute();
  await db.schema.dropTable('member_remember_token').execute();
}
