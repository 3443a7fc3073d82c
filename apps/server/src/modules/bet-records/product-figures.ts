import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** One member's settled play of one product type (the vendor's game type) in a period; money in minor units. */
export interface MemberProductFigures {
  memberId: bigint;
  productType: string;
  betMinor: bigint;
  validBetMinor: bigint;
  payoutMinor: bigint;
}

/**
 * The merchant's records settled in [from, to), summed per member and product type (`game_type`, the
 * agents' contract product types LIVE, RNG, ...; records of vendors outside the catalogue have none and
 * are left out). For the agents' dividends, which are per product type while the reports' member days
 * are not. Read through `bet_record_merchant_settled_idx`.
 */
export async function memberProductFigures(
  db: Kysely<Database>,
  merchantId: number,
  from: Date,
  to: Date,
): Promise<MemberProductFigures[]> {
  const { rows } = await sql<{
    member_id: string;
    game_type: string;
    bets: string;
    valid_bets: string;
    payouts: string;
  }>`
    SELECT member_id, game_type, sum(stake) AS bets, sum(valid_bet) AS valid_bets, sum(payout) AS payouts
      FROM bet_record
     WHERE merchant_id = ${merchantId} AND status = 'settled' AND settled_at >= ${from} AND settled_at < ${to}
       AND game_type IS NOT NULL
     GROUP BY member_id, game_type`.execute(db);
  return rows.map((row) => ({
    memberId: BigInt(row.member_id),
    productType: row.game_type,
    betMinor: BigInt(row.bets),
    validBetMinor: BigInt(row.valid_bets),
    payoutMinor: BigInt(row.payouts),
  }));
}
