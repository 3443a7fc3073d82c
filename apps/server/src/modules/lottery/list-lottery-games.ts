import type { Language, LotteryGame, LotteryGamesQuery, LotteryPopularGamesQuery } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { gameView, type ListedGameRow } from './lottery-views.ts';

/** The enabled games in the catalogue's order, filtered by prize mode and play type when given. */
export async function listEnabledGames(
  db: Kysely<Database>,
  filter: { prizeMode?: number | undefined; playType?: number | undefined },
): Promise<ListedGameRow[]> {
  let query = db
    .selectFrom('lottery_game as g')
    .leftJoin('lottery_official_schedule as s', 's.game_id', 'g.id')
    .selectAll('g')
    .select('s.weekdays as draw_weekdays')
    .where('g.enabled', '=', true);
  if (filter.prizeMode !== undefined) query = query.where('g.prize_mode', '=', filter.prizeMode);
  if (filter.playType !== undefined) query = query.where('g.default_play_type', '=', filter.playType);
  return query.orderBy('g.sort_order').orderBy('g.id').execute();
}

/** GET /lgw/games: the enabled games. */
export async function listLotteryGames(
  db: Kysely<Database>,
  query: LotteryGamesQuery,
  language: Language,
): Promise<LotteryGame[]> {
  return (await listEnabledGames(db, query)).map((game) => gameView(game, language));
}

/**
 * GET /lgw/games/popular: the first `count` enabled games. Popularity by bets comes with betting; until
 * then the catalogue's order stands for it.
 */
export async function listPopularLotteryGames(
  db: Kysely<Database>,
  query: LotteryPopularGamesQuery,
  language: Language,
): Promise<LotteryGame[]> {
  return (await listLotteryGames(db, query, language)).slice(0, query.count);
}
