import type { Kysely } from 'kysely';

/** the game catalogue for members (favourites, recent games, ranks). */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
