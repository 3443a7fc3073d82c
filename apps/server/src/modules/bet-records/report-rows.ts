import { sql, type RawBuilder } from 'kysely';

/** One settled bet record, as the reports (modules/reports) sum it. */
export interface SettledBetRow {
  settled_at: Date;
  member_id: bigint;
  vassalage: string;
  game_id: string;
  /** The product type (LIVE, RNG, ...); null for vendors outside the catalogue. */
  game_type: string | null;
  stake: bigint;
  valid_bet: bigint;
  payout: bigint;
}

/**
 * The merchant's records settled in [from, to), as a subquery the reports group by day, game and
 * member in one statement (a round's result belongs to the day it was settled; open rounds have no
 * result yet and cancelled ones had none). Read through `bet_record_merchant_settled_idx`.
 */
export function settledBetRows(merchantId: number, from: Date, to: Date): RawBuilder<SettledBetRow> {
  return sql<SettledBetRow>`(
    SELECT settled_at, member_id, vassalage, game_id, game_type, stake, valid_bet, payout
    FROM bet_record
    WHERE merchant_id = ${merchantId} AND status = 'settled' AND settled_at >= ${from} AND settled_at < ${to}
  )`;
}
