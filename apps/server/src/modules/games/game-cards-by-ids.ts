import type { GameCard } from '@lotus/contract';
import { pickLanguage, type PublicReadContext } from '../../cache/public-read.ts';
import { gameCategoryOfVendor } from './game-category-of-vendor.ts';
import { isListedGame } from './member-games.queries.ts';

/**
 * Cards of the merchant's listed games with these ids (game and vendor enabled, served), in the
 * order asked; an id the lobby would not show is left out. For the site's home lanes that name
 * their games (modules/site, through modules/routes.ts): one query for the whole list.
 */
export async function listGameCardsByIds(context: PublicReadContext, gameIds: readonly string[]): Promise<GameCard[]> {
  if (gameIds.length === 0) return [];
  const rows = await context.db
    .selectFrom('game')
    .innerJoin('game_vendor', (join) =>
      join
        .onRef('game_vendor.merchant_id', '=', 'game.merchant_id')
        .onRef('game_vendor.vassalage', '=', 'game.vassalage'),
    )
    .select([
      'game.game_id',
      'game.node_id',
      'game.vassalage',
      'game.game_classify',
      'game.name_th',
      'game.name_en',
      'game.thumbnail_url',
      'game.is_hot',
      'game.is_new',
      'game_vendor.game_type',
      'game_vendor.game_category',
    ])
    .where('game.merchant_id', '=', context.merchant.id)
    .where('game.game_id', 'in', [...new Set(gameIds)])
    .where('game.is_enabled', '=', true)
    .where('game_vendor.is_enabled', '=', true)
    .where(isListedGame)
    .execute();
  const byId = new Map(
    rows.map((row): [string, GameCard] => [
      row.game_id,
      {
        gameId: row.game_id,
        nodeId: row.node_id,
        vassalage: row.vassalage,
        gameType: row.game_type,
        gameCategory: gameCategoryOfVendor(
          { vassalage: row.vassalage, gameCategory: row.game_category },
          context.merchant.config,
        ),
        gameClassify: row.game_classify,
        displayName: pickLanguage(context.language, row.name_th, row.name_en),
        thumbnailUrl: row.thumbnail_url,
        isHot: row.is_hot ? 1 : 0,
        isNew: row.is_new,
      },
    ]),
  );
  return gameIds.flatMap((id) => byId.get(id) ?? []);
}
