import type { Kysely } from 'kysely';

/** the seamless wallet protocol of vendors (vendor accounts and secrets, game sessions, vendor transactions, rounds). */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
