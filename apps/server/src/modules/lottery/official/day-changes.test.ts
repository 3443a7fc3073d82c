import {
  adminLotteryDayChangePaths,
  lotteryOrderPaths,
  type AdminLotteryDayChangeAdded,
  type AdminLotteryDayChanges,
  type LotteryPlaceOrderRequest,
} from '@lotus/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import type { TestOperator } from '../../backoffice/backoffice.testing.ts';
import { checkLedger } from '../../ledger/index.ts';
import { createOfficialDrawsAhead } from './create-official-draws.ts';
import { runOfficialTick } from './official-tick.ts';
import { useOfficialTestKit } from './official.testing.ts';

/**
 * Holiday day changes from the back-office (day-changes.ts): added and removed by a `lottery.results`
 * holder, audited; a draw already created is moved when it has no bets, and with bets refused unless
 * the operator accepts that it is cancelled and its bets refunded (status 12, refundOrders). The
 * clock starts on Friday 27 November 2026, 14:00:30 Bangkok: THAI_GOV's 20261201 exists (16:00
 * Bangkok, bets close 15:30), its 16 December draw does not yet (14 days ahead).
 */
const kit = useOfficialTestKit({
  startMs: Date.parse('2026-11-27T07:00:30Z'),
  memberPrefix: 'daychange',
  operatorRoles: ['platform', 'admin'],
});
const { clock, member, balanceOf, admin } = kit;
/** The kit's two operators: a platform operator and a brand's admin. */
let platform: TestOperator;
let brandAdmin: TestOperator;
beforeAll(() => {
  ({ operatorA: platform, operatorB: brandAdmin } = kit);
});

const add = (body: Record<string, unknown>, language = 'EN', operator = platform) =>
  admin(operator, 'POST', adminLotteryDayChangePaths.add, body, language);
const removeUrl = (gameCode: string, day: string) =>
  adminLotteryDayChangePaths.remove.replace(':gameCode', gameCode).replace(':scheduledDay', day);

async function drawsOf(gameCode: string) {
  return kit.t.db
    .selectFrom('lottery_draw as d')
    .innerJoin('lottery_game as g', 'g.id', 'd.game_id')
    .select(['d.id', 'd.game_id', 'd.numero', 'd.status', 'd.locks_at', 'd.draws_at'])
    .where('g.code', '=', gameCode)
    .orderBy('d.draws_at')
    .execute();
}

async function auditActions() {
  return (
    await kit.t.db
      .selectFrom('operator_audit')
      .select('action')
      .where('action', 'like', 'lottery.day_change.%')
      .orderBy('id')
      .execute()
  ).map((row) => row.action);
}

