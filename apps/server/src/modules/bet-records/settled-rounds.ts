import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** One settled round of a member; money in minor units. */
export interface SettledRound {
  memberId: bigint;
  stakeMinor: bigint;
  validBetMinor: bigint;
  payoutMinor: bigint;
}

/**
 * The merchant's rounds of one product type (`game_type`) settled in [from, to), one row each: the
 * agents' real-time salary pays a share of every single bet (its tiers are by the bet's size). Read
 * through `bet_record_merchant_settled_idx`.
 */
export async function settledRoundsOf(
  db: Kysely<Database>,
  merchantId: number,
  productType: string,
  from: Date,
  to: Date,
): Promise<SettledRound[]> {
  const { rows } = await sql<{ member_id: string; stake: string; valid_bet: string; payout: string }>`
    SELECT member_id, stake, valid_bet, payout FROM bet_record
     WHERE merchant_id = ${merchantId} AND status = 'settled' AND settled_at >= ${from} AND settled_at < ${to}
       AND game_type = ${productType}`.execute(db);
  return rows.map((row) => ({
    memberId: BigInt(row.member_id),
    stakeMinor: BigInt(row.stake),
    validBetMinor: BigInt(row.valid_bet),
    payoutMinor: BigInt(row.payout),
  }));
}
