import {
  adminLotteryResultPaths,
  type AdminLotteryResultEntry,
  type AdminLotteryResultImport,
  type OfficialLotteryResult,
} from '@lotus/contract';
import { describe, expect, test } from 'vitest';
import { checkLedger, postTransfers } from '../../ledger/index.ts';
import { runLotteryTick } from '../lottery-draw-loop.ts';
import { createOfficialDrawsAhead } from './create-official-draws.ts';
import { runOfficialTick } from './official-tick.ts';
import { useOfficialTestKit } from './official.testing.ts';

/**
 * Official results end to end on one app and a fake clock: the calendars, four eyes (the same
 * operator refused, other values refused, blind), settlement after confirmation against a past real
 * Thai government draw (1 March 2021: packages/fair thai.test.ts), the result deadline refunding once,
 * a correction posting only the differences, import, the ledger clean throughout.
 *
 * The clock starts on Friday 27 November 2026, 14:00:30 Bangkok. THAI_GOV's next draw is 20261201 at
 * 16:00 Bangkok (09:00 UTC), bets close 15:30.
 */
const kit = useOfficialTestKit({ startMs: Date.parse('2026-11-27T07:00:30Z'), memberPrefix: 'official' });
const { clock, drawOf, member, balanceOf, bet, admin, entered, confirmUrl } = kit;

/** The real government draw of 1 March 2021. */
const MAR_1_2021: OfficialLotteryResult = {
  family: 'THAI_GOV',
  first: '835538',
  front3: ['290', '838'],
  back3: ['051', '806'],
  last2: '73',
};

