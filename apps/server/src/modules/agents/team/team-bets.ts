import { formatMinorUnits, type TeamBetList, type teamBetsQuerySchema } from '@lotus/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../../db/schema.ts';
import { settledBetRows } from '../../bet-records/index.ts';
import { listGameNames } from '../../games/index.ts';
import { listMemberSummaries } from '../../identity/index.ts';
import { addDays, dayBounds } from '../../reports/index.ts';
import { checkRange, findTeamMemberByName, subtreeRows, type TeamCaller } from './team-scope.ts';

type Query = z.output<typeof teamBetsQuerySchema>;

/**
 * Team betting (TEAMBETTING3): settled bets of the range, newest first, in the original's member bet
 * pages' `subordinateType`: ALL the caller and its whole subtree, SELF the caller's own; a
 * `subordinateName` narrows ALL to that member of the subtree (another name: 404). Each row names the
 * bettor (`customerName`) and its direct upline (`directAgentName`); the footer sums the whole result.
 */
export async function listTeamBets(
  db: Kysely<Database>,
  caller: TeamCaller,
  query: Query,
  language: 'TH' | 'EN',
): Promise<TeamBetList> {
  checkRange(query.startDate, query.endDate);
  let members = subtreeRows(caller, { withSelf: true });
  if (query.subordinateType === 'SELF') {
    members = sql<{ member_id: bigint }>`(SELECT ${caller.agentId}::int8 AS member_id)`;
  } else if (query.subordinateName) {
    const member = await findTeamMemberByName(db, caller, query.subordinateName);
    members = sql<{ member_id: bigint }>`(SELECT ${member.id}::int8 AS member_id)`;
  }
  const bounds = await dayBounds(db, caller.timezone, query.startDate, addDays(query.endDate, 1));
  const filters = [sql`b.member_id IN (SELECT member_id FROM ${members} AS t)`];
  if (query.gameId) filters.push(sql`b.game_id = ${query.gameId}`);
  if (query.vendor) filters.push(sql`b.vassalage = ${query.vendor}`);
  const rows = sql`${settledBetRows(caller.merchantId, bounds.fromUtc, bounds.toUtc)} AS b WHERE ${sql.join(filters, sql` AND `)}`;
  const [footer, page] = await Promise.all([
    sql<{ total: number; stake: string; valid: string; payout: string }>`
      SELECT count(*)::int4 AS total, coalesce(sum(b.stake), 0)::int8 AS stake,
             coalesce(sum(b.valid_bet), 0)::int8 AS valid, coalesce(sum(b.payout), 0)::int8 AS payout
        FROM ${rows}`.execute(db),
    sql<{
      member_id: string;
      vassalage: string;
      game_id: string;
      stake: string;
      valid_bet: string;
      payout: string;
      settled_at: Date;
    }>`
      SELECT b.member_id, b.vassalage, b.game_id, b.stake, b.valid_bet, b.payout, b.settled_at
        FROM ${rows}
       ORDER BY b.settled_at DESC, b.member_id
       LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`.execute(db),
  ]);
  const memberIds = [...new Set(page.rows.map((row) => BigInt(row.member_id)))];
  const members1 = await listMemberSummaries(db, caller.merchantId, memberIds);
  const uplineIds = [
    ...new Set([...members1.values()].flatMap((member) => (member.uplineId ? [member.uplineId] : []))),
  ];
  const [uplines, games] = await Promise.all([
    listMemberSummaries(db, caller.merchantId, uplineIds),
    listGameNames(db, caller.merchantId, [...new Set(page.rows.map((row) => row.game_id))], language),
  ]);
  const sums = footer.rows[0]!;
  return {
    totalElements: sums.total,
    footer: {
      betAmount: formatMinorUnits(BigInt(sums.stake)),
      validBetAmount: formatMinorUnits(BigInt(sums.valid)),
      winAmount: formatMinorUnits(BigInt(sums.payout)),
    },
    list: page.rows.map((row) => {
      const member = members1.get(BigInt(row.member_id));
      const upline = member?.uplineId ? uplines.get(member.uplineId) : undefined;
      return {
        customerName: member?.username ?? '',
        directAgentName: upline?.username ?? '',
        vendor: row.vassalage,
        gameId: row.game_id,
        gameName: games.get(row.game_id) ?? row.game_id,
        betAmount: formatMinorUnits(BigInt(row.stake)),
        validBetAmount: formatMinorUnits(BigInt(row.valid_bet)),
        winAmount: formatMinorUnits(BigInt(row.payout)),
        settleTimeInTimestamp: row.settled_at.getTime(),
      };
    }),
  };
}
