import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The merchant's rounds per game since `since` (cancelled rounds, whose every bet was refunded, not
 * counted), as a subquery `played(game_id, rounds)` the games module joins to rank its catalogue: the
 * rank list stays one statement, and only this module knows how a round is counted.
 */
export function roundsByGameSince(db: Kysely<Database>, merchantId: number, since: Date) {
  return db
    .selectFrom('bet_record')
    .select(['bet_record.game_id', (eb) => eb.fn.countAll<string>().as('rounds')])
    .where('bet_record.merchant_id', '=', merchantId)
    .where('bet_record.first_bet_at', '>=', since)
    .where('bet_record.status', '<>', 'cancelled')
    .groupBy('bet_record.game_id')
    .as('played');
}
