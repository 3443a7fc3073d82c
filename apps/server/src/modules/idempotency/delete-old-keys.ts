import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { idempotencyRetentionMs } from './idempotency.ts';

/** Forgets keys older than a day (for the prune job). Their effects stay; only the replay is gone. */
export async function deleteOldIdempotencyKeys(db: Kysely<Database>, nowMs: number): Promise<number> {
  const result = await db
    .deleteFrom('idempotent_request')
    .where('created_at', '<', new Date(nowMs - idempotencyRetentionMs))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
