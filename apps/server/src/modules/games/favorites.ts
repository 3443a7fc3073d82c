import { gameErrorCodes, type FavoriteGames, type FavoriteGamesList } from '@lotus/contract';
import { AppError } from '../../http/app-error.ts';
import { gameListItemOf, totalPagesOf, type MemberGamesContext } from './member-games.ts';
import { findAnyGame, findPlayableGame, listFavoriteIds, listFavoritePage } from './member-games.queries.ts';

function gameUnknown(): AppError {
  return new AppError(404, gameErrorCodes.gameUnknown, { field: 'gameId', params: { field: 'gameId' } });
}

/**
 * POST MCSFE_addFavoriteGameV2: a playable game of the member's merchant becomes a favourite.
 * Adding it again does nothing (one row per member and game, settled by the unique key even in a race).
 */
export async function addFavoriteGame(
  context: MemberGamesContext,
  gameId: string,
): Promise<{ gameId: string; isFavorite: boolean }> {
  const game = await findPlayableGame(context.db, context.merchant.id, gameId);
  if (!game) throw gameUnknown();
  await context.db
    .insertInto('game_favorite')
    .values({ merchant_id: context.merchant.id, member_id: context.memberId, game_row_id: game.id })
    .onConflict((oc) => oc.columns(['member_id', 'game_row_id']).doNothing())
    .execute();
  return { gameId: game.game_id, isFavorite: true };
}

/**
 * DELETE MCSFE_removeFavoriteGameV2: the game stops being a favourite. The game must be the
 * merchant's (a disabled one still counts, so its favourite can be removed); removing a game that
 * is not a favourite does nothing.
 */
export async function removeFavoriteGame(
  context: MemberGamesContext,
  gameId: string,
): Promise<{ gameId: string; isFavorite: boolean }> {
  const game = await findAnyGame(context.db, context.merchant.id, gameId);
  if (!game) throw gameUnknown();
  await context.db
    .deleteFrom('game_favorite')
    .where('member_id', '=', context.memberId)
    .where('merchant_id', '=', context.merchant.id)
    .where('game_row_id', '=', game.id)
    .execute();
  return { gameId: game.game_id, isFavorite: false };
}

/** GET MCSFE_getFavoriteGames: the playable favourites' node ids and game ids, newest first. */
export async function getFavoriteGames(context: MemberGamesContext): Promise<FavoriteGames> {
  const rows = await listFavoriteIds(context.db, context.merchant.id, context.memberId);
  return { nodeIds: rows.map((row) => row.node_id), gameIds: rows.map((row) => row.game_id) };
}

/** GET MCSFE_getFavoriteGamesList: the playable favourites as cards, newest first, one page. */
export async function listFavoriteGames(
  context: MemberGamesContext,
  page: { pageNo: number; pageSize: number },
): Promise<FavoriteGamesList> {
  const { rows, total } = await listFavoritePage(context.db, context.merchant.id, context.memberId, {
    offset: (page.pageNo - 1) * page.pageSize,
    limit: page.pageSize,
  });
  return {
    content: rows.map((row) => gameListItemOf(row, context.merchant, context.language)),
    pageNo: page.pageNo,
    pageSize: page.pageSize,
    totalElements: total,
    totalPages: totalPagesOf(total, page.pageSize),
  };
}
