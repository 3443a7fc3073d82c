import { sql, type RawBuilder } from 'kysely';
import { settledBetRows } from '../bet-records/index.ts';
import { approvedDepositRows } from '../deposit/index.ts';
import { registeredMemberRows } from '../identity/index.ts';
import { bonusTransferRows } from '../ledger/index.ts';
import { paidWithdrawalRows } from '../withdrawal/index.ts';
import { addDays } from './report-window.ts';

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

/**
 * A span's settled records summed per day, member, vendor and game: what the job reads the day's records
 * into once (compute-day.ts) and derives the summary, the games and the members from, instead of three
 * passes over the records each grouping or sorting all of them (10 M records a day: 380 s in three
 * passes, docs/performance.md). Every row has at least one round, and there is one row per (day, member,
 * vendor, game, product type): the product type is grouped on for the member days per product (the
 * agents' salaries). A game's records carry one product type unless the game was reclassified within
 * the day, so a game's players are counted as distinct members, not as rows. Sums fit `int8`:
 * each is a part of a day's total, which is stored as `int8`.
 */
export interface PlayRow {
  day: string;
  member_id: bigint;
  vassalage: string;
  game_id: string;
  /** The records' product type; a game reclassified within a day has a row per type. */
  game_type: string | null;
  rounds: bigint;
  bets: bigint;
  valid_bets: bigint;
  payouts: bigint;
}

/**
 * `PlayRow`s of a span of one day (the job's): its records are that day's by their bounds, so the day is
 * not computed per record, and the hash of a big day's groups holds three keys instead of four.
 */
export function playRows(span: DaySpan): RawBuilder<PlayRow> {
  if (addDays(span.fromDay, 1) !== span.toDayExclusive)
    throw new Error(`reports: playRows sums one day, not ${span.fromDay}..${span.toDayExclusive}`);
  return sql<PlayRow>`(
    SELECT ${span.fromDay}::date AS day, b.member_id, b.vassalage, b.game_id, b.game_type, count(*)::int8 AS rounds,
           sum(b.stake)::int8 AS bets, sum(b.valid_bet)::int8 AS valid_bets, sum(b.payout)::int8 AS payouts
    FROM ${settledBetRows(span.merchantId, span.fromUtc, span.toUtc)} AS b
    GROUP BY b.member_id, b.vassalage, b.game_id, b.game_type
  )`;
}

/** `PlayRow`s summed per member and product type: what the member, member-product and summary rows need. */
export type MemberPlayRow = Omit<PlayRow, 'vassalage' | 'game_id'>;

/**
 * The job's `play` rows summed per day, member and product type (a member plays a few product types, so
 * about 2 rows a member where `play` has one per game): the job keeps them in a second temporary table
 * and sums the summary, the members and the member products from it, instead of grouping the pass's
 * millions of rows three times (docs/performance.md "Agent settlement").
 */
export function memberPlayOfPlay(play: RawBuilder<PlayRow>): RawBuilder<MemberPlayRow> {
  return sql<MemberPlayRow>`(
    SELECT p.day, p.member_id, p.game_type, sum(p.rounds)::int8 AS rounds, sum(p.bets)::int8 AS bets,
           sum(p.valid_bets)::int8 AS valid_bets, sum(p.payouts)::int8 AS payouts
    FROM ${play} AS p GROUP BY 1, 2, 3
  )`;
}

/**
 * One row per day and member who played: from the detail, or from `play` (the job's rows per member and
 * product type, `memberPlayOfPlay`). `day` a date, sums numeric, as the member and summary SELECTs below
 * add them up.
 */
function memberPlayRows(span: DaySpan, play: RawBuilder<MemberPlayRow> | undefined): RawBuilder<unknown> {
  if (play)
    return sql`(
      SELECT p.day, p.member_id, sum(p.rounds) AS rounds, sum(p.bets) AS bets, sum(p.valid_bets) AS valid_bets,
             sum(p.payouts) AS payouts
      FROM ${play} AS p GROUP BY 1, 2
    )`;
  return sql`(
    SELECT ${localDay(span, sql`b.settled_at`)} AS day, b.member_id, count(*)::numeric AS rounds, sum(b.stake) AS bets,
           sum(b.valid_bet) AS valid_bets, sum(b.payout) AS payouts
    FROM ${settledBetRows(span.merchantId, span.fromUtc, span.toUtc)} AS b GROUP BY 1, 2
  )`;
}

/**
 * One row per day of the span, zeros for a day without activity. With `play` (the job's rows per member
 * and product type, `memberPlayOfPlay`), the day's play is summed from it: the players are its members.
 */
