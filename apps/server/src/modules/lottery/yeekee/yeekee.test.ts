import {
  lotteryOrderPaths,
  lotteryYeekeePaths,
  type LotteryPlaceOrderRequest,
  type LotteryYeekeeShootResult,
  type LotteryYeekeeSubmissions,
} from '@lotus/contract';
import { yeekeeResult } from '@lotus/fair';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fundedTestMember } from '../../../testing/members.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { checkLedger, memberBalance } from '../../ledger/index.ts';
import { runLotteryTick } from '../lottery-draw-loop.ts';
import { createYeekeeDrawsAhead } from './create-yeekee-draws.ts';
import { runYeekeeTick, type LotteryYeekeeTables } from './index.ts';

/**
 * Yee-Kee on one app, a real database and a fake clock: rounds created ahead on the 15-minute
 * calendar, shooting (places without gaps under parallel shots, the 5-second rule, the round's window
 * to the millisecond), the drawing equal to @lotus/fair's yeekeeResult over the public list, a bet
 * settled with it, a void round refunded.
 *
 * The clock starts at 2026-11-27 14:00:30 Bangkok: YEEKEE_15M's round 20261127-0057 opened at 14:00,
 * its bets close at 14:14:00 and it is drawn at 14:15:00.
 */
const startMs = Date.parse('2026-11-27T07:00:30Z');
const clock = { nowMs: startMs };
let t: TestApp;
let merchantId: number;
let yeekee: number;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock.nowMs });
  merchantId = t.demoMerchantId;
  await tick();
  yeekee = (
    await t.db.selectFrom('lottery_game').select('id').where('code', '=', 'YEEKEE_15M').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t?.close();
});

/** The Yee-Kee part of a pass alone (what it created and drew), then the loop's whole pass (a no-op for it then). */
async function tick() {
  const yeekeePass = await runYeekeeTick(t.db, clock.nowMs);
  const pass = await runLotteryTick(t.db, clock.nowMs);
  return { yeekeePass, pass };
}

const shots = () => t.db.withTables<LotteryYeekeeTables>();

async function roundOf(numero: string) {
  return t.db
    .selectFrom('lottery_draw')
    .selectAll()
    .where('game_id', '=', yeekee)
    .where('numero', '=', numero)
    .executeTakeFirstOrThrow();
}

let memberCount = 0;
async function member(amountMinor = 100_000n, isAgent?: 4) {
  memberCount += 1;
  return fundedTestMember(t.db, merchantId, `yeekee${memberCount}`, amountMinor, {
    nowMs: clock.nowMs,
    ...(isAgent ? { isAgent } : {}),
  });
}

const headers = (token?: string, language: 'TH' | 'EN' = 'EN') => ({
  Merchant: 'demo',
  Language: language,
  ...(token ? { Authorization: token } : {}),
});

function shoot(token: string | undefined, body: object, language: 'TH' | 'EN' = 'EN') {
  return t.app.inject({
    method: 'POST',
    url: lotteryYeekeePaths.shoot,
    headers: headers(token, language),
    payload: body,
  });
}

async function shot(token: string, numero: string, number: string): Promise<LotteryYeekeeShootResult> {
  const response = await shoot(token, { gameId: yeekee, numero, number });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ value: LotteryYeekeeShootResult }>().value;
}

