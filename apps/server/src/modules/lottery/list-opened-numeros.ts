import type { Language, LotteryOpenedNumero, LotteryOpenedNumerosQuery } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { listEnabledGames } from './list-lottery-games.ts';
import { gameName } from './lottery-views.ts';

/**
 * GET /lgw/games/opened/numero: for every enabled game with a draw still to come, that draw (the
 * earliest not yet due and not cancelled) with its countdown. A draw still open but whose lock time has
 * passed is listed (remainTime − lockTime × 1000 is then ≤ 0: the site shows "closed").
 */
export async function listOpenedNumeros(
  db: Kysely<Database>,
  query: LotteryOpenedNumerosQuery,
  language: Language,
  nowMs: number,
): Promise<LotteryOpenedNumero[]> {
  const games = await listEnabledGames(db, query);
  if (games.length === 0) return [];
  const draws = await db
    .selectFrom('lottery_draw')
    .distinctOn('game_id')
    .select(['game_id', 'numero', 'draws_at', 'server_seed_hash', 'client_seed'])
    .where(
      'game_id',
      'in',
      games.map((game) => game.id),
    )
    .where('draws_at', '>', new Date(nowMs))
    .where('status', 'in', ['open', 'locked'])
    .orderBy('game_id')
    .orderBy('draws_at')
    .execute();
  const drawOf = new Map(draws.map((draw) => [draw.game_id, draw]));
  return games.flatMap((game) => {
    const draw = drawOf.get(game.id);
    if (!draw) return [];
    return [
      {
        gameId: game.id,
        gameCode: game.code,
        remark: gameName(game, language),
        numero: draw.numero,
        remainTime: draw.draws_at.getTime() - nowMs,
        lockTime: game.lock_seconds,
        defaultPlayType: game.default_play_type,
        liveVideoSwitch: game.live_video,
        drawTime: draw.draws_at.getTime(),
        serverSeedHash: draw.server_seed_hash,
        clientSeed: draw.client_seed,
      },
    ];
  });
}
