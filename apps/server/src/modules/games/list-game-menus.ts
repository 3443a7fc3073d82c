import type { GameCategory, GameMenu, Vendor } from '@lotus/contract';
import { cachedRead, pickLanguage, type PublicReadContext } from '../../cache/public-read.ts';
import { gameCategoryOfVendor } from './game-category-of-vendor.ts';
import { listEnabledCategoryRows, listEnabledVendorRows } from './games.queries.ts';

type MenuWithoutVendors = Omit<GameMenu, 'vendors'>;

interface CachedCatalogue {
  menus: MenuWithoutVendors[];
  /** Vendors in display order, with the category stored in the catalogue. */
  vendors: Vendor[];
}

/**
 * GET /lgw/games/game_menus ("gameMenu"): the top navigation. Only categories with at least one
 * enabled vendor are listed (spec §2). The catalogue is cached; the sports split follows the
 * merchant's lists and is applied per request.
 */
export async function listGameMenus(context: PublicReadContext): Promise<GameMenu[]> {
  const catalogue = await loadCatalogue(context);
  const vendorsByCategory = new Map<GameCategory, Vendor[]>();
  for (const vendor of catalogue.vendors) {
    const gameCategory = gameCategoryOfVendor(vendor, context.merchant.config);
    const list = vendorsByCategory.get(gameCategory) ?? [];
    list.push({ ...vendor, gameCategory });
    vendorsByCategory.set(gameCategory, list);
  }
  return catalogue.menus.flatMap((menu) => {
    const vendors = vendorsByCategory.get(menu.gameCategory);
    return vendors && vendors.length > 0 ? [{ ...menu, vendors }] : [];
  });
}

function loadCatalogue(context: PublicReadContext): Promise<CachedCatalogue> {
  return cachedRead(context, 'games:catalogue', async () => {
    const [categoryRows, vendorRows] = await Promise.all([
      listEnabledCategoryRows(context.db, context.merchant.id),
      listEnabledVendorRows(context.db, context.merchant.id),
    ]);
    return {
      menus: categoryRows.map((row) => ({
        gameCategory: row.category,
        name: row.name_key,
        gameType: row.game_type,
        page: row.page,
        enName: row.en_name,
        pointRate: row.point_rate,
      })),
      vendors: vendorRows.map((row) => ({
        vassalage: row.vassalage,
        gameType: row.game_type,
        gameCategory: row.game_category,
        displayName: pickLanguage(context.language, row.display_name_th, row.display_name_en),
        accountTypeName: row.account_type_name,
        isHot: row.is_hot ? 1 : 0,
        logoUrl: row.logo_url,
        logoKind: row.logo_kind,
        sort: row.sort,
      })),
    };
  });
}
