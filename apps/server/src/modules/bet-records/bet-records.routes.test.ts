import {
  betHistorySchema,
  betRecordPaths,
  personalProfitSchema,
  trialMemberType,
  withdrawalPaths,
  type BetRecord,
} from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTestSession } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  createVendorKit,
  houseSecret,
  otherVendor,
  type Player,
  type VendorKit,
} from '../seamless-wallet/seamless-wallet.testing.ts';
import { insertTestCatalogue, testGames } from './bet-records.testing.ts';

/**
 * ODSFE2_MemBetDet and the games' part of ODSFE2_MemPNLDet over one member's known story, played
 * through signed vendor calls on three days (Bangkok time, UTC+7):
 *
 * | day (UTC+7) | vendor | round | stake | payout | status |
 * |---|---|---|---|---|---|
 * | 2026-11-20 | BRHOUSE (RNG) | h1 | 10.00 | 25.00 | settled (win) |
 * | 2026-11-20 | BRLIVE (LIVE) | l1 | 20.00 | 0.00 | settled (loss) |
 * | 2026-11-21 | BRHOUSE (RNG) | h2 | 5.00 | 5.00 | settled (draw) |
 * | 2026-11-21 | BRLIVE (LIVE) | l2 | 8.00 | — | open |
 * | 2026-11-22 | BRHOUSE (RNG) | h3 | 0.00 | — | cancelled (refunded) |
 *
 * Another member plays the same live round l1; none of their records may show.
 */
let testApp: TestApp;
let kit: VendorKit;
const dayMs = 24 * 3600_000;
/** 2026-11-20 01:00 in Bangkok (UTC+7) is 2026-11-19 18:00 UTC. */
const firstDayMs = Date.UTC(2026, 10, 19, 18);
const bangkokMidnight = (day: number) => Date.UTC(2026, 10, 20 + day) - 7 * 3600_000;
const clock = { nowMs: firstDayMs };
let house: Player;
let live: Player;
let other: Player;
let token = '';

async function ok(p: Player, call: 'bet' | 'win' | 'rollback', overrides: Record<string, unknown>) {
  return kit.expectOk(await kit.send(p, call, kit.body(p, overrides)));
}

beforeAll(async () => {
  testApp = await createTestApp({ HOUSE_VENDOR_SECRET: houseSecret }, { now: () => clock.nowMs });
  kit = await createVendorKit(testApp, () => clock.nowMs, 'bh');
  await insertTestCatalogue(testApp.db, testApp.demoMerchantId);
  // Sessions long enough for the three days of play.
  const ttlMs = 7 * dayMs;
  house = await kit.player(100_000n, { gameId: testGames.houseSlot, ttlMs });
  live = await kit.player(0n, { vendor: otherVendor, gameId: testGames.liveBaccarat, memberId: house.memberId, ttlMs });
  other = await kit.player(100_000n, { vendor: otherVendor, gameId: testGames.liveBaccarat, ttlMs });

  await ok(house, 'bet', { roundId: 'h1', amount: '10.00', roundDetails: { serverSeedHash: 'hash-1', nonce: 1 } });
  await ok(house, 'win', { roundId: 'h1', amount: '25.00', roundClosed: true });
  clock.nowMs += 60_000;
  await ok(live, 'bet', { roundId: 'l1', amount: '20.00' });
  await ok(other, 'bet', { roundId: 'l1', amount: '50.00' });
  await ok(live, 'win', { roundId: 'l1', amount: '0', roundClosed: true });
  await ok(other, 'win', { roundId: 'l1', amount: '100.00', roundClosed: true });

  clock.nowMs = firstDayMs + dayMs;
  await ok(house, 'bet', { roundId: 'h2', amount: '5.00' });
  await ok(house, 'win', { roundId: 'h2', amount: '5.00', roundClosed: true });
  clock.nowMs += 60_000;
  await ok(live, 'bet', { roundId: 'l2', amount: '8.00' });

  clock.nowMs = firstDayMs + 2 * dayMs;
  await ok(house, 'bet', { roundId: 'h3', transactionId: 'h3-bet', amount: '3.00' });
  await ok(house, 'rollback', { roundId: 'h3', referenceTransactionId: 'h3-bet', amount: '3.00' });

  clock.nowMs += 60_000;
  token = await insertTestSession(testApp.db, testApp.demoMerchantId, house.memberId, clock.nowMs);
});
afterAll(() => testApp?.close());

function get(
  path: string,
  query: Record<string, string | number> = {},
  options: { token?: string | null; language?: 'TH' | 'EN' } = {},
) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const authorization = options.token === undefined ? token : options.token;
  return testApp.app.inject({
    method: 'GET',
    url: `${path}?${search}`,
    headers: {
      Merchant: 'demo',
      Language: options.language ?? 'EN',
      ...(authorization === null ? {} : { Authorization: authorization }),
    },
  });
}

async function history(query: Record<string, string | number> = {}, language: 'TH' | 'EN' = 'EN') {
  const response = await get(betRecordPaths.betHistory, query, { language });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return betHistorySchema.parse(response.json().value);
}

