import type { Kysely } from 'kysely';

/** accounts (agent hierarchy, affiliate codes, password resets, trial accounts, avatars). */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
