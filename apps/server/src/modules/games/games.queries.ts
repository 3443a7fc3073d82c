import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isListedGame } from './member-games.queries.ts';

/** Plain reads of the games catalogue. Each takes the database (or a transaction). */

export function listEnabledCategoryRows(db: Kysely<Database>, merchantId: number) {
  return db
    .selectFrom('game_category')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('is_enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function listEnabledVendorRows(db: Kysely<Database>, merchantId: number) {
  return db
    .selectFrom('game_vendor')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('is_enabled', '=', true)
    .orderBy('sort')
    .orderBy('vassalage')
    .execute();
}

/** Hot games that can be played: the game and its vendor both enabled, and served (README "Served games"). */
export function listHotGameRows(db: Kysely<Database>, merchantId: number) {
  return db
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
    .where('game.merchant_id', '=', merchantId)
    .where('game.is_hot', '=', true)
    .where('game.is_enabled', '=', true)
    .where('game_vendor.is_enabled', '=', true)
    .where(isListedGame)
    .orderBy('game.sort')
    .orderBy('game.game_id')
    .execute();
}
