import {
  inboxPaths,
  lotteryOrderPaths,
  type InboxMail,
  type InboxPage,
  type LotteryPlaceOrderRequest,
  type LotteryPlaceOrderResult,
  type OfficialLotteryResult,
} from '@lotus/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { fundedTestMember, insertTestSession } from '../../../testing/members.ts';
import type { TestOperator } from '../../backoffice/backoffice.testing.ts';
import { checkLedger } from '../../ledger/index.ts';
import { runLotteryTick } from '../lottery-draw-loop.ts';
import { findMemberOrder } from '../member-orders.ts';
import { sendChaseNotices } from './chase-notices.ts';
import { useOfficialTestKit } from './official.testing.ts';

/**
 * Corrections and stop-on-win chases (official/README.md "Corrections and chases"), on one app and a
 * fake clock, with Hanoi (daily, 18:30 Bangkok, bets close 18:00). Two members chase the 2 bottom over
 * five draws from 27 November with stop on win: A on 12, B on 34. The first result (bottom 34) stops
 * B's chase; a correction to 12 the next day at 18:10 (the 28th locked) stops A's chase (its orders on
 * the 29th, 30th and 1st refunded, the 28th's kept) and takes B's stop back (B's refunded orders stay
 * refunded, the chase `win_corrected`, never debited again); a second correction back to 34, confirmed
 * by two racing calls, reverses both once; the 28th's own win then stops A's chase again.
 */
const kit = useOfficialTestKit({ startMs: Date.parse('2026-11-27T07:00:30Z') });
const { clock, balanceOf, admin, confirmUrl } = kit;
let hanoiId: number;

const bottom = (bottom2: string): OfficialLotteryResult => ({ family: 'THAI_STYLE', top3: '555', bottom2 });
const numeros = ['20261127', '20261128', '20261129', '20261130', '20261201'];
/** 18:30 Bangkok of a numero's day, minus `beforeMs`. */
const drawTime = (numero: string, offsetMs = 0) =>
  Date.parse(`${numero.slice(0, 4)}-${numero.slice(4, 6)}-${numero.slice(6)}T11:30:00Z`) + offsetMs;

beforeAll(async () => {
  hanoiId = (
    await kit.t.db.selectFrom('lottery_game').select('id').where('code', '=', 'HANOI').executeTakeFirstOrThrow()
  ).id;
});

/** The operator's entry of a Hanoi result. */
const entered = (operator: TestOperator, numero: string, result: OfficialLotteryResult) =>
  kit.entered(operator, 'HANOI', numero, result);