export function summaryDayRows(span: DaySpan, play?: RawBuilder<MemberPlayRow>): RawBuilder<SummaryDayRow> {
  const { merchantId, fromUtc, toUtc } = span;
  const played = play
    ? sql`SELECT m.day, sum(m.rounds) AS rounds, count(*) AS players, sum(m.bets) AS bets,
             sum(m.valid_bets) AS valid_bets, sum(m.payouts) AS payouts
        FROM ${memberPlayRows(span, play)} AS m GROUP BY 1`
    : sql`SELECT ${localDay(span, sql`b.settled_at`)} AS day, count(*) AS rounds, count(DISTINCT b.member_id) AS players,
             sum(b.stake) AS bets, sum(b.valid_bet) AS valid_bets, sum(b.payout) AS payouts
        FROM ${settledBetRows(merchantId, fromUtc, toUtc)} AS b GROUP BY 1`;
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
    played AS (${played}),
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

/**
 * `gameDayRows` from the job's `playRows` (a row per member, game and product type). A game's players
 * are its distinct members; a game whose rows all carry one product type has one row per member, so
 * its rows are its players, counted in the same hashed pass as its sums. Only a game reclassified
 * within the day (two product types, or a type and none) has its members counted distinct, from its
 * own rows: a `count(DISTINCT)` over every game sorted the pass's millions of rows (docs/performance.md).
 */
export function gamePlayDayRows(play: RawBuilder<PlayRow>): RawBuilder<GameDayRow> {
  return sql<GameDayRow>`(
    WITH games AS (
      SELECT p.day, p.vassalage, p.game_id, sum(p.rounds)::int8 AS rounds, count(*) AS play_rows,
             sum(p.bets)::int8 AS bets_minor, sum(p.valid_bets)::int8 AS valid_bets_minor,
             sum(p.payouts)::int8 AS payouts_minor,
             min(p.game_type) IS DISTINCT FROM max(p.game_type)
               OR count(p.game_type) NOT IN (0, count(*)) AS is_reclassified
      FROM ${play} AS p
      GROUP BY 1, 2, 3
    ),
    reclassified AS (
      SELECT p.day, p.vassalage, p.game_id, count(DISTINCT p.member_id) AS players
      FROM ${play} AS p
      JOIN games AS g ON g.is_reclassified AND g.day = p.day AND g.vassalage = p.vassalage AND g.game_id = p.game_id
      GROUP BY 1, 2, 3
    )
    SELECT g.day::text AS day, g.vassalage, g.game_id, g.rounds, coalesce(r.players, g.play_rows)::int4 AS players,
           g.bets_minor, g.valid_bets_minor, g.payouts_minor
    FROM games AS g LEFT JOIN reclassified AS r USING (day, vassalage, game_id)
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

/**
 * One row per day and member who played, was paid in or out, or got a bonus in the span; the play from
 * `play` when given (the job's rows per member and product type, `memberPlayOfPlay`).
 */
export function memberDayRows(span: DaySpan, play?: RawBuilder<MemberPlayRow>): RawBuilder<MemberDayRow> {
  const { merchantId, fromUtc, toUtc } = span;
  const zero = sql`0::numeric`;
  return sql<MemberDayRow>`(
    SELECT f.day::text AS day, f.member_id, sum(f.rounds)::int8 AS rounds, sum(f.bets)::int8 AS bets_minor,
           sum(f.valid_bets)::int8 AS valid_bets_minor, sum(f.payouts)::int8 AS payouts_minor,
           sum(f.deposits)::int8 AS deposits_minor, sum(f.withdrawals)::int8 AS withdrawals_minor,
           sum(f.bonuses)::int8 AS bonuses_minor
    FROM (
      SELECT b.day, b.member_id, b.rounds, b.bets, b.valid_bets, b.payouts, ${zero} AS deposits, ${zero} AS withdrawals,
             ${zero} AS bonuses
      FROM ${memberPlayRows(span, play)} AS b
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

export interface MemberProductDayRow {
  day: string;
  member_id: bigint;
  product_type: string;
  bets_minor: bigint;
  valid_bets_minor: bigint;
  payouts_minor: bigint;
}

export const memberProductColumns = ['bets_minor', 'valid_bets_minor', 'payouts_minor'] as const;

/**
 * One row per day, member and product type played (records without a product type are left out): from
 * the detail, or from `play` (the job's rows per member and product type, `memberPlayOfPlay`).
 */
export function memberProductDayRows(span: DaySpan, play?: RawBuilder<MemberPlayRow>): RawBuilder<MemberProductDayRow> {
  // The job's rows are already one per day, member and product type.
  if (play)
    return sql<MemberProductDayRow>`(
      SELECT p.day::text AS day, p.member_id, p.game_type AS product_type, p.bets AS bets_minor,
             p.valid_bets AS valid_bets_minor, p.payouts AS payouts_minor
      FROM ${play} AS p WHERE p.game_type IS NOT NULL
    )`;
  return sql<MemberProductDayRow>`(
    SELECT ${localDay(span, sql`b.settled_at`)}::text AS day, b.member_id, b.game_type AS product_type,
           sum(b.stake)::int8 AS bets_minor, sum(b.valid_bet)::int8 AS valid_bets_minor, sum(b.payout)::int8 AS payouts_minor
    FROM ${settledBetRows(span.merchantId, span.fromUtc, span.toUtc)} AS b WHERE b.game_type IS NOT NULL
    GROUP BY 1, 2, 3
  )`;
}
