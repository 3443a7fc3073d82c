import {
  errorCodes,
  type Language,
  type LotteryDrawHistory,
  type LotteryDrawHistoryQuery,
  type LotteryDrawResult,
  type LotteryLatestDrawsQuery,
} from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { listEnabledGames } from './list-lottery-games.ts';
import { drawResultView } from './lottery-views.ts';

const drawnStatuses = ['drawn', 'settled'] as const;

/** GET /lgw/draw: the latest drawn result of every enabled game that has one, in the catalogue's order. */
export async function listLatestDraws(
  db: Kysely<Database>,
  query: LotteryLatestDrawsQuery,
  language: Language,
): Promise<LotteryDrawResult[]> {
  const games = await listEnabledGames(db, query);
  if (games.length === 0) return [];
  const draws = await db
    .selectFrom('lottery_draw')
    .distinctOn('game_id')
    .selectAll()
    .where(
      'game_id',
      'in',
      games.map((game) => game.id),
    )
    .where('status', 'in', drawnStatuses)
    .orderBy('game_id')
    .orderBy('draws_at', 'desc')
    .execute();
  const drawOf = new Map(draws.map((draw) => [draw.game_id, draw]));
  return games.flatMap((game) => {
    const draw = drawOf.get(game.id);
    return draw ? [drawResultView(draw, game, language)] : [];
  });
}

/** GET /lgw/draw/code/:gameCode: a game's drawn results, newest first. An unknown game is a 404 naming `gameCode`. */
export async function listDrawHistory(
  db: Kysely<Database>,
  gameCode: string,
  query: LotteryDrawHistoryQuery,
  language: Language,
): Promise<LotteryDrawHistory> {
  const game = await db
    .selectFrom('lottery_game')
    .selectAll()
    .where('code', '=', gameCode)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!game) throw new AppError(404, errorCodes.notFound, { field: 'gameCode' });
  const drawn = db.selectFrom('lottery_draw').where('game_id', '=', game.id).where('status', 'in', drawnStatuses);
  const [rows, total] = await Promise.all([
    drawn
      .selectAll()
      .orderBy('draws_at', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .execute(),
    drawn.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((draw) => drawResultView(draw, game, language)),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    totalCount: Number(total.count),
  };
}