describe('calendars', () => {
  test('official draws are created ahead on their calendars, Bangkok days as numeros, once', async () => {
    const rows = await kit.t.db
      .selectFrom('lottery_draw as d')
      .innerJoin('lottery_game as g', 'g.id', 'd.game_id')
      .select(['g.code', 'd.numero', 'd.locks_at', 'd.draws_at', 'd.server_seed_hash'])
      .where('g.kind', '=', 'official')
      .orderBy('g.code')
      .orderBy('d.draws_at')
      .execute();
    const numeros = (code: string) => rows.filter((row) => row.code === code).map((row) => row.numero);
    // 14 days ahead from Friday 27 Nov: the 1st (the 16th is 19 days away).
    expect(numeros('THAI_GOV')).toEqual(['20261201']);
    // Mondays and Thursdays: 30 Nov, 3, 7, 10 Dec.
    expect(numeros('LAO')).toEqual(['20261130', '20261203', '20261207', '20261210']);
    // Daily, today's included (its bets close later today), 15 days.
    expect(numeros('HANOI')).toHaveLength(15);
    expect(numeros('VN_NORTH')[0]).toBe('20261127');
    const thai = rows.find((row) => row.code === 'THAI_GOV')!;
    expect(thai.draws_at.toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(thai.locks_at.toISOString()).toBe('2026-12-01T08:30:00.000Z');
    expect(thai.server_seed_hash).toBeNull();
    expect((await runOfficialTick(kit.t.db, clock.nowMs)).created).toBe(0);
  });

  test('a holiday moves a draw day: the numero is the day it happens', async () => {
    const { id: gameId } = await kit.t.db
      .selectFrom('lottery_game')
      .select('id')
      .where('code', '=', 'THAI_GOV')
      .executeTakeFirstOrThrow();
    await kit.t.db
      .insertInto('lottery_official_day_change')
      .values({ game_id: gameId, scheduled_day: '2026-12-16', draw_day: '2026-12-17', note: 'test holiday' })
      .execute();
    // Only the calendar: the deadline's pass at that time would cancel the 1 December draw, still without a result.
    expect(await createOfficialDrawsAhead(kit.t.db, Date.parse('2026-12-05T00:00:00Z'))).toBeGreaterThan(0);
    const thai = await kit.t.db
      .selectFrom('lottery_draw')
      .select('numero')
      .where('game_id', '=', gameId)
      .orderBy('numero')
      .execute();
    expect(thai.map((row) => row.numero)).toEqual(['20261201', '20261217']);
  });
});

describe('four eyes, settlement and correction of the government draw', () => {
  let members: Record<'top3' | 'bottom2' | 'front3' | 'loser' | 'newBottom', { memberId: bigint; token: string }>;

  test('entering before the draw is refused; the same operator cannot confirm; other values are refused naming the field', async () => {
    const draw = await drawOf('THAI_GOV', '20261201');
    members = {
      top3: await member(),
      bottom2: await member(),
      front3: await member(),
      loser: await member(),
      newBottom: await member(),
    };
    await bet(members.top3.token, draw.game_id, '20261201', 2055, '538');
    await bet(members.bottom2.token, draw.game_id, '20261201', 2060, '73');
    await bet(members.front3.token, draw.game_id, '20261201', 9102, '290');
    await bet(members.loser.token, draw.game_id, '20261201', 2055, '111');
    await bet(members.newBottom.token, draw.game_id, '20261201', 2060, '12');

    const early = await admin(kit.operatorA, 'POST', adminLotteryResultPaths.enter, {
      gameCode: 'THAI_GOV',
      numero: '20261201',
      result: MAR_1_2021,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ errorCode: 'lottery.result.too.early', field: 'numero' });

    clock.nowMs = draw.draws_at.getTime() + 60_000;
    await runLotteryTick(kit.t.db, clock.nowMs);
    expect((await drawOf('THAI_GOV', '20261201')).status).toBe('locked');

    const wrongShape = await admin(
      kit.operatorA,
      'POST',
      adminLotteryResultPaths.enter,
      { gameCode: 'THAI_GOV', numero: '20261201', result: { ...MAR_1_2021, front3: ['290', '83'] } },
      'TH',
    );
    expect(wrongShape.statusCode).toBe(400);
    expect(wrongShape.json().field).toBe('result.front3.1');
    expect(wrongShape.json().message).toContain('result.front3.1');

    const entry = await entered(kit.operatorA, 'THAI_GOV', '20261201', MAR_1_2021);
    expect(entry).toMatchObject({ status: 'pending', purpose: 'result', isOwn: true });

    // Blind: the other operator's list does not show the values.
    const listed = await admin(kit.operatorB, 'GET', adminLotteryResultPaths.entries);
    const seen = listed.json().value.items.find((item: AdminLotteryResultEntry) => item.entryId === entry.entryId);
    expect(seen).toMatchObject({ result: null, isOwn: false });

    const self = await admin(kit.operatorA, 'POST', confirmUrl(entry.entryId), { result: MAR_1_2021 });
    expect(self.statusCode).toBe(409);
    expect(self.json().errorCode).toBe('lottery.result.self.confirm');

    const other = await admin(kit.operatorB, 'POST', confirmUrl(entry.entryId), {
      result: { ...MAR_1_2021, back3: ['051', '860'] },
    });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      errorCode: 'lottery.result.mismatch',
      field: 'result.back3.1',
      value: { fields: ['result.back3.1'] },
    });
    expect((await drawOf('THAI_GOV', '20261201')).status).toBe('locked');
  });

  test('the second operator entering the same values confirms; the loop settles the draw with the right wins', async () => {
    const [pending] = (await admin(kit.operatorA, 'GET', adminLotteryResultPaths.entries)).json().value.items;
    const confirmed = await admin(kit.operatorB, 'POST', confirmUrl(pending.entryId), { result: MAR_1_2021 });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().value).toMatchObject({ status: 'confirmed', result: MAR_1_2021 });
    expect((await drawOf('THAI_GOV', '20261201')).status).toBe('drawn');

    const pass = await runLotteryTick(kit.t.db, clock.nowMs);
    expect(pass.settled.map((settled) => settled.drawId)).toContain((await drawOf('THAI_GOV', '20261201')).id);
    // 1.00 on each: 3 top 538 pays 900, 2 bottom 73 pays 90, 3 front 290 pays 400 (market-rules 1.3).
    expect(await balanceOf(members.top3.memberId)).toBe(100_000n - 100n + 90_000n);
    expect(await balanceOf(members.bottom2.memberId)).toBe(100_000n - 100n + 9_000n);
    expect(await balanceOf(members.front3.memberId)).toBe(100_000n - 100n + 40_000n);
    expect(await balanceOf(members.loser.memberId)).toBe(100_000n - 100n);
    expect(await balanceOf(members.newBottom.memberId)).toBe(100_000n - 100n);
    expect((await checkLedger(kit.t.db, { merchantId: kit.merchantId })).ok).toBe(true);

    const again = await admin(kit.operatorB, 'POST', confirmUrl(pending.entryId), { result: MAR_1_2021 });
    expect(again.json().errorCode).toBe('lottery.result.decided');
  });

  test('a correction, confirmed by a second operator, posts only the differences, once', async () => {
    const corrected: OfficialLotteryResult = { ...MAR_1_2021, last2: '12' };
    const entry = await entered(kit.operatorB, 'THAI_GOV', '20261201', corrected);
    expect(entry.purpose).toBe('correction');
    const before = {
      top3: await balanceOf(members.top3.memberId),
      front3: await balanceOf(members.front3.memberId),
    };
    const confirmed = await admin(kit.operatorA, 'POST', confirmUrl(entry.entryId), { result: corrected });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // 73 no longer wins (90 taken back), 12 now wins (90 paid); the others unchanged.
    expect(await balanceOf(members.bottom2.memberId)).toBe(100_000n - 100n);
    expect(await balanceOf(members.newBottom.memberId)).toBe(100_000n - 100n + 9_000n);
    expect(await balanceOf(members.top3.memberId)).toBe(before.top3);
    expect(await balanceOf(members.front3.memberId)).toBe(before.front3);
    const lines = await kit.t.db
      .selectFrom('lottery_result_correction_line')
      .select(['member_id', 'old_win_minor', 'new_win_minor', 'posted_minor', 'unrecovered_minor'])
      .where('entry_id', '=', BigInt(entry.entryId))
      .where('posted_minor', '!=', 0n)
      .orderBy('member_id')
      .execute();
    expect(lines).toEqual([
      {
        member_id: members.bottom2.memberId,
        old_win_minor: 9_000n,
        new_win_minor: 0n,
        posted_minor: -9_000n,
        unrecovered_minor: 0n,
      },
      {
        member_id: members.newBottom.memberId,
        old_win_minor: 0n,
        new_win_minor: 9_000n,
        posted_minor: 9_000n,
        unrecovered_minor: 0n,
      },
    ]);
    const orders = await kit.t.db
      .selectFrom('lottery_order')
      .select(['member_id', 'status', 'win_amount_minor'])
      .where('member_id', 'in', [members.bottom2.memberId, members.newBottom.memberId])
      .orderBy('member_id')
      .execute();
    expect(orders).toEqual([
      { member_id: members.bottom2.memberId, status: 5, win_amount_minor: 0n },
      { member_id: members.newBottom.memberId, status: 4, win_amount_minor: 9_000n },
    ]);
    const record = await kit.t.db
      .selectFrom('bet_record')
      .select('payout')
      .where('member_id', '=', members.newBottom.memberId)
      .executeTakeFirstOrThrow();
    expect(record.payout).toBe(9_000n);
    expect((await checkLedger(kit.t.db, { merchantId: kit.merchantId })).ok).toBe(true);
    const again = await admin(kit.operatorB, 'POST', confirmUrl(entry.entryId), { result: corrected });
    expect(again.json().errorCode).toBe('lottery.result.decided');
    expect(await balanceOf(members.newBottom.memberId)).toBe(100_000n - 100n + 9_000n);
  });

  test('a lowered win takes back at most the balance; the rest is recorded as unrecovered', async () => {
    // The 3-front winner spends all but 10.00 of the balance (an operator's debit stands in for play).
    const balance = await balanceOf(members.front3.memberId);
    await kit.t.db.transaction().execute((trx) =>
      postTransfers(trx, {
        merchantId: kit.merchantId,
        currency: 'THB',
        idempotency: { source: 'test', key: `spend-${members.front3.memberId}` },
        transfers: [
          {
            debit: { kind: 'member_main', memberId: members.front3.memberId },
            credit: { kind: 'house_game', subKey: 'LTLOTTO' },
            amount: balance - 1_000n,
            kind: 'adjustment',
            reference: 'test spend',
          },
        ],
        nowMs: clock.nowMs,
      }),
    );
    const corrected: OfficialLotteryResult = { ...MAR_1_2021, front3: ['299', '838'], last2: '12' };
    const entry = await entered(kit.operatorA, 'THAI_GOV', '20261201', corrected);
    const confirmed = await admin(kit.operatorB, 'POST', confirmUrl(entry.entryId), { result: corrected });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await balanceOf(members.front3.memberId)).toBe(0n);
    const line = await kit.t.db
      .selectFrom('lottery_result_correction_line')
      .select(['posted_minor', 'unrecovered_minor'])
      .where('entry_id', '=', BigInt(entry.entryId))
      .where('member_id', '=', members.front3.memberId)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ posted_minor: -1_000n, unrecovered_minor: 39_000n });
    expect((await checkLedger(kit.t.db, { merchantId: kit.merchantId })).ok).toBe(true);
  });
});

