import {
  adminLotteryErrorCodes,
  adminLotteryPaths,
  lotteryErrorCodes,
  lotteryOrderPaths,
  type AdminLotteryBook,
  type AdminLotteryCancelDrawResult,
  type AdminLotteryDrawPage,
  type AdminLotteryGames,
  type AdminLotteryNumberRule,
  type AdminLotteryNumberRules,
  type AdminLotteryOrderDetail,
  type AdminLotteryOrderPage,
  type AdminLotterySetting,
  type AdminLotterySettingRequest,
  type LotteryPlaceOrderRequest,
  type LotteryPlaceOrderResult,
} from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fundedTestMember } from '../../../testing/members.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { insertTestOperator, type TestOperator } from '../../backoffice/backoffice.testing.ts';
import { checkLedger, memberBalance } from '../../ledger/index.ts';
import { runLotteryTick } from '../lottery-draw-loop.ts';

/**
 * The lottery's back-office on one app, a real database and a fake clock: a game's setting saved at
 * its version and refused out of order, blocked numbers met by the next bet, the book of a draw,
 * the orders' search, and cancelling a draw (every waiting order refunded once, balances whole, the
 * ledger clean, the shared draw row untouched). Every change leaves an audit row.
 *
 * The clock starts at 2026-11-27 14:00:30 Bangkok, like lottery-betting.test.ts.
 */
const startMs = Date.parse('2026-11-27T07:00:30Z');
const clock = { nowMs: startMs };
let t: TestApp;
let merchantId: number;
let fast3d: number;
let admin: TestOperator;
let support: TestOperator;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock.nowMs });
  merchantId = t.demoMerchantId;
  await runLotteryTick(t.db, clock.nowMs);
  fast3d = (
    await t.db.selectFrom('lottery_game').select('id').where('code', '=', 'FAST3D_5M').executeTakeFirstOrThrow()
  ).id;
  admin = await insertTestOperator(t.db, { merchantId, role: 'admin', nowMs: clock.nowMs });
  support = await insertTestOperator(t.db, { merchantId, role: 'support', nowMs: clock.nowMs });
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(
  method: Method,
  url: string,
  options: { body?: unknown; operator?: TestOperator; language?: 'TH' | 'EN' } = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { Merchant: 'demo', Language: options.language ?? 'EN', Authorization: (options.operator ?? admin).token },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}
