import {
  formatMinorUnits,
  type DailySummaryLine,
  type DailySummaryReport,
  type GameReport,
  type MemberReport,
  type PaymentReport,
} from '@lotus/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { settledBetRows } from '../bet-records/index.ts';
import { depositRequestRows } from '../deposit/index.ts';
import { listGameNames, listVendorNames } from '../games/index.ts';
import { listMemberSummaries } from '../identity/index.ts';
import { withdrawalRequestRows } from '../withdrawal/index.ts';
import { gameDayRows, memberDayRows, summaryDayRows, type DaySpan, type SummaryDayRow } from './day-facts.ts';
import { activeMemberRows } from './member-activity.ts';
import { addDays, planWindow, type ReportMerchant, type ReportWindow } from './report-window.ts';

/**
 * The reports over a range of the merchant's days: the days summed by the job from the aggregates,
 * today and any day not summed yet live from the detail (report-window.ts), the two joined in SQL.
 */
export interface ReportRequest {
  merchant: ReportMerchant;
  from: string;
  to: string;
  nowMs: number;
  language: 'TH' | 'EN';
}

function liveSpan(window: ReportWindow): DaySpan | null {
  if (!window.live) return null;
  return {
    merchantId: window.merchant.id,
    timezone: window.merchant.timezone,
    fromDay: window.live.fromDay,
    toDayExclusive: window.live.toDayExclusive,
    fromUtc: window.live.fromUtc,
    toUtc: window.live.toUtc,
  };
}

const money = formatMinorUnits;

function summaryLine(row: Omit<SummaryDayRow, 'day'>): DailySummaryLine {
  const ggr = row.bets_minor - row.payouts_minor;
  return {
    registrations: row.registrations,
    firstDeposits: row.first_deposits,
    activePlayers: row.active_players,
    depositCount: row.deposit_count,
    deposits: money(row.deposits_minor),
    withdrawalCount: row.withdrawal_count,
    withdrawals: money(row.withdrawals_minor),
    rounds: Number(row.rounds),
    bets: money(row.bets_minor),
    validBets: money(row.valid_bets_minor),
    payouts: money(row.payouts_minor),
    ggr: money(ggr),
    bonuses: money(row.bonuses_minor),
    rebates: money(row.rebates_minor),
    ngr: money(ggr - row.bonuses_minor - row.rebates_minor),
  };
}

const emptySummary: Omit<SummaryDayRow, 'day'> = {
  registrations: 0,
  first_deposits: 0,
  active_players: 0,
  deposit_count: 0,
  deposits_minor: 0n,
  withdrawal_count: 0,
  withdrawals_minor: 0n,
  rounds: 0n,
  bets_minor: 0n,
  valid_bets_minor: 0n,
  payouts_minor: 0n,
  bonuses_minor: 0n,
  rebates_minor: 0n,
};

