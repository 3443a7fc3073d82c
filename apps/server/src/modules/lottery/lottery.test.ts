import {
  lotteryPaths,
  type LotteryDrawHistory,
  type LotteryDrawResult,
  type LotteryGame,
  type LotteryNearNumeros,
  type LotteryOpenedNumero,
} from '@lotus/contract';
import { drawLotteryResult, hashServerSeed, verifyCommitment, type HouseDrawnFamily } from '@lotus/fair';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createDrawsAhead } from './create-draws-ahead.ts';
import { nextDrawAfter, numeroOf } from './draw-calendar.ts';
import { drawDueDraws, lockDueDraws, nextDrawEventMs } from './draw-due-draws.ts';
import { runLotteryTick, startLotteryDrawLoop } from './lottery-draw-loop.ts';

/**
 * The lottery's foundations end to end on one app and a fake clock: the calendar, draws created ahead
 * once, locked and drawn exactly once (two schedulers racing, a restart with overdue draws), the draw
 * recomputed from the revealed seed, the seed absent from every read before, and the `/lgw` reads with
 * their countdowns and refusals.
 *
 * The clock starts at 2026-11-27 14:00:30 Bangkok (07:00:30 UTC): the 1-minute game's next draw is its
 * 841st of the day, at 14:01:00.
 */
const startMs = Date.parse('2026-11-27T07:00:30Z');
const clock = { nowMs: startMs };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock.nowMs });
  // A game taken off sale: listed nowhere, refused by name.
  await t.db
    .insertInto('lottery_game')
    .values({
      code: 'RETIRED_5D',
      family: 'FAST5D',
      name_th: 'หวยด่วนเลิกขาย',
      name_en: 'Retired fast 5D',
      kind: 'house',
      draw_interval_seconds: 60,
      lock_seconds: 5,
      prize_mode: 3,
      default_play_type: 2,
      game_group: 'FAST5D',
      enabled: false,
      sort_order: 999,
    })
    .execute();
});
afterAll(async () => {
  await t?.close();
});

async function get(url: string, language: 'TH' | 'EN' = 'EN') {
  return t.app.inject({ method: 'GET', url, headers: { Merchant: 'demo', Language: language } });
}

async function value<T>(url: string): Promise<T> {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ value: T }>().value;
}

async function gameIdOf(code: string): Promise<number> {
  const game = await t.db.selectFrom('lottery_game').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return game.id;
}

/** Every seed the database holds for draws not yet drawn: none may appear in any answer. */
async function undrawnSeeds(): Promise<string[]> {
  const rows = await t.db
    .selectFrom('lottery_draw')
    .select('server_seed')
    .where('status', 'in', ['open', 'locked'])
    .execute();
  // Official draws have no seed: their result is entered.
  return rows.flatMap((row) => (row.server_seed === null ? [] : [row.server_seed]));
}

const readUrls = async () => [
  lotteryPaths.games,
  lotteryPaths.popularGames,
  lotteryPaths.openedNumeros,
  `${lotteryPaths.nearNumeros}?gameId=${await gameIdOf('FAST5D_1M')}`,
  `${lotteryPaths.nearNumeros}?gameId=${await gameIdOf('KENO_2M')}`,
  lotteryPaths.latestDraws,
  lotteryPaths.drawHistory.replace(':gameCode', 'FAST5D_1M'),
];

async function expectNoUndrawnSeedInReads(): Promise<void> {
  const seeds = await undrawnSeeds();
  expect(seeds.length).toBeGreaterThan(0);
  for (const url of await readUrls()) {
    const body = (await get(url)).body;
    for (const seed of seeds) expect(body.includes(seed), `${url} shows a secret seed`).toBe(false);
  }
}

describe('the draw calendar', () => {
  test.each([
    ['2026-11-27T07:01:00Z', 60, '20261127-0841'],
    ['2026-11-26T17:01:00Z', 60, '20261127-0001'],
    // The draw on Bangkok midnight is the last of the day before.
    ['2026-11-27T17:00:00Z', 60, '20261127-1440'],
    ['2026-11-27T07:02:00Z', 120, '20261127-0421'],
    ['2026-11-27T07:05:00Z', 300, '20261127-0169'],
  ])('the draw at %s every %i s is %s', (iso, intervalSeconds, numero) => {
    expect(numeroOf(Date.parse(iso), intervalSeconds)).toBe(numero);
  });

  test('the next draw falls on the grid from Bangkok midnight, strictly after', () => {
    expect(nextDrawAfter(startMs, 60)).toBe(Date.parse('2026-11-27T07:01:00Z'));
    expect(nextDrawAfter(Date.parse('2026-11-27T07:01:00Z'), 60)).toBe(Date.parse('2026-11-27T07:02:00Z'));
    expect(nextDrawAfter(startMs, 180)).toBe(Date.parse('2026-11-27T07:03:00Z'));
  });
});

