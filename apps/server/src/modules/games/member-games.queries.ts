import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { roundsByGameSince } from '../bet-records/index.ts';

/**
 * Reads and writes of the members' game calls. Every query is scoped by merchant; "playable"
 * means the game and its vendor are both enabled, and a connected vendor serves the game (README
 * "Served games").
 */

export interface GameFilter {
  merchantId: number;
  /** Upper-case vendor code, or null for every vendor. */
  vassalage: string | null;
  /** Upper case; matches the vendor's game type or its stored category. */
  gameType: string | null;
  gameClassify: string | null;
  /** Part of the TH or EN name, any case. */
  gameName: string | null;
}

/** `%`, `_` and `\` typed by a member are searched for literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

function playableGames(db: Kysely<Database>, merchantId: number) {
  return db
    .selectFrom('game')
    .innerJoin('game_vendor', (join) =>
      join
        .onRef('game_vendor.merchant_id', '=', 'game.merchant_id')
        .onRef('game_vendor.vassalage', '=', 'game.vassalage'),
    )
    .where('game.merchant_id', '=', merchantId)
    .where('game.is_enabled', '=', true)
    .where('game_vendor.is_enabled', '=', true)
    .where(isListedGame);
}

/**
 * A connected vendor's game is listed only when its integration serves it; a vendor with no integration
 * keeps its games listed (their launch answers `vendor_unavailable`). Used by every list and the launch.
 */
export function isListedGame(
  eb: ExpressionBuilder<
    Database & { game: Database['game']; game_vendor: Database['game_vendor'] },
    'game' | 'game_vendor'
  >,
) {
  return eb.or([eb('game.is_served', '=', true), eb('game_vendor.integration_code', 'is', null)]);
}

const gameColumns = [
  'game.id',
  'game.game_id',
  'game.node_id',
  'game.vassalage',
  'game.game_classify',
  'game.name_th',
  'game.name_en',
  'game.thumbnail_url',
  'game.is_hot',
  'game.is_new',
  'game.min_bet_minor',
  'game_vendor.game_type',
  'game_vendor.game_category',
] as const;

function filteredGames(db: Kysely<Database>, filter: GameFilter) {
  let query = playableGames(db, filter.merchantId);
  if (filter.vassalage !== null) query = query.where('game.vassalage', '=', filter.vassalage);
  if (filter.gameType !== null) {
    const gameType = filter.gameType;
    query = query.where((eb) =>
      eb.or([eb('game_vendor.game_type', '=', gameType), eb('game_vendor.game_category', '=', gameType as never)]),
    );
  }
  if (filter.gameClassify !== null) query = query.where('game.game_classify', '=', filter.gameClassify);
  if (filter.gameName !== null) {
    const pattern = likePattern(filter.gameName);
    query = query.where((eb) => eb.or([eb('game.name_th', 'ilike', pattern), eb('game.name_en', 'ilike', pattern)]));
  }
  return query;
}

