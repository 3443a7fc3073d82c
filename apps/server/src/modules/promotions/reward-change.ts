import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The channel the balance stream listens on for a member's rewards (app.ts, wallet's BalanceStreams).
 * Payload `<merchantId>:<memberId>`, or `<merchantId>:*` when every member of the merchant may have
 * changed (a segment grant, an edited promotion).
 */
export const rewardChangeChannel = 'reward_change';

/**
 * Wakes the open pages of these members (or `'*'`: of every member of the merchant) to count their
 * claimable rewards again. Sent in the caller's transaction, so it reaches the listeners only once
 * the change committed, and never for a rolled-back one (a savepoint rolled back drops it too).
 * PostgreSQL sends one notification per distinct payload of a transaction, so a bulk change costs one
 * per member. Called wherever a reward enters or leaves `issued`, a segment is granted, or a promotion
 * is edited: the promotions module is the only writer of these tables (table ownership, lint).
 */
export async function notifyRewardChange(
  trx: Transaction<Database>,
  merchantId: number,
  members: Iterable<bigint> | '*',
): Promise<void> {
  const payloads =
    members === '*' ? [`${merchantId}:*`] : [...new Set([...members].map((memberId) => `${merchantId}:${memberId}`))];
  if (payloads.length === 0) return;
  await sql`SELECT pg_notify(${rewardChangeChannel}, payload) FROM unnest(${payloads}::text[]) AS payload`.execute(trx);
}
