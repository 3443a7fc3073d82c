import type {
  FavoriteGames,
  FavoriteGamesList,
  GameList,
  RankList,
  RecentGames,
  VassGameTypes,
  VendorLanes,
} from '@lotus/contract';
import { gamePaths, trialMemberType } from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { insertTestMember, insertTestSession } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { demoMerchantConfig } from '../merchant/index.ts';
import { recordRecentGame } from './index.ts';

let testApp: TestApp;
let merchantId: number;
let otherMerchantId: number;
let memberCount = 0;

beforeAll(async () => {
  testApp = await createTestApp();
  merchantId = testApp.demoMerchantId;
  // A second brand with a vendor and a game of its own: never visible to, nor usable by, a demo member.
  const other = await testApp.db
    .insertInto('merchant')
    .values({
      code: 'other',
      name: 'Other',
      status: 'active',
      currency: 'THB',
      currency_symbol: '฿',
      default_language: 'EN',
      config: JSON.stringify(demoMerchantConfig) as never,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  otherMerchantId = other.id;
  await testApp.db
    .insertInto('game_vendor')
    .values({
      merchant_id: otherMerchantId,
      vassalage: 'OTHERV',
      game_category: 'RNG',
      game_type: 'RNG',
      display_name_th: 'อื่น',
      display_name_en: 'Other',
      account_type_name: 'OTHERV',
      logo_kind: 'SLOT',
      logo_url: '/art/vendors/OTHERV.svg',
      wallet_mode: 'seamless',
      sort: 1,
    })
    .execute();
  await testApp.db
    .insertInto('game')
    .values({
      merchant_id: otherMerchantId,
      game_id: 'other-slot',
      node_id: 'otherv-other-slot',
      vassalage: 'OTHERV',
      game_classify: null,
      name_th: 'สล็อตอื่น',
      name_en: 'Other Baccarat Slot',
      thumbnail_url: '/art/games/other-slot.svg',
      min_bet_minor: 100n,
      sort: 1,
    })
    .execute();
  await testApp.settle();
});
afterAll(async () => {
  await testApp?.close();
});

/** A fresh demo member and its token; `trial` makes a trial account (isAgent 4). */
async function newMember(trial = false) {
  memberCount += 1;
  const memberId = await insertTestMember(
    testApp.db,
    merchantId,
    `gamer${memberCount}`,
    new Date(),
    trial ? { is_agent: trialMemberType } : {},
  );
  const token = await insertTestSession(testApp.db, merchantId, memberId);
  return { memberId, token };
}

interface Call {
  method?: 'GET' | 'POST' | 'DELETE';
  url: string;
  token?: string | null;
  language?: 'TH' | 'EN';
  body?: Record<string, unknown>;
}

async function call({ method = 'GET', url, token = null, language = 'EN', body }: Call) {
  const headers: Record<string, string> = { Merchant: 'demo', Language: language };
  if (token !== null) headers.Authorization = token;
  const response = await testApp.app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
  return {
    statusCode: response.statusCode,
    body: response.json() as { success: boolean; value: unknown; errorCode?: string; field?: string; message?: string },
    headers: response.headers,
  };
}

async function value<T>(request: Call): Promise<T> {
  const response = await call(request);
  expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
  return response.body.value as T;
}

let token: string;
beforeAll(async () => {
  token = (await newMember()).token;
});

describe('GET GCSGAME_gameList', () => {
  const list = (query: string, language: 'TH' | 'EN' = 'EN') =>
    value<GameList>({ url: `${gamePaths.gameList}?${query}`, token, language });

  test('every playable game of the merchant, in catalogue order, with the default page size of 24', async () => {
    const page = await list('clientType=3&platform=html5-desktop&merchant=demo&channel=web&pageSize=20');
    // 29 games in the demo catalogue; 5 of them are games their connected vendor does not serve (README "Served games").
    expect(page).toMatchObject({ pageNum: 1, pageSize: 20, totalElements: 24, totalPages: 2 });
    expect(page.games).toHaveLength(20);
    expect((await list('pageNo=1')).pageSize).toBe(24);
    expect(page.games[0]).toEqual({
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
      minBet: '20.00',
      isJackpot: false,
      isFavorite: false,
    });
    expect(page.games.some((game) => game.gameId === 'other-slot')).toBe(false);
    const second = await list('pageNo=2&pageSize=20');
    expect(second.games.map((game) => game.gameId)).toHaveLength(4);
    expect(new Set([...page.games, ...second.games].map((game) => game.gameId)).size).toBe(24);
  });

  test('pages through a filter; a page past the end is empty', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((pageNo) => list(`gameType=RNG&pageSize=5&pageNo=${pageNo}`)));
    expect(pages.map((page) => page.games.length)).toEqual([5, 5, 1, 0]);
    expect(pages.every((page) => page.totalPages === 3 && page.totalElements === 11)).toBe(true);
    expect(pages[3]?.pageNum).toBe(4);
  });

  test('filters by vendor (any case, ALL for every vendor), game type and classify', async () => {
    // The house vendor serves only baccarat of LTLIVE's four catalogue games, and lucky-lotus of LTSLOT's three.
    expect((await list('vassalage=LTLIVE')).games.map((game) => game.gameId)).toEqual(['baccarat']);
    expect((await list('vassalage=ltslot')).games.map((game) => game.gameId)).toEqual(['lucky-lotus']);
    expect((await list('vassalage=ALL')).totalElements).toBe(24);
    expect((await list('gameClassify=ROU')).totalElements).toBe(0);
    expect((await list('gameType=LIVE')).games.map((game) => game.gameId)).toEqual([
      'baccarat',
      'blackjack',
      'speed-baccarat',
    ]);
    expect((await list('gameClassify=BAC')).games.map((game) => game.gameId)).toEqual(['baccarat', 'speed-baccarat']);
    expect((await list('gameType=LIVE&gameClassify=bac&vassalage=SIAMLIVE')).games.map((game) => game.gameId)).toEqual([
      'speed-baccarat',
    ]);
    const jackpots = await list('gameClassify=JP&pageSize=50');
    expect(jackpots.games.map((game) => [game.gameId, game.isJackpot])).toEqual([['naga-treasure', true]]);
    expect((await list('gameType=PVP')).games.map((game) => game.gameId)).toEqual(['pok-deng', 'dummy', 'kaeng']);
  });

  test('searches names in TH and EN whatever the case; LIKE wildcards are literal', async () => {
    expect((await list('gameName=BACCARAT')).games.map((game) => game.gameId)).toEqual(['baccarat', 'speed-baccarat']);
    const thai = await list(`gameName=${encodeURIComponent('บาคาร่า')}`, 'TH');
    expect(thai.games.map((game) => [game.gameId, game.displayName])).toEqual([
      ['baccarat', 'บาคาร่า โลตัส'],
      ['speed-baccarat', 'บาคาร่า สปีด'],
    ]);
    // A Thai name found while the site is in English, and the other way round.
    expect((await list(`gameName=${encodeURIComponent('ตุ๊กตุ๊ก')}`, 'EN')).games.map((game) => game.displayName)).toEqual([
      'Tuk Tuk Riches',
    ]);
    expect((await list('gameName=Pok%20Deng', 'TH')).games.map((game) => game.displayName)).toEqual(['ป๊อกเด้ง']);
    // A game its connected vendor does not serve is not found by name either.
    expect((await list('gameName=Roulette')).totalElements).toBe(0);
    expect((await list('gameName=%25')).totalElements).toBe(0);
    expect((await list('gameName=_')).totalElements).toBe(0);
    expect((await list('gameName=')).totalElements).toBe(24);
  });

  test('games of a disabled vendor or disabled games are left out', async () => {
    await testApp.db
      .updateTable('game')
      .set({ is_enabled: false })
      .where('merchant_id', '=', merchantId)
      .where('game_id', '=', 'dummy')
      .execute();
    await testApp.db
      .updateTable('game_vendor')
      .set({ is_enabled: false })
      .where('merchant_id', '=', merchantId)
      .where('vassalage', '=', 'SIAMLIVE')
      .execute();
    try {
      expect((await list('gameType=LIVE')).games.map((game) => game.gameId)).toEqual(['baccarat']);
      expect((await list('gameType=PVP')).games.map((game) => game.gameId)).toEqual(['pok-deng', 'kaeng']);
      const refused = await call({ url: `${gamePaths.gameList}?vassalage=SIAMLIVE`, token });
      expect(refused.statusCode).toBe(404);
    } finally {
      await testApp.db
        .updateTable('game')
        .set({ is_enabled: true })
        .where('merchant_id', '=', merchantId)
        .where('game_id', '=', 'dummy')
        .execute();
      await testApp.db
        .updateTable('game_vendor')
        .set({ is_enabled: true })
        .where('merchant_id', '=', merchantId)
        .where('vassalage', '=', 'SIAMLIVE')
        .execute();
      await testApp.settle();
    }
  });

  test.each([
    ['pageSize=51', 'pageSize'],
    ['pageSize=0', 'pageSize'],
    ['pageNo=0', 'pageNo'],
    ['pageNo=abc', 'pageNo'],
    [`gameName=${'a'.repeat(51)}`, 'gameName'],
    ['gameType=R%3BNG', 'gameType'],
    ['gameClassify=%3Cb%3E', 'gameClassify'],
    ['vassalage=LT%20LIVE', 'vassalage'],
    ['clientType=x', 'clientType'],
    ['language=FR', 'language'],
  ])('bad input %s: 400 naming %s, in TH and EN', async (query, field) => {
    const en = await call({ url: `${gamePaths.gameList}?${query}`, token, language: 'EN' });
    const th = await call({ url: `${gamePaths.gameList}?${query}`, token, language: 'TH' });
    for (const response of [en, th]) {
      expect(response.statusCode).toBe(400);
      expect(response.body).toMatchObject({ success: false, errorCode: 'validation.failed', field });
      expect(response.body.message).toContain(field);
    }
    expect(th.body.message).not.toBe(en.body.message);
  });

  test("an unknown or another merchant's vendor: 404 naming vassalage, in TH and EN", async () => {
    for (const vassalage of ['NOSUCH', 'OTHERV']) {
      const en = await call({ url: `${gamePaths.gameList}?vassalage=${vassalage}`, token });
      expect(en.statusCode).toBe(404);
      expect(en.body).toMatchObject({
        errorCode: 'game.vendor.unknown',
        field: 'vassalage',
        message: 'This game provider does not exist (vassalage)',
      });
      const th = await call({ url: `${gamePaths.gameList}?vassalage=${vassalage}`, token, language: 'TH' });
      expect(th.body.message).toBe('ไม่พบค่ายเกมนี้ (vassalage)');
    }
  });
});

