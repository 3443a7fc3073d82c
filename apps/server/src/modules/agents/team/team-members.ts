import { formatMinorUnits, type TeamMemberList, type teamMembersQuerySchema } from '@lotus/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../../db/schema.ts';
import { approvedDepositRows } from '../../deposit/index.ts';
import { listMemberSummaries, teamMemberRows } from '../../identity/index.ts';
import { listMembersAccounts } from '../../ledger/index.ts';
import { addDays, dayBounds } from '../../reports/index.ts';
import { agentTypes } from '../agent-types.ts';
import { subtreeRows, type TeamCaller } from './team-scope.ts';

type Query = z.output<typeof teamMembersQuerySchema>;

/**
 * Team management (DOWNMAN): the caller's subtree or direct downlines, nearest first, filtered by the
 * original's filters (agent or player tab, username, last login range or never, deposited or not,
 * registration method) in one statement, paged; a page's upline names and main-wallet balances after.
 */
export async function listTeamMembers(db: Kysely<Database>, caller: TeamCaller, query: Query): Promise<TeamMemberList> {
  const team = subtreeRows(caller, { direct: query.scope === 'DIRECT' });
  const filters = [sql`TRUE`];
  if (query.kind === 'AGENT') filters.push(sql`tm.is_agent = ANY(${[...agentTypes]}::int[])`);
  if (query.kind === 'PLAYER') filters.push(sql`tm.is_agent = 0`);
  if (query.subordinateName) filters.push(sql`lower(tm.username) = lower(${query.subordinateName})`);
  if (query.registerMethod) filters.push(sql`tm.register_method = ${query.registerMethod}`);
  if (query.neverLoggedIn === 'Y') filters.push(sql`tm.last_login_at IS NULL`);
  if (query.lastLoginFrom || query.lastLoginTo) {
    const from = query.lastLoginFrom ?? '2000-01-01';
    const to = query.lastLoginTo ?? '2999-12-31';
    const bounds = await dayBounds(db, caller.timezone, from, addDays(to, 1));
    filters.push(sql`tm.last_login_at >= ${bounds.fromUtc} AND tm.last_login_at < ${bounds.toUtc}`);
  }
  const deposits = approvedDepositRows(caller.merchantId, new Date(0), new Date(caller.nowMs + 60_000));
  const depositedColumn = sql`EXISTS (SELECT 1 FROM ${deposits} AS d WHERE d.member_id = tm.member_id)`;
  if (query.deposited === 'Y') filters.push(depositedColumn);
  if (query.deposited === 'N') filters.push(sql`NOT ${depositedColumn}`);
  const where = sql.join(filters, sql` AND `);
  const from = sql`${teamMemberRows(caller.merchantId, team)} AS tm
    JOIN member_hierarchy h ON h.merchant_id = ${caller.merchantId} AND h.ancestor_id = ${caller.agentId}
                           AND h.descendant_id = tm.member_id`;
  const [count, page] = await Promise.all([
    sql<{ total: number }>`SELECT count(*)::int4 AS total FROM ${from} WHERE ${where}`.execute(db),
    sql<{
      member_id: string;
      username: string;
      is_agent: number;
      status: 'active' | 'locked' | 'closed';
      upline_id: string | null;
      register_method: string;
      created_at: Date;
      last_login_at: Date | null;
      depth: number;
      team_size: number;
      deposited: boolean;
    }>`
      SELECT tm.*, h.depth,
             (SELECT count(*)::int4 FROM member_hierarchy x
               WHERE x.merchant_id = ${caller.merchantId} AND x.ancestor_id = tm.member_id AND x.depth > 0) AS team_size,
             ${depositedColumn} AS deposited
        FROM ${from} WHERE ${where}
       ORDER BY h.depth, tm.member_id
       LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`.execute(db),
  ]);
  const ids = page.rows.map((row) => BigInt(row.member_id));
  const uplineIds = [...new Set(page.rows.flatMap((row) => (row.upline_id ? [BigInt(row.upline_id)] : [])))];
  const [uplines, accounts] = await Promise.all([
    listMemberSummaries(db, caller.merchantId, uplineIds),
    listMembersAccounts(db, caller.merchantId, ids, caller.currency),
  ]);
  return {
    totalElements: count.rows[0]?.total ?? 0,
    list: page.rows.map((row) => {
      const main = accounts.get(BigInt(row.member_id))?.find((account) => account.kind === 'member_main');
      return {
        id: String(row.member_id),
        username: row.username,
        isAgent: Number(row.is_agent),
        depth: row.depth,
        directUpline: row.upline_id ? (uplines.get(BigInt(row.upline_id))?.username ?? '') : '',
        teamSize: row.team_size,
        status: row.status,
        registerMethod: row.register_method,
        createTime: row.created_at.getTime(),
        lastLoginTime: row.last_login_at ? row.last_login_at.getTime() : null,
        balance: formatMinorUnits(main?.balance ?? 0n),
        deposited: row.deposited,
      };
    }),
  };
}
