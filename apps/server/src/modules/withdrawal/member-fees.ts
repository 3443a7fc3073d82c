import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Each member's withdrawal fees over [from, to): the `fee` of its withdrawals paid in that span (the
 * fee goes to `house_fee` in the payout posting, on the day an operator pays; a rejected withdrawal
 * charges none), in minor units. Members without a fee are absent. One grouped query over
 * `withdrawal_merchant_paid_idx`, for the agents' dividends (the "withdrawal fees" deduction line).
 */
export async function memberWithdrawalFees(
  db: Kysely<Database>,
  merchantId: number,
  from: Date,
  to: Date,
): Promise<Map<bigint, bigint>> {
  const { rows } = await sql<{ member_id: string; fee_minor: string }>`
    SELECT member_id, sum(fee)::int8 AS fee_minor
      FROM withdrawal
     WHERE merchant_id = ${merchantId} AND status IN ('approved', 'received', 'not_received')
       AND reviewed_at >= ${from} AND reviewed_at < ${to} AND fee > 0
     GROUP BY member_id`.execute(db);
  return new Map(rows.map((row) => [BigInt(row.member_id), BigInt(row.fee_minor)]));
}
