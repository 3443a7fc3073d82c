import {
  apiPaths,
  errorEnvelopeSchema,
  gamePaths,
  launchGameResultSchema,
  launchPaths,
  type FavoriteGames,
  type GameList,
  type HotGames,
  type RecentGames,
  type RoomList,
} from '@lotus/contract';
import { houseGames } from '@lotus/house-games';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startPlatformWithHouse, type PlatformWithHouse } from '../../testing/house-games.ts';
import { fundedTestMember } from '../../testing/members.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { houseServedGameIds } from '../transfer-wallet/index.ts';
import { recordRecentGame, syncServedGames } from './index.ts';

/**
 * README "Served games": a connected vendor's game is listed and launchable only when its integration
 * serves it. With the real house vendor on a real port, whose launch URLs point at itself, every listed
 * game of every connected vendor is launched through the API and its page opened over HTTP.
 */

let platform: PlatformWithHouse;
let testApp: TestApp;
const clock = Date.now();
let sequence = 0;

beforeAll(async () => {
  platform = await startPlatformWithHouse({ now: () => clock, gameUrlsOpen: true });
  ({ testApp } = platform);
}, 60_000);

afterAll(() => platform?.close());

const headers = (token: string | null, language: 'TH' | 'EN' = 'EN') => ({
  Merchant: 'demo',
  Language: language,
  ...(token ? { Authorization: token } : {}),
});

