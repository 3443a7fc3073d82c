import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/**
 * Sessions that ended (revoked or past their absolute expiry) more than 30 days ago. They can never
 * be used again; the login journal (`login_event`) keeps the history of who logged in from where.
 */
export const deadSessionRetentionMs = 30 * 24 * 60 * 60 * 1000;

export async function deleteDeadSessions(db: Kysely<Database>, nowMs: number): Promise<number> {
  const before = new Date(nowMs - deadSessionRetentionMs);
  const result = await db
    .deleteFrom('member_session')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
