import {
  lotteryYeekeeErrorCodes,
  yeekeeRules,
  type LotteryYeekeeOutcome,
  type LotteryYeekeeSubmission,
  type LotteryYeekeeSubmissions,
  type LotteryYeekeeSubmissionsQuery,
} from '@lotus/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { listMemberSummaries } from '../../identity/index.ts';
import { yeekeeKind, type LotteryYeekeeTables } from './yeekee.tables.ts';

/** The usernames of the shooters of these rows, by member id. */
async function shooterNames(
  db: Kysely<Database>,
  rows: readonly { merchant_id: number; member_id: bigint }[],
): Promise<Map<bigint, string>> {
  const names = new Map<bigint, string>();
  for (const merchantId of new Set(rows.map((row) => row.merchant_id))) {
    const ids = [...new Set(rows.filter((row) => row.merchant_id === merchantId).map((row) => row.member_id))];
    for (const [id, summary] of await listMemberSummaries(db, merchantId, ids)) names.set(id, summary.username);
  }
  return names;
}

/** `ab****yz`: the shooter is recognisable to themselves, not an account name anyone can read. */
export function maskShooter(username: string): string {
  const characters = [...username];
  if (characters.length <= 4) return `${characters[0] ?? ''}****`;
  return `${characters.slice(0, 2).join('')}****${characters.slice(-2).join('')}`;
}

/**
 * GET /lgw/yeekee/submissions: a round's shots (a page, newest or oldest first), their count and sum,
 * and once drawn the 16th shot, the number (sum − 16th) and the stored result, so anyone can recompute
 * the result from the list. A round cancelled for too few shots says so (void). Without a numero: the
 * round shooting now, or between rounds the latest one due.
 */
export async function listYeekeeSubmissions(
  db: Kysely<Database>,
  query: LotteryYeekeeSubmissionsQuery,
  nowMs: number,
): Promise<LotteryYeekeeSubmissions> {
  const game = await db
    .selectFrom('lottery_game')
    .select('id')
    .where('id', '=', query.gameId)
    .where('enabled', '=', true)
    .where(sql<boolean>`kind = ${yeekeeKind}`)
    .executeTakeFirst();
  if (!game)
    throw new AppError(400, lotteryYeekeeErrorCodes.notYeekee, { field: 'gameId', params: { field: 'gameId' } });
  const now = new Date(nowMs);
  let drawQuery = db
    .selectFrom('lottery_draw')
    .select(['id', 'numero', 'status', 'opens_at', 'locks_at', 'draws_at', 'result', 'drawn_at'])
    .where('game_id', '=', game.id);
  drawQuery = query.numero
    ? drawQuery.where('numero', '=', query.numero)
    : // The round shooting now; else the latest one due.
      drawQuery.where('opens_at', '<=', now).orderBy('draws_at', 'desc').limit(1);
  const draw = await drawQuery.executeTakeFirst();
  if (!draw)
    throw new AppError(400, lotteryYeekeeErrorCodes.roundUnknown, { field: 'numero', params: { field: 'numero' } });

  const shots = db.withTables<LotteryYeekeeTables>();
  const shotRows = shots
    .selectFrom('lottery_yeekee_shot as s')
    .select(['s.seq', 's.number', 's.created_at', 's.merchant_id', 's.member_id'])
    .where('s.draw_id', '=', draw.id);
  const [totals, page] = await Promise.all([
    shots
      .selectFrom('lottery_yeekee_shot')
      .select((eb) => [
        eb.fn.countAll<string>().as('count'),
        // numeric: exact however many shots; its text is the decimal digits.
        sql<string | null>`sum(number::numeric)::text`.as('sum'),
      ])
      .where('draw_id', '=', draw.id)
      .executeTakeFirstOrThrow(),
    shotRows
      .orderBy('s.seq', query.order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  type ShotRow = { seq: number; number: string; created_at: Date; merchant_id: number; member_id: bigint };
  // A round is shared by every merchant: its shooters' names come from identity, merchant by merchant.
  const usernames = await shooterNames(db, page);
  const view = (row: ShotRow, username = usernames.get(row.member_id) ?? ''): LotteryYeekeeSubmission => ({
    seq: row.seq,
    member: maskShooter(username),
    number: row.number,
    shotTime: row.created_at.getTime(),
  });

  const shotCount = Number(totals.count);
  const sum = totals.sum ?? '0';
  let outcome: LotteryYeekeeOutcome | null = null;
  if ((draw.status === 'drawn' || draw.status === 'settled') && draw.result?.family === 'THAI_STYLE') {
    const subtracted = await shotRows.where('s.seq', '=', yeekeeRules.subtractedSeq).executeTakeFirstOrThrow();
    const subtractedName = (await shooterNames(db, [subtracted])).get(subtracted.member_id);
    outcome = {
      status: 'drawn',
      sum,
      subtracted: view(subtracted, subtractedName),
      number: (BigInt(sum) - BigInt(subtracted.number)).toString(),
      // The stored result, the one bets were settled against (equal to yeekeeResult of the list: tested).
      top3: draw.result.top3,
      bottom2: draw.result.bottom2,
      drawnTime: draw.drawn_at?.getTime() ?? draw.draws_at.getTime(),
    };
  } else if (draw.status === 'cancelled' && shotCount < yeekeeRules.minShots) {
    outcome = { status: 'void', shotCount };
  }

  const drawsAtMs = draw.draws_at.getTime();
  return {
    gameId: game.id,
    numero: draw.numero,
    status: draw.status,
    opensAt: draw.opens_at.getTime(),
    locksAt: draw.locks_at.getTime(),
    drawTime: drawsAtMs,
    remainTime: Math.max(0, drawsAtMs - nowMs),
    isShooting:
      (draw.status === 'open' || draw.status === 'locked') && draw.opens_at.getTime() <= nowMs && nowMs < drawsAtMs,
    shotCount,
    sum,
    subtractedSeq: yeekeeRules.subtractedSeq,
    minShots: yeekeeRules.minShots,
    outcome,
    list: page.map((row) => view(row)),
    page: query.page,
    pageSize: query.pageSize,
  };
}
