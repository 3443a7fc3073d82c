import type { GameCard, GameCategory, GameMenu, VassGameTypes, Vendor } from '@lotus/contract';
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

/**
 * The game type a lobby's list asks for when no vendor tab is chosen (GCSGAME_gameList `gameType`
 * matches the vendor's type or the stored category); the mixed lobbies ask for every type.
 */
const lobbyGameTypes: Record<LobbyKey, string | undefined> = {
  rng: 'RNG',
  live: 'LIVE',
  fish: 'FISH',
  pvp: 'PVP',
  bingo: 'BINGO',
  inhouse: undefined,
  lv155games: undefined,
};

export const gameTypeOfLobby = (key: LobbyKey): string | undefined => lobbyGameTypes[key];

const categoryPageCategories: Record<CategoryPageKey, readonly GameCategory[]> = {
  sports: ['SPORTS'],
  esports: ['ESPORTS'],
  cockfight: ['COCKFIGHT'],
  elott: ['ELOTT', 'LOTT'],
};

export const categoriesOfLobby = (key: LobbyKey): readonly GameCategory[] | 'all' => lobbyCategories[key];
export const categoriesOfPage = (key: CategoryPageKey): readonly GameCategory[] => categoryPageCategories[key];

export function vendorsOf(menus: readonly GameMenu[], categories: readonly GameCategory[] | 'all'): Vendor[] {
  return menus
    .filter((menu) => categories === 'all' || categories.includes(menu.gameCategory))
    .flatMap((menu) => menu.vendors);
}

/** Hot games of the given vendors, optionally one vendor only. */
export function gamesOfVendors(games: readonly GameCard[], vendors: readonly Vendor[], vassalage?: string): GameCard[] {
  const codes = new Set(vendors.map((vendor) => vendor.vassalage));
  return games.filter((game) => codes.has(game.vassalage) && (!vassalage || game.vassalage === vassalage));
}

export function vendorNames(menus: readonly GameMenu[]): Map<string, string> {
  return new Map(
    menus.flatMap((menu) => menu.vendors.map((vendor) => [vendor.vassalage, vendor.displayName] as const)),
  );
}

/** The views of a lobby's list (issue 5). */
export type LobbyView = 'all' | 'hot' | 'new' | 'favorites' | 'recent';

/** The classifies (filter chips) of the given vendors' games, each once, sorted. */
export function classifiesOf(vendorTypes: VassGameTypes['content'], vendorCodes: ReadonlySet<string>): string[] {
  const codes = new Set(
    vendorTypes.filter((entry) => vendorCodes.has(entry.vassalage)).flatMap((entry) => entry.gameClassifies),
  );
  return [...codes].sort();
}

export interface GameFilter {
  vendorCodes: ReadonlySet<string>;
  gameClassify?: string;
  /** Part of the name, any case; empty for every name. */
  gameName: string;
}

/**
 * The lobby's filter applied to a list the server does not filter (hot, favourite and recent
 * games). The name matches the shown name only, where the server's search also tries the other language.
 */
export function matchesGameFilter(game: GameCard, filter: GameFilter): boolean {
  return (
    filter.vendorCodes.has(game.vassalage) &&
    (!filter.gameClassify || game.gameClassify === filter.gameClassify) &&
    game.displayName.toLocaleLowerCase().includes(filter.gameName.toLocaleLowerCase())
  );
}
