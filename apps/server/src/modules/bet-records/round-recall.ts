import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A bet record as the back-office's game recall shows it. */
export interface RecalledRound {
  vendorCode: string;
  roundId: string;
  memberId: bigint;
  vassalage: string;
  gameId: string;
  status: string;
  stakeMinor: bigint;
  validBetMinor: bigint;
  payoutMinor: bigint;
  betCount: number;
  fairness: Record<string, unknown> | null;
  firstBetAt: Date;
  settledAt: Date | null;
}

/**
 * The merchant's bet records of these rounds (any vendor, any member): the game recall (modules/games).
 * A round id alone may name rounds of several vendors; at most 50 records.
 */
export async function findRoundRecords(
  db: Kysely<Database>,
  merchantId: number,
  rounds: ReadonlyArray<{ vendorCode?: string; roundId: string }>,
): Promise<RecalledRound[]> {
  if (rounds.length === 0) return [];
  const rows = await db
    .selectFrom('bet_record')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where((eb) =>
      eb.or(
        rounds.map((round) =>
          round.vendorCode === undefined
            ? eb('round_id', '=', round.roundId)
            : eb.and([eb('round_id', '=', round.roundId), eb('vendor_code', '=', round.vendorCode)]),
        ),
      ),
    )
    .orderBy('first_bet_at', 'desc')
    .limit(50)
    .execute();
  return rows.map((row) => ({
    vendorCode: row.vendor_code,
    roundId: row.round_id,
    memberId: row.member_id,
    vassalage: row.vassalage,
    gameId: row.game_id,
    status: row.status,
    stakeMinor: row.stake,
    validBetMinor: row.valid_bet,
    payoutMinor: row.payout,
    betCount: row.bet_count,
    fairness: row.fairness as Record<string, unknown> | null,
    firstBetAt: row.first_bet_at,
    settledAt: row.settled_at,
  }));
}