/** The daily summary: every day of the range and the totals (active players counted once each). */
export async function dailySummaryReport(db: Kysely<Database>, request: ReportRequest): Promise<DailySummaryReport> {
  const window = await planWindow(db, request.merchant, request.from, request.to, request.nowMs);
  const { merchant } = window;
  const span = liveSpan(window);
  const liveDays = new Set(window.liveDays);
  // Each player once over the range: the summed days' activity bits (member-activity.ts, about one row
  // per member and month) and the live days' bets.
  const lastClosed = window.to < window.today ? window.to : addDays(window.today, -1);
  const liveBettors = span
    ? sql`UNION SELECT b.member_id FROM ${settledBetRows(merchant.id, span.fromUtc, span.toUtc)} AS b`
    : sql``;
  // Three independent reads, on three connections at once.
  const [stored, live, players] = await Promise.all([
    sql<SummaryDayRow>`
      SELECT day::text AS day, registrations, first_deposits, active_players, deposit_count, deposits_minor,
             withdrawal_count, withdrawals_minor, rounds, bets_minor, valid_bets_minor, payouts_minor, bonuses_minor, rebates_minor
      FROM report_daily_summary
      WHERE merchant_id = ${merchant.id} AND day >= ${window.from}::date AND day <= ${window.to}::date
        AND day < ${window.today}::date`.execute(db),
    span
      ? sql<SummaryDayRow>`SELECT * FROM ${summaryDayRows(span)} AS s`
          .execute(db)
          .then((result) => result.rows.filter((row) => liveDays.has(row.day)))
      : Promise.resolve([]),
    sql<{ players: number }>`
      SELECT count(*)::int4 AS players FROM (
        SELECT member_id FROM ${activeMemberRows(merchant.id, window.from, lastClosed)} AS a
        ${liveBettors}
      ) AS p`.execute(db),
  ]);

  const byDay = new Map([...stored.rows, ...live].map((row) => [row.day, row]));
  const days: DailySummaryReport['days'] = [];
  const totals = { ...emptySummary };
  for (let day = window.from; day <= window.to; day = nextDay(day)) {
    const row = byDay.get(day) ?? { day, ...emptySummary };
    days.push({ day, live: day >= window.today || liveDays.has(day), ...summaryLine(row) });
    totals.registrations += row.registrations;
    totals.first_deposits += row.first_deposits;
    totals.deposit_count += row.deposit_count;
    totals.deposits_minor += row.deposits_minor;
    totals.withdrawal_count += row.withdrawal_count;
    totals.withdrawals_minor += row.withdrawals_minor;
    totals.rounds += row.rounds;
    totals.bets_minor += row.bets_minor;
    totals.valid_bets_minor += row.valid_bets_minor;
    totals.payouts_minor += row.payouts_minor;
    totals.bonuses_minor += row.bonuses_minor;
    totals.rebates_minor += row.rebates_minor;
  }
  totals.active_players = players.rows[0]!.players;
  return { timezone: merchant.timezone, from: window.from, to: window.to, days, totals: summaryLine(totals) };
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** payouts ÷ bets in percent with two decimals, rounded half up, exact on bigint; null without bets. */
export function rtpPercent(bets: bigint, payouts: bigint): string | null {
  if (bets === 0n) return null;
  const hundredths = (payouts * 10_000n * 2n + bets) / (bets * 2n);
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

interface GameSums {
  rounds: bigint;
  players: number;
  bets_minor: bigint;
  valid_bets_minor: bigint;
  payouts_minor: bigint;
}

function gameLine(row: GameSums) {
  return {
    rounds: Number(row.rounds),
    players: row.players,
    bets: money(row.bets_minor),
    validBets: money(row.valid_bets_minor),
    payouts: money(row.payouts_minor),
    ggr: money(row.bets_minor - row.payouts_minor),
    rtp: rtpPercent(row.bets_minor, row.payouts_minor),
  };
}

/** Summed and live rows of one aggregate, restricted to the window's days. */
function windowRows(window: ReportWindow, table: 'report_daily_game' | 'report_daily_member', live: unknown) {
  const liveRows =
    live === null
      ? sql``
      : sql`UNION ALL SELECT * FROM ${live as ReturnType<typeof gameDayRows>} AS l WHERE l.day = ANY(${window.liveDays}::text[])`;
  return sql`(
    SELECT a.*
    FROM (SELECT day::text AS day, ${sql.raw(table === 'report_daily_game' ? 'vassalage, game_id, rounds, players, bets_minor, valid_bets_minor, payouts_minor' : 'member_id, rounds, bets_minor, valid_bets_minor, payouts_minor, deposits_minor, withdrawals_minor, bonuses_minor')}
          FROM ${sql.table(table)}
          WHERE merchant_id = ${window.merchant.id} AND day >= ${window.from}::date AND day <= ${window.to}::date
            AND day < ${window.today}::date) AS a
    ${liveRows}
  )`;
}

/** By vendor and by game: rounds, players (player-days over a range), bets, payouts, GGR and RTP, busiest first. */
export async function gameReport(db: Kysely<Database>, request: ReportRequest): Promise<GameReport> {
  const window = await planWindow(db, request.merchant, request.from, request.to, request.nowMs);
  const span = liveSpan(window);
  const rows = windowRows(window, 'report_daily_game', span ? gameDayRows(span) : null);
  const sums = sql`sum(rounds)::int8 AS rounds, sum(players)::int4 AS players, sum(bets_minor)::int8 AS bets_minor,
    sum(valid_bets_minor)::int8 AS valid_bets_minor, sum(payouts_minor)::int8 AS payouts_minor`;
  const [games, vendors, totals] = await Promise.all([
    sql<GameSums & { vassalage: string; game_id: string }>`
      SELECT vassalage, game_id, ${sums} FROM ${rows} AS r GROUP BY 1, 2 ORDER BY bets_minor DESC, 1, 2`.execute(db),
    sql<GameSums & { vassalage: string }>`
      SELECT vassalage, ${sums} FROM ${rows} AS r GROUP BY 1 ORDER BY bets_minor DESC, 1`.execute(db),
    sql<GameSums>`SELECT ${sums} FROM ${rows} AS r`.execute(db),
  ]);
  const merchantId = window.merchant.id;
  const [vendorNames, gameNames] = await Promise.all([
    listVendorNames(
      db,
      merchantId,
      vendors.rows.map((row) => row.vassalage),
      request.language,
    ),
    listGameNames(
      db,
      merchantId,
      games.rows.map((row) => row.game_id),
      request.language,
    ),
  ]);
  const total = totals.rows[0]!;
  return {
    timezone: window.merchant.timezone,
    from: window.from,
    to: window.to,
    vendors: vendors.rows.map((row) => ({
      vendor: row.vassalage,
      vendorName: vendorNames.get(row.vassalage) ?? row.vassalage,
      ...gameLine(row),
    })),
    games: games.rows.map((row) => ({
      vendor: row.vassalage,
      vendorName: vendorNames.get(row.vassalage) ?? row.vassalage,
      gameId: row.game_id,
      gameName: gameNames.get(row.game_id) ?? row.game_id,
      ...gameLine(row),
    })),
    totals: gameLine({
      rounds: total.rounds ?? 0n,
      players: total.players ?? 0,
      bets_minor: total.bets_minor ?? 0n,
      valid_bets_minor: total.valid_bets_minor ?? 0n,
      payouts_minor: total.payouts_minor ?? 0n,
    }),
  };
}

interface PaymentRow {
  channel: string;
  status: string;
  count: number;
  amount: bigint;
  avg_seconds: number | null;
}

/**
 * Deposit and withdrawal requests made in the range, by channel (deposit method, withdrawal bank) and
 * status, with the mean time to their decision. Read live from the detail: requests are few beside bets.
 */
export async function paymentReport(db: Kysely<Database>, request: ReportRequest): Promise<PaymentReport> {
  const window = await planWindow(db, request.merchant, request.from, request.to, request.nowMs);
  const merchantId = window.merchant.id;
  const grouped = (rows: ReturnType<typeof depositRequestRows>, decidedAt: string) => {
    const seconds = sql`extract(epoch FROM (${sql.ref(`r.${decidedAt}`)} - r.created_at))`;
    return sql<PaymentRow>`
      SELECT coalesce(channel, '') AS channel, coalesce(status, '') AS status, count(*)::int4 AS count,
             coalesce(sum(amount), 0)::int8 AS amount, round(avg(${seconds}))::int4 AS avg_seconds
      FROM ${rows} AS r
      GROUP BY GROUPING SETS ((channel, status), ())
      ORDER BY GROUPING(channel, status), channel, status`;
  };
  const [deposits, withdrawals] = await Promise.all([
    grouped(depositRequestRows(merchantId, window.fromUtc, window.toUtc), 'settled_at').execute(db),
    grouped(withdrawalRequestRows(merchantId, window.fromUtc, window.toUtc) as never, 'reviewed_at').execute(db),
  ]);
  const split = (rows: PaymentRow[]) => {
    const total = rows[rows.length - 1]!;
    return {
      lines: rows.slice(0, -1).map((row) => ({
        channel: row.channel,
        status: row.status,
        count: row.count,
        amount: money(row.amount),
        avgProcessingSeconds: row.avg_seconds,
      })),
      totals: { count: total.count, amount: money(total.amount), avgProcessingSeconds: total.avg_seconds },
    };
  };
  const depositParts = split(deposits.rows);
  const withdrawalParts = split(withdrawals.rows);
  return {
    timezone: window.merchant.timezone,
    from: window.from,
    to: window.to,
    deposits: depositParts.lines,
    depositTotals: depositParts.totals,
    withdrawals: withdrawalParts.lines,
    withdrawalTotals: withdrawalParts.totals,
  };
}

interface MemberSums {
  member_id: bigint;
  rounds: bigint;
  bets_minor: bigint;
  payouts_minor: bigint;
  deposits_minor: bigint;
  withdrawals_minor: bigint;
  bonuses_minor: bigint;
}

function memberLine(row: Omit<MemberSums, 'member_id'>) {
  return {
    rounds: Number(row.rounds),
    bets: money(row.bets_minor),
    payouts: money(row.payouts_minor),
    profit: money(row.payouts_minor - row.bets_minor),
    deposits: money(row.deposits_minor),
    withdrawals: money(row.withdrawals_minor),
    bonuses: money(row.bonuses_minor),
  };
}

/** The members who won most and lost most over the range (their payouts − bets), with their money in and out. */
export async function memberReport(
  db: Kysely<Database>,
  request: ReportRequest & { limit: number },
): Promise<MemberReport> {
  const window = await planWindow(db, request.merchant, request.from, request.to, request.nowMs);
  const span = liveSpan(window);
  const rows = windowRows(window, 'report_daily_member', span ? memberDayRows(span) : null);
  const perMember = sql`(
    SELECT member_id, sum(rounds)::int8 AS rounds, sum(bets_minor)::int8 AS bets_minor, sum(payouts_minor)::int8 AS payouts_minor,
           sum(deposits_minor)::int8 AS deposits_minor, sum(withdrawals_minor)::int8 AS withdrawals_minor,
           sum(bonuses_minor)::int8 AS bonuses_minor
    FROM ${rows} AS r GROUP BY member_id
  )`;
  const [winners, losers, totals] = await Promise.all([
    sql<MemberSums>`SELECT * FROM ${perMember} AS m WHERE payouts_minor > bets_minor
      ORDER BY payouts_minor - bets_minor DESC, member_id LIMIT ${request.limit}`.execute(db),
    sql<MemberSums>`SELECT * FROM ${perMember} AS m WHERE payouts_minor < bets_minor
      ORDER BY payouts_minor - bets_minor ASC, member_id LIMIT ${request.limit}`.execute(db),
    sql<Omit<MemberSums, 'member_id'> & { members: number }>`
      SELECT count(*)::int4 AS members, coalesce(sum(rounds), 0)::int8 AS rounds, coalesce(sum(bets_minor), 0)::int8 AS bets_minor,
             coalesce(sum(payouts_minor), 0)::int8 AS payouts_minor, coalesce(sum(deposits_minor), 0)::int8 AS deposits_minor,
             coalesce(sum(withdrawals_minor), 0)::int8 AS withdrawals_minor, coalesce(sum(bonuses_minor), 0)::int8 AS bonuses_minor
      FROM ${perMember} AS m`.execute(db),
  ]);
  const names = await listMemberSummaries(db, window.merchant.id, [
    ...winners.rows.map((row) => row.member_id),
    ...losers.rows.map((row) => row.member_id),
  ]);
  const named = (row: MemberSums) => ({
    memberId: row.member_id.toString(),
    username: names.get(row.member_id)?.username ?? '',
    ...memberLine(row),
  });
  const total = totals.rows[0]!;
  return {
    timezone: window.merchant.timezone,
    from: window.from,
    to: window.to,
    winners: winners.rows.map(named),
    losers: losers.rows.map(named),
    totals: { members: total.members, ...memberLine(total) },
  };
}