describe('GET GCSGAME_gameVendor', () => {
  test('lanes in navigation order, each with its title and vendor cards, sports split', async () => {
    const { lanes } = await value<VendorLanes>({ url: `${gamePaths.gameVendor}?merchantCode=demo`, token });
    expect(lanes.map((lane) => lane.gameCategory)).toEqual([
      'ELOTT',
      'LIVE',
      'SPORTS',
      'ESPORTS',
      'COCKFIGHT',
      'FISH',
      'RNG',
      'BINGO',
      'PVP',
    ]);
    const live = lanes.find((lane) => lane.gameCategory === 'LIVE');
    expect(live).toMatchObject({ title: 'nav_live', enName: 'Live Casino', gameType: 'LIVE', page: '/live' });
    expect(live?.cards.map((card) => [card.vassalage, card.displayName, card.logoKind])).toEqual([
      ['LTLIVE', 'Lotus Live', 'N2'],
      ['SIAMLIVE', 'Siam Live', 'N2'],
    ]);
    expect(lanes.find((lane) => lane.gameCategory === 'RNG')?.cards).toHaveLength(10);
    expect(lanes.flatMap((lane) => lane.cards).some((card) => card.vassalage === 'OTHERV')).toBe(false);
  });

  test('TH: card names in Thai; the answer is not cached by the browser', async () => {
    const response = await call({ url: gamePaths.gameVendor, token, language: 'TH' });
    expect(response.headers['cache-control']).toBe('no-store');
    const { lanes } = response.body.value as VendorLanes;
    expect(lanes.find((lane) => lane.gameCategory === 'LIVE')?.cards[0]?.displayName).toBe('โลตัส ไลฟ์');
  });
});

