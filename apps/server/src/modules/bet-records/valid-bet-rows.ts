import { sql, type RawBuilder } from 'kysely';

/** One settled record's valid bet and product type, as the rebates (modules/rebates) sum it. */
export interface ValidBetRow {
  member_id: bigint;
  game_type: string;
  valid_bet: bigint;
}

/**
 * The merchant's records settled in [from, to) that have a product type (`game_type`), optionally of one
 * member: a subquery the rebates group per member and product in one INSERT ... SELECT. Read through
 * `bet_record_merchant_settled_idx`; the stored `valid_bet` (the reports' and agents' valid bet).
 */
export function validBetRows(
  merchantId: number,
  from: Date,
  to: Date,
  memberId: bigint | null = null,
): RawBuilder<ValidBetRow> {
  return sql<ValidBetRow>`(
    SELECT member_id, game_type, valid_bet
    FROM bet_record
    WHERE merchant_id = ${merchantId} AND status = 'settled' AND settled_at >= ${from} AND settled_at < ${to}
      AND game_type IS NOT NULL ${memberId === null ? sql`` : sql`AND member_id = ${memberId}`}
  )`;
}