const rounds = (content: BetRecord[]) => content.map((record) => record.roundId);

describe('ODSFE2_MemBetDet', () => {
  test('every record of the member, newest first, with names, sums, result and status; nobody else’s', async () => {
    const page = await history();
    expect(rounds(page.content)).toEqual(['h3', 'l2', 'h2', 'l1', 'h1']);
    expect(page.totalElements).toBe(5);
    const byRound = new Map(page.content.map((record) => [record.roundId, record]));
    expect(byRound.get('h1')).toEqual({
      recordId: expect.any(Number),
      vassalage: 'BRHOUSE',
      vendorName: 'House Games',
      gameId: testGames.houseSlot,
      gameName: 'Lucky Slot',
      gameType: 'RNG',
      gameCategory: 'RNG',
      roundId: 'h1',
      stake: '10.00',
      validBet: '10.00',
      payout: '25.00',
      profit: '15.00',
      result: 'win',
      status: 'settled',
      betCount: 1,
      betTime: firstDayMs,
      settledTime: firstDayMs,
      fairness: { serverSeedHash: 'hash-1', nonce: 1 },
    });
    expect(byRound.get('l1')).toMatchObject({
      vendorName: 'Acme Live',
      gameName: 'Baccarat A',
      stake: '20.00',
      payout: '0.00',
      profit: '-20.00',
      result: 'loss',
      fairness: null,
    });
    expect(byRound.get('h2')).toMatchObject({ profit: '0.00', result: 'draw' });
    expect(byRound.get('l2')).toMatchObject({ status: 'open', profit: null, result: null, settledTime: null });
    expect(byRound.get('h3')).toMatchObject({
      status: 'cancelled',
      stake: '0.00',
      betCount: 0,
      profit: null,
      result: null,
    });
    // Totals: all stakes and payouts; the profit of the settled rounds only.
    expect(page.totals).toEqual({
      recordCount: 5,
      stakeAmount: '43.00',
      validBetAmount: '43.00',
      payoutAmount: '30.00',
      profitAmount: '-5.00',
    });
    expect(page.currency).toBe(kit.currency);
  });

  test('names in the request’s language', async () => {
    const page = await history({ vassalage: 'BRLIVE' }, 'TH');
    expect(page.content.map((record) => [record.vendorName, record.gameName])).toEqual([
      ['แอคมี ไลฟ์', 'บาคาร่า เอ'],
      ['แอคมี ไลฟ์', 'บาคาร่า เอ'],
    ]);
  });

  test.each([
    ['vassalage', { vassalage: 'BRLIVE' }, ['l2', 'l1'], '28.00'],
    ['game type', { gameType: 'RNG' }, ['h3', 'h2', 'h1'], '15.00'],
    ['category', { gameType: 'LIVE' }, ['l2', 'l1'], '28.00'],
    ['an unknown vendor', { vassalage: 'NOBODY' }, [], '0.00'],
    ['the second Bangkok day', { startTime: bangkokMidnight(1), endTime: bangkokMidnight(2) }, ['l2', 'h2'], '13.00'],
    ['from the second day', { startTime: bangkokMidnight(1) }, ['h3', 'l2', 'h2'], '13.00'],
    ['until the second day', { endTime: bangkokMidnight(1) }, ['l1', 'h1'], '30.00'],
    [
      'vendor and dates together',
      { vassalage: 'BRHOUSE', startTime: bangkokMidnight(0), endTime: bangkokMidnight(2) },
      ['h2', 'h1'],
      '15.00',
    ],
  ])('filter by %s, totals over the filter', async (_name, query, expected, stake) => {
    const page = await history(query);
    expect(rounds(page.content)).toEqual(expected);
    expect(page.totalElements).toBe(expected.length);
    expect(page.totals.stakeAmount).toBe(stake);
  });

  test('paging: the pages add up to the list; totals are over the whole filter, not the page', async () => {
    const first = await history({ pageSize: 2, pageNo: 1 });
    const second = await history({ pageSize: 2, pageNo: 2 });
    const third = await history({ pageSize: 2, pageNo: 3 });
    expect([...rounds(first.content), ...rounds(second.content), ...rounds(third.content)]).toEqual([
      'h3',
      'l2',
      'h2',
      'l1',
      'h1',
    ]);
    expect(first).toMatchObject({ pageNo: 1, pageSize: 2, totalElements: 5, totalPages: 3 });
    expect(second.totals).toEqual(first.totals);
    expect(first.totals.stakeAmount).toBe('43.00');
  });

  test('the other member of the shared round sees only their own record', async () => {
    const otherToken = await insertTestSession(testApp.db, testApp.demoMerchantId, other.memberId, clock.nowMs);
    const response = await get(betRecordPaths.betHistory, {}, { token: otherToken });
    const page = betHistorySchema.parse(response.json().value);
    expect(page.content.map((record) => [record.roundId, record.stake, record.payout])).toEqual([
      ['l1', '50.00', '100.00'],
    ]);
  });

  test.each([
    ['no token', {}, null, 401, 'user.or.token.invalid', undefined],
    ['an end before the start', { startTime: 2000, endTime: 1000 }, undefined, 400, 'validation.failed', 'endTime'],
    ['a vendor code with other characters', { vassalage: 'a b' }, undefined, 400, 'validation.failed', 'vassalage'],
    ['a page size over 100', { pageSize: 101 }, undefined, 400, 'validation.failed', 'pageSize'],
    ['page 0', { pageNo: 0 }, undefined, 400, 'validation.failed', 'pageNo'],
  ] as const)('refused: %s', async (_name, query, tokenOverride, status, errorCode, field) => {
    const response = await get(betRecordPaths.betHistory, query, { token: tokenOverride });
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ success: false, errorCode, ...(field ? { field } : {}) });
    expect(response.json().message).toEqual(expect.any(String));
    expect(response.headers['cache-control']).toBe('no-store');
  });

  test('the end-before-start message is in Thai for a Thai request', async () => {
    const response = await get(betRecordPaths.betHistory, { startTime: 2000, endTime: 1000 }, { language: 'TH' });
    expect(response.json().message).toBe('วันที่สิ้นสุดต้องไม่อยู่ก่อนวันที่เริ่มต้น');
  });

  test('the call and its schemas are on the OpenAPI page', async () => {
    const response = await testApp.app.inject('/api/docs/json');
    const document = response.json() as { paths: Record<string, { get?: { parameters?: { name: string }[] } }> };
    const parameters = document.paths[betRecordPaths.betHistory]?.get?.parameters?.map((parameter) => parameter.name);
    expect(parameters).toEqual(
      expect.arrayContaining(['vassalage', 'gameType', 'startTime', 'endTime', 'pageNo', 'pageSize']),
    );
  });

  test('a trial account is refused like every member-centre call', async () => {
    const trial = await kit.player(0n, { isAgent: trialMemberType, gameId: testGames.houseSlot });
    const trialToken = await insertTestSession(testApp.db, testApp.demoMerchantId, trial.memberId, clock.nowMs);
    const response = await get(betRecordPaths.betHistory, {}, { token: trialToken });
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe('member.trial.forbidden');
  });
});

