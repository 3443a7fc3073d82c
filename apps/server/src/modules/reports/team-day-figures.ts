import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { memberDayRows, type DaySpan } from './day-facts.ts';
import { planWindow, type ReportMerchant, type ReportWindow } from './report-window.ts';

/** One member's figures on one of the merchant's days; money in minor units. */
export interface TeamDayFigureRow {
  day: string;
  member_id: bigint;
  rounds: bigint;
  bets_minor: bigint;
  valid_bets_minor: bigint;
  payouts_minor: bigint;
  deposits_minor: bigint;
  withdrawals_minor: bigint;
  bonuses_minor: bigint;
}

function liveSpan(window: ReportWindow): DaySpan | null {
  if (!window.live) return null;
  return { merchantId: window.merchant.id, timezone: window.merchant.timezone, ...window.live };
}

/**
 * The per-member day figures of a set of members (the agent centre's team pages, modules/agents) over
 * the merchant's days `from`..`to`: summed days from `report_daily_member`, today and any day not summed
 * yet live from the detail, as the back-office's member report reads them. `members` is a subquery of
 * `member_id`s (the agent's subtree). Members with nothing on a day have no row for it.
 */
export async function teamDayFigures(
  db: Kysely<Database>,
  request: { merchant: ReportMerchant; from: string; to: string; nowMs: number },
  members: RawBuilder<{ member_id: bigint }>,
): Promise<{ today: string; rows: TeamDayFigureRow[] }> {
  const window = await planWindow(db, request.merchant, request.from, request.to, request.nowMs);
  const span = liveSpan(window);
  const live =
    span === null
      ? sql``
      : sql`UNION ALL SELECT l.day, l.member_id, l.rounds, l.bets_minor, l.valid_bets_minor, l.payouts_minor,
                  l.deposits_minor, l.withdrawals_minor, l.bonuses_minor
            FROM ${memberDayRows(span)} AS l
            WHERE l.day = ANY(${window.liveDays}::text[]) AND l.member_id IN (SELECT member_id FROM ${members} AS t)`;
  const { rows } = await sql<TeamDayFigureRow>`
    SELECT day::text AS day, member_id, rounds, bets_minor, valid_bets_minor, payouts_minor, deposits_minor,
           withdrawals_minor, bonuses_minor
      FROM report_daily_member
     WHERE merchant_id = ${window.merchant.id} AND day >= ${window.from}::date AND day <= ${window.to}::date
       AND day < ${window.today}::date AND member_id IN (SELECT member_id FROM ${members} AS t)
    ${live}`.execute(db);
  return {
    today: window.today,
    rows: rows.map((row) => ({
      ...row,
      member_id: BigInt(row.member_id),
      rounds: BigInt(row.rounds),
      bets_minor: BigInt(row.bets_minor),
      valid_bets_minor: BigInt(row.valid_bets_minor),
      payouts_minor: BigInt(row.payouts_minor),
      deposits_minor: BigInt(row.deposits_minor),
      withdrawals_minor: BigInt(row.withdrawals_minor),
      bonuses_minor: BigInt(row.bonuses_minor),
    })),
  };
}
