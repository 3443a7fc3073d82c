import type { Kysely } from 'kysely';

/** the back-office (operators, their sessions, roles, the audit log). */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