describe('GET GCSGAME_getVassGameType', () => {
  test("every vendor's game type and classifies; one vendor by code", async () => {
    const all = await value<VassGameTypes>({ url: gamePaths.vassGameType, token });
    expect(all.content).toHaveLength(19);
    expect(all.content.find((row) => row.vassalage === 'LTSLOT')).toEqual({
      vassalage: 'LTSLOT',
      gameType: 'RNG',
      gameCategory: 'RNG',
      // Hi-Lo (TG) and Coin Pusher (AC) are not served by the house vendor: only Lucky Lotus counts.
      gameClassifies: [],
      gameCount: 1,
    });
    const one = await value<VassGameTypes>({ url: `${gamePaths.vassGameType}?vassalage=LTLIVE`, token });
    expect(one.content).toEqual([
      { vassalage: 'LTLIVE', gameType: 'LIVE', gameCategory: 'LIVE', gameClassifies: ['BAC'], gameCount: 1 },
    ]);
    const siam = await value<VassGameTypes>({ url: `${gamePaths.vassGameType}?vassalage=SIAMLIVE`, token });
    expect(siam.content).toEqual([
      { vassalage: 'SIAMLIVE', gameType: 'LIVE', gameCategory: 'LIVE', gameClassifies: ['BAC', 'BJ'], gameCount: 2 },
    ]);
    const esports = await value<VassGameTypes>({ url: `${gamePaths.vassGameType}?vassalage=LTESPORT`, token });
    expect(esports.content[0]).toMatchObject({ gameType: 'SPORTS', gameCategory: 'ESPORTS' });
  });

  test("an unknown or another merchant's vendor: 404 naming vassalage; bad code: 400", async () => {
    expect((await call({ url: `${gamePaths.vassGameType}?vassalage=OTHERV`, token })).body).toMatchObject({
      errorCode: 'game.vendor.unknown',
      field: 'vassalage',
    });
    expect((await call({ url: `${gamePaths.vassGameType}?vassalage=${'A'.repeat(33)}`, token })).body).toMatchObject({
      errorCode: 'validation.failed',
      field: 'vassalage',
    });
  });
});

