import {
  lotteryOrderPaths,
  lotteryPaths,
  type LotteryCustomerSeries,
  type LotteryOpenedNumero,
  type LotteryVnGameMenu,
  type LotteryCancelResult,
  type LotteryGameSetting,
  type LotteryOrderDetail,
  type LotteryOrders,
  type LotteryPlaceOrderRequest,
  type LotteryPlaceOrderResult,
} from '@lotus/contract';
import { drawLotteryResult } from '@lotus/fair';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fundedTestMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { checkLedger, memberBalance, postTransfers } from '../ledger/index.ts';
import { drawDueDraws } from './draw-due-draws.ts';
import { runLotteryTick } from './lottery-draw-loop.ts';
import { settleDraw } from './settle-draws.ts';

/**
 * Betting on the house lottery end to end on one app and a fake clock: placement priced by the server
 * and debited through the seamless wallet, refusals naming the field, the lock instant, the per-member
 * and per-number limits under parallel bets, settlement exactly once (racing settlers, a settlement
 * killed halfway and rerun), chases that stop on a win, cancellation's rules, the member's records.
 *
 * The clock starts at 2026-11-27 14:00:30 Bangkok: FAST5D_1M's next draw is 20261127-0841 at 14:01:00,
 * locked at 14:00:55.
 */
const startMs = Date.parse('2026-11-27T07:00:30Z');
const clock = { nowMs: startMs };
let t: TestApp;
let merchantId: number;
let fast5d: number;
let fast3d: number;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock.nowMs });
  merchantId = t.demoMerchantId;
  await runLotteryTick(t.db, clock.nowMs);
  fast5d = await gameIdOf('FAST5D_1M');
  fast3d = await gameIdOf('FAST3D_5M');
});
afterAll(async () => {
  await t?.close();
});

