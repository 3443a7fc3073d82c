import { sql, type RawBuilder } from 'kysely';
import { settledBetRows } from '../bet-records/index.ts';
import { approvedDepositRows } from '../deposit/index.ts';
import { registeredMemberRows } from '../identity/index.ts';
import { bonusTransferRows } from '../ledger/index.ts';
import { paidWithdrawalRows } from '../withdrawal/index.ts';

/**
 * The facts of some of a merchant's days, computed from the detail: one SELECT per aggregate table,
 * with the table's columns, used three ways: the job inserts them (compute-day.ts), a report reads
 * them for today and for days not summed yet, and the check compares them with what was stored.
 * Each detail row belongs to the merchant's day of its own moment: a bet its settle time, a deposit
 * its approval, a withdrawal its payment, a registration its creation, a bonus its transfer.
 */
export interface DaySpan {
  merchantId: number;
  timezone: string;
  /** First day, `YYYY-MM-DD`. */
  fromDay: string;
  /** The day after the last. */
  toDayExclusive: string;
  /** Where fromDay and toDayExclusive begin, in UTC (report-window.ts dayBounds). */
  fromUtc: Date;
  toUtc: Date;
}

function localDay(span: DaySpan, column: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`(${column} AT TIME ZONE ${span.timezone})::date`;
}

export interface SummaryDayRow {
  day: string;
  registrations: number;
  first_deposits: number;
  active_players: number;
  deposit_count: number;
  deposits_minor: bigint;
  withdrawal_count: number;
  withdrawals_minor: bigint;
  rounds: bigint;
  bets_minor: bigint;
  valid_bets_minor: bigint;
  payouts_minor: bigint;
  bonuses_minor: bigint;
  rebates_minor: bigint;
}

export const summaryColumns = [
  'registrations',
  'first_deposits',
  'active_players',
  'deposit_count',
  'deposits_minor',
  'withdrawal_count',
  'withdrawals_minor',
  'rounds',
  'bets_minor',
  'valid_bets_minor',
  'payouts_minor',
  'bonuses_minor',
  'rebates_minor',
] as const;

/** One row per day of the span, zeros for a day without activity. */
export function summaryDayRows(span: DaySpan): RawBuilder<SummaryDayRow> {
  const { merchantId, fromUtc, toUtc } = span;
  return sql<SummaryDayRow>`(
    WITH days AS (
      SELECT d::date AS day FROM generate_series(${span.fromDay}::date, ${span.toDayExclusive}::date - 1, interval '1 day') AS d
    ),
    registered AS (
      SELECT ${localDay(span, sql`r.created_at`)} AS day, count(*) AS registrations
      FROM ${registeredMemberRows(merchantId, fromUtc, toUtc)} AS r GROUP BY 1
    ),
    deposited AS (
      SELECT ${localDay(span, sql`d.settled_at`)} AS day, count(*) AS deposit_count,
             count(*) FILTER (WHERE d.is_first_deposit) AS first_deposits, sum(d.amount) AS deposits
      FROM ${approvedDepositRows(merchantId, fromUtc, toUtc)} AS d GROUP BY 1
    ),
    withdrawn AS (
      SELECT ${localDay(span, sql`w.reviewed_at`)} AS day, count(*) AS withdrawal_count, sum(w.amount) AS withdrawals
      FROM ${paidWithdrawalRows(merchantId, fromUtc, toUtc)} AS w GROUP BY 1
    ),
    played AS (
      SELECT ${localDay(span, sql`b.settled_at`)} AS day, count(*) AS rounds, count(DISTINCT b.member_id) AS players,
             sum(b.stake) AS bets, sum(b.valid_bet) AS valid_bets, sum(b.payout) AS payouts
      FROM ${settledBetRows(merchantId, fromUtc, toUtc)} AS b GROUP BY 1
    ),
    bonused AS (
      SELECT ${localDay(span, sql`g.created_at`)} AS day,
             sum(g.amount) FILTER (WHERE NOT g.is_rebate) AS bonuses, sum(g.amount) FILTER (WHERE g.is_rebate) AS rebates
      FROM ${bonusTransferRows(merchantId, fromUtc, toUtc)} AS g GROUP BY 1
    )
    SELECT days.day::text AS day,
           coalesce(registered.registrations, 0)::int4 AS registrations,
           coalesce(deposited.first_deposits, 0)::int4 AS first_deposits,
           coalesce(played.players, 0)::int4 AS active_players,
           coalesce(deposited.deposit_count, 0)::int4 AS deposit_count,
           coalesce(deposited.deposits, 0)::int8 AS deposits_minor,
           coalesce(withdrawn.withdrawal_count, 0)::int4 AS withdrawal_count,
           coalesce(withdrawn.withdrawals, 0)::int8 AS withdrawals_minor,
           coalesce(played.rounds, 0)::int8 AS rounds,
           coalesce(played.bets, 0)::int8 AS bets_minor,
           coalesce(played.valid_bets, 0)::int8 AS valid_bets_minor,
           coalesce(played.payouts, 0)::int8 AS payouts_minor,
           coalesce(bonused.bonuses, 0)::int8 AS bonuses_minor,
           coalesce(bonused.rebates, 0)::int8 AS rebates_minor
    FROM days
    LEFT JOIN registered USING (day) LEFT JOIN deposited USING (day) LEFT JOIN withdrawn USING (day)
    LEFT JOIN played USING (day) LEFT JOIN bonused USING (day)
  )`;
}

