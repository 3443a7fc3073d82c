import {
  adminLotteryResultPaths,
  lotteryOrderPaths,
  type AdminLotteryResultEntry,
  type LotteryPlaceOrderRequest,
  type LotteryPlaceOrderResult,
  type OfficialLotteryResult,
} from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fundedTestMember } from '../../../testing/members.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createOperatorSession, insertTestOperator, type TestOperator } from '../../backoffice/backoffice.testing.ts';
import { checkLedger, memberBalance } from '../../ledger/index.ts';
import { runLotteryTick } from '../lottery-draw-loop.ts';
import { findMemberOrder } from '../member-orders.ts';
import { runOfficialTick } from './official-tick.ts';

/**
 * Corrections and stop-on-win chases (official/README.md "Corrections and chases"), on one app and a
 * fake clock, with Hanoi (daily, 18:30 Bangkok, bets close 18:00). Two members chase the 2 bottom over
 * five draws from 27 November with stop on win: A on 12, B on 34. The first result (bottom 34) stops
 * B's chase; a correction to 12 the next day at 18:10 (the 28th locked) stops A's chase (its orders on
 * the 29th, 30th and 1st refunded, the 28th's kept) and takes B's stop back (B's refunded orders stay
 * refunded, the chase `win_corrected`, never debited again); a second correction back to 34, confirmed
 * by two racing calls, reverses both once; the 28th's own win then stops A's chase again.
 */
const startMs = Date.parse('2026-11-27T07:00:30Z');
const clock = { nowMs: startMs };
let t: TestApp;
let merchantId: number;
let operatorA: TestOperator;
let operatorB: TestOperator;
let hanoiId: number;

const bottom = (bottom2: string): OfficialLotteryResult => ({ family: 'THAI_STYLE', top3: '555', bottom2 });
const numeros = ['20261127', '20261128', '20261129', '20261130', '20261201'];
/** 18:30 Bangkok of a numero's day, minus `beforeMs`. */
const drawTime = (numero: string, offsetMs = 0) =>
  Date.parse(`${numero.slice(0, 4)}-${numero.slice(4, 6)}-${numero.slice(6)}T11:30:00Z`) + offsetMs;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock.nowMs });
  merchantId = t.demoMerchantId;
  operatorA = await insertTestOperator(t.db, { merchantId, role: 'platform', nowMs: clock.nowMs });
  operatorB = await insertTestOperator(t.db, { merchantId, role: 'platform', nowMs: clock.nowMs });
  await runOfficialTick(t.db, clock.nowMs);
  await runLotteryTick(t.db, clock.nowMs);
  hanoiId = (await t.db.selectFrom('lottery_game').select('id').where('code', '=', 'HANOI').executeTakeFirstOrThrow())
    .id;
});
afterAll(async () => {
  await t?.close();
});

const balanceOf = (memberId: bigint) => memberBalance(t.db, merchantId, 'THB', { kind: 'member_main', memberId });