async function gameIdOf(code: string): Promise<number> {
  return (await t.db.selectFrom('lottery_game').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

/** The first draw of the game still open for bets at the clock's time. */
async function openNumero(
  gameId: number,
): Promise<{ numero: string; drawId: bigint; locksAt: number; drawsAt: number }> {
  const draw = await t.db
    .selectFrom('lottery_draw')
    .select(['id', 'numero', 'locks_at', 'draws_at'])
    .where('game_id', '=', gameId)
    .where('status', '=', 'open')
    .where('locks_at', '>', new Date(clock.nowMs))
    .orderBy('draws_at')
    .executeTakeFirstOrThrow();
  return { numero: draw.numero, drawId: draw.id, locksAt: draw.locks_at.getTime(), drawsAt: draw.draws_at.getTime() };
}

let memberCount = 0;
async function member(amountMinor = 100_000n) {
  memberCount += 1;
  return fundedTestMember(t.db, merchantId, `lotto${memberCount}`, amountMinor, { nowMs: clock.nowMs });
}

const headers = (token: string, language: 'TH' | 'EN' = 'EN') => ({
  Merchant: 'demo',
  Language: language,
  Authorization: token,
});

async function place(token: string, body: LotteryPlaceOrderRequest, language: 'TH' | 'EN' = 'EN') {
  return t.app.inject({
    method: 'POST',
    url: lotteryOrderPaths.place,
    headers: headers(token, language),
    payload: body,
  });
}

async function placed(token: string, body: LotteryPlaceOrderRequest): Promise<LotteryPlaceOrderResult> {
  const response = await place(token, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ value: LotteryPlaceOrderResult }>().value;
}

const balanceOf = (memberId: bigint) => memberBalance(t.db, merchantId, 'THB', { kind: 'member_main', memberId });

/** Every digit at position 1: exactly one of the 10 units wins 9.80 per 1.00, whatever the draw. */
const allDigitsFirst = { playId: 9001, betContent: '0,1,2,3,4,5,6,7,8,9|-|-|-|-', betNum: 10 };

function fast5dBet(numero: string, overrides: Partial<LotteryPlaceOrderRequest> = {}): LotteryPlaceOrderRequest {
  return {
    gameId: fast5d,
    numero,
    bets: [{ ...allDigitsFirst, stakePerUnit: '1.00', multiple: 1, series: 2000 }],
    totalAmount: '10.00',
    ...overrides,
  };
}

/** What a house draw will draw: its result follows from its seeds (the test reads the secret one). */
async function resultOf(drawId: bigint, family: 'FAST5D' | 'FAST3D', clientSeed: string): Promise<string> {
  const { server_seed } = await t.db
    .selectFrom('lottery_draw')
    .select('server_seed')
    .where('id', '=', drawId)
    .executeTakeFirstOrThrow();
  const result = drawLotteryResult(family, { serverSeed: server_seed!, clientSeed, nonce: 0 });
  if (result.family === 'FAST5D') return result.digits;
  if (result.family === 'FAST3D') return result.top3;
  throw new Error(`no ${family} result`);
}

/** Moves the clock past the draw and runs the scheduler's pass: drawn and settled. */
async function drawAndSettle(drawsAtMs: number) {
  clock.nowMs = drawsAtMs + 1;
  return runLotteryTick(t.db, clock.nowMs);
}

describe('placing and settling a bet', () => {
  test('a bet is priced by the server, debited, recorded, drawn and paid once, and reaches the bet record', async () => {
    const { memberId, token } = await member();
    const { numero, drawsAt, drawId } = await openNumero(fast5d);
    const result = await placed(token, fast5dBet(numero));
    expect(result).toMatchObject({ totalAmount: '10.00', balance: '990.00', chaseNo: null });
    expect(result.orders).toEqual([
      expect.objectContaining({
        orderNo: `${result.masterNo}-001`,
        numero,
        playId: 9001,
        betNum: 10,
        betAmount: '10.00',
      }),
    ]);
    expect(await balanceOf(memberId)).toBe(99_000n);
    const record = await t.db
      .selectFrom('bet_record')
      .select(['vendor_code', 'game_type', 'game_category', 'stake', 'status'])
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    // The catalogue's Lotus Lotto: product type LOTT, category ELOTT (what rebates, reports and agents read).
    expect(record).toMatchObject({ vendor_code: 'LTLOTTO', game_type: 'LOTT', game_category: 'ELOTT', status: 'open' });
    expect(BigInt(record.stake)).toBe(1000n);

    const tick = await drawAndSettle(drawsAt);
    expect(tick.settled.map((draw) => draw.drawId)).toContain(drawId);
    const order = await t.db
      .selectFrom('lottery_order')
      .select(['status', 'win_amount_minor'])
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 4, win_amount_minor: 980n });
    expect(await balanceOf(memberId)).toBe(99_000n + 980n);
    const settledRecord = await t.db
      .selectFrom('bet_record')
      .select(['status', 'payout'])
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(settledRecord.status).toBe('settled');
    expect(BigInt(settledRecord.payout)).toBe(980n);
    const turnover = await t.db
      .selectFrom('member_turnover')
      .select('wagered_amount')
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(BigInt(turnover.wagered_amount)).toBe(1000n);

    // The scheduler's next pass and a direct rerun pay nothing more.
    expect((await runLotteryTick(t.db, clock.nowMs)).settled).toEqual([]);
    expect(await settleDraw(t.db, drawId, clock.nowMs)).toBeNull();
    expect(await balanceOf(memberId)).toBe(99_980n);
    expect((await checkLedger(t.db, { merchantId })).ok).toBe(true);
  });

  test("a member's placements share one wallet session, also one written before a refused placement", async () => {
    const { memberId, token } = await member(500n);
    const { numero } = await openNumero(fast5d);
    // Refused for the balance: the session, written before the placement's statement, stays for the next.
    expect((await place(token, fast5dBet(numero))).statusCode).toBe(409);
    await postTransfers(t.db, {
      merchantId,
      currency: 'THB',
      idempotency: { source: 'test', key: `top-up-${memberId}` },
      transfers: [
        {
          debit: { kind: 'house_adjustment' },
          credit: { kind: 'member_main', memberId },
          amount: 99_500n,
          kind: 'adjustment',
          reference: 'test',
        },
      ],
      nowMs: clock.nowMs,
    });
    await placed(token, fast5dBet(numero));
    await placed(token, fast5dBet(numero));
    const sessions = await t.db
      .selectFrom('vendor_game_session')
      .select('token_hash')
      .where('member_id', '=', memberId)
      .where('vendor_code', '=', 'LTLOTTO')
      .execute();
    expect(sessions).toHaveLength(1);
  });

  test('a bet at the lock instant is refused, and one a millisecond before is taken', async () => {
    const { token } = await member();
    const { numero, locksAt } = await openNumero(fast5d);
    clock.nowMs = locksAt - 1;
    await placed(token, fast5dBet(numero));
    clock.nowMs = locksAt;
    const refused = await place(token, fast5dBet(numero));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: 'LGS_BETTING_GAME_CLOSED_ERROR', field: 'numero' });
    // A draw that does not exist is closed too, named the same way.
    const unknown = await place(token, fast5dBet(`2099${numero.slice(4)}`));
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json()).toMatchObject({ errorCode: 'LGS_BETTING_GAME_CLOSED_ERROR', field: 'numero' });
  });
});