async function value<T>(method: Method, url: string, body?: unknown): Promise<T> {
  const response = await call(method, url, { body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ value: T }>().value;
}

const settingUrl = (gameId: number) => adminLotteryPaths.gameSetting.replace(':gameId', String(gameId));
const rulesUrl = (gameId: number) => adminLotteryPaths.numberRules.replace(':gameId', String(gameId));

async function currentSetting(gameId: number): Promise<AdminLotterySetting> {
  const games = await value<AdminLotteryGames>('GET', adminLotteryPaths.games);
  return games.items.find((game) => game.gameId === gameId)!.setting;
}

function requestOf(setting: AdminLotterySetting, changes: Partial<AdminLotterySettingRequest> = {}) {
  const { updatedAt: _updatedAt, ...fields } = setting;
  return { ...fields, ...changes };
}

const auditActions = async (action: string) =>
  (
    await t.db
      .selectFrom('operator_audit')
      .select(['target_id', 'before', 'after'])
      .where('merchant_id', '=', merchantId)
      .where('action', '=', action)
      .orderBy('id')
      .execute()
  ).map((row) => ({ targetId: row.target_id, before: row.before, after: row.after }));

let memberCount = 0;
async function member(amountMinor = 100_000n) {
  memberCount += 1;
  return fundedTestMember(t.db, merchantId, `lotadm${memberCount}`, amountMinor, { nowMs: clock.nowMs });
}
const balanceOf = (memberId: bigint) => memberBalance(t.db, merchantId, 'THB', { kind: 'member_main', memberId });

async function openDraw(gameId: number) {
  const draw = await t.db
    .selectFrom('lottery_draw')
    .select(['id', 'numero', 'locks_at', 'draws_at'])
    .where('game_id', '=', gameId)
    .where('status', '=', 'open')
    .where('locks_at', '>', new Date(clock.nowMs))
    .orderBy('draws_at')
    .executeTakeFirstOrThrow();
  return { drawId: draw.id, numero: draw.numero, locksAt: draw.locks_at.getTime(), drawsAt: draw.draws_at.getTime() };
}

/** A 3 top bet on `numbers` (comma-separated) at 1.00 each on the FAST3D draw. */
function top3Bet(numero: string, numbers: string[]): LotteryPlaceOrderRequest {
  return {
    gameId: fast3d,
    numero,
    bets: [
      {
        playId: 2055,
        betContent: numbers.join(','),
        betNum: numbers.length,
        stakePerUnit: '1.00',
        multiple: 1,
        series: 2000,
      },
    ],
    totalAmount: `${numbers.length}.00`,
  };
}
function place(token: string, body: LotteryPlaceOrderRequest) {
  return t.app.inject({
    method: 'POST',
    url: lotteryOrderPaths.place,
    headers: { Merchant: 'demo', Language: 'EN', Authorization: token },
    payload: body,
  });
}
async function placed(token: string, body: LotteryPlaceOrderRequest): Promise<LotteryPlaceOrderResult> {
  const response = await place(token, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ value: LotteryPlaceOrderResult }>().value;
}

describe('games and settings', () => {
  test('every game is listed with the defaults and its plays; a save at the version read applies to the next bet, audited', async () => {
    const games = await value<AdminLotteryGames>('GET', adminLotteryPaths.games);
    const game = games.items.find((item) => item.gameId === fast3d)!;
    expect(game).toMatchObject({ gameCode: 'FAST3D_5M', kind: 'house', isGameEnabled: true });
    expect(game.setting).toMatchObject({ enabled: true, minStakePerUnit: '1.00', overLimitMode: 'refuse', version: 1 });
    expect(game.plays).toContainEqual({ playId: 2055, playCode: 'THAI_3TOP', isNumberPlay: true });
    expect(games.items.map((item) => item.gameCode)).toContain('THAI_GOV');

    const saved = await value<AdminLotterySetting>(
      'PUT',
      settingUrl(fast3d),
      requestOf(game.setting, { enabled: false, maxNumberPayout: '5000.00', cancelFeeBps: 250 }),
    );
    expect(saved).toMatchObject({ enabled: false, maxNumberPayout: '5000.00', cancelFeeBps: 250, version: 2 });
    const { numero } = await openDraw(fast3d);
    const { token } = await member();
    const refused = await place(token, top3Bet(numero, ['123']));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: lotteryErrorCodes.gameClosed });

    // A second operator's form read at version 1 is refused, nothing written.
    const stale = await call('PUT', settingUrl(fast3d), { body: requestOf(game.setting, { enabled: true }) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ errorCode: adminLotteryErrorCodes.settingStale, field: 'version' });
    expect((await currentSetting(fast3d)).enabled).toBe(false);

    await value('PUT', settingUrl(fast3d), requestOf(saved, { enabled: true, maxNumberPayout: null, cancelFeeBps: 0 }));
    await placed(token, top3Bet(numero, ['123']));
    const audits = await auditActions('lottery.setting.update');
    expect(audits.at(-2)).toMatchObject({
      targetId: String(fast3d),
      before: { enabled: true, maxNumberPayout: null, version: 1 },
      after: { enabled: false, maxNumberPayout: '5000.00', version: 2 },
    });
  });

  test.each([
    {
      name: 'a maximum order below the minimum stake',
      changes: { minStakePerUnit: '10.00', maxOrderAmount: '5.00' },
      field: 'maxOrderAmount',
    },
    {
      name: "a member's draw maximum below the order maximum",
      changes: { maxOrderAmount: '500.00', maxMemberDrawAmount: '100.00' },
      field: 'maxMemberDrawAmount',
    },
    { name: 'a maximum series below the minimum', changes: { minSeries: 1950, maxSeries: 1900 }, field: 'maxSeries' },
    { name: 'a series over 2000', changes: { maxSeries: 2001 }, field: 'maxSeries' },
    { name: 'a fee over 100 %', changes: { cancelFeeBps: 10_001 }, field: 'cancelFeeBps' },
    { name: 'a zero stake', changes: { minStakePerUnit: '0' }, field: 'minStakePerUnit' },
    { name: 'a payout limit with three decimals', changes: { maxNumberPayout: '1.005' }, field: 'maxNumberPayout' },
    { name: 'an unknown mode', changes: { overLimitMode: 'ignore' }, field: 'overLimitMode' },
  ])('refuses $name (400 naming $field in TH and EN), nothing written', async ({ changes, field }) => {
    const before = await currentSetting(fast3d);
    for (const language of ['TH', 'EN'] as const) {
      const response = await call('PUT', settingUrl(fast3d), {
        body: { ...requestOf(before), ...changes },
        language,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field });
      expect(response.json().message).toContain(field);
    }
    expect(await currentSetting(fast3d)).toEqual(before);
  });

  test('an unknown game is 404 naming gameId; an operator without lottery.manage is refused', async () => {
    const setting = await currentSetting(fast3d);
    const unknown = await call('PUT', settingUrl(999_999), { body: requestOf(setting) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ field: 'gameId' });
    for (const [method, url] of [
      ['GET', adminLotteryPaths.games],
      ['GET', `${adminLotteryPaths.book}?gameId=${fast3d}`],
      ['GET', adminLotteryPaths.orders],
    ] as const) {
      const response = await call(method, url, { operator: support });
      expect(response.statusCode, url).toBe(403);
    }
  });
});