async function submissions(query: Record<string, string | number>): Promise<LotteryYeekeeSubmissions> {
  const response = await t.app.inject({
    method: 'GET',
    url: lotteryYeekeePaths.submissions,
    headers: headers(),
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ value: LotteryYeekeeSubmissions }>().value;
}

/** Every shot of a round from the public list, page by page, oldest first. */
async function publicList(numero: string): Promise<string[]> {
  const numbers: string[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await submissions({ gameId: yeekee, numero, page, pageSize: 10, order: 'asc' });
    numbers.push(...answer.list.map((entry) => entry.number));
    if (answer.list.length < 10) return numbers;
  }
}

/** A 5-digit number from a counter: varied digits, leading zeros included. */
const numberOf = (index: number) => String((index * 7_919 + 421) % 100_000).padStart(5, '0');

describe('rounds', () => {
  test('are created ahead on the 15-minute calendar without seeds, once, also by two creators at once', async () => {
    const round = await roundOf('20261127-0057');
    expect(round).toMatchObject({
      status: 'open',
      opens_at: new Date('2026-11-27T07:00:00Z'),
      locks_at: new Date('2026-11-27T07:14:00Z'),
      draws_at: new Date('2026-11-27T07:15:00Z'),
      server_seed: null,
      client_seed: null,
    });
    expect((await roundOf('20261127-0058')).draws_at).toEqual(new Date('2026-11-27T07:30:00Z'));
    expect(
      await Promise.all([createYeekeeDrawsAhead(t.db, clock.nowMs), createYeekeeDrawsAhead(t.db, clock.nowMs)]),
    ).toEqual([0, 0]);
  });
});

describe('shooting', () => {
  test('25 members shooting at once get the places 1 to 25, without gaps or repeats', async () => {
    const shooters = await Promise.all(Array.from({ length: 25 }, () => member()));
    const answers = await Promise.all(
      shooters.map((shooter, index) => shot(shooter.token, '20261127-0057', numberOf(index))),
    );
    expect(answers.map((answer) => answer.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    const rows = await shots()
      .selectFrom('lottery_yeekee_shot')
      .select(['seq', 'number'])
      .where('draw_id', '=', (await roundOf('20261127-0057')).id)
      .orderBy('seq')
      .execute();
    expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    // Each answer's place holds that member's number.
    for (const answer of answers) expect(rows[answer.seq - 1]!.number).toBe(answer.number);
  });

  test('one shot every 5 seconds per member: refused at 4.999 s with the wait, in TH and EN; taken at 5 s; two sent together pass once', async () => {
    const { token } = await member();
    const first = await shot(token, '20261127-0057', '00420');
    expect(first.nextShotAt).toBe(clock.nowMs + 5_000);
    clock.nowMs += 4_999;
    for (const language of ['EN', 'TH'] as const) {
      const refused = await shoot(token, { gameId: yeekee, numero: '20261127-0057', number: '12345' }, language);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      const body = refused.json<{ errorCode: string; message: string; value: { nextShotAt: number } }>();
      expect(body).toMatchObject({
        errorCode: 'lottery.yeekee.shot.too.soon',
        value: { nextShotAt: first.nextShotAt, retryAfterMs: 1 },
      });
      expect(body.message).toContain('1');
      expect(body.message).not.toMatch(/\{|\}/);
      if (language === 'TH') expect(body.message).toMatch(/[\u0E00-\u0E7F]/);
    }
    clock.nowMs += 1;
    await shot(token, '20261127-0057', '12345');

    clock.nowMs += 5_000;
    const together = await Promise.all(
      ['11111', '22222', '33333'].map((number) => shoot(token, { gameId: yeekee, numero: '20261127-0057', number })),
    );
    expect(together.map((response) => response.statusCode).sort()).toEqual([200, 429, 429]);
  });

  test.each([
    ['a number of 4 digits', { number: '1234' }, 400, 'validation.failed', 'number'],
    ['a number with a sign', { number: '-1234' }, 400, 'validation.failed', 'number'],
    ['a game that is not Yee-Kee', { gameId: 1 }, 400, 'lottery.yeekee.game.invalid', 'gameId'],
    ['a round that does not exist', { numero: '20261127-0001' }, 400, 'lottery.yeekee.round.unknown', 'numero'],
    ['the next round, not open yet', { numero: '20261127-0058' }, 409, 'lottery.yeekee.round.not.open', 'numero'],
  ] as const)('refused, naming the field: %s', async (_name, overrides, status, errorCode, field) => {
    const { memberId, token } = await member();
    for (const language of ['EN', 'TH'] as const) {
      const response = await shoot(
        token,
        { gameId: yeekee, numero: '20261127-0057', number: '55555', ...overrides },
        language,
      );
      expect(response.statusCode, response.body).toBe(status);
      const body = response.json<{ errorCode: string; field: string; message: string }>();
      expect(body).toMatchObject({ errorCode, field });
      expect(body.message).not.toMatch(/\{|\}/);
      if (language === 'TH') expect(body.message).toMatch(/[\u0E00-\u0E7F]/);
    }
    expect(
      await shots().selectFrom('lottery_yeekee_shot').select('id').where('member_id', '=', memberId).execute(),
    ).toEqual([]);
  });

  test('a visitor and a trial account may not shoot', async () => {
    expect((await shoot(undefined, { gameId: yeekee, numero: '20261127-0057', number: '55555' })).statusCode).toBe(401);
    const trial = await member(100_000n, 4);
    const response = await shoot(trial.token, { gameId: yeekee, numero: '20261127-0057', number: '55555' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errorCode: 'member.trial.forbidden' });
  });

  test('the public list: every shot with its place, a masked name, its number and time; the running sum', async () => {
    const answer = await submissions({ gameId: yeekee });
    expect(answer).toMatchObject({ numero: '20261127-0057', status: 'open', isShooting: true, outcome: null });
    const numbers = await publicList('20261127-0057');
    expect(answer.shotCount).toBe(numbers.length);
    expect(answer.sum).toBe(numbers.reduce((sum, number) => sum + BigInt(number), 0n).toString());
    // Newest first by default; the masked name never the username.
    expect(answer.list[0]!.seq).toBe(numbers.length);
    expect(answer.list[0]!.member).toMatch(/^ye\*\*\*\*\d\d$/);
    expect(JSON.stringify(answer)).not.toMatch(/yeekee\d/);
  });
});

describe('the draw', () => {
  test('at the instant: the result is yeekeeResult over the public list, a bet on it is paid, and a shot at the instant is refused', async () => {
    const round = await roundOf('20261127-0057');
    const { memberId, token } = await member();
    // Bets close at 14:14: the result of the shots so far decides the bet, then one more shot at the last millisecond.
    clock.nowMs = round.locks_at.getTime() - 10_000;
    const before = yeekeeResult([...(await publicList('20261127-0057')), '00000']);
    if (before.status !== 'drawn') throw new Error('enough shots were fired above');
    const bet: LotteryPlaceOrderRequest = {
      gameId: yeekee,
      numero: '20261127-0057',
      bets: [
        { playId: 2055, betContent: before.result.top3, betNum: 1, stakePerUnit: '1.00', multiple: 1, series: 2000 },
        {
          playId: 2060,
          betContent: before.result.bottom2 === '00' ? '01' : '00',
          betNum: 1,
          stakePerUnit: '1.00',
          multiple: 1,
          series: 2000,
        },
      ],
      totalAmount: '2.00',
    };
    const placed = await t.app.inject({
      method: 'POST',
      url: lotteryOrderPaths.place,
      headers: headers(token),
      payload: bet,
    });
    expect(placed.statusCode, placed.body).toBe(200);

    // After the bets' lock, shooting goes on to the draw instant: a shot of 00000 a millisecond before changes nothing in the sum.
    clock.nowMs = round.locks_at.getTime();
    await tick();
    expect((await roundOf('20261127-0057')).status).toBe('locked');
    clock.nowMs = round.draws_at.getTime() - 1;
    const late = await member();
    await shot(late.token, '20261127-0057', '00000');
    clock.nowMs = round.draws_at.getTime();
    const refused = await shoot((await member()).token, { gameId: yeekee, numero: '20261127-0057', number: '99999' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: 'lottery.yeekee.round.closed', field: 'numero' });

    const { yeekeePass, pass } = await tick();
    const numbers = await publicList('20261127-0057');
    const expected = yeekeeResult(numbers);
    if (expected.status !== 'drawn') throw new Error('not drawn');
    expect(expected.result).toEqual(before.result);
    expect(yeekeePass.drawn).toEqual([
      { drawId: round.id, numero: '20261127-0057', shotCount: numbers.length, result: expected.result },
    ]);
    expect((await roundOf('20261127-0057')).result).toEqual(expected.result);
    expect(pass.settled.map((draw) => draw.drawId)).toContain(round.id);

    // The public answer shows how: the sum, the 16th shot, the number and the result.
    const answer = await submissions({ gameId: yeekee, numero: '20261127-0057' });
    expect(answer.outcome).toEqual({
      status: 'drawn',
      sum: expected.sum.toString(),
      subtracted: expect.objectContaining({ seq: 16, number: numbers[15] }),
      number: expected.number.toString(),
      top3: expected.result.top3,
      bottom2: expected.result.bottom2,
      drawnTime: round.draws_at.getTime(),
    });
    expect(answer.isShooting).toBe(false);

    // 3 top at 800 per 1 won; the 2 bottom lost. Paid once: a rerun of both passes pays nothing more.
    const orders = await t.db
      .selectFrom('lottery_order')
      .select(['play_id', 'status', 'win_amount_minor'])
      .where('member_id', '=', memberId)
      .orderBy('play_id')
      .execute();
    expect(orders).toEqual([
      { play_id: 2055, status: 4, win_amount_minor: 80_000n },
      { play_id: 2060, status: 5, win_amount_minor: 0n },
    ]);
    const balance = memberBalance(t.db, merchantId, 'THB', { kind: 'member_main', memberId });
    expect(await balance).toBe(100_000n - 200n + 80_000n);
    expect((await tick()).yeekeePass.drawn).toEqual([]);
    expect(await balance).toBe(100_000n - 200n + 80_000n);
    expect((await checkLedger(t.db, { merchantId })).ok).toBe(true);
  });

  test('two passes racing draw a round once', async () => {
    // Round 0058 (14:15-14:30): 20 shots from 20 members, then two drawing passes at the same instant.
    const round = await roundOf('20261127-0058');
    clock.nowMs = round.opens_at.getTime() + 1_000;
    const shooters = await Promise.all(Array.from({ length: 20 }, () => member()));
    await Promise.all(shooters.map((shooter, index) => shot(shooter.token, '20261127-0058', numberOf(100 + index))));
    clock.nowMs = round.draws_at.getTime();
    const [first, second] = await Promise.all([runYeekeeTick(t.db, clock.nowMs), runYeekeeTick(t.db, clock.nowMs)]);
    expect(first.drawn.length + second.drawn.length).toBe(1);
    expect((await roundOf('20261127-0058')).result).toEqual(
      (yeekeeResult(await publicList('20261127-0058')) as { result: unknown }).result,
    );
  });

  test('a round with fewer than 20 shots is void: cancelled, every bet refunded (status 12), shown as void', async () => {
    await tick();
    const round = await roundOf('20261127-0059');
    clock.nowMs = round.opens_at.getTime() + 1_000;
    const { memberId, token } = await member();
    const bet: LotteryPlaceOrderRequest = {
      gameId: yeekee,
      numero: '20261127-0059',
      bets: [{ playId: 2060, betContent: '42', betNum: 1, stakePerUnit: '5.00', multiple: 1, series: 2000 }],
      totalAmount: '5.00',
    };
    const placed = await t.app.inject({
      method: 'POST',
      url: lotteryOrderPaths.place,
      headers: headers(token),
      payload: bet,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    for (let index = 0; index < 19; index += 1) await shot((await member()).token, '20261127-0059', numberOf(index));
    clock.nowMs = round.draws_at.getTime();
    const { yeekeePass } = await tick();
    expect(yeekeePass.cancelled).toEqual([
      { drawId: round.id, numero: '20261127-0059', shotCount: 19, refundedOrders: 1 },
    ]);
    expect((await roundOf('20261127-0059')).status).toBe('cancelled');
    const order = await t.db
      .selectFrom('lottery_order')
      .select('status')
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe(12);
    expect(await memberBalance(t.db, merchantId, 'THB', { kind: 'member_main', memberId })).toBe(100_000n);
    expect((await submissions({ gameId: yeekee, numero: '20261127-0059' })).outcome).toEqual({
      status: 'void',
      shotCount: 19,
    });
    expect((await tick()).yeekeePass.cancelled).toEqual([]);
    expect((await checkLedger(t.db, { merchantId })).ok).toBe(true);
  });
});
