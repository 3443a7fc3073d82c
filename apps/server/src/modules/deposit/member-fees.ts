import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Each member's deposit fees over [from, to): the `fee_amount` of its deposits approved in that span
 * (a deposit's fee is posted to `house_fee` when it is approved, and only then), in minor units.
 * Members without a fee are absent. One grouped query over `deposit_merchant_approved_idx`, whatever
 * the number of members, for the agents' dividends (the "deposit fees" deduction line).
 */
export async function memberDepositFees(
  db: Kysely<Database>,
  merchantId: number,
  from: Date,
  to: Date,
): Promise<Map<bigint, bigint>> {
  const { rows } = await sql<{ member_id: string; fee_minor: string }>`
    SELECT member_id, sum(fee_amount)::int8 AS fee_minor
      FROM deposit
     WHERE merchant_id = ${merchantId} AND status = 'approved' AND settled_at >= ${from} AND settled_at < ${to}
       AND fee_amount > 0
     GROUP BY member_id`.execute(db);
  return new Map(rows.map((row) => [BigInt(row.member_id), BigInt(row.fee_minor)]));
}