describe('blocked numbers', () => {
  test('a closed number refuses the next bet on it; an any-order number is kept as the book counts it; removing it opens it again', async () => {
    const { numero } = await openDraw(fast3d);
    const { token } = await member();
    const closed = await value<AdminLotteryNumberRule>('POST', rulesUrl(fast3d), {
      playCode: 'THAI_3TOP',
      number: '777',
      closed: true,
      maxPayout: null,
      numero: null,
    });
    expect(closed).toMatchObject({ playCode: 'THAI_3TOP', number: '777', closed: true, numero: null });
    const refused = await place(token, top3Bet(numero, ['777']));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: lotteryErrorCodes.numberOverLimits, value: { number: '777' } });

    const tod = await value<AdminLotteryNumberRule>('POST', rulesUrl(fast3d), {
      playCode: 'THAI_3TOD',
      number: '321',
      closed: false,
      maxPayout: '100.00',
      numero,
    });
    expect(tod).toMatchObject({ number: '123', closed: false, maxPayout: '100.00', numero });
    const again = await call('POST', rulesUrl(fast3d), {
      body: { playCode: 'THAI_3TOD', number: '213', closed: true, maxPayout: null, numero },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: adminLotteryErrorCodes.numberRuleExists, field: 'number' });

    const rules = await value<AdminLotteryNumberRules>('GET', rulesUrl(fast3d));
    expect(rules.items.map((rule) => `${rule.playCode}:${rule.number}:${rule.numero ?? '*'}`)).toEqual([
      'THAI_3TOP:777:*',
      `THAI_3TOD:123:${numero}`,
    ]);

    await value('DELETE', adminLotteryPaths.numberRule.replace(':ruleId', closed.ruleId));
    await placed(token, top3Bet(numero, ['777']));
    const missing = await call('DELETE', adminLotteryPaths.numberRule.replace(':ruleId', closed.ruleId));
    expect(missing.statusCode).toBe(404);
    expect((await auditActions('lottery.number_rule.create')).length).toBeGreaterThanOrEqual(2);
    expect(await auditActions('lottery.number_rule.delete')).toEqual([
      expect.objectContaining({ targetId: closed.ruleId, after: null }),
    ]);
    await value('DELETE', adminLotteryPaths.numberRule.replace(':ruleId', tod.ruleId));
  });

  test.each([
    { name: 'a play that is not a number play', body: { playCode: 'THAI_NOPE' }, field: 'playCode' },
    { name: 'a number of the wrong length', body: { number: '12' }, field: 'number' },
    { name: 'letters', body: { number: '12a' }, field: 'number' },
    { name: 'a limit rule without its limit', body: { closed: false, maxPayout: null }, field: 'maxPayout' },
    { name: 'a draw number of another shape', body: { numero: '2026-11-27' }, field: 'numero' },
  ])('refuses $name naming $field', async ({ body, field }) => {
    const response = await call('POST', rulesUrl(fast3d), {
      body: { playCode: 'THAI_3TOP', number: '555', closed: true, maxPayout: null, numero: null, ...body },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ field });
  });
});

