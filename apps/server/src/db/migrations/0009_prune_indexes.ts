import { sql, type Kysely } from 'kysely';

/** Indexes behind the prune job (jobs/scheduled-jobs.ts): it deletes ended sessions by their end time. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('member_session_expires_at_idx').on('member_session').column('expires_at').execute();
  await db.schema
    .createIndex('member_session_revoked_at_idx')
    .on('member_session')
    .column('revoked_at')
    .where(sql.ref('revoked_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('member_session_revoked_at_idx').execute();
  await db.schema.dropIndex('member_session_expires_at_idx').execute();
}
