import { formatMinorUnits, type TeamPnl, type teamPnlQuerySchema } from '@lotus/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../../db/schema.ts';
import { listMemberSummaries } from '../../identity/index.ts';
import { addDays, dayBounds, teamDayFigures } from '../../reports/index.ts';
import { memberDeductionsOf } from '../settlement/period-deductions.ts';
import { checkRange, findTeamMemberByName, subtreeRows, type TeamCaller } from './team-scope.ts';

type Query = z.output<typeof teamPnlQuerySchema>;

interface Line {
  deposits: bigint;
  withdrawals: bigint;
  bets: bigint;
  validBets: bigint;
  payouts: bigint;
  /** Bonuses other than rebates (the reports' bonuses less the rebates). */
  promotions: bigint;
  rebates: bigint;
  salaries: bigint;
  /** Deposit and withdrawal fees the member paid (deposit's and withdrawal's `fee`, `feePaidBy: member`). */
  fees: bigint;
}
const zero = (): Line => ({
  deposits: 0n,
  withdrawals: 0n,
  bets: 0n,
  validBets: 0n,
  payouts: 0n,
  promotions: 0n,
  rebates: 0n,
  salaries: 0n,
  fees: 0n,
});

/**
 * The original's P&L line, the member's side: what it won less what it staked, plus what the house gave
 * it (promotions, rebates, salaries), less the fees it paid.
 */
function pnlLine(line: Line) {
  const profit = line.payouts - line.bets + line.promotions + line.rebates + line.salaries - line.fees;
  return {
    deposit: formatMinorUnits(line.deposits),
    withdrawal: formatMinorUnits(line.withdrawals),
    bet: formatMinorUnits(line.bets),
    validBet: formatMinorUnits(line.validBets),
    win: formatMinorUnits(line.payouts),
    rebate: formatMinorUnits(line.rebates),
    salary: formatMinorUnits(line.salaries),
    promotion: formatMinorUnits(line.promotions),
    fees: formatMinorUnits(line.fees),
    profitAndLoss: formatMinorUnits(profit),
  };
}

/**
 * Team P&L (AGETEAMPNL3): one row per member of the caller's subtree with anything in the range (or the
 * one named; another name: 404), most active first, paged; the footer sums every row. Figures are the
 * reports' per-member days (summed and live), the agent salaries paid to the member (settlements A), and
 * its rebates and fees of the range (the dividends' deduction sources, period-deductions.ts).
 */
export async function teamPnl(db: Kysely<Database>, caller: TeamCaller, query: Query): Promise<TeamPnl> {
  checkRange(query.startDate, query.endDate);
  let members: RawBuilder<{ member_id: bigint }> = subtreeRows(caller);
  if (query.subordinateName) {
    const member = await findTeamMemberByName(db, caller, query.subordinateName);
    members = sql<{ member_id: bigint }>`(SELECT ${member.id}::int8 AS member_id)`;
  }
  const bounds = await dayBounds(db, caller.timezone, query.startDate, addDays(query.endDate, 1));
  const deductions = await memberDeductionsOf(db, caller.merchantId, bounds.fromUtc, bounds.toUtc);
  const [{ rows }, salaries] = await Promise.all([
    teamDayFigures(
      db,
      {
        merchant: { id: caller.merchantId, timezone: caller.timezone },
        from: query.startDate,
        to: query.endDate,
        nowMs: caller.nowMs,
      },
      members,
    ),
    sql<{ holder_id: string; amount: string }>`
      SELECT s.holder_id, sum(s.gross_minor)::int8 AS amount FROM agent_settlement s
       WHERE s.merchant_id = ${caller.merchantId} AND s.status = 'A' AND s.kind IN ('daily_salary', 'mr_daily_salary', 'hourly_salary', 'realtime_salary')
         AND s.period_key >= ${query.startDate} AND s.period_key <= ${query.endDate} || 'z'
         AND s.holder_id IN (SELECT member_id FROM ${members} AS t)
       GROUP BY s.holder_id`.execute(db),
  ]);
  const byMember = new Map<bigint, Line>();
  const lineOf = (id: bigint) => {
    const line = byMember.get(id) ?? zero();
    byMember.set(id, line);
    return line;
  };
  for (const row of rows) {
    const line = lineOf(row.member_id);
    line.deposits += row.deposits_minor;
    line.withdrawals += row.withdrawals_minor;
    line.bets += row.bets_minor;
    line.validBets += row.valid_bets_minor;
    line.payouts += row.payouts_minor;
    line.promotions += row.bonuses_minor;
  }
  for (const row of salaries.rows) lineOf(BigInt(row.holder_id)).salaries += BigInt(row.amount);
  // A rebate or a fee comes with a bonus, a bet or a payment in the same range: its member has a line.
  for (const [memberId, line] of byMember) {
    const own = deductions.of(memberId);
    line.rebates = own.rebateMinor;
    line.promotions -= own.rebateMinor;
    line.fees = own.depositFeeMinor + own.withdrawalFeeMinor;
  }
  const total = zero();
  for (const line of byMember.values()) {
    for (const key of Object.keys(total) as Array<keyof Line>) total[key] += line[key];
  }
  // Most bet first, then by id: a stable order for paging.
  const ordered = [...byMember.entries()].sort(([a, x], [b, y]) =>
    x.bets === y.bets ? (a < b ? -1 : a > b ? 1 : 0) : x.bets > y.bets ? -1 : 1,
  );
  const page = ordered.slice((query.page - 1) * query.size, query.page * query.size);
  const names = await listMemberSummaries(
    db,
    caller.merchantId,
    page.map(([id]) => id),
  );
  return {
    totalElements: ordered.length,
    footer: pnlLine(total),
    list: page.map(([id, line]) => ({ id: String(id), username: names.get(id)?.username ?? '', ...pnlLine(line) })),
  };
}