describe('the book and the orders', () => {
  test('the current draw by default: totals, numbers by payout with their limit, stakes per play; orders searched and opened', async () => {
    const { numero, drawId } = await openDraw(fast3d);
    await value('POST', rulesUrl(fast3d), {
      playCode: 'THAI_3TOP',
      number: '456',
      closed: false,
      maxPayout: '5000.00',
      numero,
    });
    const a = await member();
    const b = await member();
    const first = await placed(a.token, top3Bet(numero, ['456', '457']));
    await placed(b.token, {
      ...top3Bet(numero, ['456']),
      bets: [{ ...top3Bet(numero, ['456']).bets[0]!, stakePerUnit: '2.00' }],
      totalAmount: '2.00',
    });
    await placed(b.token, {
      gameId: fast3d,
      numero,
      bets: [{ playId: 2055, betContent: '999', betNum: 1, stakePerUnit: '1.00', multiple: 1, series: 2000 }],
      totalAmount: '1.00',
    });

    const book = await value<AdminLotteryBook>('GET', `${adminLotteryPaths.book}?gameId=${fast3d}`);
    expect(book.draw).toMatchObject({ drawId: drawId.toString(), numero, status: 'open', isCancellable: false });
    const mine = book.numbers.filter((line) => ['456', '457', '999'].includes(line.number));
    // 3 top pays 800 per 1.00: 456 has 3.00 on it (2400.00), 457 and 999 1.00 each.
    expect(mine).toEqual([
      { playCode: 'THAI_3TOP', number: '456', stake: '3.00', payout: '2400.00', limit: '5000.00', isClosed: false },
      { playCode: 'THAI_3TOP', number: '457', stake: '1.00', payout: '800.00', limit: null, isClosed: false },
      { playCode: 'THAI_3TOP', number: '999', stake: '1.00', payout: '800.00', limit: null, isClosed: false },
    ]);
    const payouts = book.numbers.map((line) => Number(line.payout));
    expect(payouts).toEqual([...payouts].sort((x, y) => y - x));
    expect(book.totals.members).toBeGreaterThanOrEqual(2);
    expect(Number(book.totals.stake)).toBeGreaterThanOrEqual(5);
    expect(book.plays).toContainEqual(expect.objectContaining({ playCode: 'THAI_3TOP', isNumberPlay: true }));
    const same = await value<AdminLotteryBook>('GET', `${adminLotteryPaths.book}?gameId=${fast3d}&numero=${numero}`);
    expect(same).toEqual(book);
    const unknown = await call('GET', `${adminLotteryPaths.book}?gameId=${fast3d}&numero=20201010-0001`);
    expect(unknown.statusCode).toBe(404);

    const byMember = await value<AdminLotteryOrderPage>(
      'GET',
      `${adminLotteryPaths.orders}?username=${`LOTADM${memberCount - 1}`}&gameId=${fast3d}`,
    );
    expect(byMember.total).toBe(1);
    expect(byMember.items[0]).toMatchObject({
      orderNo: first.orders[0]!.orderNo,
      betAmount: '2.00',
      status: 2,
      numero,
    });
    const byOrderNo = await value<AdminLotteryOrderPage>(
      'GET',
      `${adminLotteryPaths.orders}?orderNo=${first.masterNo.toLowerCase()}`,
    );
    expect(byOrderNo.items.map((row) => row.orderId)).toEqual([first.orders[0]!.orderId]);
    const none = await value<AdminLotteryOrderPage>('GET', `${adminLotteryPaths.orders}?from=${clock.nowMs + 1}`);
    expect(none.total).toBe(0);
    const detail = await value<AdminLotteryOrderDetail>(
      'GET',
      adminLotteryPaths.order.replace(':orderId', first.orders[0]!.orderId),
    );
    expect(detail).toMatchObject({ betContent: '456,457', drawStatus: 'open', winningNumber: null });
    expect((await call('GET', adminLotteryPaths.order.replace(':orderId', '999999999'))).statusCode).toBe(404);
    const badStatus = await call('GET', `${adminLotteryPaths.orders}?status=3`);
    expect(badStatus.json()).toMatchObject({ field: 'status' });
  });
});

