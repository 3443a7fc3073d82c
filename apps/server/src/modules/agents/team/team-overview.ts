import { formatMinorUnits, type TeamFigures, type TeamOverview, type TeamOverviewQuery } from '@lotus/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { settledBetRows } from '../../bet-records/index.ts';
import { approvedDepositRows } from '../../deposit/index.ts';
import { registeredMemberRows, teamLoginCounts } from '../../identity/index.ts';
import { listMembersAccounts } from '../../ledger/index.ts';
import { addDays, dayBounds, teamDayFigures, type TeamDayFigureRow } from '../../reports/index.ts';
import { checkRange, subtreeRows, type TeamCaller } from './team-scope.ts';

/** Balances are read in slices, well under PostgreSQL's limit of bind parameters. */
const idsPerRead = 10_000;

interface Sums {
  deposits: bigint;
  withdrawals: bigint;
  bets: bigint;
  validBets: bigint;
  payouts: bigint;
  rounds: bigint;
}
const zero = (): Sums => ({ deposits: 0n, withdrawals: 0n, bets: 0n, validBets: 0n, payouts: 0n, rounds: 0n });

function add(sums: Sums, row: TeamDayFigureRow): void {
  sums.deposits += row.deposits_minor;
  sums.withdrawals += row.withdrawals_minor;
  sums.bets += row.bets_minor;
  sums.validBets += row.valid_bets_minor;
  sums.payouts += row.payouts_minor;
  sums.rounds += row.rounds;
}

function figures(sums: Sums): TeamFigures {
  return {
    deposit: formatMinorUnits(sums.deposits),
    withdrawal: formatMinorUnits(sums.withdrawals),
    bet: formatMinorUnits(sums.bets),
    validBet: formatMinorUnits(sums.validBets),
    win: formatMinorUnits(sums.payouts),
    betCount: Number(sums.rounds),
  };
}

/**
 * The team overview (AGEINFO3): the team is everyone below the caller (never the caller). Today's counts
 * are of the merchant's day now; the range's totals and daily lines come from the reports' per-member
 * days (summed days, and today live), so they match the back-office's reports.
 */
export async function teamOverview(
  db: Kysely<Database>,
  caller: TeamCaller,
  query: TeamOverviewQuery,
): Promise<TeamOverview> {
  checkRange(query.startDate, query.endDate);
  const team = subtreeRows(caller);
  const merchant = { id: caller.merchantId, timezone: caller.timezone };
  const { today, rows } = await teamDayFigures(
    db,
    { merchant, from: query.startDate, to: query.endDate, nowMs: caller.nowMs },
    team,
  );
  const todayBounds = await dayBounds(db, caller.timezone, today, addDays(today, 1));
  const rangeBounds = await dayBounds(db, caller.timezone, query.startDate, addDays(query.endDate, 1));
  const epoch = new Date(0);

  const [sizes, logins, todayCounts, registrationsByDay, ids] = await Promise.all([
    sql<{ team: number; direct: number }>`
      SELECT count(*)::int4 AS team, count(*) FILTER (WHERE depth = 1)::int4 AS direct
        FROM member_hierarchy WHERE merchant_id = ${caller.merchantId} AND ancestor_id = ${caller.agentId} AND depth > 0`.execute(
      db,
    ),
    teamLoginCounts(db, caller.merchantId, team, todayBounds.fromUtc, caller.nowMs),
    sql<{ registrations: number; first_deposits: number; first_bets: number }>`
      SELECT
        (SELECT count(*)::int4 FROM ${registeredMemberRows(caller.merchantId, todayBounds.fromUtc, todayBounds.toUtc)} AS r
          WHERE r.member_id IN (SELECT member_id FROM ${team} AS t)) AS registrations,
        (SELECT count(DISTINCT d.member_id)::int4 FROM ${approvedDepositRows(caller.merchantId, todayBounds.fromUtc, todayBounds.toUtc)} AS d
          WHERE d.is_first_deposit AND d.member_id IN (SELECT member_id FROM ${team} AS t)) AS first_deposits,
        (SELECT count(DISTINCT b.member_id)::int4 FROM ${settledBetRows(caller.merchantId, todayBounds.fromUtc, todayBounds.toUtc)} AS b
          WHERE b.member_id IN (SELECT member_id FROM ${team} AS t)
            AND NOT EXISTS (SELECT 1 FROM ${settledBetRows(caller.merchantId, epoch, todayBounds.fromUtc)} AS e
                             WHERE e.member_id = b.member_id)) AS first_bets`.execute(db),
    sql<{ day: string; registrations: number }>`
      SELECT (r.created_at AT TIME ZONE ${caller.timezone})::date::text AS day, count(*)::int4 AS registrations
        FROM ${registeredMemberRows(caller.merchantId, rangeBounds.fromUtc, rangeBounds.toUtc)} AS r
       WHERE r.member_id IN (SELECT member_id FROM ${team} AS t) GROUP BY 1`.execute(db),
    sql<{ member_id: string }>`SELECT member_id FROM ${team} AS t`.execute(db),
  ]);

  let balance = 0n;
  const memberIds = ids.rows.map((row) => BigInt(row.member_id));
  for (let start = 0; start < memberIds.length; start += idsPerRead) {
    const accounts = await listMembersAccounts(
      db,
      caller.merchantId,
      memberIds.slice(start, start + idsPerRead),
      caller.currency,
    );
    for (const list of accounts.values()) {
      for (const account of list) if (account.kind === 'member_main') balance += account.balance;
    }
  }

  const totals = zero();
  const byDay = new Map<string, Sums>();
  for (const row of rows) {
    add(totals, row);
    const sums = byDay.get(row.day) ?? zero();
    add(sums, row);
    byDay.set(row.day, sums);
  }
  const registrations = new Map(registrationsByDay.rows.map((row) => [row.day, row.registrations]));
  const days: TeamOverview['days'] = [];
  for (let day = query.startDate; day <= query.endDate; day = addDays(day, 1)) {
    days.push({ day, registrations: registrations.get(day) ?? 0, ...figures(byDay.get(day) ?? zero()) });
  }
  const size = sizes.rows[0]!;
  const counts = todayCounts.rows[0]!;
  return {
    teamSize: size.team,
    directCount: size.direct,
    todayLogins: logins.logins,
    todayRegistrations: counts.registrations,
    todayFirstDeposits: counts.first_deposits,
    todayFirstBets: counts.first_bets,
    online: logins.online,
    teamBalance: formatMinorUnits(balance),
    startDate: query.startDate,
    endDate: query.endDate,
    totals: figures(totals),
    days,
  };
}
