import type { GameMenu, HotGames } from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let testApp: TestApp;
let merchantId: number;
beforeAll(async () => {
  testApp = await createTestApp();
  merchantId = testApp.demoMerchantId;
});
afterAll(async () => {
  await testApp?.close();
});

async function get<T>(url: string, language: 'TH' | 'EN') {
  const response = await testApp.app.inject({ method: 'GET', url, headers: { Merchant: 'demo', Language: language } });
  expect(response.statusCode).toBe(200);
  return (response.json() as { value: T }).value;
}

function menuOf(menus: GameMenu[], category: string) {
  return menus.find((menu) => menu.gameCategory === category);
}

describe('GET /lgw/games/game_menus', () => {
  test('EN: every category of the demo in navigation order, with point rates and sorted vendors', async () => {
    const menus = await get<GameMenu[]>('/lgw/games/game_menus', 'EN');
    expect(menus.map((menu) => [menu.gameCategory, menu.page])).toEqual([
      ['ELOTT', '/elott'],
      ['LIVE', '/live'],
      ['SPORTS', '/sports'],
      ['ESPORTS', '/esports'],
      ['COCKFIGHT', '/cockfight'],
      ['FISH', '/fish'],
      ['RNG', '/rng'],
      ['BINGO', '/bingo'],
      ['PVP', '/pvp'],
    ]);
    expect(Object.fromEntries(menus.map((menu) => [menu.gameCategory, menu.pointRate]))).toMatchObject({
      LIVE: '0.70',
      SPORTS: '1.00',
      FISH: '1.20',
      RNG: '1.20',
      PVP: '1.00',
      ESPORTS: '1.00',
    });
    const live = menuOf(menus, 'LIVE');
    expect(live).toMatchObject({ name: 'nav_live', enName: 'Live Casino', gameType: 'LIVE' });
    expect(live?.vendors.map((vendor) => [vendor.vassalage, vendor.displayName])).toEqual([
      ['LTLIVE', 'Lotus Live'],
      ['SIAMLIVE', 'Siam Live'],
    ]);
    expect(live?.vendors[0]).toMatchObject({
      isHot: 1,
      logoKind: 'N2',
      logoUrl: '/art/vendors/LTLIVE.svg',
      gameCategory: 'LIVE',
    });
    const slots = menuOf(menus, 'RNG')?.vendors ?? [];
    expect(slots).toHaveLength(10);
    expect(slots.map((vendor) => vendor.sort)).toEqual([...slots.map((vendor) => vendor.sort)].sort((a, b) => a - b));
    expect(menuOf(menus, 'ESPORTS')?.vendors.map((vendor) => vendor.vassalage)).toEqual(['LTESPORT']);
    expect(menuOf(menus, 'COCKFIGHT')?.vendors.map((vendor) => vendor.vassalage)).toEqual(['LTCOCK']);
  });

  test('TH: vendor names in Thai; the language query overrides the header', async () => {
    const th = await get<GameMenu[]>('/lgw/games/game_menus', 'TH');
    expect(menuOf(th, 'LIVE')?.vendors[0]?.displayName).toBe('โลตัส ไลฟ์');
    const en = await get<GameMenu[]>('/lgw/games/game_menus?language=EN', 'TH');
    expect(menuOf(en, 'LIVE')?.vendors[0]?.displayName).toBe('Lotus Live');
  });

  test('a category whose vendors are all disabled is left out', async () => {
    await testApp.db.updateTable('game_vendor').set({ is_enabled: false }).where('vassalage', '=', 'LTFISH').execute();
    await testApp.settle();
    const menus = await get<GameMenu[]>('/lgw/games/game_menus', 'EN');
    expect(menuOf(menus, 'FISH')).toBeUndefined();
    expect(menuOf(menus, 'LIVE')).toBeDefined();
    await testApp.db.updateTable('game_vendor').set({ is_enabled: true }).where('vassalage', '=', 'LTFISH').execute();
    await testApp.settle();
    expect(menuOf(await get<GameMenu[]>('/lgw/games/game_menus', 'EN'), 'FISH')).toBeDefined();
  });

  test('a disabled category is left out even with vendors', async () => {
    await testApp.db.updateTable('game_category').set({ is_enabled: false }).where('category', '=', 'PVP').execute();
    await testApp.settle();
    expect(menuOf(await get<GameMenu[]>('/lgw/games/game_menus', 'EN'), 'PVP')).toBeUndefined();
    await testApp.db.updateTable('game_category').set({ is_enabled: true }).where('category', '=', 'PVP').execute();
    await testApp.settle();
  });

  test("sports vendors are split into ESPORTS and COCKFIGHT by the merchant's lists", async () => {
    const sportsVendor = (vassalage: string, sort: number) => ({
      merchant_id: merchantId,
      vassalage,
      game_category: 'SPORTS' as const,
      game_type: 'SPORTS',
      display_name_th: vassalage,
      display_name_en: vassalage,
      account_type_name: vassalage,
      logo_kind: 'SV3' as const,
      logo_url: `/art/vendors/${vassalage}.svg`,
      wallet_mode: 'transfer' as const,
      sort,
    });
    await testApp.db
      .insertInto('game_vendor')
      .values([sportsVendor('IMES', 100), sportsVendor('DS88', 101), sportsVendor('SBOBET', 102)])
      .execute();
    await testApp.settle();
    const menus = await get<GameMenu[]>('/lgw/games/game_menus', 'EN');
    expect(menuOf(menus, 'ESPORTS')?.vendors.map((vendor) => [vendor.vassalage, vendor.gameCategory])).toEqual([
      ['LTESPORT', 'ESPORTS'],
      ['IMES', 'ESPORTS'],
    ]);
    expect(menuOf(menus, 'COCKFIGHT')?.vendors.map((vendor) => vendor.vassalage)).toEqual(['LTCOCK', 'DS88']);
    expect(menuOf(menus, 'SPORTS')?.vendors.map((vendor) => vendor.vassalage)).toEqual(['LTSPORT', 'SBOBET']);
    await testApp.db.deleteFrom('game_vendor').where('vassalage', 'in', ['IMES', 'DS88', 'SBOBET']).execute();
    await testApp.settle();
  });
});