describe('refusals name the field, in the member language, and write nothing', () => {
  test.each([
    [
      'a count that differs',
      { bets: [{ ...allDigitsFirst, betNum: 9, stakePerUnit: '1.00', multiple: 1, series: 2000 }] },
      'lottery.bet.count.mismatch',
      'bets[0].betNum',
    ],
    ['a total that differs', { totalAmount: '9.99' }, 'lottery.total.mismatch', 'totalAmount'],
    [
      'a content the play cannot take',
      {
        bets: [{ playId: 9001, betContent: '1,x|-|-|-|-', betNum: 2, stakePerUnit: '1.00', multiple: 1, series: 2000 }],
      },
      'lottery.bet.content.invalid',
      'bets[0].betContent',
    ],
    [
      'a play of another game',
      {
        bets: [{ playId: 2055, betContent: '123', betNum: 1, stakePerUnit: '1.00', multiple: 1, series: 2000 }],
        totalAmount: '1.00',
      },
      'lottery.play.unknown',
      'bets[0].playId',
    ],
    [
      'a series outside the range',
      { bets: [{ ...allDigitsFirst, stakePerUnit: '1.00', multiple: 1, series: 1000 }] },
      'lottery.series.out.of.range',
      'bets[0].series',
    ],
    [
      'a multiple over the maximum',
      { bets: [{ ...allDigitsFirst, stakePerUnit: '1.00', multiple: 5000, series: 2000 }], totalAmount: '50000.00' },
      'LGS_BETTING_MULTIPLE_OVER_LIMITS',
      'bets[0].multiple',
    ],
  ] as const)('%s', async (_name, overrides, errorCode, field) => {
    const { memberId, token } = await member();
    const { numero } = await openNumero(fast5d);
    for (const language of ['EN', 'TH'] as const) {
      const response = await place(token, fast5dBet(numero, overrides as Partial<LotteryPlaceOrderRequest>), language);
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json<{ errorCode: string; field: string; message: string }>();
      expect(body).toMatchObject({ errorCode, field });
      expect(body.message).not.toMatch(/\{|\}/);
      if (language === 'TH') expect(body.message).toMatch(/[\u0E00-\u0E7F]/);
    }
    expect(await balanceOf(memberId)).toBe(100_000n);
    expect(await t.db.selectFrom('lottery_order').select('id').where('member_id', '=', memberId).execute()).toEqual([]);
  });

  test('a balance that does not cover the bets: refused, no order, no money moved', async () => {
    const { memberId, token } = await member(500n);
    const { numero } = await openNumero(fast5d);
    const response = await place(token, fast5dBet(numero));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ errorCode: 'ACS_AVAILABLE_BALANCE_NOT_ENOUGH' });
    expect(await balanceOf(memberId)).toBe(500n);
    expect(await t.db.selectFrom('lottery_order').select('id').where('member_id', '=', memberId).execute()).toEqual([]);
    expect(await t.db.selectFrom('bet_record').select('id').where('member_id', '=', memberId).execute()).toEqual([]);
  });

  test('a visitor may not bet', async () => {
    const { numero } = await openNumero(fast5d);
    const response = await t.app.inject({
      method: 'POST',
      url: lotteryOrderPaths.place,
      headers: { Merchant: 'demo', Language: 'EN' },
      payload: fast5dBet(numero),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('limits', () => {
  test('parallel bets against a nearly full number limit never pass it', async () => {
    // 3 top "123" at 1.00 pays 800.00 (THAI_STYLE daily rate on FAST3D); the limit takes exactly 3 such bets.
    await t.db
      .insertInto('lottery_game_setting')
      .values({ merchant_id: merchantId, game_id: fast3d, max_number_payout_minor: 240_000n })
      .onConflict((oc) => oc.columns(['merchant_id', 'game_id']).doUpdateSet({ max_number_payout_minor: 240_000n }))
      .execute();
    const { numero, drawId } = await openNumero(fast3d);
    const bettors = await Promise.all(Array.from({ length: 8 }, () => member()));
    const body: LotteryPlaceOrderRequest = {
      gameId: fast3d,
      numero,
      bets: [{ playId: 2055, betContent: '123', betNum: 1, stakePerUnit: '1.00', multiple: 1, series: 2000 }],
      totalAmount: '1.00',
    };
    const responses = await Promise.all(bettors.map(({ token }) => place(token, body)));
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409))
      expect(response.json()).toMatchObject({ errorCode: 'LGS_BETTING_NUMBER_OVER_LIMITS', value: { number: '123' } });
    const book = await t.db
      .selectFrom('lottery_exposure')
      .select(['payout_minor', 'stake_minor'])
      .where('draw_id', '=', drawId)
      .where('number', '=', '123')
      .executeTakeFirstOrThrow();
    expect(book).toEqual({ payout_minor: 240_000n, stake_minor: 300n });
    // Another number is still open.
    await placed(bettors[0]!.token, { ...body, bets: [{ ...body.bets[0]!, betContent: '124' }] });
  });

  test('in reduce mode a number past its limit is taken at half odds and paid half', async () => {
    await t.db
      .updateTable('lottery_game_setting')
      .set({ over_limit_mode: 'reduce', max_number_payout_minor: 80_000n })
      .where('merchant_id', '=', merchantId)
      .where('game_id', '=', fast3d)
      .execute();
    const { numero, drawsAt, drawId } = await openNumero(fast3d);
    // The top three digits the draw will draw: both bets win.
    const { memberId, token } = await member();
    const first = await member();
    const top3 = await resultOf(drawId, 'FAST3D', `FAST3D_5M:${numero}`);
    const bet = { playId: 2055, betContent: top3, betNum: 1, stakePerUnit: '1.00', multiple: 1, series: 2000 };
    await placed(first.token, { gameId: fast3d, numero, bets: [bet], totalAmount: '1.00' });
    const reduced = await placed(token, { gameId: fast3d, numero, bets: [bet], totalAmount: '1.00' });
    expect(reduced.orders[0]!.reducedNumbers).toEqual([top3]);
    await drawAndSettle(drawsAt);
    const win = async (id: bigint) =>
      (
        await t.db
          .selectFrom('lottery_order')
          .select('win_amount_minor')
          .where('member_id', '=', id)
          .where('draw_id', '=', drawId)
          .executeTakeFirstOrThrow()
      ).win_amount_minor;
    expect(await win(first.memberId)).toBe(80_000n);
    expect(await win(memberId)).toBe(40_000n);
  });

  test("a member's stake on one draw stops at the merchant's maximum, also in parallel", async () => {
    await t.db
      .insertInto('lottery_game_setting')
      .values({ merchant_id: merchantId, game_id: fast5d, max_member_draw_minor: 3_000n, max_order_minor: 3_000n })
      .onConflict((oc) =>
        oc.columns(['merchant_id', 'game_id']).doUpdateSet({ max_member_draw_minor: 3_000n, max_order_minor: 3_000n }),
      )
      .execute();
    const { memberId, token } = await member();
    const { numero, drawId } = await openNumero(fast5d);
    const responses = await Promise.all(Array.from({ length: 5 }, () => place(token, fast5dBet(numero))));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(3);
    expect(responses.filter((response) => response.statusCode === 400)[0]!.json()).toMatchObject({
      errorCode: 'LGS_BETTING_AMOUNT_OVER_LIMITS',
    });
    const row = await t.db
      .selectFrom('lottery_member_draw')
      .select('stake_minor')
      .where('draw_id', '=', drawId)
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(row.stake_minor).toBe(3_000n);
    expect(await balanceOf(memberId)).toBe(97_000n);
    await t.db
      .updateTable('lottery_game_setting')
      .set({ max_member_draw_minor: 20_000_000n, max_order_minor: 5_000_000n })
      .where('merchant_id', '=', merchantId)
      .where('game_id', '=', fast5d)
      .execute();
  });

  test("a member's wins on a draw are capped at the stake plus the maximum profit", async () => {
    await t.db
      .updateTable('lottery_game_setting')
      .set({ max_profit_minor: 100n })
      .where('merchant_id', '=', merchantId)
      .where('game_id', '=', fast5d)
      .execute();
    const { memberId, token } = await member();
    const { numero, drawsAt, drawId } = await openNumero(fast5d);
    const digits = await resultOf(drawId, 'FAST5D', `FAST5D_1M:${numero}`);
    // The drawn first digit, twice in two orders: each would win 9.80 for 1.00; the cap is 2.00 + 1.00.
    const bet = {
      playId: 9001,
      betContent: `${digits[0]}|-|-|-|-`,
      betNum: 1,
      stakePerUnit: '1.00',
      multiple: 1,
      series: 2000,
    };
    await placed(token, { gameId: fast5d, numero, bets: [bet, bet], totalAmount: '2.00' });
    await drawAndSettle(drawsAt);
    const wins = await t.db
      .selectFrom('lottery_order')
      .select(['win_amount_minor', 'status'])
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute();
    expect(wins).toEqual([
      { win_amount_minor: 300n, status: 4 },
      { win_amount_minor: 0n, status: 5 },
    ]);
    expect(await balanceOf(memberId)).toBe(100_000n - 200n + 300n);
    await t.db
      .updateTable('lottery_game_setting')
      .set({ max_profit_minor: null })
      .where('merchant_id', '=', merchantId)
      .where('game_id', '=', fast5d)
      .execute();
  });
});

describe('settlement exactly once', () => {
  test('two settlers racing: one pays, the other finds nothing', async () => {
    const { memberId, token } = await member();
    const { numero, drawsAt, drawId } = await openNumero(fast5d);
    await placed(token, fast5dBet(numero));
    clock.nowMs = drawsAt + 1;
    // Draw without settling: the tick's settlement is what races here.
    await drawDueDraws(t.db, clock.nowMs);
    const [a, b] = await Promise.all([settleDraw(t.db, drawId, clock.nowMs), settleDraw(t.db, drawId, clock.nowMs)]);
    expect([a, b].filter((done) => done !== null)).toHaveLength(1);
    expect(await balanceOf(memberId)).toBe(99_000n + 980n);
  });

  test('a settlement killed halfway leaves nothing paid; the rerun pays once', async () => {
    const { memberId, token } = await member();
    const { numero, drawsAt, drawId } = await openNumero(fast5d);
    await placed(token, fast5dBet(numero));
    clock.nowMs = drawsAt + 1;
    await drawDueDraws(t.db, clock.nowMs);
    // The last step of a settlement (the draw marked settled) fails, after the wins went through the wallet.
    await sql`
      CREATE FUNCTION test_kill_settlement() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'killed'; END $$`.execute(t.db);
    await sql`
      CREATE TRIGGER test_kill_settlement BEFORE UPDATE OF status ON lottery_draw
      FOR EACH ROW WHEN (NEW.status = 'settled') EXECUTE FUNCTION test_kill_settlement()`.execute(t.db);
    try {
      await expect(settleDraw(t.db, drawId, clock.nowMs)).rejects.toThrow(/killed/);
      expect(await balanceOf(memberId)).toBe(99_000n);
      const order = await t.db
        .selectFrom('lottery_order')
        .select('status')
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow();
      expect(order.status).toBe(2);
    } finally {
      await sql`DROP TRIGGER test_kill_settlement ON lottery_draw`.execute(t.db);
      await sql`DROP FUNCTION test_kill_settlement()`.execute(t.db);
    }
    await runLotteryTick(t.db, clock.nowMs);
    await runLotteryTick(t.db, clock.nowMs);
    expect(await balanceOf(memberId)).toBe(99_000n + 980n);
    const wins = await t.db
      .selectFrom('vendor_transaction')
      .select('transaction_id')
      .where('member_id', '=', memberId)
      .where('kind', '=', 'win')
      .execute();
    expect(wins).toEqual([{ transaction_id: `LOTTO-W-${drawId}-${memberId}` }]);
    expect((await checkLedger(t.db, { merchantId })).ok).toBe(true);
  });
});

describe('chases', () => {
  test('a chase pays every draw up front and stops after its first win, refunding the rest', async () => {
    const { memberId, token } = await member();
    const { numero, drawsAt } = await openNumero(fast5d);
    const result = await placed(
      token,
      fast5dBet(numero, { totalAmount: '40.00', chase: { phases: 4, stopOnWin: true } }),
    );
    expect(result.chaseNo).toMatch(/^[A-Z0-9]{6}$/);
    expect(result.orders.map((order) => order.numero)).toHaveLength(4);
    expect(new Set(result.orders.map((order) => order.numero)).size).toBe(4);
    expect(await balanceOf(memberId)).toBe(96_000n);
    await drawAndSettle(drawsAt);
    const statuses = await t.db
      .selectFrom('lottery_order')
      .select('status')
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute();
    // The first draw always wins (every digit at position 1); the three later orders come back (status 6).
    expect(statuses.map((row) => row.status)).toEqual([4, 6, 6, 6]);
    expect(await balanceOf(memberId)).toBe(96_000n + 980n + 3_000n);
    const chase = await t.db
      .selectFrom('lottery_chase')
      .select('status')
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(chase.status).toBe('won_stopped');
    expect((await checkLedger(t.db, { merchantId })).ok).toBe(true);
  });
});

describe('cancellation and the records', () => {
  async function cancel(token: string, ids: string[]) {
    return t.app.inject({
      method: 'POST',
      url: lotteryOrderPaths.cancel,
      headers: headers(token),
      payload: { orderDetailId: ids },
    });
  }

  test('cancelled before the lock: refunded less the fee, status 8; a second time, after the lock, or not yours: refused', async () => {
    await t.db
      .updateTable('lottery_game_setting')
      .set({ cancel_fee_bps: 250 })
      .where('merchant_id', '=', merchantId)
      .where('game_id', '=', fast5d)
      .execute();
    const { memberId, token } = await member();
    const other = await member();
    const { numero, locksAt } = await openNumero(fast5d);
    const [first, second] = [await placed(token, fast5dBet(numero)), await placed(token, fast5dBet(numero))];
    const firstId = first.orders[0]!.orderId;

    const notYours = await cancel(other.token, [firstId]);
    expect(notYours.statusCode).toBe(404);

    const response = await cancel(token, [firstId]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ value: LotteryCancelResult }>().value).toEqual({
      cancelled: [{ orderId: firstId, refund: '9.75', fee: '0.25' }],
      balance: '989.75',
    });
    expect(await balanceOf(memberId)).toBe(98_975n);
    expect((await cancel(token, [firstId])).json()).toMatchObject({ errorCode: 'ORDER_IS_CANCELED' });

    clock.nowMs = locksAt;
    expect((await cancel(token, [second.orders[0]!.orderId])).json()).toMatchObject({
      errorCode: 'LGS_CANCEL_ORDER_NOT_AVAILABLE',
    });

    const list = await t.app.inject({
      method: 'GET',
      url: `${lotteryOrderPaths.list}?size=10`,
      headers: headers(token),
    });
    const orders = list.json<{ value: LotteryOrders }>().value;
    expect(orders.totalCount).toBe(2);
    expect(orders.list.map((row) => [row.orderId, row.status, row.cancellable])).toEqual([
      [second.orders[0]!.orderId, 2, false],
      [firstId, 8, false],
    ]);
    expect(orders.betAmount).toBe('10.00');

    const detail = await t.app.inject({
      method: 'GET',
      url: `${lotteryOrderPaths.detail}?orderId=${firstId}`,
      headers: headers(token),
    });
    expect(detail.json<{ value: LotteryOrderDetail }>().value).toMatchObject({
      orderId: firstId,
      status: 8,
      odds: '9.80',
      cancelFee: '0.25',
      betContent: allDigitsFirst.betContent,
    });
    const othersDetail = await t.app.inject({
      method: 'GET',
      url: `${lotteryOrderPaths.detail}?orderId=${firstId}`,
      headers: headers(other.token),
    });
    expect(othersDetail.statusCode).toBe(404);
    expect((await checkLedger(t.db, { merchantId })).ok).toBe(true);
  });

  test('a chase is cancelled from its end', async () => {
    const { token } = await member();
    const { numero } = await openNumero(fast5d);
    const chase = await placed(
      token,
      fast5dBet(numero, { totalAmount: '30.00', chase: { phases: 3, stopOnWin: false } }),
    );
    const [a, b, c] = chase.orders.map((order) => order.orderId);
    expect((await cancel(token, [b!])).json()).toMatchObject({ errorCode: 'CANCEL_CHASE_ORDER_IS_NOT_LAST_START' });
    expect((await cancel(token, [c!])).statusCode).toBe(200);
    expect((await cancel(token, [a!, b!])).statusCode).toBe(200);
  });

  test('the game setting tells the bet slip its limits and plays', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${lotteryOrderPaths.gameSetting}?gameId=${fast5d}`,
      headers: { Merchant: 'demo', Language: 'EN' },
    });
    const setting = response.json<{ value: LotteryGameSetting }>().value;
    expect(setting).toMatchObject({
      gameCode: 'FAST5D_1M',
      platformSettings: [{ allowLottDrawback: '1', allowElottDrawback: '1' }],
      cancelFeePercent: '2.5',
      minStakePerUnit: '1.00',
      minSeries: 1800,
      maxSeries: 2000,
    });
    expect(setting.plays).toContainEqual({ playId: 9001, playCode: 'FAST5D_POS', odds: '9.80' });
  });
});

describe('the Vietnamese menus and the member series', () => {
  test('/lgw/vn/* list the enabled Vietnamese games by region and their current draws', async () => {
    const menu = await t.app.inject({
      method: 'GET',
      url: `${lotteryPaths.vnGameMenu}?device=WEB`,
      headers: { Merchant: 'demo', Language: 'TH' },
    });
    expect(menu.statusCode, menu.body).toBe(200);
    const groups = menu.json<{ value: LotteryVnGameMenu }>().value;
    // By region: the northern draw, then the central and the southern provinces (migration 0073).
    expect(groups.map((group) => [group.groupCode, group.accountTypeName])).toEqual([
      ['VN_NORTH', 'TCG_LOTTO_VN'],
      ['VN_CENTRAL', 'TCG_LOTTO_VN'],
      ['VN_SOUTH', 'TCG_LOTTO_VN'],
    ]);
    expect(groups[0]!.gameMenus.map((game) => game.gameCode)).toEqual(['VN_NORTH']);
    expect(groups[2]!.gameMenus.map((game) => game.gameCode)).toContain('VNS_HCM');
    expect(groups[0]!.groupName).toMatch(/[\u0E00-\u0E7F]/);
    const opened = await t.app.inject({
      method: 'GET',
      url: lotteryPaths.vnOpenedNumeros,
      headers: { Merchant: 'demo', Language: 'EN' },
    });
    const numeros = opened.json<{ value: LotteryOpenedNumero[] }>().value;
    expect(numeros.every((numero) => numero.gameCode === 'VN_NORTH' || /^VN[CS]_/.test(numero.gameCode))).toBe(true);
    expect(numeros.map((numero) => numero.gameCode)).toContain('VN_NORTH');
    const refused = await t.app.inject({
      method: 'GET',
      url: `${lotteryPaths.vnGameMenu}?device=TV`,
      headers: { Merchant: 'demo', Language: 'EN' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'device' });
  });

  test("MCS2_lottoCustomersSeries answers each game's series range for a member, and only for a member", async () => {
    await t.db
      .updateTable('lottery_game_setting')
      .set({ min_series: 1900, max_series: 1980 })
      .where('merchant_id', '=', merchantId)
      .where('game_id', '=', fast3d)
      .execute();
    const { token } = await member();
    const response = await t.app.inject({
      method: 'GET',
      url: lotteryOrderPaths.customerSeries,
      headers: headers(token),
    });
    const series = response.json<{ value: LotteryCustomerSeries }>().value;
    expect(series.find((game) => game.gameCode === 'FAST3D_5M')).toEqual({
      gameGroupCode: 'FAST3D',
      gameCode: 'FAST3D_5M',
      prizeModeId: 3,
      minSeries: 1900,
      maxBetSeries: 1980,
    });
    expect(series.find((game) => game.gameCode === 'FAST5D_1M')).toMatchObject({ minSeries: 1800, maxBetSeries: 2000 });
    const visitor = await t.app.inject({
      method: 'GET',
      url: lotteryOrderPaths.customerSeries,
      headers: { Merchant: 'demo', Language: 'EN' },
    });
    expect(visitor.statusCode).toBe(401);
  });
});
