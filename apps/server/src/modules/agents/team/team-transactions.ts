import { formatMinorUnits, type TeamTransactionList, type teamTransactionsQuerySchema } from '@lotus/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../../db/schema.ts';
import { memberTransferSides } from '../../ledger/index.ts';
import { addDays, dayBounds } from '../../reports/index.ts';
import { checkRange, findTeamMemberByName, type TeamCaller } from './team-scope.ts';

type Query = z.output<typeof teamTransactionsQuerySchema>;

/**
 * Downline transactions (AGEDOWNTRANS3): the money movements of one member of the caller's subtree
 * (by name; another name: 404), its main wallet's side of every ledger transfer in the range, newest
 * first, paged. Amounts are signed from the downline's side (a debit is negative).
 */
export async function listTeamTransactions(
  db: Kysely<Database>,
  caller: TeamCaller,
  query: Query,
): Promise<TeamTransactionList> {
  checkRange(query.startDate, query.endDate);
  const member = await findTeamMemberByName(db, caller, query.subordinateName);
  const bounds = await dayBounds(db, caller.timezone, query.startDate, addDays(query.endDate, 1));
  const sides = sql`${memberTransferSides({ merchantId: caller.merchantId, memberId: member.id }, bounds.fromUtc, bounds.toUtc)} AS s
    WHERE s.own_kind = 'member_main'`;
  const [count, page] = await Promise.all([
    sql<{ total: number }>`SELECT count(*)::int4 AS total FROM ${sides}`.execute(db),
    sql<{
      id: string;
      kind: string;
      amount: string;
      is_credit: boolean;
      balance_after: string | null;
      created_at: Date;
    }>`
      SELECT s.id, s.kind, s.amount, s.is_credit, s.balance_after, s.created_at FROM ${sides}
       ORDER BY s.created_at DESC, s.id DESC
       LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`.execute(db),
  ]);
  return {
    username: member.username,
    totalElements: count.rows[0]?.total ?? 0,
    list: page.rows.map((row) => ({
      id: String(row.id),
      kind: row.kind,
      amount: formatMinorUnits(row.is_credit ? BigInt(row.amount) : -BigInt(row.amount)),
      balanceAfter: row.balance_after === null ? null : formatMinorUnits(BigInt(row.balance_after)),
      time: row.created_at.getTime(),
    })),
  };
}
