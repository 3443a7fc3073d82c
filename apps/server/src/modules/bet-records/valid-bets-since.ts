import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * A member's valid bets of records settled at or after `since`, per vendor (`vassalage`) and product
 * type (`game_type`): what a bonus's turnover counts (modules/bonus README). Read through
 * `bet_record_member_settled_idx`.
 */
export async function validBetsOfMemberSince(
  db: Kysely<Database> | Transaction<Database>,
  input: { merchantId: number; memberId: bigint; since: Date },
): Promise<{ vassalage: string; gameType: string | null; validBet: bigint }[]> {
  const rows = await db
    .selectFrom('bet_record')
    .select(['vassalage', 'game_type', (eb) => eb.fn.sum<string>('valid_bet').as('valid_bet')])
    .where('member_id', '=', input.memberId)
    .where('status', '=', 'settled')
    .where('settled_at', '>=', input.since)
    .where('merchant_id', '=', input.merchantId)
    .groupBy(['vassalage', 'game_type'])
    .execute();
  return rows.map((row) => ({ vassalage: row.vassalage, gameType: row.game_type, validBet: BigInt(row.valid_bet) }));
}