async function chase(token: string, number: string, from = numeros[0]!, phases = 5): Promise<LotteryPlaceOrderResult> {
  const body: LotteryPlaceOrderRequest = {
    gameId: hanoiId,
    numero: from,
    bets: [{ playId: 2060, betContent: number, betNum: 1, stakePerUnit: '1.00', multiple: 1, series: 2000 }],
    totalAmount: `${phases}.00`,
    chase: { phases, stopOnWin: true },
  };
  const response = await kit.t.app.inject({
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
  const chaseRow = await kit.t.db
    .selectFrom('lottery_chase')
    .select(['id', 'status'])
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  const orders = await kit.t.db
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

/** The member's lottery chase messages, as the member reads them in a language (newest first). */
async function chaseMessages(memberId: bigint, language: 'TH' | 'EN' = 'EN'): Promise<InboxMail[]> {
  // A session of its own: the fake clock has moved days past the chase's.
  const token = await insertTestSession(kit.t.db, kit.merchantId, memberId, clock.nowMs);
  const response = await kit.t.app.inject({
    method: 'GET',
    url: `${inboxPaths.list}?startTime=0&size=50`,
    headers: { Merchant: 'demo', Language: language, Authorization: token },
  });
  expect(response.statusCode, response.body).toBe(200);
  const subjects = [
    'Your chase stopped after a result correction',
    'The win that stopped your chase was corrected',
    'การแทงต่อเนื่องหยุดลงหลังแก้ไขผลรางวัล',
    'รางวัลที่หยุดการแทงต่อเนื่องถูกแก้ไข',
  ];
  return response.json<{ value: InboxPage }>().value.content.filter((mail) => subjects.includes(mail.subject));
}

/** The settlement part of the audit row of a confirmed correction. */
async function correctionAudit(entryId: string) {
  const rows = await kit.t.db
    .selectFrom('operator_audit')
    .select('after')
    .where('action', '=', 'lottery.result.correct')
    .execute();
  const row = rows.find((item) => (item.after as { entryId?: string } | null)?.entryId === entryId);
  return (row?.after as { settlement?: Record<string, unknown> } | undefined)?.settlement;
}

async function ledgerClean() {
  const check = await checkLedger(kit.t.db, { merchantId: kit.merchantId });
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
    a = await fundedTestMember(kit.t.db, kit.merchantId, 'chasecorrA', 100_000n, { nowMs: clock.nowMs });
    b = await fundedTestMember(kit.t.db, kit.merchantId, 'chasecorrB', 100_000n, { nowMs: clock.nowMs });
    await chase(a.token, '12');
    await chase(b.token, '34');
    expect(await balanceOf(a.memberId)).toBe(100_000n - 500n);

    clock.nowMs = drawTime(numeros[0]!, 60_000);
    await runLotteryTick(kit.t.db, clock.nowMs);
    const entry = await entered(kit.operatorA, numeros[0]!, bottom('34'));
    const confirmed = await admin(kit.operatorB, 'POST', confirmUrl(entry.entryId), { result: bottom('34') });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await runLotteryTick(kit.t.db, clock.nowMs);

    const chaseB = await chaseOf(b.memberId);
    expect(chaseB.status).toBe('won_stopped');
    expect(chaseB.statuses).toEqual([4, 6, 6, 6, 6]);
    win = chaseB.orders[0]!.win_amount_minor!;
    expect(win).toBeGreaterThan(0n);
    expect(await balanceOf(b.memberId)).toBe(100_000n - 100n + win);
    const chaseA = await chaseOf(a.memberId);
    expect(chaseA).toMatchObject({ status: 'running', statuses: [5, 2, 2, 2, 2] });
    // Settlement's own stop is no correction: no message (the member's orders show it).
    expect(await chaseMessages(b.memberId)).toEqual([]);
    await ledgerClean();
  });

  test('a correction the next day: A now wins and stops (the locked draw kept), B stop is taken back without a new debit', async () => {
    // 18:10 on the 28th: that draw closed at 18:00, the 29th and later are open.
    clock.nowMs = drawTime(numeros[1]!, -20 * 60_000);
    await runLotteryTick(kit.t.db, clock.nowMs);
    const ordersBefore = await kit.t.db
      .selectFrom('lottery_order')
      .select((eb) => eb.fn.countAll().as('n'))
      .execute();
    const entry = await entered(kit.operatorB, numeros[0]!, bottom('12'));
    expect(entry.purpose).toBe('correction');
    const confirmed = await admin(kit.operatorA, 'POST', confirmUrl(entry.entryId), { result: bottom('12') });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // A: the 27th wins, the chase stops; the 28th (locked) stays waiting, the 29th on refunded (6).
    const chaseA = await chaseOf(a.memberId);
    expect(chaseA).toMatchObject({ status: 'won_stopped', statuses: [4, 2, 6, 6, 6] });
    expect(await balanceOf(a.memberId)).toBe(100_000n - 500n + win + 300n);
    // The refunds went the settlement's way: the bets rolled back as LOTTO-R-<order>.
    const rollbacks = await kit.t.db
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
    const ordersAfter = await kit.t.db
      .selectFrom('lottery_order')
      .select((eb) => eb.fn.countAll().as('n'))
      .execute();
    expect(ordersAfter).toEqual(ordersBefore);

    // The member's orders say why: the chase's state on every order of it.
    const detail = await findMemberOrder(
      kit.t.db,
      { merchantId: kit.merchantId, memberId: b.memberId },
      chaseB.orders[1]!.id,
      'EN',
      clock.nowMs,
    );
    expect(detail).toMatchObject({ status: 6, chaseStatus: 'win_corrected' });
    const detailA = await findMemberOrder(
      kit.t.db,
      { merchantId: kit.merchantId, memberId: a.memberId },
      chaseA.orders[2]!.id,
      'EN',
      clock.nowMs,
    );
    expect(detailA).toMatchObject({ status: 6, chaseStatus: 'won_stopped' });
    await ledgerClean();

    // The audit row of the confirmation records what the correction did to the chases.
    expect(await correctionAudit(entry.entryId)).toMatchObject({
      chasesStopped: 1,
      chasesUnstopped: 1,
      chaseOrdersRefunded: 3,
    });
    // Each member is told in their inbox, in their language: A its stop and refunds, B its win taken back.
    const [toA] = await chaseMessages(a.memberId);
    expect(toA).toMatchObject({ subject: 'Your chase stopped after a result correction', sendType: 'system' });
    expect(toA!.content).toContain('Hanoi');
    expect(toA!.content).toContain('draw 20261127 was corrected');
    expect(toA!.content).toContain('3 later bet(s) on draws still open were cancelled and 3.00 THB refunded');
    const [toAThai] = await chaseMessages(a.memberId, 'TH');
    expect(toAThai!.subject).toBe('การแทงต่อเนื่องหยุดลงหลังแก้ไขผลรางวัล');
    expect(toAThai!.content).toContain('งวด 20261127');
    expect(toAThai!.content).toContain('3 รายการถูกยกเลิกและคืนเงิน 3.00 THB');
    const toB = await chaseMessages(b.memberId);
    expect(toB.map((mail) => mail.subject)).toEqual(['The win that stopped your chase was corrected']);
    expect(toB[0]!.content).toContain('stay refunded and nothing was debited again');
    expect((await chaseMessages(b.memberId, 'TH'))[0]!.subject).toBe('รางวัลที่หยุดการแทงต่อเนื่องถูกแก้ไข');

    // A rerun of the same correction changes nothing.
    const again = await admin(kit.operatorA, 'POST', confirmUrl(entry.entryId), { result: bottom('12') });
    expect(again.json().errorCode).toBe('lottery.result.decided');
    expect(await chaseOf(a.memberId)).toMatchObject({ status: 'won_stopped', statuses: [4, 2, 6, 6, 6] });
    expect(await balanceOf(a.memberId)).toBe(100_000n - 500n + win + 300n);
    expect(await balanceOf(b.memberId)).toBe(100_000n - 100n);
    // ... and tells nobody twice, even were the notices written again for the same correction.
    await kit.t.db.transaction().execute((trx) =>
      sendChaseNotices(
        trx,
        { gameId: hanoiId, numero: numeros[0]! },
        BigInt(entry.entryId),
        [
          {
            merchantId: kit.merchantId,
            memberId: a.memberId,
            stopped: { chases: 1, ordersRefunded: 3, refundMinor: 300n },
            winCorrected: 0,
          },
          {
            merchantId: kit.merchantId,
            memberId: b.memberId,
            stopped: { chases: 0, ordersRefunded: 0, refundMinor: 0n },
            winCorrected: 1,
          },
        ],
        clock.nowMs,
      ),
    );
    expect(await chaseMessages(a.memberId)).toHaveLength(1);
    expect(await chaseMessages(b.memberId)).toHaveLength(1);
  });

  test('a correction back, confirmed by two racing calls, reverses both once', async () => {
    const entry = await entered(kit.operatorA, numeros[0]!, bottom('34'));
    const [first, second] = await Promise.all([
      admin(kit.operatorB, 'POST', confirmUrl(entry.entryId), { result: bottom('34') }),
      admin(kit.operatorB, 'POST', confirmUrl(entry.entryId), { result: bottom('34') }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);

    // A: no win left; the refunded orders stay refunded, the 28th still waits: win_corrected.
    expect(await chaseOf(a.memberId)).toMatchObject({ status: 'win_corrected', statuses: [5, 2, 6, 6, 6] });
    expect(await balanceOf(a.memberId)).toBe(100_000n - 500n + 300n);
    // B: wins again, the chase is stopped by it again; nothing left to refund.
    expect(await chaseOf(b.memberId)).toMatchObject({ status: 'won_stopped', statuses: [4, 6, 6, 6, 6] });
    expect(await balanceOf(b.memberId)).toBe(100_000n - 100n + win);
    await ledgerClean();

    expect(await correctionAudit(entry.entryId)).toMatchObject({
      chasesStopped: 1,
      chasesUnstopped: 1,
      chaseOrdersRefunded: 0,
    });
    // A is told its stopping win was taken back (once, whichever racing call won); B's new stop
    // refunded nothing (its orders were refunded already): no second message to B.
    expect((await chaseMessages(a.memberId)).map((mail) => mail.subject)).toEqual([
      'The win that stopped your chase was corrected',
      'Your chase stopped after a result correction',
    ]);
    expect(await chaseMessages(b.memberId)).toHaveLength(1);
  });

  test('the kept order on the locked draw settles normally, and its win stops the chase again', async () => {
    clock.nowMs = drawTime(numeros[1]!, 60_000);
    await runLotteryTick(kit.t.db, clock.nowMs);
    const entry = await entered(kit.operatorA, numeros[1]!, bottom('12'));
    const confirmed = await admin(kit.operatorB, 'POST', confirmUrl(entry.entryId), { result: bottom('12') });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await runLotteryTick(kit.t.db, clock.nowMs);
    expect(await chaseOf(a.memberId)).toMatchObject({ status: 'won_stopped', statuses: [5, 4, 6, 6, 6] });
    expect(await balanceOf(a.memberId)).toBe(100_000n - 500n + 300n + win);
    await ledgerClean();
  });
});

describe('a stop that refunded nothing, its win taken back', () => {
  test('the chase is completed again, without a message: nothing was refunded', async () => {
    // 18:31 on the 28th (the last step above): C chases 56 over the 29th and the 30th, stop on win.
    const c = await fundedTestMember(kit.t.db, kit.merchantId, 'chasecorrC', 100_000n, { nowMs: clock.nowMs });
    await chase(c.token, '56', numeros[2]!, 2);
    for (const [numero, number] of [
      [numeros[2]!, '00'],
      [numeros[3]!, '56'],
    ] as const) {
      clock.nowMs = drawTime(numero, 60_000);
      await runLotteryTick(kit.t.db, clock.nowMs);
      const entry = await entered(kit.operatorA, numero, bottom(number));
      const confirmed = await admin(kit.operatorB, 'POST', confirmUrl(entry.entryId), { result: bottom(number) });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      await runLotteryTick(kit.t.db, clock.nowMs);
    }
    // The last draw's win stops the chase with nothing left to refund.
    const stopped = await chaseOf(c.memberId);
    expect(stopped).toMatchObject({ status: 'won_stopped', statuses: [5, 4] });
    const cWin = stopped.orders[1]!.win_amount_minor!;
    expect(await balanceOf(c.memberId)).toBe(100_000n - 200n + cWin);

    // The next morning the 30th's result is corrected: the win is taken back, the chase is over.
    clock.nowMs = drawTime(numeros[3]!, 14 * 3_600_000);
    const entry = await entered(kit.operatorB, numeros[3]!, bottom('00'));
    const confirmed = await admin(kit.operatorA, 'POST', confirmUrl(entry.entryId), { result: bottom('00') });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await chaseOf(c.memberId)).toMatchObject({ status: 'completed', statuses: [5, 5] });
    expect(await balanceOf(c.memberId)).toBe(100_000n - 200n);
    expect(await correctionAudit(entry.entryId)).toMatchObject({
      orders: 1,
      members: 1,
      debitedMinor: cWin.toString(),
      chasesStopped: 0,
      chasesUnstopped: 1,
      chaseOrdersRefunded: 0,
    });
    // The correction took the win back (the balance shows it); no chase message: no stake was refunded.
    expect(await chaseMessages(c.memberId)).toEqual([]);
    await ledgerClean();
  });
});
