import type { GameCategory } from '@lotus/contract';

/**
 * The demo merchant's top navigation (spec §2, §3). Point rates are spec §3's; categories without
 * one earn no points. BINGO sorts just before PVP because the spec always inserts bingo before poker.
 */
export interface DemoGameCategory {
  category: GameCategory;
  gameType: string;
  nameKey: string;
  page: string;
  enName: string;
  pointRate: string | null;
  sort: number;
}

export const demoGameCategories: DemoGameCategory[] = [
  {
    category: 'ELOTT',
    gameType: 'LOTT',
    nameKey: 'nav_elott',
    page: '/elott',
    enName: 'Lottery',
    pointRate: null,
    sort: 1,
  },
  {
    category: 'LIVE',
    gameType: 'LIVE',
    nameKey: 'nav_live',
    page: '/live',
    enName: 'Live Casino',
    pointRate: '0.70',
    sort: 2,
  },
  {
    category: 'SPORTS',
    gameType: 'SPORTS',
    nameKey: 'nav_sports',
    page: '/sports',
    enName: 'Sports',
    pointRate: '1.00',
    sort: 3,
  },
  {
    category: 'ESPORTS',
    gameType: 'ESPORTS',
    nameKey: 'nav_esports',
    page: '/esports',
    enName: 'E-Sports',
    pointRate: '1.00',
    sort: 4,
  },
  {
    category: 'COCKFIGHT',
    gameType: 'COCKFIGHT',
    nameKey: 'nav_cockfight',
    page: '/cockfight',
    enName: 'Cockfight',
    pointRate: null,
    sort: 5,
  },
  {
    category: 'FISH',
    gameType: 'FISH',
    nameKey: 'nav_fish',
    page: '/fish',
    enName: 'Fishing',
    pointRate: '1.20',
    sort: 6,
  },
  { category: 'RNG', gameType: 'RNG', nameKey: 'nav_rng', page: '/rng', enName: 'Slots', pointRate: '1.20', sort: 7 },
  {
    category: 'BINGO',
    gameType: 'BINGO',
    nameKey: 'nav_bingo',
    page: '/bingo',
    enName: 'Bingo',
    pointRate: null,
    sort: 8,
  },
  { category: 'PVP', gameType: 'PVP', nameKey: 'nav_pvp', page: '/pvp', enName: 'Poker', pointRate: '1.00', sort: 9 },
];

/** Smallest stake per category, in satang: live tables start at 20 baht, slots at 1 baht. */
export const demoMinBetMinorByCategory: Record<GameCategory, bigint> = {
  ELOTT: 100n,
  LOTT: 100n,
  LIVE: 2_000n,
  SPORTS: 1_000n,
  ESPORTS: 1_000n,
  COCKFIGHT: 2_000n,
  FISH: 100n,
  RNG: 100n,
  PVP: 1_000n,
  BINGO: 500n,
};