describe('GET /wps/relay/GCSGAME_hotGamesV2', () => {
  const url = '/wps/relay/GCSGAME_hotGamesV2?isPlatform=2&platform=flash,html5-desktop';

  test('EN: only hot games, with names, art and their vendor category', async () => {
    const { list } = await get<HotGames>(url, 'EN');
    expect(list.length).toBeGreaterThanOrEqual(10);
    expect(list.every((game) => game.isHot === 1)).toBe(true);
    expect(list[0]).toEqual({
      gameId: 'baccarat',
      nodeId: 'ltlive-baccarat',
      vassalage: 'LTLIVE',
      gameType: 'LIVE',
      gameCategory: 'LIVE',
      gameClassify: 'BAC',
      displayName: 'Lotus Baccarat',
      thumbnailUrl: '/art/games/baccarat.svg',
      isHot: 1,
      isNew: false,
    });
    expect(list.map((game) => game.gameId)).not.toContain('sicbo');
    // Hot in the catalogue, but the house vendor (LTLIVE's integration) does not serve them.
    expect(list.map((game) => game.gameId)).not.toContain('roulette');
    expect(list.map((game) => game.gameId)).not.toContain('dragon-tiger');
  });

  test('TH: names in Thai', async () => {
    const { list } = await get<HotGames>(url, 'TH');
    expect(list[0]?.displayName).toBe('บาคาร่า โลตัส');
  });

  test('filters by vassalage', async () => {
    const { list } = await get<HotGames>(`${url}&vassalage=LTLIVE`, 'EN');
    expect(list.map((game) => game.gameId)).toEqual(['baccarat']);
    expect((await get<HotGames>(`${url}&vassalage=TUKTUK`, 'EN')).list.map((game) => game.gameId)).toEqual([
      'tuktuk-riches',
    ]);
    expect((await get<HotGames>(`${url}&vassalage=ALL`, 'EN')).list.length).toBeGreaterThan(3);
    expect((await get<HotGames>(`${url}&vassalage=NOSUCH`, 'EN')).list).toEqual([]);
  });

  test('games of a disabled vendor are left out', async () => {
    await testApp.db.updateTable('game_vendor').set({ is_enabled: false }).where('vassalage', '=', 'LTLIVE').execute();
    await testApp.settle();
    const { list } = await get<HotGames>(url, 'EN');
    expect(list.some((game) => game.vassalage === 'LTLIVE')).toBe(false);
    await testApp.db.updateTable('game_vendor').set({ is_enabled: true }).where('vassalage', '=', 'LTLIVE').execute();
    await testApp.settle();
  });
});