describe('cancelling a draw', () => {
  test('refunds every waiting order of the merchant once (status 12), balances whole, ledger clean, the draw row untouched', async () => {
    const { numero, drawId, locksAt, drawsAt } = await openDraw(fast3d);
    const a = await member(5_000n);
    const b = await member(5_000n);
    await placed(a.token, top3Bet(numero, ['100', '200']));
    await placed(b.token, top3Bet(numero, ['300']));
    expect(await balanceOf(a.memberId)).toBe(4_800n);
    const body = { gameId: fast3d, numero, reason: 'No result from the source' };

    const early = await call('POST', adminLotteryPaths.cancelDraw, { body });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ errorCode: adminLotteryErrorCodes.drawStillOpen, field: 'numero' });
    expect((await call('POST', adminLotteryPaths.cancelDraw, { body: { ...body, reason: '' } })).json()).toMatchObject({
      field: 'reason',
    });

    // Bets closed, the result not in yet.
    clock.nowMs = locksAt;
    await t.db.updateTable('lottery_draw').set({ status: 'locked' }).where('id', '=', drawId).execute();
    const waitingBefore = await t.db
      .selectFrom('lottery_order')
      .select('id')
      .where('draw_id', '=', drawId)
      .where('status', '=', 2)
      .execute();
    const [first, racing] = await Promise.all([
      value<AdminLotteryCancelDrawResult>('POST', adminLotteryPaths.cancelDraw, body),
      value<AdminLotteryCancelDrawResult>('POST', adminLotteryPaths.cancelDraw, body),
    ]);
    const results = [first, racing].sort((x, y) => y.refundedOrders - x.refundedOrders);
    expect(results[0]!.refundedOrders).toBe(waitingBefore.length);
    expect(results[1]).toMatchObject({ refundedOrders: 0, refundedAmount: '0.00', members: 0 });
    expect(await balanceOf(a.memberId)).toBe(5_000n);
    expect(await balanceOf(b.memberId)).toBe(5_000n);
    const statuses = await t.db
      .selectFrom('lottery_order')
      .select('status')
      .distinct()
      .where('draw_id', '=', drawId)
      .execute();
    expect(statuses).toEqual([{ status: 12 }]);
    const draw = await t.db
      .selectFrom('lottery_draw')
      .select('status')
      .where('id', '=', drawId)
      .executeTakeFirstOrThrow();
    expect(draw.status).toBe('locked');
    const book = await value<AdminLotteryBook>('GET', `${adminLotteryPaths.book}?gameId=${fast3d}&numero=${numero}`);
    expect(book.totals).toMatchObject({ orders: 0, stake: '0.00', members: 0 });
    expect(book.numbers.every((line) => line.payout === '0.00')).toBe(true);
    expect(book.draw).toMatchObject({ refundedOrders: waitingBefore.length, waitingOrders: 0, isCancellable: true });

    // A third cancel later refunds nothing more; the draw then drawn and settled pays none of them.
    expect(await value<AdminLotteryCancelDrawResult>('POST', adminLotteryPaths.cancelDraw, body)).toMatchObject({
      refundedOrders: 0,
    });
    clock.nowMs = drawsAt + 1;
    await runLotteryTick(t.db, clock.nowMs);
    expect(await balanceOf(a.memberId)).toBe(5_000n);
    expect(await balanceOf(b.memberId)).toBe(5_000n);
    const settled = await call('POST', adminLotteryPaths.cancelDraw, { body });
    expect(settled.statusCode).toBe(409);
    expect(settled.json()).toMatchObject({ errorCode: adminLotteryErrorCodes.drawSettled });
    expect((await checkLedger(t.db, { merchantId })).ok).toBe(true);

    const audits = (await auditActions('lottery.draw.cancel')).filter((row) => row.targetId === drawId.toString());
    expect(audits).toHaveLength(3);
    expect(audits.map((row) => (row.after as { refundedOrders: number }).refundedOrders).sort()).toEqual([
      0,
      0,
      waitingBefore.length,
    ]);
    expect(audits[0]!.after).toMatchObject({ reason: 'No result from the source' });

    const draws = await value<AdminLotteryDrawPage>('GET', `${adminLotteryPaths.draws}?gameId=${fast3d}&pageSize=50`);
    expect(draws.items.find((row) => row.numero === numero)).toMatchObject({
      status: 'settled',
      refundedOrders: waitingBefore.length,
      isCancellable: false,
    });
  });
});
