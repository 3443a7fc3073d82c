import { formatMinorUnits, gameErrorCodes, type RoomList } from '@lotus/contract';
import { AppError } from '../../http/app-error.ts';
import type { MemberGamesContext } from './member-games.ts';
import { isListedGame } from './member-games.queries.ts';

/**
 * GET GLS2_roomList: a PVP vendor's rooms. Each game of the vendor is a room (its node id is the
 * table the vendor seats the member at), with the stake it starts at.
 */
export async function listRooms(context: MemberGamesContext, vassalage: string): Promise<RoomList> {
  const code = vassalage.toUpperCase();
  const vendor = await context.db
    .selectFrom('game_vendor')
    .select('vassalage')
    .where('merchant_id', '=', context.merchant.id)
    .where('vassalage', '=', code)
    .where('is_enabled', '=', true)
    .executeTakeFirst();
  if (!vendor)
    throw new AppError(404, gameErrorCodes.vendorUnknown, { field: 'vassalage', params: { field: 'vassalage' } });
  const games = await context.db
    .selectFrom('game')
    .innerJoin('game_vendor', (join) =>
      join
        .onRef('game_vendor.merchant_id', '=', 'game.merchant_id')
        .onRef('game_vendor.vassalage', '=', 'game.vassalage'),
    )
    .select([
      'game.game_id',
      'game.node_id',
      'game.name_th',
      'game.name_en',
      'game.thumbnail_url',
      'game.min_bet_minor',
    ])
    .where('game.merchant_id', '=', context.merchant.id)
    .where('game.vassalage', '=', code)
    .where('game.is_enabled', '=', true)
    .where(isListedGame)
    .orderBy('game.sort')
    .orderBy('game.id')
    .execute();
  return {
    rooms: games.map((game) => ({
      roomId: game.node_id,
      gameId: game.game_id,
      nodeId: game.node_id,
      vassalage: code,
      displayName: context.language === 'EN' ? game.name_en : game.name_th,
      thumbnailUrl: game.thumbnail_url,
      minBet: formatMinorUnits(BigInt(game.min_bet_minor)),
    })),
  };
}