/** One page of the filtered games in catalogue order, with whether each is the member's favourite. */
export async function listGamePage(
  db: Kysely<Database>,
  filter: GameFilter,
  memberId: bigint,
  page: { offset: number; limit: number },
) {
  const [rows, total] = await Promise.all([
    filteredGames(db, filter)
      .leftJoin('game_favorite', (join) =>
        join.onRef('game_favorite.game_row_id', '=', 'game.id').on('game_favorite.member_id', '=', memberId),
      )
      .select([...gameColumns, sql<boolean>`game_favorite.id is not null`.as('is_favorite')])
      .orderBy('game.sort')
      .orderBy('game.game_id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    filteredGames(db, filter)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** Games ranked for the rank list: hot first, then the catalogue's order. */
/**
 * The most played games: rounds of members (bet records) since `since`, per game; games nobody played
 * follow, hot first, in the catalogue's order. A bet record's game is the catalogue's (the launch's
 * session names it).
 */
export function listRankedGameRows(
  db: Kysely<Database>,
  filter: Pick<GameFilter, 'merchantId' | 'vassalage' | 'gameType'>,
  count: number,
  since: Date,
) {
  const played = roundsByGameSince(db, filter.merchantId, since);
  return filteredGames(db, { ...filter, gameClassify: null, gameName: null })
    .leftJoin(played, 'played.game_id', 'game.game_id')
    .select(gameColumns)
    .orderBy(sql`coalesce(played.rounds, 0)`, 'desc')
    .orderBy('game.is_hot', 'desc')
    .orderBy('game.sort')
    .orderBy('game.game_id')
    .limit(count)
    .execute();
}

/** The enabled vendor with this code, if any. */
export function findEnabledVendor(db: Kysely<Database>, merchantId: number, vassalage: string) {
  return db
    .selectFrom('game_vendor')
    .select(['vassalage', 'game_type', 'game_category'])
    .where('merchant_id', '=', merchantId)
    .where('vassalage', '=', vassalage)
    .where('is_enabled', '=', true)
    .executeTakeFirst();
}

/** Each enabled vendor's playable games' classifies (one row per vendor and classify). */
export function listVendorClassifyRows(db: Kysely<Database>, merchantId: number) {
  return playableGames(db, merchantId)
    .select(['game.vassalage', 'game.game_classify', (eb) => eb.fn.countAll<string>().as('count')])
    .groupBy(['game.vassalage', 'game.game_classify'])
    .execute();
}

/** The playable game with this id, of this merchant. */
export function findPlayableGame(db: Kysely<Database>, merchantId: number, gameId: string) {
  return playableGames(db, merchantId)
    .select(['game.id', 'game.game_id'])
    .where('game.game_id', '=', gameId)
    .executeTakeFirst();
}

/** The game with this id, of this merchant, enabled or not. */
export function findAnyGame(db: Kysely<Database>, merchantId: number, gameId: string) {
  return db
    .selectFrom('game')
    .select(['id', 'game_id'])
    .where('merchant_id', '=', merchantId)
    .where('game_id', '=', gameId)
    .executeTakeFirst();
}

function memberFavorites(db: Kysely<Database>, merchantId: number, memberId: bigint) {
  return playableGames(db, merchantId)
    .innerJoin('game_favorite', 'game_favorite.game_row_id', 'game.id')
    .where('game_favorite.member_id', '=', memberId)
    .where('game_favorite.merchant_id', '=', merchantId);
}

/** The member's playable favourites, newest first. */
export function listFavoriteIds(db: Kysely<Database>, merchantId: number, memberId: bigint) {
  return memberFavorites(db, merchantId, memberId)
    .select(['game.game_id', 'game.node_id'])
    .orderBy('game_favorite.created_at', 'desc')
    .orderBy('game_favorite.id', 'desc')
    .execute();
}

export async function listFavoritePage(
  db: Kysely<Database>,
  merchantId: number,
  memberId: bigint,
  page: { offset: number; limit: number },
) {
  const [rows, total] = await Promise.all([
    memberFavorites(db, merchantId, memberId)
      .select([...gameColumns, sql<boolean>`true`.as('is_favorite')])
      .orderBy('game_favorite.created_at', 'desc')
      .orderBy('game_favorite.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    memberFavorites(db, merchantId, memberId)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** The member's playable recent games, latest first, with whether each is a favourite. */
export function listRecentRows(db: Kysely<Database>, merchantId: number, memberId: bigint, limit: number) {
  return playableGames(db, merchantId)
    .innerJoin('game_recent', 'game_recent.game_row_id', 'game.id')
    .leftJoin('game_favorite', (join) =>
      join.onRef('game_favorite.game_row_id', '=', 'game.id').on('game_favorite.member_id', '=', memberId),
    )
    .where('game_recent.member_id', '=', memberId)
    .where('game_recent.merchant_id', '=', merchantId)
    .select([...gameColumns, 'game_recent.played_at', sql<boolean>`game_favorite.id is not null`.as('is_favorite')])
    .orderBy('game_recent.played_at', 'desc')
    .orderBy('game_recent.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Games to play instead of a vendor under maintenance: enabled games of the same category from the
 * merchant's other vendors, hot first, in the catalogue's order (the caller keeps those it can launch).
 */
export function listSuggestedGameRows(
  db: Kysely<Database>,
  merchantId: number,
  gameCategory: string,
  exceptVassalage: string,
  count: number,
) {
  return playableGames(db, merchantId)
    .select(gameColumns)
    .where('game_vendor.game_category', '=', gameCategory as never)
    .where('game.vassalage', '<>', exceptVassalage)
    .orderBy('game.is_hot', 'desc')
    .orderBy('game.sort')
    .orderBy('game.game_id')
    .limit(count)
    .execute();
}
