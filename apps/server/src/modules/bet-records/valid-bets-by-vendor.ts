import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * A member's valid bets of settled records per vendor (`vassalage`), for these vendors only: what the
 * withdrawal turnover counted from them (a record adds its valid bet when it settles). The games module
 * takes its vendors' turnover exclusion off with it (README "Turnover exclusion").
 */
export async function validBetsByVendorOfMember(
  db: Kysely<Database> | Transaction<Database>,
  input: { merchantId: number; memberId: bigint; vassalages: readonly string[] },
): Promise<Map<string, bigint>> {
  if (input.vassalages.length === 0) return new Map();
  const rows = await db
    .selectFrom('bet_record')
    .select(['vassalage', (eb) => eb.fn.sum<string>('valid_bet').as('valid_bet')])
    .where('merchant_id', '=', input.merchantId)
    .where('member_id', '=', input.memberId)
    .where('status', '=', 'settled')
    .where('vassalage', 'in', input.vassalages)
    .groupBy('vassalage')
    .execute();
  return new Map(rows.map((row) => [row.vassalage, BigInt(row.valid_bet)]));
}
