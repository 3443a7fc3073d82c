import type { Kysely } from 'kysely';

/** deposits (channels, deposit tasks, proofs, gateway callbacks, member deposit limits). */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