export interface GameDayRow {
  day: string;
  vassalage: string;
  game_id: string;
  rounds: bigint;
  players: number;
  bets_minor: bigint;
  valid_bets_minor: bigint;
  payouts_minor: bigint;
}

export const gameColumns = ['rounds', 'players', 'bets_minor', 'valid_bets_minor', 'payouts_minor'] as const;

/** One row per day, vendor and game played in the span. */
export function gameDayRows(span: DaySpan): RawBuilder<GameDayRow> {
  return sql<GameDayRow>`(
    SELECT ${localDay(span, sql`b.settled_at`)}::text AS day, b.vassalage, b.game_id, count(*)::int8 AS rounds,
           count(DISTINCT b.member_id)::int4 AS players, sum(b.stake)::int8 AS bets_minor,
           sum(b.valid_bet)::int8 AS valid_bets_minor, sum(b.payout)::int8 AS payouts_minor
    FROM ${settledBetRows(span.merchantId, span.fromUtc, span.toUtc)} AS b
    GROUP BY 1, 2, 3
  )`;
}

export interface MemberDayRow {
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

export const memberColumns = [
  'rounds',
  'bets_minor',
  'valid_bets_minor',
  'payouts_minor',
  'deposits_minor',
  'withdrawals_minor',
  'bonuses_minor',
] as const;

/** One row per day and member who played, was paid in or out, or got a bonus in the span. */
export function memberDayRows(span: DaySpan): RawBuilder<MemberDayRow> {
  const { merchantId, fromUtc, toUtc } = span;
  const zero = sql`0::numeric`;
  return sql<MemberDayRow>`(
    SELECT f.day::text AS day, f.member_id, sum(f.rounds)::int8 AS rounds, sum(f.bets)::int8 AS bets_minor,
           sum(f.valid_bets)::int8 AS valid_bets_minor, sum(f.payouts)::int8 AS payouts_minor,
           sum(f.deposits)::int8 AS deposits_minor, sum(f.withdrawals)::int8 AS withdrawals_minor,
           sum(f.bonuses)::int8 AS bonuses_minor
    FROM (
      SELECT ${localDay(span, sql`b.settled_at`)} AS day, b.member_id, count(*)::numeric AS rounds, sum(b.stake) AS bets,
             sum(b.valid_bet) AS valid_bets, sum(b.payout) AS payouts, ${zero} AS deposits, ${zero} AS withdrawals, ${zero} AS bonuses
      FROM ${settledBetRows(merchantId, fromUtc, toUtc)} AS b GROUP BY 1, 2
      UNION ALL
      SELECT ${localDay(span, sql`d.settled_at`)}, d.member_id, ${zero}, ${zero}, ${zero}, ${zero}, sum(d.amount), ${zero}, ${zero}
      FROM ${approvedDepositRows(merchantId, fromUtc, toUtc)} AS d GROUP BY 1, 2
      UNION ALL
      SELECT ${localDay(span, sql`w.reviewed_at`)}, w.member_id, ${zero}, ${zero}, ${zero}, ${zero}, ${zero}, sum(w.amount), ${zero}
      FROM ${paidWithdrawalRows(merchantId, fromUtc, toUtc)} AS w GROUP BY 1, 2
      UNION ALL
      SELECT ${localDay(span, sql`g.created_at`)}, g.member_id, ${zero}, ${zero}, ${zero}, ${zero}, ${zero}, ${zero}, sum(g.amount)
      FROM ${bonusTransferRows(merchantId, fromUtc, toUtc)} AS g GROUP BY 1, 2
    ) AS f
    GROUP BY f.day, f.member_id
  )`;
}
