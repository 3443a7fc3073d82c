import type { GameCard, GameCategory, GameMenu, Vendor } from '@lotus/contract';
import type { CategoryPageKey, LobbyKey } from '../../config/paths';

/** The categories each lobby shows. In-house and the lv155 lobby gather every vendor we host. */
const lobbyCategories: Record<LobbyKey, readonly GameCategory[] | 'all'> = {
  rng: ['RNG'],
  live: ['LIVE'],
  fish: ['FISH'],
  pvp: ['PVP'],
  bingo: ['BINGO'],
  inhouse: 'all',
  lv155games: 'all',
};

const categoryPageCategories: Record<CategoryPageKey, readonly GameCategory[]> = {
  sports: ['SPORTS'],
  esports: ['ESPORTS'],
  cockfight: ['COCKFIGHT'],
  elott: ['ELOTT', 'LOTT'],
};

export const categoriesOfLobby = (key: LobbyKey): readonly GameCategory[] | 'all' => lobbyCategories[key];
export const categoriesOfPage = (key: CategoryPageKey): readonly GameCategory[] => categoryPageCategories[key];

export function vendorsOf(menus: readonly GameMenu[], categories: readonly GameCategory[] | 'all'): Vendor[] {
  return menus.filter((menu) => categories === 'all' || categories.includes(menu.gameCategory)).flatMap((menu) => menu.vendors);
}

/** Hot games of the given vendors, optionally one vendor only. */
export function gamesOfVendors(games: readonly GameCard[], vendors: readonly Vendor[], vassalage?: string): GameCard[] {
  const codes = new Set(vendors.map((vendor) => vendor.vassalage));
  return games.filter((game) => codes.has(game.vassalage) && (!vassalage || game.vassalage === vassalage));
}

export function vendorNames(menus: readonly GameMenu[]): Map<string, string> {
  return new Map(menus.flatMap((menu) => menu.vendors.map((vendor) => [vendor.vassalage, vendor.displayName] as const)));
}