describe('ODSFE2_MemPNLDet, games', () => {
  async function profit(query: Record<string, string | number>) {
    const response = await get(withdrawalPaths.personalProfit, query);
    expect(response.statusCode, response.body).toBe(200);
    return personalProfitSchema.parse(response.json().value);
  }

  test('settled rounds in total, by the member’s day and by game type; the money fields stay', async () => {
    const value = await profit({ utcOffsetMinutes: 420 });
    expect(value).toMatchObject({ depositAmount: '0.00', withdrawalAmount: '0.00', profitAmount: '0.00' });
    expect(value).toMatchObject({
      betAmount: '35.00',
      validBetAmount: '35.00',
      winAmount: '30.00',
      gameProfitAmount: '-5.00',
    });
    expect(value.gameByDay).toEqual([
      {
        day: '2026-11-21',
        recordCount: 1,
        betAmount: '5.00',
        validBetAmount: '5.00',
        winAmount: '5.00',
        profitAmount: '0.00',
      },
      {
        day: '2026-11-20',
        recordCount: 2,
        betAmount: '30.00',
        validBetAmount: '30.00',
        winAmount: '25.00',
        profitAmount: '-5.00',
      },
    ]);
    expect(value.gameByType).toEqual([
      {
        gameType: 'LIVE',
        recordCount: 1,
        betAmount: '20.00',
        validBetAmount: '20.00',
        winAmount: '0.00',
        profitAmount: '-20.00',
      },
      {
        gameType: 'RNG',
        recordCount: 2,
        betAmount: '15.00',
        validBetAmount: '15.00',
        winAmount: '30.00',
        profitAmount: '15.00',
      },
    ]);
  });

  test('days follow the offset: in UTC the first Bangkok day’s rounds fall on the 19th', async () => {
    const value = await profit({});
    expect(value.gameByDay.map((line) => [line.day, line.recordCount])).toEqual([
      ['2026-11-20', 1],
      ['2026-11-19', 2],
    ]);
  });

  test('the range counts rounds by settlement time', async () => {
    const value = await profit({ startTime: bangkokMidnight(1), endTime: bangkokMidnight(3), utcOffsetMinutes: 420 });
    expect(value).toMatchObject({ betAmount: '5.00', winAmount: '5.00', gameProfitAmount: '0.00' });
    expect(value.gameByDay.map((line) => line.day)).toEqual(['2026-11-21']);
    expect(value.gameByType.map((line) => line.gameType)).toEqual(['RNG']);
  });

  test('an offset out of range is refused naming the field', async () => {
    const response = await get(withdrawalPaths.personalProfit, { utcOffsetMinutes: 900 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field: 'utcOffsetMinutes' });
  });

  test('the records table holds exactly the five rounds of the member (no stray rows from refused calls)', async () => {
    const rows = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM bet_record WHERE member_id = ${house.memberId}`.execute(testApp.db);
    expect(Number(rows.rows[0]!.n)).toBe(5);
  });
});
