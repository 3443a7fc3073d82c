import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Deletes captchas, sliders and slider tokens that expired before `nowMs`; they can no longer pass
 * any check. Meant for a periodic job; the expiry indexes keep it cheap.
 */
export async function deleteExpiredChallenges(
  db: Kysely<Database>,
  nowMs: number,
): Promise<{ challenges: number; tokens: number }> {
  const now = new Date(nowMs);
  const challenges = await db.deleteFrom('challenge').where('expires_at', '<=', now).executeTakeFirst();
  const tokens = await db.deleteFrom('challenge_token').where('expires_at', '<=', now).executeTakeFirst();
  return { challenges: Number(challenges.numDeletedRows), tokens: Number(tokens.numDeletedRows) };
}
