import type { GameCard, GameCategory, HomeLanes } from '@lotus/contract';
import { cachedRead, pickLanguage, type PublicReadContext } from '../../cache/public-read.ts';

/**
 * The games the home lanes draw come from the games module (its tables, its rules of what a lobby
 * lists); the site reaches it through modules/routes.ts, since games depends on site.
 */
export interface SiteGames {
  /** The merchant's listed hot games in the catalogue's order. */
  listHotGames: (context: PublicReadContext) => Promise<GameCard[]>;
  /** Listed games with these ids, in that order; ids the lobby would not show are left out. */
  listGameCardsByIds: (context: PublicReadContext, gameIds: readonly string[]) => Promise<GameCard[]>;
}

interface LaneRow {
  code: string;
  title: string;
  category: GameCategory | null;
  source: 'hot' | 'picked';
  gameIds: string[];
  maxGames: number;
}

/**
 * GET /wps/system/homeLanes: the merchant's enabled lanes in order, each with its games: a hot lane
 * the hot games (of its category), a picked lane its games in the operator's order; at most
 * `maxGames` each, and a lane left without games is not sent. The lane rows are cached per merchant
 * and language (dropped with any change of them or of the games); the answer is in the response cache.
 */
export async function getHomeLanes(context: PublicReadContext, games: SiteGames): Promise<HomeLanes> {
  const lanes = await cachedRead(context, 'site:homeLanes', async (): Promise<LaneRow[]> => {
    const rows = await context.db
      .selectFrom('home_lane')
      .selectAll()
      .where('merchant_id', '=', context.merchant.id)
      .where('is_enabled', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      code: row.code,
      title: pickLanguage(context.language, row.title_th, row.title_en),
      category: row.category as GameCategory | null,
      source: row.source,
      gameIds: row.game_ids,
      maxGames: row.max_games,
    }));
  });
  if (lanes.length === 0) return { lanes: [] };
  const picked = lanes.flatMap((lane) => (lane.source === 'picked' ? lane.gameIds : []));
  const [hot, named] = await Promise.all([
    lanes.some((lane) => lane.source === 'hot') ? games.listHotGames(context) : [],
    games.listGameCardsByIds(context, picked),
  ]);
  const namedById = new Map(named.map((game) => [game.gameId, game]));
  return {
    lanes: lanes
      .map((lane) => ({
        code: lane.code,
        title: lane.title,
        category: lane.category,
        games: (lane.source === 'hot'
          ? hot.filter((game) => lane.category === null || game.gameCategory === lane.category)
          : lane.gameIds.flatMap((id) => namedById.get(id) ?? [])
        ).slice(0, lane.maxGames),
      }))
      .filter((lane) => lane.games.length > 0),
  };
}
