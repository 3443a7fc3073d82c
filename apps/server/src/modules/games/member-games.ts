import {
  formatMinorUnits,
  gameErrorCodes,
  type GameCategory,
  type GameList,
  type GameListItem,
  type GameListQuery,
  type Language,
  type RankList,
  type VassGameTypes,
  type VendorLanes,
} from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { MerchantContext } from '../merchant/index.ts';
import { pickLanguage, type PublicReadContext } from '../../cache/public-read.ts';
import { gameCategoryOfVendor } from './game-category-of-vendor.ts';
import { listGameMenus } from './list-game-menus.ts';
import {
  findEnabledVendor,
  listGamePage,
  listRankedGameRows,
  listVendorClassifyRows,
  type GameFilter,
} from './member-games.queries.ts';

/** Who asks and in which language: the member's calls are the merchant's and the member's alone. */
export interface MemberGamesContext {
  db: Kysely<Database>;
  merchant: MerchantContext;
  language: Language;
  memberId: bigint;
}

export interface GameRow {
  game_id: string;
  node_id: string;
  vassalage: string;
  game_classify: string | null;
  name_th: string;
  name_en: string;
  thumbnail_url: string;
  is_hot: boolean;
  is_new: boolean;
  min_bet_minor: string | bigint;
  game_type: string;
  game_category: GameCategory;
}

export function gameCardOf(row: GameRow, merchant: MerchantContext, language: Language) {
  return {
    gameId: row.game_id,
    nodeId: row.node_id,
    vassalage: row.vassalage,
    gameType: row.game_type,
    gameCategory: gameCategoryOfVendor({ vassalage: row.vassalage, gameCategory: row.game_category }, merchant.config),
    gameClassify: row.game_classify,
    displayName: pickLanguage(language, row.name_th, row.name_en),
    thumbnailUrl: row.thumbnail_url,
    isHot: row.is_hot ? (1 as const) : (0 as const),
    isNew: row.is_new,
  };
}

export function gameListItemOf(
  row: GameRow & { is_favorite: boolean },
  merchant: MerchantContext,
  language: Language,
): GameListItem {
  return {
    ...gameCardOf(row, merchant, language),
    minBet: formatMinorUnits(BigInt(row.min_bet_minor)),
    isJackpot: row.game_classify === 'JP',
    isFavorite: row.is_favorite,
  };
}

export function totalPagesOf(total: number, pageSize: number): number {
  return Math.ceil(total / pageSize);
}

/** A vendor code a member sent: null for every vendor (`ALL` or nothing), else an enabled vendor of the merchant or 404. */
async function checkedVendor(
  db: Kysely<Database>,
  merchantId: number,
  vassalage: string | undefined,
): Promise<string | null> {
  if (vassalage === undefined || vassalage === '' || vassalage.toUpperCase() === 'ALL') return null;
  const code = vassalage.toUpperCase();
  const vendor = await findEnabledVendor(db, merchantId, code);
  if (!vendor)
    throw new AppError(404, gameErrorCodes.vendorUnknown, { field: 'vassalage', params: { field: 'vassalage' } });
  return vendor.vassalage;
}

const upperOrNull = (text: string | undefined) => (text === undefined || text === '' ? null : text.toUpperCase());

/** GET GCSGAME_gameList: the merchant's playable games, filtered, in catalogue order, one page. */
export async function listGames(context: MemberGamesContext, query: GameListQuery): Promise<GameList> {
  const filter: GameFilter = {
    merchantId: context.merchant.id,
    vassalage: await checkedVendor(context.db, context.merchant.id, query.vassalage),
    gameType: upperOrNull(query.gameType),
    gameClassify: upperOrNull(query.gameClassify),
    gameName: query.gameName === undefined || query.gameName === '' ? null : query.gameName,
  };
  const { rows, total } = await listGamePage(context.db, filter, context.memberId, {
    offset: (query.pageNo - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return {
    games: rows.map((row) => gameListItemOf(row, context.merchant, context.language)),
    pageNum: query.pageNo,
    pageSize: query.pageSize,
    totalElements: total,
    totalPages: totalPagesOf(total, query.pageSize),
  };
}

/** GET GCSGAME_gameVendor: the navigation's categories as lanes of vendor cards (same order and split as the menus). */
export async function listVendorLanes(context: PublicReadContext): Promise<VendorLanes> {
  const menus = await listGameMenus(context);
  return {
    lanes: menus.map((menu) => ({
      gameCategory: menu.gameCategory,
      gameType: menu.gameType,
      title: menu.name,
      enName: menu.enName,
      page: menu.page,
      cards: menu.vendors,
    })),
  };
}

/** GET GCSGAME_getVassGameType: each enabled vendor's game type and the classifies of its playable games. */
export async function listVassGameTypes(
  context: PublicReadContext,
  vassalage: string | undefined,
): Promise<VassGameTypes> {
  const only = await checkedVendor(context.db, context.merchant.id, vassalage);
  const [menus, classifyRows] = await Promise.all([
    listGameMenus(context),
    listVendorClassifyRows(context.db, context.merchant.id),
  ]);
  const classifies = new Map<string, { set: Set<string>; count: number }>();
  for (const row of classifyRows) {
    const entry = classifies.get(row.vassalage) ?? { set: new Set<string>(), count: 0 };
    if (row.game_classify !== null) entry.set.add(row.game_classify);
    entry.count += Number(row.count);
    classifies.set(row.vassalage, entry);
  }
  const content = menus.flatMap((menu) =>
    menu.vendors
      .filter((vendor) => only === null || vendor.vassalage === only)
      .map((vendor) => {
        const entry = classifies.get(vendor.vassalage);
        return {
          vassalage: vendor.vassalage,
          gameType: vendor.gameType,
          gameCategory: vendor.gameCategory,
          gameClassifies: [...(entry?.set ?? [])].sort(),
          gameCount: entry?.count ?? 0,
        };
      }),
  );
  return { content };
}

/** How far back the rank list counts rounds. */
const rankWindowMs = 7 * 24 * 3_600_000;

/** GET GCSGAME_getRankList (no token): the games with most rounds this past week, then hot games, then the catalogue's order. */
export async function listRankedGames(
  context: PublicReadContext,
  query: { vassalage?: string | undefined; gameType?: string | undefined; count: number },
  nowMs: number,
): Promise<RankList> {
  const rows = await listRankedGameRows(
    context.db,
    {
      merchantId: context.merchant.id,
      vassalage: await checkedVendor(context.db, context.merchant.id, query.vassalage),
      gameType: upperOrNull(query.gameType),
    },
    query.count,
    new Date(nowMs - rankWindowMs),
  );
  return {
    list: rows.map((row, index) => ({ ...gameCardOf(row, context.merchant, context.language), rank: index + 1 })),
  };
}