describe('GET GCSGAME_getRankList (no token)', () => {
  test('hot games first in catalogue order, then the rest, ranked from 1', async () => {
    const { list } = await value<RankList>({ url: gamePaths.rankList });
    expect(list).toHaveLength(20);
    expect(list.slice(0, 4).map((game) => [game.rank, game.gameId])).toEqual([
      [1, 'baccarat'],
      [2, 'lucky-lotus'],
      [3, 'golden-elephant'],
      [4, 'tuktuk-riches'],
    ]);
    const firstCold = list.findIndex((game) => game.isHot === 0);
    expect(list.slice(firstCold).every((game) => game.isHot === 0)).toBe(true);
    expect(list.slice(0, firstCold)).toHaveLength(10); // the demo's hot games that are served (roulette and dragon tiger are not)
    expect(list.map((game) => game.gameId)).not.toContain('roulette');
  });

  test('count, vendor and game type filters; TH names; unknown vendor 404; bad count 400', async () => {
    const { list } = await value<RankList>({ url: `${gamePaths.rankList}?vassalage=SIAMLIVE&count=2`, language: 'TH' });
    expect(list.map((game) => [game.rank, game.gameId, game.displayName])).toEqual([
      [1, 'blackjack', 'แบล็คแจ็ค สยาม'],
      [2, 'speed-baccarat', 'บาคาร่า สปีด'],
    ]);
    expect(
      (await value<RankList>({ url: `${gamePaths.rankList}?vassalage=LTLIVE&count=2` })).list.map(
        (game) => game.gameId,
      ),
    ).toEqual(['baccarat']);
    expect(
      (await value<RankList>({ url: `${gamePaths.rankList}?gameType=FISH` })).list.map((game) => game.gameId),
    ).toEqual(['ocean-king', 'coral-hunter']);
    expect((await call({ url: `${gamePaths.rankList}?vassalage=OTHERV` })).statusCode).toBe(404);
    expect((await call({ url: `${gamePaths.rankList}?count=51` })).body).toMatchObject({
      errorCode: 'validation.failed',
      field: 'count',
    });
  });

  test("the week's most played games rank first, by rounds; older and cancelled rounds do not count", async () => {
    const memberId = await insertTestMember(testApp.db, merchantId, 'ranker1');
    const dayMs = 24 * 3_600_000;
    const round = (gameId: string, ageMs: number, status: 'settled' | 'cancelled' = 'settled') => ({
      merchant_id: merchantId,
      vendor_code: 'HOUSE',
      round_id: `rank-${gameId}-${++memberCount}`,
      member_id: memberId,
      vassalage: gameId === 'ocean-king' || gameId === 'coral-hunter' ? 'LTFISH' : 'LTSLOT',
      game_id: gameId,
      game_type: null,
      game_category: null,
      game_classify: null,
      stake: status === 'settled' ? 100n : 0n,
      valid_bet: status === 'settled' ? 100n : 0n,
      bet_count: status === 'settled' ? 1 : 0,
      status,
      fairness: null,
      first_bet_at: new Date(Date.now() - ageMs),
      settled_at: status === 'settled' ? new Date(Date.now() - ageMs) : null,
      updated_at: new Date(),
    });
    await testApp.db
      .insertInto('bet_record')
      .values([
        round('coral-hunter', dayMs),
        round('coral-hunter', 2 * dayMs),
        round('ocean-king', dayMs),
        // Neither counts: past the week, and a round whose only bet was rolled back.
        round('ocean-king', 8 * dayMs),
        round('ocean-king', dayMs, 'cancelled'),
        round('ocean-king', 9 * dayMs),
      ])
      .execute();
    // Another URL than the tests above: a public answer is cached for a few seconds.
    const { list } = await value<RankList>({ url: `${gamePaths.rankList}?count=3` });
    expect(list.map((game) => [game.rank, game.gameId])).toEqual([
      [1, 'coral-hunter'],
      [2, 'ocean-king'],
      [3, 'baccarat'],
    ]);
  });
});

