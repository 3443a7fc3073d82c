import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Codes that expired more than a day ago. The countdown and the hourly cap look back one hour, so
 * such rows can no longer pass or count for anything. Outbox messages are kept: operators read them.
 */
export const expiredCodeRetentionMs = 24 * 60 * 60 * 1000;

export async function deleteExpiredCodes(db: Kysely<Database>, nowMs: number): Promise<number> {
  const result = await db
    .deleteFrom('verification_code')
    .where('expires_at', '<', new Date(nowMs - expiredCodeRetentionMs))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
