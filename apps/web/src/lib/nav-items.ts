import type { GameCategory, GameMenu, Vendor } from '@lotus/contract';
import type { IconName } from '../components/icon';

/** The page of each game category (spec §2 "Top navigation"); lottery and e-lottery share /elott. */
export type NavKey = 'elott' | 'live' | 'sports' | 'esports' | 'cockfight' | 'fish' | 'rng' | 'bingo' | 'pvp';

const navKeyOfCategory: Record<GameCategory, NavKey> = {
  ELOTT: 'elott',
  LOTT: 'elott',
  LIVE: 'live',
  SPORTS: 'sports',
  ESPORTS: 'esports',
  COCKFIGHT: 'cockfight',
  FISH: 'fish',
  RNG: 'rng',
  BINGO: 'bingo',
  PVP: 'pvp',
};

/**
 * Items whose vendors open a lobby with `?page={vendor}` (spec §2: live, RNG, PVP and fishing).
 * Bingo has its own lobby page too, so its vendors open /bingo rather than the slots lobby.
 */
const lobbyNavKeys: ReadonlySet<NavKey> = new Set(['live', 'rng', 'pvp', 'fish', 'bingo']);

/** spec §9: the drop-down shows 9 vendors, then MORE. */
export const dropdownVendorLimit = 9;

export interface NavItem {
  key: NavKey;
  href: string;
  /** The game type this item activates (spec §2: choosing an item sets the active game type). */
  gameType: string;
  labelKey: string;
  icon: IconName;
  vendors: Vendor[];
}

const toNavItem = (key: NavKey, gameType: string, vendors: Vendor[]): NavItem => ({
  key,
  href: `/${key}`,
  gameType,
  labelKey: `nav_${key}`,
  icon: key,
  vendors,
});

/**
 * Builds the top navigation from the game menus: only categories with at least one vendor, in the
 * server's order, lottery and e-lottery merged into one item, and a bingo item always placed just
 * before poker (at the end when there is no poker).
 */
export function buildNavItems(menus: readonly GameMenu[]): NavItem[] {
  const items: NavItem[] = [];
  let bingoVendors: Vendor[] = [];
  for (const menu of menus) {
    const key = navKeyOfCategory[menu.gameCategory];
    if (key === 'bingo') {
      bingoVendors = [...bingoVendors, ...menu.vendors];
      continue;
    }
    if (menu.vendors.length === 0) continue;
    const existing = items.find((item) => item.key === key);
    if (existing) existing.vendors = [...existing.vendors, ...menu.vendors];
    else items.push(toNavItem(key, menu.gameType, [...menu.vendors]));
  }
  const bingo = toNavItem('bingo', 'BINGO', bingoVendors);
  const pokerIndex = items.findIndex((item) => item.key === 'pvp');
  if (pokerIndex === -1) items.push(bingo);
  else items.splice(pokerIndex, 0, bingo);
  return items;
}

export interface VendorDropdown {
  vendors: Vendor[];
  moreHref: string;
}

/** spec §2: up to 9 vendors, then a MORE link to /{type lowercase}. */
export function buildVendorDropdown(item: NavItem): VendorDropdown {
  return { vendors: item.vendors.slice(0, dropdownVendorLimit), moreHref: item.href };
}

export type VendorTarget = { kind: 'lobby'; href: string } | { kind: 'launch'; vendor: Vendor };

/** Where choosing a vendor leads: its lobby tab, or a direct game launch (behind the login gate). */
export function vendorTarget(item: NavItem, vendor: Vendor): VendorTarget {
  if (lobbyNavKeys.has(item.key))
    return { kind: 'lobby', href: `${item.href}?page=${encodeURIComponent(vendor.vassalage)}` };
  return { kind: 'launch', vendor };
}