describe('the result deadline', () => {
  test('a Lao draw without a result an hour after its time is cancelled and every bet refunded, once', async () => {
    clock.nowMs = Date.parse('2026-12-06T00:00:00Z');
    await runOfficialTick(kit.t.db, clock.nowMs);
    await runLotteryTick(kit.t.db, clock.nowMs);
    const draw = await drawOf('LAO', '20261207');
    const punter = await member();
    await bet(punter.token, draw.game_id, '20261207', 2129, '1234,5678');
    expect(await balanceOf(punter.memberId)).toBe(100_000n - 200n);

    clock.nowMs = draw.draws_at.getTime() + 3_600_000 - 1;
    // (Older Hanoi and Vietnamese draws past their own deadlines are cancelled by this pass.)
    expect((await runOfficialTick(kit.t.db, clock.nowMs)).cancelledDraws).not.toContain(draw.id);
    clock.nowMs += 1;
    const [first, second] = await Promise.all([
      runOfficialTick(kit.t.db, clock.nowMs),
      runOfficialTick(kit.t.db, clock.nowMs),
    ]);
    expect([...first.cancelledDraws, ...second.cancelledDraws]).toEqual([draw.id]);
    expect(first.refundedOrders + second.refundedOrders).toBe(1);
    expect((await drawOf('LAO', '20261207')).status).toBe('cancelled');
    expect(await balanceOf(punter.memberId)).toBe(100_000n);
    const order = await kit.t.db
      .selectFrom('lottery_order')
      .select('status')
      .where('member_id', '=', punter.memberId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe(12);
    expect((await runOfficialTick(kit.t.db, clock.nowMs)).refundedOrders).toBe(0);
    expect(await balanceOf(punter.memberId)).toBe(100_000n);

    const late = await admin(kit.operatorA, 'POST', adminLotteryResultPaths.enter, {
      gameCode: 'LAO',
      numero: '20261207',
      result: { family: 'LAO', number: '1234' },
    });
    expect(late.json().errorCode).toBe('lottery.result.draw.cancelled');
    expect((await checkLedger(kit.t.db, { merchantId: kit.merchantId })).ok).toBe(true);
  });
});

describe('import', () => {
  /** The 27 numbers of a northern draw, tier by tier (DB, G1, G2 x2, G3 x6, G4 x4, G5 x6, G6 x3, G7 x4). */
  const vnValues = [
    '12345',
    '67890',
    '11111',
    '22222',
    '33333',
    '44444',
    '55555',
    '66666',
    '77777',
    '88888',
    '1234',
    '5678',
    '9012',
    '3456',
    '7890',
    '1357',
    '2468',
    '3579',
    '4680',
    '5791',
    '123',
    '456',
    '789',
    '01',
    '23',
    '45',
    '67',
  ];

  test('a file with a bad line is refused whole, naming the line', async () => {
    // 15 minutes after the 8 December Hanoi draw: due, far from its deadline.
    clock.nowMs = Date.parse('2026-12-08T11:45:00Z');
    const response = await admin(kit.operatorA, 'POST', adminLotteryResultPaths.import, {
      csv: 'gameCode,numero,top3,bottom2\nHANOI,20261208,123,45\nHANOI,20261208,12,45\n',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'lottery.result.import.invalid', field: 'csv' });
    expect(response.json().value.lines[0]).toMatchObject({ line: 3 });
    expect(
      await kit.t.db.selectFrom('lottery_result_entry').select('id').where('source', '=', 'import').execute(),
    ).toEqual([]);
  });

  test("one operator's file enters, a second operator's same file confirms the batch", async () => {
    const csv = `gameCode,numero,values\nHANOI,20261208,123,45\nVN_NORTH,20261208,${vnValues.join(',')}\n`;
    const first = await admin(kit.operatorA, 'POST', adminLotteryResultPaths.import, { csv });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ value: AdminLotteryResultImport }>().value.lines.map((line) => line.outcome)).toEqual([
      'entered',
      'entered',
    ]);
    const again = await admin(kit.operatorA, 'POST', adminLotteryResultPaths.import, { csv });
    expect(again.json<{ value: AdminLotteryResultImport }>().value.lines.map((line) => line.errorCode)).toEqual([
      'lottery.result.pending.exists',
      'lottery.result.pending.exists',
    ]);
    const second = await admin(kit.operatorB, 'POST', adminLotteryResultPaths.import, {
      csv: csv.replace(',01,23,', ',10,23,'),
    });
    const outcomes = second.json<{ value: AdminLotteryResultImport }>().value.lines;
    expect(outcomes.map((line) => [line.outcome, line.errorCode])).toEqual([
      ['confirmed', null],
      ['refused', 'lottery.result.mismatch'],
    ]);
    expect((await drawOf('HANOI', '20261208')).result).toEqual({ family: 'THAI_STYLE', top3: '123', bottom2: '45' });
    expect(second.json().value.lines[1]).toMatchObject({ gameCode: 'VN_NORTH', entryId: null });
  });
});