async function get<T>(url: string, token: string | null, language: 'TH' | 'EN' = 'EN'): Promise<T> {
  const response = await testApp.app.inject({ method: 'GET', url, headers: headers(token, language) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value as T;
}

function launch(token: string, body: Record<string, unknown>, language: 'TH' | 'EN' = 'EN') {
  return testApp.app.inject({
    method: 'POST',
    url: launchPaths.launchGame,
    headers: headers(token, language),
    payload: { launchMode: 'GLS', accountType: 1, confirmTrans: 1, ...body },
  });
}

const member = () =>
  fundedTestMember(testApp.db, testApp.demoMerchantId, `served${++sequence}`, 100_000n, { nowMs: clock });

describe('served games', () => {
  test("the platform's declaration of the house vendor's games is what the vendor serves", () => {
    // A game the house suite builds is added to both: the catalogue there and houseServedGameIds.
    expect([...houseServedGameIds].sort()).toEqual(Object.keys(houseGames).sort());
  });

  test('every listed game of every connected vendor launches, and its page answers with the game', async () => {
    const connected = await testApp.db
      .selectFrom('game_vendor')
      .select(['vassalage', 'wallet_mode'])
      .where('merchant_id', '=', testApp.demoMerchantId)
      .where('integration_code', 'is not', null)
      .where('is_enabled', '=', true)
      .orderBy('sort')
      .execute();
    expect(connected.map((vendor) => vendor.vassalage)).toEqual(['LTLIVE', 'LTSLOT', 'GOLDENELE']);
    const opened: string[] = [];
    for (const vendor of connected) {
      const { token: listToken } = await member();
      const { games } = await get<GameList>(
        `${gamePaths.gameList}?vassalage=${vendor.vassalage}&pageSize=50`,
        listToken,
      );
      expect(games.length, vendor.vassalage).toBeGreaterThan(0);
      for (const game of games) {
        const { token } = await member();
        const response = await launch(token, { gameId: game.gameId, nodeId: game.nodeId, vassalage: vendor.vassalage });
        expect(response.statusCode, `${game.gameId}: ${response.body}`).toBe(200);
        const result = launchGameResultSchema.parse(response.json().value);
        expect(result.walletMode).toBe(vendor.wallet_mode);
        // Over real HTTP, from the house vendor the URL names.
        const page = await fetch(result.game_url);
        const html = await page.text();
        expect(page.status, `${game.gameId}: ${html.slice(0, 200)}`).toBe(200);
        expect(page.headers.get('content-type')).toMatch(/^text\/html/);
        expect(html).toContain(`data-game-id="${game.gameId}"`);
        expect(html).not.toContain('Unknown game');
        opened.push(`${vendor.vassalage}/${game.gameId}`);
      }
    }
    expect(opened).toEqual(['LTLIVE/baccarat', 'LTSLOT/lucky-lotus', 'GOLDENELE/golden-elephant']);
  });

  test('a game its connected vendor does not serve is in no list, and its launch is refused in words, nothing moved', async () => {
    const { memberId, token } = await member();
    const hot = await get<HotGames>(`${apiPaths.hotGames}?vassalage=ALL`, null);
    expect(hot.list.map((game) => game.gameId)).toEqual(
      expect.arrayContaining(['baccarat', 'lucky-lotus', 'golden-elephant']),
    );
    for (const gameId of ['roulette', 'sicbo', 'dragon-tiger', 'lotus-hilo', 'coin-pusher']) {
      expect(hot.list.map((game) => game.gameId)).not.toContain(gameId);
      const vassalage = gameId === 'lotus-hilo' || gameId === 'coin-pusher' ? 'LTSLOT' : 'LTLIVE';
      const { games } = await get<GameList>(`${gamePaths.gameList}?vassalage=${vassalage}&pageSize=50`, token);
      expect(games.map((game) => game.gameId)).not.toContain(gameId);
      for (const language of ['EN', 'TH'] as const) {
        const refused = await launch(token, { gameId, vassalage }, language);
        expect(refused.statusCode).toBe(409);
        const envelope = errorEnvelopeSchema.parse(refused.json());
        expect(envelope).toMatchObject({ errorCode: 'launch_game_not_available', field: 'gameId' });
        expect(envelope.message).toBe(
          language === 'EN'
            ? 'This game is not open for play yet. Please choose another game.'
            : 'เกมนี้ยังไม่เปิดให้เล่น กรุณาเลือกเกมอื่น',
        );
      }
      // Not a favourite either: the same answer as an unknown game.
      const favourite = await testApp.app.inject({
        method: 'POST',
        url: gamePaths.addFavoriteGame,
        headers: headers(token),
        payload: { gameId },
      });
      expect(favourite.json()).toMatchObject({ errorCode: 'game.unknown', field: 'gameId' });
    }
    const rooms = await get<RoomList>(`${launchPaths.roomList}?vassalage=LTLIVE`, token);
    expect(rooms.rooms.map((room) => room.gameId)).toEqual(['baccarat']);
    // A recent game recorded before the rule (or by an old page) is not shown.
    await recordRecentGame(testApp.db, {
      merchantId: testApp.demoMerchantId,
      memberId,
      gameId: 'roulette',
      playedAt: new Date(clock),
    });
    expect((await get<RecentGames>(gamePaths.recentGames, token)).content.map((game) => game.gameId)).not.toContain(
      'roulette',
    );
    expect((await get<FavoriteGames>(gamePaths.favoriteGames, token)).gameIds).toEqual([]);
    const main = await testApp.db
      .selectFrom('wallet_transfer')
      .select('id')
      .where('member_id', '=', memberId)
      .execute();
    expect(main).toEqual([]);
  });

  test('a vendor with no integration keeps its games listed; their launch says the vendor is unavailable, in TH and EN', async () => {
    const { token } = await member();
    const { games } = await get<GameList>(`${gamePaths.gameList}?vassalage=TUKTUK`, token);
    expect(games.map((game) => game.gameId)).toEqual(['tuktuk-riches']);
    const en = await launch(token, { gameId: 'tuktuk-riches', vassalage: 'TUKTUK' });
    expect(en.statusCode).toBe(503);
    expect(en.json()).toMatchObject({
      errorCode: 'vendor_unavailable',
      message: 'This game provider is not available right now. Please try again later.',
    });
    const th = await launch(token, { gameId: 'tuktuk-riches', vassalage: 'TUKTUK' }, 'TH');
    expect(th.json().message).toBe('ค่ายเกมนี้ยังไม่พร้อมให้บริการ กรุณาลองใหม่ภายหลัง');
  });

  test('syncServedGames brings a database from before the rule in step, once; a disconnected vendor lists its games again', async () => {
    const merchantId = testApp.demoMerchantId;
    const served = () =>
      testApp.db
        .selectFrom('game')
        .select('game_id')
        .where('merchant_id', '=', merchantId)
        .where('vassalage', 'in', ['LTLIVE', 'LTSLOT', 'GOLDENELE'])
        .where('is_served', '=', true)
        .orderBy('game_id')
        .execute();
    expect((await served()).map((row) => row.game_id)).toEqual(['baccarat', 'golden-elephant', 'lucky-lotus']);
    // Migration 0028 adds the column as true everywhere: a database seeded before.
    await testApp.db.updateTable('game').set({ is_served: true }).where('merchant_id', '=', merchantId).execute();
    expect(await syncServedGames(testApp.db)).toBe(5);
    expect(await syncServedGames(testApp.db)).toBe(0);
    expect((await served()).map((row) => row.game_id)).toEqual(['baccarat', 'golden-elephant', 'lucky-lotus']);

    const { token } = await member();
    await testApp.db
      .updateTable('game_vendor')
      .set({ integration_code: null })
      .where('merchant_id', '=', merchantId)
      .where('vassalage', '=', 'LTLIVE')
      .execute();
    try {
      expect(await syncServedGames(testApp.db)).toBe(0);
      const { games } = await get<GameList>(`${gamePaths.gameList}?vassalage=LTLIVE`, token);
      expect(games.map((game) => game.gameId)).toEqual(['baccarat', 'roulette', 'sicbo', 'dragon-tiger']);
      expect((await launch(token, { gameId: 'roulette', vassalage: 'LTLIVE' })).json()).toMatchObject({
        errorCode: 'vendor_unavailable',
      });
    } finally {
      await testApp.db
        .updateTable('game_vendor')
        .set({ integration_code: 'HOUSE' })
        .where('merchant_id', '=', merchantId)
        .where('vassalage', '=', 'LTLIVE')
        .execute();
      await testApp.settle();
    }
    const { games } = await get<GameList>(`${gamePaths.gameList}?vassalage=LTLIVE`, token);
    expect(games.map((game) => game.gameId)).toEqual(['baccarat']);
  });
});
