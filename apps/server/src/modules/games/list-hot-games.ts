import type { GameCard, HotGames } from '@lotus/contract';
import { cachedRead, pickLanguage, type PublicReadContext } from '../../cache/public-read.ts';
import { gameCategoryOfVendor } from './game-category-of-vendor.ts';
import { listHotGameRows } from './games.queries.ts';

/**
 * GET /wps/relay/GCSGAME_hotGamesV2 ("gameHot"): the merchant's hot games, optionally of one
 * vendor. All hot games are cached per language and filtered per request.
 */
export async function listHotGames(context: PublicReadContext, vassalage: string | undefined): Promise<HotGames> {
  const games = await cachedRead(context, 'games:hot', async (): Promise<GameCard[]> => {
    const rows = await listHotGameRows(context.db, context.merchant.id);
    return rows.map((row) => ({
      gameId: row.game_id,
      nodeId: row.node_id,
      vassalage: row.vassalage,
      gameType: row.game_type,
      gameCategory: row.game_category,
      gameClassify: row.game_classify,
      displayName: pickLanguage(context.language, row.name_th, row.name_en),
      thumbnailUrl: row.thumbnail_url,
      isHot: row.is_hot ? 1 : 0,
      isNew: row.is_new,
    }));
  });
  // The original sends ALL (or nothing) for every vendor.
  const vendorFilter = vassalage && vassalage.toUpperCase() !== 'ALL' ? vassalage.toUpperCase() : null;
  const list = games
    .filter((game) => vendorFilter === null || game.vassalage === vendorFilter)
    .map((game) => ({ ...game, gameCategory: gameCategoryOfVendor(game, context.merchant.config) }));
  return { list };
}
