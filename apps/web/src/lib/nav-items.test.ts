import type { GameCategory, GameMenu, Vendor } from '@lotus/contract';
import { describe, expect, test } from 'vitest';
import { buildNavItems, buildVendorDropdown, dropdownVendorLimit, vendorTarget } from './nav-items';

const vendor = (vassalage: string, gameCategory: GameCategory, gameType = gameCategory as string): Vendor => ({
  vassalage,
  gameType,
  gameCategory,
  displayName: vassalage,
  accountTypeName: vassalage,
  isHot: 0,
  logoUrl: `/art/vendors/${vassalage}.svg`,
  logoKind: 'SLOT',
  sort: 0,
});

const menu = (gameCategory: GameCategory, vendors: Vendor[], gameType = gameCategory as string): GameMenu => ({
  gameCategory,
  name: gameCategory,
  gameType,
  page: `/${gameCategory.toLowerCase()}`,
  enName: gameCategory,
  pointRate: null,
  vendors,
});

const slotVendors = Array.from({ length: 10 }, (_, index) => vendor(`SLOT${index + 1}`, 'RNG'));

describe('buildNavItems', () => {
  test('keeps only categories with vendors, in order, and maps each to its page', () => {
    const items = buildNavItems([
      menu('LIVE', [vendor('LTLIVE', 'LIVE')]),
      menu('SPORTS', []),
      menu('RNG', slotVendors),
      menu('FISH', [vendor('LTFISH', 'FISH')]),
      menu('ESPORTS', [vendor('LTESPORT', 'ESPORTS', 'SPORTS')], 'SPORTS'),
      menu('COCKFIGHT', [vendor('LTCOCK', 'COCKFIGHT', 'SPORTS')], 'SPORTS'),
    ]);
    expect(items.map((item) => item.href)).toEqual(['/live', '/rng', '/fish', '/esports', '/cockfight', '/bingo']);
  });

  test('merges lottery and e-lottery into one /elott item', () => {
    const items = buildNavItems([menu('LOTT', [vendor('VN', 'LOTT')]), menu('ELOTT', [vendor('LTLOTTO', 'ELOTT')])]);
    expect(items[0]).toMatchObject({ key: 'elott', href: '/elott' });
    expect(items[0]?.vendors.map((item) => item.vassalage)).toEqual(['VN', 'LTLOTTO']);
  });

  test('always inserts bingo just before poker', () => {
    const items = buildNavItems([
      menu('LIVE', [vendor('A', 'LIVE')]),
      menu('PVP', [vendor('B', 'PVP')]),
      menu('SPORTS', [vendor('C', 'SPORTS')]),
    ]);
    expect(items.map((item) => item.key)).toEqual(['live', 'bingo', 'pvp', 'sports']);
  });

  test('places bingo where the server lists it nowhere else: before poker, with its vendors', () => {
    const items = buildNavItems([
      menu('BINGO', [vendor('LTBINGO', 'BINGO', 'RNG')], 'RNG'),
      menu('RNG', slotVendors),
      menu('PVP', [vendor('B', 'PVP')]),
    ]);
    expect(items.map((item) => item.key)).toEqual(['rng', 'bingo', 'pvp']);
    expect(items[1]?.vendors.map((item) => item.vassalage)).toEqual(['LTBINGO']);
  });

  test('appends bingo when there is no poker', () => {
    expect(buildNavItems([menu('LIVE', [vendor('A', 'LIVE')])]).map((item) => item.key)).toEqual(['live', 'bingo']);
  });
});

describe('vendor drop-down', () => {
  const [slots] = buildNavItems([menu('RNG', slotVendors)]);

  test('shows 9 vendors, then MORE to /{type}', () => {
    if (!slots) throw new Error('no slots item');
    const dropdown = buildVendorDropdown(slots);
    expect(dropdown.vendors).toHaveLength(dropdownVendorLimit);
    expect(dropdown.vendors.map((item) => item.vassalage)).toEqual(
      slotVendors.slice(0, 9).map((item) => item.vassalage),
    );
    expect(dropdown.moreHref).toBe('/rng');
  });

  test('lobby vendors open their tab; others launch directly', () => {
    const [live, sports] = buildNavItems([
      menu('LIVE', [vendor('LTLIVE', 'LIVE')]),
      menu('SPORTS', [vendor('LTSPORT', 'SPORTS')]),
    ]);
    if (!live || !sports) throw new Error('missing items');
    expect(vendorTarget(live, live.vendors[0]!)).toEqual({ kind: 'lobby', href: '/live?page=LTLIVE' });
    expect(vendorTarget(sports, sports.vendors[0]!)).toMatchObject({ kind: 'launch' });
  });
});