async function admin(operator: TestOperator, method: 'GET' | 'POST', url: string, body?: unknown) {
  const { token } = await createOperatorSession(t.db, {
    merchantId,
    operatorId: operator.id,
    stage: 'full',
    ip: '127.0.0.1',
    nowMs: clock.nowMs,
  });
  return t.app.inject({
    method,
    url,
    headers: { Merchant: 'demo', Language: 'EN', Authorization: token },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

async function entered(operator: TestOperator, numero: string, result: OfficialLotteryResult) {
  const response = await admin(operator, 'POST', adminLotteryResultPaths.enter, { gameCode: 'HANOI', numero, result });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ value: AdminLotteryResultEntry }>().value;
}

const confirmUrl = (entryId: string) => adminLotteryResultPaths.confirm.replace(':entryId', entryId);

async function chase(token: string, number: string): Promise<LotteryPlaceOrderResult> {
  const body: LotteryPlaceOrderRequest = {
    gameId: hanoiId,
    numero: numeros[0]!,
    bets: [{ playId: 2060, betContent: number, betNum: 1, stakePerUnit: '1.00', multiple: 1, series: 2000 }],
    totalAmount: '5.00',
    chase: { phases: 5, stopOnWin: true },
  };
  const response = await t.app.inject({
    method: 'POST',
    url: lotteryOrderPaths.place,
    headers: { Merchant: 'demo', Language: 'EN', Authorization: token },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ value: LotteryPlaceOrderResult }>().value;
}

/** A member's chase: its status and its orders' status and win by numero. */
async function chaseOf(memberId: bigint) {
  const chaseRow = await t.db
    .selectFrom('lottery_chase')
    .select(['id', 'status'])
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  const orders = await t.db
    .selectFrom('lottery_order as o')
    .innerJoin('lottery_draw as d', 'd.id', 'o.draw_id')
    .select(['o.id', 'd.numero', 'o.status', 'o.win_amount_minor'])
    .where('o.chase_id', '=', chaseRow.id)
    .orderBy('d.draws_at')
    .execute();
  return {
    status: chaseRow.status,
    statuses: orders.map((order) => order.status),
    orders,
  };
}

async function ledgerClean() {
  const check = await checkLedger(t.db, { merchantId });
  expect(
    check.ok,
    JSON.stringify(check, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)),
  ).toBe(true);
}

describe('a corrected result keeps stop-on-win chases consistent', () => {
  let a: { memberId: bigint; token: string };
  let b: { memberId: bigint; token: string };
  /** What a 1.00 bet on the 2 bottom wins at series 2000 (read from the settlement, not assumed). */
  let win = 0n;

  test('the first result stops B chase after its first draw, A chase runs on', async () => {
    a = await fundedTestMember(t.db, merchantId, 'chasecorrA', 100_000n, { nowMs: clock.nowMs });
    b = await fundedTestMember(t.db, merchantId, 'chasecorrB', 100_000n, { nowMs: clock.nowMs });
    await chase(a.token, '12');
    await chase(b.token, '34');
    expect(await balanceOf(a.memberId)).toBe(100_000n - 500n);

    clock.nowMs = drawTime(numeros[0]!, 60_000);
    await runLotteryTick(t.db, clock.nowMs);
    const entry = await entered(operatorA, numeros[0]!, bottom('34'));
    const confirmed = await admin(operatorB, 'POST', confirmUrl(entry.entryId), { result: bottom('34') });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await runLotteryTick(t.db, clock.nowMs);

    const chaseB = await chaseOf(b.memberId);
    expect(chaseB.status).toBe('won_stopped');
    expect(chaseB.statuses).toEqual([4, 6, 6, 6, 6]);
    win = chaseB.orders[0]!.win_amount_minor!;
    expect(win).toBeGreaterThan(0n);
    expect(await balanceOf(b.memberId)).toBe(100_000n - 100n + win);
    const chaseA = await chaseOf(a.memberId);
    expect(chaseA).toMatchObject({ status: 'running', statuses: [5, 2, 2, 2, 2] });
    await ledgerClean();
  });

  test('a correction the next day: A now wins and stops (the locked draw kept), B stop is taken back without a new debit', async () => {
    // 18:10 on the 28th: that draw closed at 18:00, the 29th and later are open.
    clock.nowMs = drawTime(numeros[1]!, -20 * 60_000);
    await runLotteryTick(t.db, clock.nowMs);
    const ordersBefore = await t.db
      .selectFrom('lottery_order')
      .select((eb) => eb.fn.countAll().as('n'))
      .execute();
    const entry = await entered(operatorB, numeros[0]!, bottom('12'));
    expect(entry.purpose).toBe('correction');
    const confirmed = await admin(operatorA, 'POST', confirmUrl(entry.entryId), { result: bottom('12') });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // A: the 27th wins, the chase stops; the 28th (locked) stays waiting, the 29th on refunded (6).
    const chaseA = await chaseOf(a.memberId);
    expect(chaseA).toMatchObject({ status: 'won_stopped', statuses: [4, 2, 6, 6, 6] });
    expect(await balanceOf(a.memberId)).toBe(100_000n - 500n + win + 300n);
    // The refunds went the settlement's way: the bets rolled back as LOTTO-R-<order>.
    const rollbacks = await t.db
      .selectFrom('vendor_transaction')
      .select('transaction_id')
      .where(
        'transaction_id',
        'in',
        chaseA.orders.slice(2).map((order) => `LOTTO-R-${order.id}`),
      )
      .execute();
    expect(rollbacks).toHaveLength(3);

    // B: the win is taken back; the refunded orders stay refunded, nothing is debited again.
    const chaseB = await chaseOf(b.memberId);
    expect(chaseB).toMatchObject({ status: 'win_corrected', statuses: [5, 6, 6, 6, 6] });
    expect(await balanceOf(b.memberId)).toBe(100_000n - 100n);
    const ordersAfter = await t.db
      .selectFrom('lottery_order')
      .select((eb) => eb.fn.countAll().as('n'))
      .execute();
    expect(ordersAfter).toEqual(ordersBefore);

    // The member's orders say why: the chase's state on every order of it.
    const detail = await findMemberOrder(
      t.db,
      { merchantId, memberId: b.memberId },
      chaseB.orders[1]!.id,
      'EN',
      clock.nowMs,
    );
    expect(detail).toMatchObject({ status: 6, chaseStatus: 'win_corrected' });
    const detailA = await findMemberOrder(
      t.db,
      { merchantId, memberId: a.memberId },
      chaseA.orders[2]!.id,
      'EN',
      clock.nowMs,
    );
    expect(detailA).toMatchObject({ status: 6, chaseStatus: 'won_stopped' });
    await ledgerClean();

    // A rerun of the same correction changes nothing.
    const again = await admin(operatorA, 'POST', confirmUrl(entry.entryId), { result: bottom('12') });
    expect(again.json().errorCode).toBe('lottery.result.decided');
    expect(await chaseOf(a.memberId)).toMatchObject({ status: 'won_stopped', statuses: [4, 2, 6, 6, 6] });
    expect(await balanceOf(a.memberId)).toBe(100_000n - 500n + win + 300n);
    expect(await balanceOf(b.memberId)).toBe(100_000n - 100n);
  });

  test('a correction back, confirmed by two racing calls, reverses both once', async () => {
    const entry = await entered(operatorA, numeros[0]!, bottom('34'));
    const [first, second] = await Promise.all([
      admin(operatorB, 'POST', confirmUrl(entry.entryId), { result: bottom('34') }),
      admin(operatorB, 'POST', confirmUrl(entry.entryId), { result: bottom('34') }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);

    // A: no win left; the refunded orders stay refunded, the 28th still waits: win_corrected.
    expect(await chaseOf(a.memberId)).toMatchObject({ status: 'win_corrected', statuses: [5, 2, 6, 6, 6] });
    expect(await balanceOf(a.memberId)).toBe(100_000n - 500n + 300n);
    // B: wins again, the chase is stopped by it again; nothing left to refund.
    expect(await chaseOf(b.memberId)).toMatchObject({ status: 'won_stopped', statuses: [4, 6, 6, 6, 6] });
    expect(await balanceOf(b.memberId)).toBe(100_000n - 100n + win);
    await ledgerClean();
  });

  test('the kept order on the locked draw settles normally, and its win stops the chase again', async () => {
    clock.nowMs = drawTime(numeros[1]!, 60_000);
    await runLotteryTick(t.db, clock.nowMs);
    const entry = await entered(operatorA, numeros[1]!, bottom('12'));
    const confirmed = await admin(operatorB, 'POST', confirmUrl(entry.entryId), { result: bottom('12') });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await runLotteryTick(t.db, clock.nowMs);
    expect(await chaseOf(a.memberId)).toMatchObject({ status: 'won_stopped', statuses: [5, 4, 6, 6, 6] });
    expect(await balanceOf(a.memberId)).toBe(100_000n - 500n + 300n + win);
    await ledgerClean();
  });
});
