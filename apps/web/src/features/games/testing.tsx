/**
 * For the games pages' component tests only (never imported by the site): contract-shaped answers
 * of the demo catalogue, the auth feature's fake API, and an IntersectionObserver the test drives.
 */
import { apiPaths, gamePaths, type GameListItem, type GameMenu, type Vendor } from '@lotus/contract';
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { ok, type FakeCall, type FakeRoute } from '../auth/testing';

export {
  initTestI18n,
  installFakeApi,
  LocationProbe,
  ok,
  refuse,
  renderWithProviders,
  type FakeAnswer,
  type FakeCall,
  type FakeRoute,
} from '../auth/testing';

export const callsTo = (calls: FakeCall[], method: string, path: string): FakeCall[] =>
  calls.filter((call) => call.method === method && call.path === path);

export function vendor(vassalage: string, displayName: string, gameCategory: Vendor['gameCategory'] = 'RNG'): Vendor {
  return {
    vassalage,
    gameType: gameCategory,
    gameCategory,
    displayName,
    accountTypeName: vassalage,
    isHot: 0,
    logoUrl: `/art/vendors/${vassalage}.svg`,
    logoKind: 'SLOT',
    sort: 1,
  };
}

export const slotVendors = [vendor('LTSLOT', 'Lotus Slots'), vendor('NAGA', 'Naga Studio')];
export const liveVendors = [vendor('LTLIVE', 'Lotus Live', 'LIVE')];
export const sportsVendors = [vendor('LTSPORT', 'Lotus Sports', 'SPORTS')];

const menu = (gameCategory: GameMenu['gameCategory'], page: string, vendors: Vendor[]): GameMenu => ({
  gameCategory,
  name: `nav_${page}`,
  gameType: gameCategory,
  page: `/${page}`,
  enName: page,
  pointRate: null,
  vendors,
});

export const demoMenus: GameMenu[] = [
  menu('RNG', 'rng', slotVendors),
  menu('LIVE', 'live', liveVendors),
  menu('SPORTS', 'sports', sportsVendors),
];

export function gameItem(gameId: string, overrides: Partial<GameListItem> = {}): GameListItem {
  return {
    gameId,
    nodeId: `ltslot-${gameId}`,
    vassalage: 'LTSLOT',
    gameType: 'RNG',
    gameCategory: 'RNG',
    gameClassify: null,
    displayName: `Game ${gameId}`,
    thumbnailUrl: `/art/games/${gameId}.svg`,
    isHot: 0,
    isNew: false,
    minBet: '1.00',
    isJackpot: false,
    isFavorite: false,
    ...overrides,
  };
}

/** One page of GCSGAME_gameList. */
export const gameListPage = (games: GameListItem[], pageNum = 1, totalPages = 1, pageSize = 24) => ({
  games,
  pageNum,
  pageSize,
  totalElements: totalPages * pageSize,
  totalPages,
});

/** The public reads every games page makes (menus, hot games), plus `extra`. */
export function catalogueRoutes(extra: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    [`GET ${apiPaths.gameMenus}`]: () => ok(demoMenus),
    [`GET ${apiPaths.hotGames}`]: () =>
      ok({ list: [gameItem('lucky-lotus', { isHot: 1, displayName: 'Lucky Lotus' })] }),
    [`GET ${gamePaths.vassGameType}`]: () =>
      ok({
        content: [
          { vassalage: 'LTSLOT', gameType: 'RNG', gameCategory: 'RNG', gameClassifies: ['AC', 'TG'], gameCount: 3 },
          { vassalage: 'NAGA', gameType: 'RNG', gameCategory: 'RNG', gameClassifies: ['JP'], gameCount: 1 },
          { vassalage: 'LTLIVE', gameType: 'LIVE', gameCategory: 'LIVE', gameClassifies: ['BAC', 'ROU'], gameCount: 2 },
        ],
      }),
    [`GET ${gamePaths.favoriteGames}`]: () => ok({ nodeIds: [], gameIds: [] }),
    ...extra,
  };
}

/**
 * An IntersectionObserver the test drives: `intersect()` tells every observer that its elements
 * came into view, as scrolling to the end of a list would.
 */
export function installFakeIntersectionObserver() {
  const observers = new Set<FakeObserver>();
  class FakeObserver {
    private readonly elements = new Set<Element>();
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(element: Element) {
      this.elements.add(element);
      observers.add(this);
    }
    unobserve(element: Element) {
      this.elements.delete(element);
    }
    disconnect() {
      this.elements.clear();
      observers.delete(this);
    }
    takeRecords() {
      return [];
    }
    fire() {
      const entries = [...this.elements].map(
        (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
      );
      if (entries.length > 0) this.callback(entries, this as unknown as IntersectionObserver);
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    intersect: () => act(() => observers.forEach((observer) => observer.fire())),
    get observerCount() {
      return observers.size;
    },
  };
}