describe('the draw lifecycle', () => {
  test('draws are created 30 minutes ahead for the enabled house games, once', async () => {
    // 30 of 1 minute, 10 of 3, 6 + 6 of 5 and 15 of 2 (Keno); the official games have no calendar yet.
    const [first, racing] = await Promise.all([
      createDrawsAhead(t.db, clock.nowMs),
      createDrawsAhead(t.db, clock.nowMs),
    ]);
    expect(first + racing).toBe(67);
    expect(await createDrawsAhead(t.db, clock.nowMs)).toBe(0);
    const counts = await t.db
      .selectFrom('lottery_draw as d')
      .innerJoin('lottery_game as g', 'g.id', 'd.game_id')
      .select(['g.code', (eb) => eb.fn.countAll<string>().as('count')])
      .groupBy('g.code')
      .orderBy('g.code')
      .execute();
    expect(Object.fromEntries(counts.map((row) => [row.code, Number(row.count)]))).toEqual({
      FAST3D_5M: 6,
      FAST5D_1M: 30,
      FAST5D_3M: 10,
      FAST5D_5M: 6,
      KENO_2M: 15,
    });
    const first1m = await t.db
      .selectFrom('lottery_draw')
      .selectAll()
      .where('game_id', '=', await gameIdOf('FAST5D_1M'))
      .orderBy('draws_at')
      .executeTakeFirstOrThrow();
    expect(first1m).toMatchObject({
      numero: '20261127-0841',
      status: 'open',
      client_seed: 'FAST5D_1M:20261127-0841',
      opens_at: new Date('2026-11-27T07:00:00Z'),
      locks_at: new Date('2026-11-27T07:00:55Z'),
      draws_at: new Date('2026-11-27T07:01:00Z'),
      result: null,
    });
    expect(first1m.server_seed_hash).toBe(hashServerSeed(first1m.server_seed!));
    // A minute later the horizon moves by one 1-minute draw (and whatever else falls in that minute).
    expect(await createDrawsAhead(t.db, clock.nowMs + 60_000)).toBeGreaterThanOrEqual(1);
  });

  test('the reads before the draw: countdowns on the clock, commitments, no seed', async () => {
    const fast1m = await gameIdOf('FAST5D_1M');
    const near = await value<LotteryNearNumeros>(`${lotteryPaths.nearNumeros}?gameId=${fast1m}`);
    expect(near.currentNumero).toMatchObject({
      numero: '20261127-0841',
      isSale: true,
      remainTime: 30_000,
      lockTime: 5,
      status: 'open',
      winNoStr: [],
      serverSeed: null,
      clientSeed: 'FAST5D_1M:20261127-0841',
    });
    expect(near.currentNumero!.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(near.nextNumero).toMatchObject({ numero: '20261127-0842', remainTime: 90_000, isSale: true });
    expect(near.previousNumero).toBeNull();

    const opened = await value<LotteryOpenedNumero[]>(`${lotteryPaths.openedNumeros}?prizeMode=3`);
    expect(opened.map((item) => [item.gameCode, item.numero, item.remainTime, item.lockTime])).toEqual([
      ['FAST5D_1M', '20261127-0841', 30_000, 5],
      ['FAST5D_3M', '20261127-0281', 150_000, 10],
      ['FAST5D_5M', '20261127-0169', 270_000, 15],
      ['FAST3D_5M', '20261127-0169', 270_000, 15],
      ['KENO_2M', '20261127-0421', 90_000, 10],
    ]);
    expect(opened[0]).toMatchObject({ remark: 'Fast 5D 1 minute', defaultPlayType: 2, liveVideoSwitch: false });
    // The betting countdown of the original: remainTime − lockTime × 1000.
    expect(opened[0]!.remainTime - opened[0]!.lockTime * 1000).toBe(25_000);
    expect(await value<LotteryOpenedNumero[]>(`${lotteryPaths.openedNumeros}?prizeMode=1`)).toEqual([]);

    expect(await value<LotteryDrawResult[]>(lotteryPaths.latestDraws)).toEqual([]);
    await expectNoUndrawnSeedInReads();
  });

  test('at the lock time the draw stops selling; the countdown to the lock is spent', async () => {
    clock.nowMs = Date.parse('2026-11-27T07:00:55Z');
    expect(await lockDueDraws(t.db, clock.nowMs)).toBe(1);
    expect(await lockDueDraws(t.db, clock.nowMs)).toBe(0);
    const near = await value<LotteryNearNumeros>(`${lotteryPaths.nearNumeros}?gameId=${await gameIdOf('FAST5D_1M')}`);
    expect(near.currentNumero).toMatchObject({
      numero: '20261127-0841',
      isSale: false,
      remainTime: 5_000,
      status: 'locked',
    });
    expect(near.currentNumero!.remainTime - near.currentNumero!.lockTime * 1000).toBe(0);
    expect(near.nextNumero).toMatchObject({ isSale: true });
  });

  test('a due draw is drawn exactly once by two schedulers racing, from its own seeds', async () => {
    clock.nowMs = Date.parse('2026-11-27T07:01:00.400Z');
    const passes = await Promise.all([runLotteryTick(t.db, clock.nowMs), runLotteryTick(t.db, clock.nowMs)]);
    const drawn = passes.flatMap((pass) => pass.drawn);
    expect(drawn.map((draw) => `${draw.gameCode} ${draw.numero}`)).toEqual(['FAST5D_1M 20261127-0841']);
    expect(await drawDueDraws(t.db, clock.nowMs)).toEqual([]);

    const row = await t.db
      .selectFrom('lottery_draw')
      .selectAll()
      .where('id', '=', drawn[0]!.drawId)
      .executeTakeFirstOrThrow();
    // The same pass settles what it drew (no bets here: nothing to pay).
    expect(row.status).toBe('settled');
    expect(passes.flatMap((pass) => pass.settled).map((draw) => draw.drawId)).toEqual([drawn[0]!.drawId]);
    expect(row.drawn_at).toEqual(new Date(clock.nowMs));
    expect(verifyCommitment(row.server_seed!, row.server_seed_hash!)).toBe(true);
    expect(row.result).toEqual(
      drawLotteryResult('FAST5D', { serverSeed: row.server_seed!, clientSeed: row.client_seed!, nonce: 0 }),
    );
  });

  test('the reads after the draw reveal its seed, which recomputes the result; later seeds stay secret', async () => {
    const latest = await value<LotteryDrawResult[]>(lotteryPaths.latestDraws);
    expect(latest).toHaveLength(1);
    const result = latest[0]!;
    expect(result).toMatchObject({ gameCode: 'FAST5D_1M', numero: '20261127-0841', family: 'FAST5D' });
    expect(verifyCommitment(result.serverSeed!, result.serverSeedHash!)).toBe(true);
    const recomputed = drawLotteryResult('FAST5D', {
      serverSeed: result.serverSeed!,
      clientSeed: result.clientSeed!,
      nonce: 0,
    });
    expect(recomputed.family === 'FAST5D' && [...recomputed.digits]).toEqual(result.winNoStr);

    const near = await value<LotteryNearNumeros>(`${lotteryPaths.nearNumeros}?gameId=${await gameIdOf('FAST5D_1M')}`);
    expect(near.previousNumero).toMatchObject({
      numero: '20261127-0841',
      status: 'settled',
      remainTime: 0,
      isSale: false,
      winNoStr: result.winNoStr,
      serverSeed: result.serverSeed,
    });
    expect(near.currentNumero).toMatchObject({ numero: '20261127-0842', remainTime: 59_600, serverSeed: null });

    const history = await value<LotteryDrawHistory>(lotteryPaths.drawHistory.replace(':gameCode', 'FAST5D_1M'));
    expect(history).toMatchObject({ pageNo: 1, pageSize: 20, totalCount: 1 });
    expect(history.list).toEqual([result]);
    await expectNoUndrawnSeedInReads();
  });

  test('after a restart the loop draws every overdue draw at once, each exactly once, Keno and 3D included', async () => {
    clock.nowMs = Date.parse('2026-11-27T07:10:00.100Z');
    const drawnByLoop: string[] = [];
    let firstPass: () => void = () => {};
    const passed = new Promise<void>((resolve) => (firstPass = resolve));
    const loops = [0, 1].map(() =>
      startLotteryDrawLoop({
        db: t.db,
        now: () => clock.nowMs,
        logger: pino({ level: 'silent' }),
        onDrawn: (drawn) => {
          drawnByLoop.push(...drawn.map((draw) => `${draw.gameCode} ${draw.numero}`));
          firstPass();
        },
      }),
    );
    await passed;
    await Promise.all(loops.map((loop) => loop.stop()));
    // 1 minute: 0842..0850; 3 minutes: 0281..0283; 5 minutes: 0169, 0170 (both 5D and 3D); Keno 0421..0425.
    expect(drawnByLoop).toHaveLength(9 + 3 + 2 + 2 + 5);
    expect(new Set(drawnByLoop).size).toBe(drawnByLoop.length);
    const stillDue = await t.db
      .selectFrom('lottery_draw')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('status', 'in', ['open', 'locked'])
      .where('draws_at', '<=', new Date(clock.nowMs))
      .executeTakeFirstOrThrow();
    expect(Number(stillDue.count)).toBe(0);

    const drawnRows = await t.db
      .selectFrom('lottery_draw as d')
      .innerJoin('lottery_game as g', 'g.id', 'd.game_id')
      .select(['g.family', 'd.server_seed', 'd.client_seed', 'd.result'])
      .where('d.status', 'in', ['drawn', 'settled'])
      .execute();
    expect(drawnRows.length).toBeGreaterThanOrEqual(drawnByLoop.length);
    for (const row of drawnRows)
      expect(row.result).toEqual(
        drawLotteryResult(row.family as HouseDrawnFamily, {
          serverSeed: row.server_seed!,
          clientSeed: row.client_seed!,
          nonce: 0,
        }),
      );
    const latest = await value<LotteryDrawResult[]>(lotteryPaths.latestDraws);
    const keno = latest.find((draw) => draw.gameCode === 'KENO_2M')!;
    expect(keno).toMatchObject({ numero: '20261127-0425' });
    expect(keno.winNoStr).toHaveLength(20);
    expect(keno.winNoStr.every((text) => /^\d{2}$/.test(text))).toBe(true);
    expect(latest.find((draw) => draw.gameCode === 'FAST3D_5M')!.winNoStr.map((text) => text.length)).toEqual([3, 2]);
    await expectNoUndrawnSeedInReads();
  });
});

describe('the loop keeps time', () => {
  test('it sleeps until the next lock or draw (5 s at most) and draws each draw as it falls due', async () => {
    clock.nowMs = Date.parse('2026-11-27T07:10:58Z');
    const sleeps: number[] = [];
    const drawnAt: Array<[string, number]> = [];
    let stopLoop: () => void = () => {};
    const done = new Promise<void>((resolve) => (stopLoop = resolve));
    const loop = startLotteryDrawLoop({
      db: t.db,
      now: () => clock.nowMs,
      logger: pino({ level: 'silent' }),
      onDrawn: (drawn) => {
        for (const draw of drawn) drawnAt.push([`${draw.gameCode} ${draw.numero}`, clock.nowMs]);
      },
      // The fake clock moves by what the loop asked to sleep; four passes are enough.
      pause: async (ms) => {
        sleeps.push(ms);
        clock.nowMs += ms;
        if (sleeps.length === 4) stopLoop();
        await new Promise((resolve) => setImmediate(resolve));
      },
    });
    await done;
    await loop.stop();
    // 07:10:58: the next instant is the 1-minute draw at 07:11:00 (its lock at 07:10:55 is past).
    expect(sleeps[0]).toBe(2_020);
    expect(drawnAt[0]).toEqual(['FAST5D_1M 20261127-0851', Date.parse('2026-11-27T07:11:00.020Z')]);
    // Then the next lock is 07:11:50 (Keno's, 10 s before 07:12): 5 s at most, then the remaining time.
    expect(sleeps.slice(1)).toEqual([5_000, 5_000, 5_000]);
  });
});

describe('the loop waits for official results', () => {
  test('an official draw past its instant (waiting for its result) does not wake the loop: the next house instant does', async () => {
    const nowMs = clock.nowMs;
    await createDrawsAhead(t.db, nowMs);
    const houseNext = await nextDrawEventMs(t.db);
    expect(houseNext).not.toBeNull();
    const official = await t.db
      .insertInto('lottery_draw')
      .values({
        game_id: await gameIdOf('THAI_GOV'),
        numero: '20261116-001',
        opens_at: new Date(nowMs - 86_400_000),
        locks_at: new Date(nowMs - 3_600_000),
        draws_at: new Date(nowMs - 1_800_000),
        status: 'locked',
        server_seed: null,
        server_seed_hash: null,
        client_seed: null,
        result: null,
        drawn_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      expect(await nextDrawEventMs(t.db)).toBe(houseNext);
      expect(await drawDueDraws(t.db, nowMs)).toEqual([]);
    } finally {
      await t.db.deleteFrom('lottery_draw').where('id', '=', official.id).execute();
    }
  });
});

describe('the games', () => {
  test('only enabled games are listed, by prize mode and play type, in the catalogue order', async () => {
    const games = await value<LotteryGame[]>(lotteryPaths.games);
    // The 35 Vietnamese provinces (migration 0073) come last: the central ones, then the southern.
    const province = /^VN[CS]_/;
    const provinces = games.map((game) => game.gameCode).filter((code) => province.test(code));
    expect(provinces).toHaveLength(35);
    expect(provinces.slice(0, 14).every((code) => code.startsWith('VNC_'))).toBe(true);
    expect(games.slice(-35).map((game) => game.gameCode)).toEqual(provinces);
    expect(games.map((game) => game.gameCode).filter((code) => !province.test(code))).toEqual([
      'FAST5D_1M',
      'FAST5D_3M',
      'FAST5D_5M',
      'FAST3D_5M',
      'KENO_2M',
      'THAI_GOV',
      'LAO',
      'HANOI',
      'VN_NORTH',
      'STOCK_SET',
      'STOCK_NIKKEI',
      'STOCK_HANGSENG',
      'STOCK_DOWJONES',
      'YEEKEE_15M',
    ]);
    expect(games[0]).toMatchObject({
      gameName: 'Fast 5D 1 minute',
      family: 'FAST5D',
      prizeModeId: 3,
      drawInterval: 60,
      lockTime: 5,
      isHouseDrawn: true,
      drawWeekdays: [],
    });
    // An official game's calendar weekdays (TP.HCM: Monday and Saturday); none for days of the month.
    const byCode = (code: string) => games.find((game) => game.gameCode === code);
    expect(byCode('VNS_HCM')?.drawWeekdays).toEqual([1, 6]);
    expect(byCode('THAI_GOV')?.drawWeekdays).toEqual([]);
    const codes = (games: LotteryGame[]) => games.map((game) => game.gameCode).filter((code) => !province.test(code));
    expect(codes(await value<LotteryGame[]>(`${lotteryPaths.games}?prizeMode=1`))).toEqual([
      'THAI_GOV',
      'LAO',
      'VN_NORTH',
    ]);
    expect(codes(await value<LotteryGame[]>(`${lotteryPaths.games}?playType=1`))).toEqual([
      'THAI_GOV',
      'LAO',
      'HANOI',
      'VN_NORTH',
      'STOCK_SET',
      'STOCK_NIKKEI',
      'STOCK_HANGSENG',
      'STOCK_DOWJONES',
      'YEEKEE_15M',
    ]);
    expect(games.find((game) => game.gameCode === 'RETIRED_5D')).toBeUndefined();
    const popular = await value<LotteryGame[]>(`${lotteryPaths.popularGames}?count=2&prizeMode=3&playType=2`);
    expect(popular.map((game) => game.gameCode)).toEqual(['FAST5D_1M', 'FAST5D_3M']);
    const thai = await t.app.inject({
      method: 'GET',
      url: lotteryPaths.games,
      headers: { Merchant: 'demo', Language: 'TH' },
    });
    expect(thai.json<{ value: LotteryGame[] }>().value[0]!.gameName).toBe('หวยด่วน 5 ตัว 1 นาที');
  });

  test.each([
    ['no game id', `${lotteryPaths.nearNumeros}`, 400, 'gameId'],
    ['a game id that is not a number', `${lotteryPaths.nearNumeros}?gameId=abc`, 400, 'gameId'],
    ['an unknown game id', `${lotteryPaths.nearNumeros}?gameId=99999`, 400, 'gameId'],
    ['a prize mode out of range', `${lotteryPaths.games}?prizeMode=9`, 400, 'prizeMode'],
    ['a play type out of range', `${lotteryPaths.popularGames}?playType=3`, 400, 'playType'],
    ['a count of 0', `${lotteryPaths.popularGames}?count=0`, 400, 'count'],
    ['an opened-numero prize mode that is text', `${lotteryPaths.openedNumeros}?prizeMode=x`, 400, 'prizeMode'],
    ['a page size of 0', `${lotteryPaths.drawHistory.replace(':gameCode', 'KENO_2M')}?pageSize=0`, 400, 'pageSize'],
    ['a malformed game code', lotteryPaths.drawHistory.replace(':gameCode', 'keno'), 400, 'gameCode'],
    ['an unknown game code', lotteryPaths.drawHistory.replace(':gameCode', 'NOPE'), 404, 'gameCode'],
    ['a disabled game', lotteryPaths.drawHistory.replace(':gameCode', 'RETIRED_5D'), 404, 'gameCode'],
  ])('%s is refused naming the field, in TH and EN', async (_name, url, status, field) => {
    const english = await get(url, 'EN');
    const thai = await get(url, 'TH');
    for (const response of [english, thai]) {
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ success: false, field });
    }
    expect(english.json<{ message: string }>().message).not.toBe(thai.json<{ message: string }>().message);
  });
});
