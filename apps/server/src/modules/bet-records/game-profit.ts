import {
  formatMinorUnits,
  gameProfitMaxDays,
  type GameProfitByDay,
  type GameProfitByType,
  type GameProfitLine,
} from '@lotus/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { BetRecordScope } from './list-bet-records.ts';

export interface GameProfitQuery {
  start: Date | null;
  end: Date | null;
  /** Where the member's days begin: minutes east of UTC. */
  utcOffsetMinutes: number;
}

export interface GameProfit {
  total: GameProfitLine;
  byDay: GameProfitByDay[];
  byType: GameProfitByType[];
}

interface LineRow {
  count: bigint;
  stake: bigint | null;
  valid_bet: bigint | null;
  payout: bigint | null;
}

function lineOf(row: LineRow | undefined): GameProfitLine {
  const stake = row?.stake ?? 0n;
  const payout = row?.payout ?? 0n;
  return {
    recordCount: Number(row?.count ?? 0n),
    betAmount: formatMinorUnits(stake),
    validBetAmount: formatMinorUnits(row?.valid_bet ?? 0n),
    winAmount: formatMinorUnits(payout),
    profitAmount: formatMinorUnits(payout - stake),
  };
}

/**
 * The games' profit and loss for page personalProfit: records settled in the range (a round's
 * result belongs to the day it was settled), in total, by the member's day and by game type. Open
 * rounds have no result yet and cancelled ones had none, so neither counts. Read through
 * `bet_record_member_settled_idx`.
 */
export async function getGameProfit(
  db: Kysely<Database>,
  scope: BetRecordScope,
  query: GameProfitQuery,
): Promise<GameProfit> {
  const where = sql.join(
    [
      sql`merchant_id = ${scope.merchantId}`,
      sql`member_id = ${scope.memberId}`,
      sql`status = 'settled'`,
      ...(query.start === null ? [] : [sql`settled_at >= ${query.start}`]),
      ...(query.end === null ? [] : [sql`settled_at < ${query.end}`]),
    ],
    sql` AND `,
  );
  const sums = sql`count(*)::int8 AS count, sum(stake)::int8 AS stake, sum(valid_bet)::int8 AS valid_bet, sum(payout)::int8 AS payout`;
  // The member's calendar day: the UTC time moved by their offset, then truncated.
  const day = sql`to_char((settled_at AT TIME ZONE 'UTC') + make_interval(mins => ${query.utcOffsetMinutes}::int), 'YYYY-MM-DD')`;
  const [total, byDay, byType] = await Promise.all([
    sql<LineRow>`SELECT ${sums} FROM bet_record WHERE ${where}`.execute(db),
    sql<LineRow & { day: string }>`
      SELECT ${day} AS day, ${sums} FROM bet_record WHERE ${where}
      GROUP BY 1 ORDER BY 1 DESC LIMIT ${gameProfitMaxDays}`.execute(db),
    sql<LineRow & { game_type: string | null }>`
      SELECT game_type, ${sums} FROM bet_record WHERE ${where}
      GROUP BY game_type ORDER BY sum(stake) DESC, game_type`.execute(db),
  ]);
  return {
    total: lineOf(total.rows[0]),
    byDay: byDay.rows.map((row) => ({ day: row.day, ...lineOf(row) })),
    byType: byType.rows.map((row) => ({ gameType: row.game_type, ...lineOf(row) })),
  };
}
