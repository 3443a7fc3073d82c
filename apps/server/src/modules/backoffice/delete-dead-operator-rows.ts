import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { deleteOldOperatorFailures } from './operator-throttle.ts';

/** Ended operator sessions are kept this long (who was logged in when), then deleted. */
export const operatorSessionRetentionMs = 30 * 24 * 3_600_000;

export const backofficePruneJobName = 'backoffice.prune';

/**
 * The back-office's part of the prune: login failures past their window and sessions a month past
 * their end (a revoked session also ends by its expiry, at most 12 hours later). Both by an indexed
 * time column. The audit log is never pruned.
 */
export async function deleteDeadOperatorRows(db: Kysely<Database>, nowMs: number): Promise<Record<string, number>> {
  const sessions = await db
    .deleteFrom('operator_session')
    .where('expires_at', '<', new Date(nowMs - operatorSessionRetentionMs))
    .executeTakeFirst();
  return {
    operatorSessions: Number(sessions.numDeletedRows),
    operatorLoginFailures: await deleteOldOperatorFailures(db, nowMs),
  };
}