describe('day changes', () => {
  test('only a lottery.results holder; bad days are refused naming the field, in TH and EN', async () => {
    const denied = await add(
      { gameCode: 'THAI_GOV', scheduledDay: '2026-12-16', drawDay: '2026-12-17' },
      'EN',
      brandAdmin,
    );
    expect(denied.statusCode).toBe(403);
    expect((await admin(brandAdmin, 'GET', adminLotteryDayChangePaths.list)).statusCode).toBe(403);

    const notDrawDay = await add({ gameCode: 'THAI_GOV', scheduledDay: '2026-12-05', drawDay: null }, 'TH');
    expect(notDrawDay.statusCode).toBe(400);
    expect(notDrawDay.json()).toMatchObject({ errorCode: 'lottery.day_change.not.draw.day', field: 'scheduledDay' });
    expect(notDrawDay.json().message).toMatch(/วันออกผล/);

    const sameDay = await add({ gameCode: 'THAI_GOV', scheduledDay: '2026-12-16', drawDay: '2026-12-16' });
    expect(sameDay.statusCode).toBe(400);
    expect(sameDay.json()).toMatchObject({ errorCode: 'validation.failed', field: 'drawDay' });

    const badDay = await add({ gameCode: 'THAI_GOV', scheduledDay: '2026-02-30', drawDay: null }, 'TH');
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().field).toBe('scheduledDay');

    // 1 November has passed; Hanoi draws daily, so 1 December is taken for a move of 30 November.
    const past = await add({ gameCode: 'THAI_GOV', scheduledDay: '2026-11-16', drawDay: '2026-12-02' });
    expect(past.json()).toMatchObject({ errorCode: 'lottery.day_change.too.late', field: 'scheduledDay' });
    const taken = await add({ gameCode: 'HANOI', scheduledDay: '2026-11-30', drawDay: '2026-12-01' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ errorCode: 'lottery.day_change.day.taken', field: 'drawDay' });

    const house = await add({ gameCode: 'FAST3D_5M', scheduledDay: '2026-12-16', drawDay: null });
    expect(house.statusCode).toBe(400);
    expect(house.json().field).toBe('gameCode');
    expect(await auditActions()).toEqual([]);
  });

  test('a day not created yet: the change alone, the pass creates the draw on the new day; removed before use', async () => {
    const added = await add({
      gameCode: 'THAI_GOV',
      scheduledDay: '2026-12-16',
      drawDay: '2026-12-17',
      note: 'Holiday',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<{ value: AdminLotteryDayChangeAdded }>().value).toMatchObject({
      effect: 'none',
      refundedOrders: 0,
      change: {
        gameCode: 'THAI_GOV',
        scheduledDay: '2026-12-16',
        drawDay: '2026-12-17',
        note: 'Holiday',
        draw: null,
        isRemovable: true,
      },
    });
    const again = await add({ gameCode: 'THAI_GOV', scheduledDay: '2026-12-16', drawDay: null });
    expect(again.json()).toMatchObject({ errorCode: 'lottery.day_change.exists', field: 'scheduledDay' });

    const list = await admin(platform, 'GET', `${adminLotteryDayChangePaths.list}?gameCode=THAI_GOV`, undefined, 'TH');
    const listed = list.json<{ value: AdminLotteryDayChanges }>().value;
    expect(listed.games.find((game) => game.gameCode === 'THAI_GOV')).toMatchObject({
      monthDays: [1, 16],
      drawTime: '16:00',
    });
    expect(listed.changes.map((change) => [change.scheduledDay, change.drawDay])).toEqual([
      ['2026-12-16', '2026-12-17'],
    ]);

    // A pass five days later, when 17 December is within 14 days: 20261217, no 20261216.
    await createOfficialDrawsAhead(kit.t.db, Date.parse('2026-12-05T00:00:00Z'));
    expect((await drawsOf('THAI_GOV')).map((draw) => draw.numero)).toEqual(['20261201', '20261217']);
    // The new day's draw has no bets: the change can still go, and the draw back to its day.
    const removed = await admin(platform, 'DELETE', removeUrl('THAI_GOV', '2026-12-16'));
    expect(removed.statusCode, removed.body).toBe(200);
    const back = await drawsOf('THAI_GOV');
    expect(back.map((draw) => draw.numero)).toEqual(['20261201', '20261216']);
    expect(back[1]!.draws_at.toISOString()).toBe('2026-12-16T09:00:00.000Z');
    expect(back[1]!.locks_at.toISOString()).toBe('2026-12-16T08:30:00.000Z');
    expect((await admin(platform, 'DELETE', removeUrl('THAI_GOV', '2026-12-16'))).statusCode).toBe(404);
    expect(await auditActions()).toEqual(['lottery.day_change.add', 'lottery.day_change.remove']);
  });

  test('a created draw without bets is moved: numero and times of the new day', async () => {
    const added = await add({ gameCode: 'LAO', scheduledDay: '2026-12-03', drawDay: '2026-12-04' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<{ value: AdminLotteryDayChangeAdded }>().value).toMatchObject({
      effect: 'moved',
      change: { draw: { numero: '20261204', status: 'open', orders: 0 }, isRemovable: true },
    });
    const lao = await drawsOf('LAO');
    // (The pass of the test before created up to 19 December.)
    expect(lao.map((draw) => draw.numero).slice(0, 4)).toEqual(['20261130', '20261204', '20261207', '20261210']);
    // 20:30 Bangkok = 13:30 UTC.
    expect(lao[1]!.draws_at.toISOString()).toBe('2026-12-04T13:30:00.000Z');
    expect((await runOfficialTick(kit.t.db, clock.nowMs)).created).toBe(0);
  });

  test('a draw with bets: refused unless the refund is accepted; then cancelled, bets refunded once, and the change is used', async () => {
    const [draw] = await drawsOf('THAI_GOV');
    expect(draw!.numero).toBe('20261201');
    const bettor = await member();
    const body: LotteryPlaceOrderRequest = {
      gameId: draw!.game_id,
      numero: '20261201',
      bets: [{ playId: 2055, betContent: '538', betNum: 1, stakePerUnit: '5.00', multiple: 1, series: 2000 }],
      totalAmount: '5.00',
    };
    const placed = await kit.t.app.inject({
      method: 'POST',
      url: lotteryOrderPaths.place,
      headers: { Merchant: 'demo', Language: 'EN', Authorization: bettor.token },
      payload: body,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const balance = () => balanceOf(bettor.memberId);
    expect(await balance()).toBe(99_500n);

    const refused = await add({ gameCode: 'THAI_GOV', scheduledDay: '2026-12-01', drawDay: '2026-12-02' }, 'TH');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'lottery.day_change.has.bets',
      field: 'refundBets',
      value: { orders: 1 },
    });
    expect(refused.json().message).toMatch(/คืนเงิน/);
    expect((await drawsOf('THAI_GOV'))[0]).toMatchObject({ numero: '20261201', status: 'open' });

    const accepted = await add({
      gameCode: 'THAI_GOV',
      scheduledDay: '2026-12-01',
      drawDay: '2026-12-02',
      refundBets: true,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<{ value: AdminLotteryDayChangeAdded }>().value).toMatchObject({
      effect: 'cancelled',
      refundedOrders: 1,
      change: { draw: { numero: '20261202', status: 'open', orders: 0 }, isRemovable: false },
    });
    const thai = await drawsOf('THAI_GOV');
    expect(thai.slice(0, 2).map((row) => [row.numero, row.status])).toEqual([
      ['20261201', 'cancelled'],
      ['20261202', 'open'],
    ]);
    expect(thai[1]!.draws_at.toISOString()).toBe('2026-12-02T09:00:00.000Z');
    const order = await kit.t.db
      .selectFrom('lottery_order')
      .select('status')
      .where('member_id', '=', bettor.memberId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe(12);
    expect(await balance()).toBe(100_000n);
    expect((await checkLedger(kit.t.db)).ok).toBe(true);

    // The cancelled draw's bets were refunded: the change stays.
    const used = await admin(platform, 'DELETE', removeUrl('THAI_GOV', '2026-12-01'), undefined, 'TH');
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({ errorCode: 'lottery.day_change.used', field: 'scheduledDay' });
    // The pass and the deadline leave it as it is.
    await runOfficialTick(kit.t.db, clock.nowMs);
    expect((await drawsOf('THAI_GOV')).filter((row) => row.numero === '20261201')).toHaveLength(1);
    expect(await balance()).toBe(100_000n);
  });

  test('a skipped day with no bets: the draw cancelled, nothing refunded; the list shows the upcoming changes', async () => {
    const skipped = await add({ gameCode: 'LAO', scheduledDay: '2026-12-07', drawDay: null, note: 'Market holiday' });
    expect(skipped.json<{ value: AdminLotteryDayChangeAdded }>().value).toMatchObject({
      effect: 'cancelled',
      refundedOrders: 0,
      change: { drawDay: null, draw: { numero: '20261207', status: 'cancelled' }, isRemovable: false },
    });
    const list = await admin(platform, 'GET', adminLotteryDayChangePaths.list);
    const changes = list.json<{ value: AdminLotteryDayChanges }>().value.changes;
    expect(changes.map((change) => `${change.gameCode} ${change.scheduledDay} ${change.drawDay}`)).toEqual([
      'THAI_GOV 2026-12-01 2026-12-02',
      'LAO 2026-12-03 2026-12-04',
      'LAO 2026-12-07 null',
    ]);
    expect(await auditActions()).toEqual([
      'lottery.day_change.add',
      'lottery.day_change.remove',
      'lottery.day_change.add',
      'lottery.day_change.add',
      'lottery.day_change.add',
    ]);
  });
});