describe('favourites', () => {
  const add = (memberToken: string, gameId: unknown, language: 'TH' | 'EN' = 'EN') =>
    call({ method: 'POST', url: gamePaths.addFavoriteGame, token: memberToken, body: { gameId }, language });
  const remove = (memberToken: string, gameId: unknown) =>
    call({ method: 'DELETE', url: gamePaths.removeFavoriteGame, token: memberToken, body: { gameId } });
  const favorites = (memberToken: string) => value<FavoriteGames>({ url: gamePaths.favoriteGames, token: memberToken });

  test('add, list as ids and as cards (newest first), remove', async () => {
    const member = await newMember();
    expect(await favorites(member.token)).toEqual({ nodeIds: [], gameIds: [] });
    expect((await add(member.token, 'baccarat')).body).toEqual({
      success: true,
      value: { gameId: 'baccarat', isFavorite: true },
    });
    expect((await add(member.token, 'naga-treasure')).statusCode).toBe(200);
    expect(await favorites(member.token)).toEqual({
      nodeIds: ['naga-naga-treasure', 'ltlive-baccarat'],
      gameIds: ['naga-treasure', 'baccarat'],
    });

    const cards = await value<FavoriteGamesList>({
      url: gamePaths.favoriteGamesList,
      token: member.token,
      language: 'TH',
    });
    expect(cards).toMatchObject({ pageNo: 1, pageSize: 24, totalElements: 2, totalPages: 1 });
    expect(cards.content.map((game) => [game.gameId, game.displayName, game.isFavorite, game.isJackpot])).toEqual([
      ['naga-treasure', 'สมบัติพญานาค', true, true],
      ['baccarat', 'บาคาร่า โลตัส', true, false],
    ]);
    const page2 = await value<FavoriteGamesList>({
      url: `${gamePaths.favoriteGamesList}?pageSize=1&pageNo=2`,
      token: member.token,
    });
    expect(page2).toMatchObject({ pageNo: 2, pageSize: 1, totalElements: 2, totalPages: 2 });
    expect(page2.content.map((game) => game.gameId)).toEqual(['baccarat']);

    const listed = await value<GameList>({ url: `${gamePaths.gameList}?vassalage=LTLIVE`, token: member.token });
    expect(listed.games.filter((game) => game.isFavorite).map((game) => game.gameId)).toEqual(['baccarat']);

    expect((await remove(member.token, 'baccarat')).body).toEqual({
      success: true,
      value: { gameId: 'baccarat', isFavorite: false },
    });
    expect((await favorites(member.token)).gameIds).toEqual(['naga-treasure']);
    // Removing one that is not a favourite does nothing.
    expect((await remove(member.token, 'baccarat')).statusCode).toBe(200);
    expect((await favorites(member.token)).gameIds).toEqual(['naga-treasure']);
  });

  test('adding twice, even at once, keeps one favourite', async () => {
    const member = await newMember();
    const responses = await Promise.all(Array.from({ length: 5 }, () => add(member.token, 'baccarat')));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await add(member.token, 'baccarat')).statusCode).toBe(200);
    expect((await favorites(member.token)).gameIds).toEqual(['baccarat']);
    const rows = await testApp.db
      .selectFrom('game_favorite')
      .select('id')
      .where('member_id', '=', member.memberId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  test("favourites are each member's own", async () => {
    const first = await newMember();
    const second = await newMember();
    await add(first.token, 'dummy');
    expect((await favorites(second.token)).gameIds).toEqual([]);
    await remove(second.token, 'dummy');
    expect((await favorites(first.token)).gameIds).toEqual(['dummy']);
  });

  test("an unknown, disabled or other merchant's game: 404 naming gameId, in TH and EN, and nothing stored", async () => {
    const member = await newMember();
    for (const gameId of ['no-such-game', 'other-slot']) {
      const en = await add(member.token, gameId);
      expect(en.statusCode).toBe(404);
      expect(en.body).toMatchObject({
        success: false,
        errorCode: 'game.unknown',
        field: 'gameId',
        message: 'This game does not exist (gameId)',
      });
      const th = await add(member.token, gameId, 'TH');
      expect(th.body.message).toBe('ไม่พบเกมนี้ (gameId)');
      expect((await remove(member.token, gameId)).body).toMatchObject({ errorCode: 'game.unknown', field: 'gameId' });
    }
    await testApp.db
      .updateTable('game')
      .set({ is_enabled: false })
      .where('merchant_id', '=', merchantId)
      .where('game_id', '=', 'kaeng')
      .execute();
    try {
      expect((await add(member.token, 'kaeng')).statusCode).toBe(404);
    } finally {
      await testApp.db
        .updateTable('game')
        .set({ is_enabled: true })
        .where('merchant_id', '=', merchantId)
        .where('game_id', '=', 'kaeng')
        .execute();
      await testApp.settle();
    }
    expect(await favorites(member.token)).toEqual({ nodeIds: [], gameIds: [] });
  });

  test('a favourite whose game is disabled is hidden, and can still be removed', async () => {
    const member = await newMember();
    await add(member.token, 'jade-temple');
    await testApp.db
      .updateTable('game')
      .set({ is_enabled: false })
      .where('merchant_id', '=', merchantId)
      .where('game_id', '=', 'jade-temple')
      .execute();
    try {
      expect((await favorites(member.token)).gameIds).toEqual([]);
      expect((await remove(member.token, 'jade-temple')).statusCode).toBe(200);
    } finally {
      await testApp.db
        .updateTable('game')
        .set({ is_enabled: true })
        .where('merchant_id', '=', merchantId)
        .where('game_id', '=', 'jade-temple')
        .execute();
      await testApp.settle();
    }
    expect((await favorites(member.token)).gameIds).toEqual([]);
  });

  test.each([
    [{}, 'gameId'],
    [{ gameId: '' }, 'gameId'],
    [{ gameId: 12 }, 'gameId'],
    [{ gameId: 'x'.repeat(65) }, 'gameId'],
  ])('bad body %j: 400 naming %s, in TH and EN', async (body, field) => {
    const member = await newMember();
    for (const language of ['TH', 'EN'] as const) {
      const response = await call({
        method: 'POST',
        url: gamePaths.addFavoriteGame,
        token: member.token,
        body,
        language,
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toMatchObject({ errorCode: 'validation.failed', field });
      expect(response.body.message).toContain(field);
      const removed = await call({
        method: 'DELETE',
        url: gamePaths.removeFavoriteGame,
        token: member.token,
        body,
        language,
      });
      expect(removed.body).toMatchObject({ errorCode: 'validation.failed', field });
    }
  });
});

describe('recent games', () => {
  test('recordRecentGame keeps the latest launch per game, latest first, shown by GCS_recentGame', async () => {
    const member = await newMember();
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 12, minute));
    await recordRecentGame(testApp.db, { merchantId, memberId: member.memberId, gameId: 'baccarat', playedAt: at(1) });
    await recordRecentGame(testApp.db, { merchantId, memberId: member.memberId, gameId: 'pok-deng', playedAt: at(2) });
    await recordRecentGame(testApp.db, { merchantId, memberId: member.memberId, gameId: 'baccarat', playedAt: at(3) });
    // A late record of an older launch does not move the game back.
    await recordRecentGame(testApp.db, { merchantId, memberId: member.memberId, gameId: 'pok-deng', playedAt: at(0) });
    const recent = await value<RecentGames>({ url: gamePaths.recentGames, token: member.token, language: 'TH' });
    expect(recent.content.map((game) => [game.gameId, game.displayName, game.playedAt])).toEqual([
      ['baccarat', 'บาคาร่า โลตัส', at(3).getTime()],
      ['pok-deng', 'ป๊อกเด้ง', at(2).getTime()],
    ]);
    const other = await newMember();
    expect((await value<RecentGames>({ url: gamePaths.recentGames, token: other.token })).content).toEqual([]);
  });

  test('keeps at most 20 games per member, dropping the oldest', async () => {
    const member = await newMember();
    // 22 of the 24 listed games (served, or of a vendor not connected): recent games show listed games only.
    const gameIds = (
      await testApp.db
        .selectFrom('game')
        .select('game_id')
        .where('merchant_id', '=', merchantId)
        .where('is_served', '=', true)
        .orderBy('sort')
        .limit(22)
        .execute()
    ).map((row) => row.game_id);
    expect(gameIds).toHaveLength(22);
    for (const [index, gameId] of gameIds.entries()) {
      await recordRecentGame(testApp.db, {
        merchantId,
        memberId: member.memberId,
        gameId,
        playedAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
      });
    }
    const recent = await value<RecentGames>({ url: gamePaths.recentGames, token: member.token });
    expect(recent.content.map((game) => game.gameId)).toEqual(gameIds.slice(2).reverse());
    expect(
      await testApp.db.selectFrom('game_recent').select('id').where('member_id', '=', member.memberId).execute(),
    ).toHaveLength(20);
  });

  test("another merchant's or an unknown game is refused 404 naming gameId", async () => {
    const member = await newMember();
    for (const gameId of ['other-slot', 'no-such-game']) {
      const refused = recordRecentGame(testApp.db, {
        merchantId,
        memberId: member.memberId,
        gameId,
        playedAt: new Date(),
      });
      await expect(refused).rejects.toBeInstanceOf(AppError);
      await expect(refused).rejects.toMatchObject({
        statusCode: 404,
        errorCode: 'game.unknown',
        options: { field: 'gameId' },
      });
    }
    expect(
      await testApp.db.selectFrom('game_recent').select('id').where('member_id', '=', member.memberId).execute(),
    ).toEqual([]);
  });
});

describe('tokens and trial accounts', () => {
  const memberCalls: Call[] = [
    { method: 'GET', url: gamePaths.gameVendor },
    { method: 'GET', url: gamePaths.vassGameType },
    { method: 'GET', url: gamePaths.gameList },
    { method: 'GET', url: gamePaths.favoriteGames },
    { method: 'GET', url: gamePaths.favoriteGamesList },
    { method: 'POST', url: gamePaths.addFavoriteGame, body: { gameId: 'baccarat' } },
    { method: 'DELETE', url: gamePaths.removeFavoriteGame, body: { gameId: 'baccarat' } },
    { method: 'GET', url: gamePaths.recentGames },
  ];

  test.each(memberCalls)('$method $url without a token or with a bad one: 401', async (request) => {
    for (const badToken of [null, 'not-a-token']) {
      const response = await call({ ...request, token: badToken });
      expect(response.statusCode).toBe(401);
      expect(response.body).toMatchObject({ success: false, errorCode: 'user.or.token.invalid' });
    }
  });

  test('a token of another merchant is refused', async () => {
    const otherMemberId = await insertTestMember(testApp.db, otherMerchantId, 'othergamer');
    const otherToken = await insertTestSession(testApp.db, otherMerchantId, otherMemberId);
    expect((await call({ url: gamePaths.gameList, token: otherToken })).statusCode).toBe(401);
  });

  test('a trial account (isAgent 4) uses every list and its favourites', async () => {
    const trial = await newMember(true);
    for (const request of memberCalls) {
      const response = await call({ ...request, token: trial.token });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(200);
    }
    await call({ method: 'POST', url: gamePaths.addFavoriteGame, token: trial.token, body: { gameId: 'ocean-king' } });
    expect((await value<FavoriteGames>({ url: gamePaths.favoriteGames, token: trial.token })).gameIds).toEqual([
      'ocean-king',
    ]);
  });
});
