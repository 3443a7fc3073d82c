import type { Kysely } from 'kysely';

/** login security (remember tokens, new-IP verification, two-factor login). */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
