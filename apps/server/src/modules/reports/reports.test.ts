import type { DailySummaryReport, GameReport, MemberReport, PaymentReport } from '@lotus/contract';
import { reportsPaths } from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fillFromSummedDays } from '../../db/migrations/0050_report_member_month.ts';
import { insertTestMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertTestOperator, type TestOperator } from '../backoffice/backoffice.testing.ts';
import { insertTestCatalogue, testGames } from '../bet-records/bet-records.testing.ts';
import { demoMerchantConfig } from '../merchant/index.ts';
import { checkReportAggregates } from './check-aggregates.ts';
import { rebuildReportDays, runReportPasses } from './compute-day.ts';
import type { ReportMerchant } from './report-window.ts';

/**
 * The reports against a hand-computed fixture in Asia/Bangkok (UTC+7), to the cent. The clock is
 * 2026-03-10 12:00 in Bangkok: 03-08 and 03-09 are closed days, 03-10 is today (read live).
 * Each row sits where its moment falls in Bangkok: 16:59:59Z is still 03-08, 17:00:00Z is 03-09.
 */
let testApp: TestApp;
let merchant: ReportMerchant;
let finance: TestOperator;
let support: TestOperator;
const clock = { nowMs: Date.parse('2026-03-10T05:00:00Z') };
const code = 'reportsbkk';

const at = (iso: string) => new Date(iso);

async function posting(key: string, createdAt: string): Promise<bigint> {
  const row = await sql<{ id: bigint }>`
    INSERT INTO ledger_posting (merchant_id, source, idempotency_key, request_hash, created_at)
    VALUES (${merchant.id}, 'reports-test', ${key}, 'x', ${at(createdAt)}) RETURNING id`.execute(testApp.db);
  return row.rows[0]!.id;
}

let roundCounter = 0;
async function bet(
  memberId: bigint,
  game: { vassalage: string; gameId: string },
  stake: number,
  validBet: number,
  payout: number,
  settledAt: string | null,
  status: 'settled' | 'open' | 'cancelled' = 'settled',
  gameType: string | null = game.vassalage === 'BRHOUSE' ? 'RNG' : 'LIVE',
): Promise<void> {
  roundCounter += 1;
  await testApp.db
    .insertInto('bet_record')
    .values({
      merchant_id: merchant.id,
      member_id: memberId,
      vendor_code: game.vassalage === 'BRHOUSE' ? 'HOUSE' : 'ACME',
      vassalage: game.vassalage,
      game_id: game.gameId,
      game_type: gameType,
      round_id: `r${roundCounter}`,
      bet_count: status === 'cancelled' ? 0 : 1,
      stake: BigInt(stake),
      valid_bet: BigInt(validBet),
      payout: BigInt(payout),
      status,
      first_bet_at: at(settledAt ?? '2026-03-09T00:00:00Z'),
      settled_at: status === 'settled' ? at(settledAt!) : null,
      updated_at: at(settledAt ?? '2026-03-09T00:00:00Z'),
    } as never)
    .execute();
}

let depositCounter = 0;
async function deposit(
  memberId: bigint,
  method: 'DEMOPAY' | 'PROMPTPAY',
  amount: number,
  createdAt: string,
  outcome: { status: 'approved' | 'rejected' | 'pending'; settledAt?: string; first?: boolean },
): Promise<void> {
  depositCounter += 1;
  const postingId = outcome.status === 'approved' ? await posting(`d${depositCounter}`, outcome.settledAt!) : null;
  await sql`
    INSERT INTO deposit (merchant_id, member_id, method_code, amount, fee_amount, currency, status, idempotency_key,
      created_at, expires_at, settled_at, posting_id, is_first_deposit, reject_reason, promptpay_payload)
    VALUES (${merchant.id}, ${memberId}, ${method}, ${amount}, 0, 'THB', ${outcome.status}, ${`k${depositCounter}`},
      ${at(createdAt)}, ${at('2026-03-11T00:00:00Z')}, ${outcome.settledAt ? at(outcome.settledAt) : null}, ${postingId},
      ${outcome.first ?? false}, ${outcome.status === 'rejected' ? 'no slip' : null}, ${method === 'PROMPTPAY' ? 'payload' : null})`.execute(
    testApp.db,
  );
}

async function bonusTransfer(memberId: bigint, amount: number, kind: string, createdAt: string): Promise<void> {
  await sql`
    INSERT INTO ledger_account (merchant_id, currency, kind, member_id) VALUES (${merchant.id}, 'THB', 'house_bonus', NULL),
      (${merchant.id}, 'THB', 'member_main', ${memberId})
    ON CONFLICT DO NOTHING`.execute(testApp.db);
  const postingId = await posting(`b${memberId}${kind}`, createdAt);
  await sql`
    INSERT INTO ledger_transfer (merchant_id, posting_id, debit_account_id, credit_account_id, amount, currency, kind, reference, created_at)
    SELECT ${merchant.id}, ${postingId}, h.id, m.id, ${amount}, 'THB', ${kind}, 'test', ${at(createdAt)}
    FROM ledger_account h, ledger_account m
    WHERE h.merchant_id = ${merchant.id} AND h.kind = 'house_bonus' AND m.member_id = ${memberId} AND m.kind = 'member_main'`.execute(
    testApp.db,
  );
}

const slot = { vassalage: 'BRHOUSE', gameId: testGames.houseSlot };
const baccarat = { vassalage: 'BRLIVE', gameId: testGames.liveBaccarat };
let alice: bigint;
let bob: bigint;

beforeAll(async () => {
  testApp = await createTestApp({}, { now: () => clock.nowMs });
  const row = await testApp.db
    .insertInto('merchant')
    .values({
      code,
      name: 'Reports Bangkok',
      status: 'active',
      currency: 'THB',
      currency_symbol: '฿',
      default_language: 'EN',
      config: JSON.stringify({ ...demoMerchantConfig, timezone: 'Asia/Bangkok' }) as never,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  merchant = { id: row.id, timezone: 'Asia/Bangkok' };
  await insertTestCatalogue(testApp.db, merchant.id);
  [finance, support] = await Promise.all([
    insertTestOperator(testApp.db, { merchantId: merchant.id, role: 'finance', nowMs: clock.nowMs }),
    insertTestOperator(testApp.db, { merchantId: merchant.id, role: 'support', nowMs: clock.nowMs }),
  ]);
  alice = await insertTestMember(testApp.db, merchant.id, 'rep_alice', at('2026-03-08T16:59:59Z'));
  bob = await insertTestMember(testApp.db, merchant.id, 'rep_bob', at('2026-03-08T17:00:00Z'));
  const carol = await insertTestMember(testApp.db, merchant.id, '=carol', at('2026-03-10T01:00:00Z'));

  await bet(alice, slot, 10000, 10000, 25050, '2026-03-08T16:59:59Z');
  await bet(bob, slot, 5001, 5001, 0, '2026-03-08T17:00:00Z');
  await bet(alice, baccarat, 20000, 19000, 19999, '2026-03-09T10:00:00Z');
  await bet(carol, slot, 333, 333, 100, '2026-03-10T02:00:00Z');
  await bet(bob, slot, 700, 700, 0, null, 'open');
  await bet(bob, slot, 0, 0, 0, '2026-03-09T11:00:00Z', 'cancelled');

  await deposit(alice, 'DEMOPAY', 50000, '2026-03-08T09:50:00Z', {
    status: 'approved',
    settledAt: '2026-03-08T10:00:00Z',
    first: true,
  });
  await deposit(bob, 'DEMOPAY', 12345, '2026-03-09T00:59:00Z', {
    status: 'approved',
    settledAt: '2026-03-09T01:00:00Z',
    first: true,
  });
  await deposit(alice, 'PROMPTPAY', 777, '2026-03-09T02:00:00Z', {
    status: 'approved',
    settledAt: '2026-03-09T02:02:00Z',
  });
  await deposit(bob, 'DEMOPAY', 999, '2026-03-09T03:00:00Z', { status: 'rejected', settledAt: '2026-03-09T03:10:00Z' });
  await deposit(carol, 'DEMOPAY', 5000, '2026-03-10T03:00:00Z', { status: 'pending' });

  const bank = await sql<{ id: bigint }>`
    INSERT INTO member_bank_account (merchant_id, member_id, bank_code, account_number, account_name, created_at, updated_at)
    VALUES (${merchant.id}, ${alice}, 'KBANK', '1234567890', 'Alice', ${at('2026-03-01T00:00:00Z')}, ${at('2026-03-01T00:00:00Z')})
    RETURNING id`.execute(testApp.db);
  const hold = await posting('w-hold', '2026-03-09T04:30:00Z');
  const payout = await posting('w-pay', '2026-03-09T05:00:00Z');
  await sql`
    INSERT INTO withdrawal (merchant_id, member_id, bank_account_id, bank_code, account_number, account_name, amount, fee, currency,
      status, idempotency_key, created_at, hold_posting_id, payout_posting_id, reviewed_at, confirm_deadline)
    VALUES (${merchant.id}, ${alice}, ${bank.rows[0]!.id}, 'KBANK', '1234567890', 'Alice', 20000, 0, 'THB', 'approved', 'w1',
      ${at('2026-03-09T04:30:00Z')}, ${hold}, ${payout}, ${at('2026-03-09T05:00:00Z')}, ${at('2026-03-09T06:00:00Z')})`.execute(
    testApp.db,
  );

  await bonusTransfer(alice, 1000, 'bonus.welcome', '2026-03-09T06:00:00Z');
  await bonusTransfer(bob, 250, 'rebate.daily', '2026-03-09T07:00:00Z');
});

afterAll(async () => {
  await testApp.close();
});

function get(path: string, query: string, operator: TestOperator = finance, merchantCode = code) {
  return testApp.app.inject({
    method: 'GET',
    url: `${path}?${query}`,
    headers: { merchant: merchantCode, language: 'EN', authorization: operator.token },
  });
}

async function report<T>(path: string, query: string): Promise<T> {
  const response = await get(path, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ value: T }>().value;
}

const range = 'from=2026-03-08&to=2026-03-10';

const day08 = {
  day: '2026-03-08',
  registrations: 1,
  firstDeposits: 1,
  activePlayers: 1,
  depositCount: 1,
  deposits: '500.00',
  withdrawalCount: 0,
  withdrawals: '0.00',
  rounds: 1,
  bets: '100.00',
  validBets: '100.00',
  payouts: '250.50',
  ggr: '-150.50',
  bonuses: '0.00',
  rebates: '0.00',
  ngr: '-150.50',
};
const day09 = {
  day: '2026-03-09',
  registrations: 1,
  firstDeposits: 1,
  activePlayers: 2,
  depositCount: 2,
  deposits: '131.22',
  withdrawalCount: 1,
  withdrawals: '200.00',
  rounds: 2,
  bets: '250.01',
  validBets: '240.01',
  payouts: '199.99',
  ggr: '50.02',
  bonuses: '10.00',
  rebates: '2.50',
  ngr: '37.52',
};
const day10 = {
  day: '2026-03-10',
  live: true,
  registrations: 1,
  firstDeposits: 0,
  activePlayers: 1,
  depositCount: 0,
  deposits: '0.00',
  withdrawalCount: 0,
  withdrawals: '0.00',
  rounds: 1,
  bets: '3.33',
  validBets: '3.33',
  payouts: '1.00',
  ggr: '2.33',
  bonuses: '0.00',
  rebates: '0.00',
  ngr: '2.33',
};
const summaryTotals = {
  registrations: 3,
  firstDeposits: 2,
  activePlayers: 3,
  depositCount: 3,
  deposits: '631.22',
  withdrawalCount: 1,
  withdrawals: '200.00',
  rounds: 4,
  bets: '353.34',
  validBets: '343.34',
  payouts: '451.49',
  ggr: '-98.15',
  bonuses: '10.00',
  rebates: '2.50',
  ngr: '-110.65',
};

async function expectDailySummary(closedDaysLive: boolean) {
  const summary = await report<DailySummaryReport>(reportsPaths.daily, range);
  expect(summary.timezone).toBe('Asia/Bangkok');
  expect(summary.days).toEqual([{ ...day08, live: closedDaysLive }, { ...day09, live: closedDaysLive }, day10]);
  expect(summary.totals).toEqual(summaryTotals);
}

async function aggregateRows() {
  const { rows } = await sql`
    SELECT 's' AS t, to_jsonb(s) - 'computed_at' AS row FROM report_daily_summary s WHERE merchant_id = ${merchant.id}
    UNION ALL SELECT 'g', to_jsonb(g) FROM report_daily_game g WHERE merchant_id = ${merchant.id}
    UNION ALL SELECT 'm', to_jsonb(m) FROM report_daily_member m WHERE merchant_id = ${merchant.id}
    UNION ALL SELECT 'p', to_jsonb(p) FROM report_daily_member_product p WHERE merchant_id = ${merchant.id}
    UNION ALL SELECT 'a', to_jsonb(a) FROM report_member_month a WHERE merchant_id = ${merchant.id}
    ORDER BY 1, 2`.execute(testApp.db);
  return rows;
}

async function memberMonths() {
  const { rows } = await sql<{ member_id: string; month: string; active_days: number }>`
    SELECT member_id::text AS member_id, month::text AS month, active_days FROM report_member_month
    WHERE merchant_id = ${merchant.id} ORDER BY member_id, month`.execute(testApp.db);
  return rows;
}

async function activePlayers(from: string, to: string): Promise<number> {
  return (await report<DailySummaryReport>(reportsPaths.daily, `from=${from}&to=${to}`)).totals.activePlayers;
}

describe('reports to the cent, Bangkok days', () => {
  test('the daily summary before the job ran: every day live from the detail', async () => {
    await expectDailySummary(true);
  });

  test('two job runners at once: each (merchant, day, pass) computed exactly once, then the same numbers from the aggregates', async () => {
    const [first, second] = await Promise.all([
      runReportPasses(testApp.db, clock.nowMs, [merchant]),
      runReportPasses(testApp.db, clock.nowMs, [merchant]),
    ]);
    // Both walked the 35 closed days of the backfill window; each day was computed by exactly one of them.
    expect(first.daysComputed + second.daysComputed).toBe(35);
    expect(first.daysAlreadyComputed + second.daysAlreadyComputed).toBe(35);
    const passes = await sql<{ n: number; distinct_keys: number }>`
      SELECT count(*)::int4 AS n, count(DISTINCT (day, pass))::int4 AS distinct_keys FROM report_day_pass
      WHERE merchant_id = ${merchant.id}`.execute(testApp.db);
    expect(passes.rows[0]).toEqual({ n: 35, distinct_keys: 35 });
    await expectDailySummary(false);
    // Who played which summed day, one bit per day: alice on 03-08 (bit 7) and 03-09 (bit 8), bob on 03-09;
    // carol only today (not summed). Set once although both runners walked March and February at once.
    expect(await memberMonths()).toEqual([
      { member_id: alice.toString(), month: '2026-03-01', active_days: 2 ** 7 + 2 ** 8 },
      { member_id: bob.toString(), month: '2026-03-01', active_days: 2 ** 8 },
    ]);
    // Each member's day per product type (the agents' salaries): alice's slot day and her mixed one.
    const products = await sql<{ day: string; member_id: string; product_type: string; bets: string; valid: string }>`
      SELECT day::text AS day, member_id::text AS member_id, product_type, bets_minor::text AS bets,
             valid_bets_minor::text AS valid
      FROM report_daily_member_product WHERE merchant_id = ${merchant.id} ORDER BY 1, 2, 3`.execute(testApp.db);
    expect(products.rows).toEqual(
      [
        { day: '2026-03-08', member_id: alice.toString(), product_type: 'RNG', bets: '10000', valid: '10000' },
        { day: '2026-03-09', member_id: alice.toString(), product_type: 'LIVE', bets: '20000', valid: '19000' },
        { day: '2026-03-09', member_id: bob.toString(), product_type: 'RNG', bets: '5001', valid: '5001' },
      ].toSorted((a, b) => (a.day + a.member_id).localeCompare(b.day + b.member_id)),
    );
    // The same hour again: nothing is due.
    expect(await runReportPasses(testApp.db, clock.nowMs, [merchant])).toEqual({
      daysComputed: 0,
      daysAlreadyComputed: 3,
    });
  });

  test('a rebuild of summed days writes the same rows (rerun idempotence); an open day cannot be summed', async () => {
    const before = await aggregateRows();
    expect(before.length).toBeGreaterThan(35);
    expect(await rebuildReportDays(testApp.db, merchant, '2026-03-08', '2026-03-09', clock.nowMs)).toBe(2);
    expect(await aggregateRows()).toEqual(before);
    await expect(rebuildReportDays(testApp.db, merchant, '2026-03-10', '2026-03-10', clock.nowMs)).rejects.toThrow(
      /not closed yet/,
    );
  });

  test('by vendor and game: rounds, player-days, bets, payouts, GGR and RTP', async () => {
    const games = await report<GameReport>(reportsPaths.games, range);
    expect(games.games).toEqual([
      {
        vendor: 'BRLIVE',
        vendorName: 'Acme Live',
        gameId: testGames.liveBaccarat,
        gameName: 'Baccarat A',
        rounds: 1,
        players: 1,
        bets: '200.00',
        validBets: '190.00',
        payouts: '199.99',
        ggr: '0.01',
        rtp: '100.00',
      },
      {
        vendor: 'BRHOUSE',
        vendorName: 'House Games',
        gameId: testGames.houseSlot,
        gameName: 'Lucky Slot',
        rounds: 3,
        players: 3,
        bets: '153.34',
        validBets: '153.34',
        payouts: '251.50',
        ggr: '-98.16',
        rtp: '164.01',
      },
    ]);
    expect(games.vendors.map((vendor) => [vendor.vendor, vendor.ggr])).toEqual([
      ['BRLIVE', '0.01'],
      ['BRHOUSE', '-98.16'],
    ]);
    expect(games.totals).toEqual({
      rounds: 4,
      players: 4,
      bets: '353.34',
      validBets: '343.34',
      payouts: '451.49',
      ggr: '-98.15',
      rtp: '127.78',
    });
  });

  test('deposits and withdrawals by channel and status, with the mean processing time', async () => {
    const payments = await report<PaymentReport>(reportsPaths.payments, range);
    expect(payments.deposits).toEqual([
      { channel: 'DEMOPAY', status: 'approved', count: 2, amount: '623.45', avgProcessingSeconds: 330 },
      { channel: 'DEMOPAY', status: 'pending', count: 1, amount: '50.00', avgProcessingSeconds: null },
      { channel: 'DEMOPAY', status: 'rejected', count: 1, amount: '9.99', avgProcessingSeconds: 600 },
      { channel: 'PROMPTPAY', status: 'approved', count: 1, amount: '7.77', avgProcessingSeconds: 120 },
    ]);
    expect(payments.depositTotals).toEqual({ count: 5, amount: '691.21', avgProcessingSeconds: 345 });
    expect(payments.withdrawals).toEqual([
      { channel: 'KBANK', status: 'approved', count: 1, amount: '200.00', avgProcessingSeconds: 1800 },
    ]);
    expect(payments.withdrawalTotals).toEqual({ count: 1, amount: '200.00', avgProcessingSeconds: 1800 });
  });

  test('members: top winners and losers with their deposits, withdrawals and P&L; totals over everyone', async () => {
    const members = await report<MemberReport>(reportsPaths.members, `${range}&limit=5`);
    expect(members.winners).toEqual([
      {
        memberId: alice.toString(),
        username: 'rep_alice',
        rounds: 2,
        bets: '300.00',
        payouts: '450.49',
        profit: '150.49',
        deposits: '507.77',
        withdrawals: '200.00',
        bonuses: '10.00',
      },
    ]);
    expect(members.losers.map((row) => [row.username, row.profit, row.deposits, row.bonuses])).toEqual([
      ['rep_bob', '-50.01', '123.45', '2.50'],
      ['=carol', '-2.33', '0.00', '0.00'],
    ]);
    expect(members.totals).toEqual({
      members: 3,
      rounds: 4,
      bets: '353.34',
      payouts: '451.49',
      profit: '98.15',
      deposits: '631.22',
      withdrawals: '200.00',
      bonuses: '12.50',
    });
  });

  test('a day boundary: one second before Bangkok midnight is the day before', async () => {
    const one = await report<DailySummaryReport>(reportsPaths.daily, 'from=2026-03-08&to=2026-03-08');
    expect(one.days.map((day) => [day.day, day.registrations, day.bets])).toEqual([['2026-03-08', 1, '100.00']]);
    expect(one.totals.activePlayers).toBe(1);
  });

  test('CSV: BOM, totals line, formula-looking text defused, numbers kept', async () => {
    const response = await get(reportsPaths.membersCsv, range);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="members-2026-03-08-2026-03-10.csv"');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFlist,member_id,username,rounds,bets,payouts,profit,deposits,withdrawals,bonuses');
    expect(lines).toContain(`loser,${bob},rep_bob,1,50.01,0.00,-50.01,123.45,0.00,2.50`);
    expect(lines).toContain(`loser,${lines[3]!.split(',')[1]},'=carol,1,3.33,1.00,-2.33,0.00,0.00,0.00`);
    expect(lines).toContain('total,3,,4,353.34,451.49,98.15,631.22,200.00,12.50');
    const daily = await get(reportsPaths.dailyCsv, range);
    expect(daily.body.split('\r\n')).toContain(
      'total,3,2,3,3,631.22,1,200.00,4,353.34,343.34,451.49,-98.15,10.00,2.50,-110.65',
    );
  });

  test('reports.read is required; a bad range is refused naming the field', async () => {
    const denied = await get(reportsPaths.daily, range, support);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ errorCode: 'operator.permission.denied' });
    const otherMerchant = await get(reportsPaths.daily, range, finance, 'demo');
    expect(otherMerchant.statusCode).toBe(401);
    const backwards = await get(reportsPaths.daily, 'from=2026-03-10&to=2026-03-08');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ errorCode: 'validation.failed', field: 'to' });
    const tooLong = await get(reportsPaths.games, 'from=2025-01-01&to=2026-03-08');
    expect(tooLong.json()).toMatchObject({ errorCode: 'validation.failed', field: 'to' });
    const notADay = await get(reportsPaths.payments, 'from=2026-02-30&to=2026-03-08');
    expect(notADay.json()).toMatchObject({ errorCode: 'validation.failed', field: 'from' });
  });

  test('the check finds a late record and a planted mismatch; the next night pass and a rebuild fix them', async () => {
    expect(await checkReportAggregates(testApp.db, merchant, '2026-03-01', '2026-03-09')).toEqual([]);
    // A vendor's round settled on 03-09 reaches us after 03-09 was summed.
    await bet(bob, baccarat, 1000, 1000, 0, '2026-03-09T12:00:00Z');
    const late = await checkReportAggregates(testApp.db, merchant, '2026-03-01', '2026-03-09');
    expect(late.map((mismatch) => [mismatch.table, mismatch.day, mismatch.key])).toEqual([
      ['report_daily_summary', '2026-03-09', ''],
      ['report_daily_game', '2026-03-09', `BRLIVE/${testGames.liveBaccarat}`],
      ['report_daily_member', '2026-03-09', bob.toString()],
      ['report_daily_member_product', '2026-03-09', `${bob}/LIVE`],
    ]);
    expect(late[0]!.stored).toMatchObject({ bets_minor: '25001' });
    expect(late[0]!.detail).toMatchObject({ bets_minor: '26001' });
    // The next night: pass 1 of 03-09 picks it up.
    const nextNight = clock.nowMs + 24 * 3600_000;
    await runReportPasses(testApp.db, nextNight, [merchant]);
    expect(await checkReportAggregates(testApp.db, merchant, '2026-03-01', '2026-03-09')).toEqual([]);

    // Someone changes a stored number: the check names the day and both values.
    await sql`UPDATE report_daily_summary SET payouts_minor = payouts_minor + 1
      WHERE merchant_id = ${merchant.id} AND day = '2026-03-08'`.execute(testApp.db);
    const planted = await checkReportAggregates(testApp.db, merchant, '2026-03-01', '2026-03-09');
    expect(planted).toHaveLength(1);
    expect(planted[0]).toMatchObject({
      table: 'report_daily_summary',
      day: '2026-03-08',
      stored: { payouts_minor: '25051' },
      detail: { payouts_minor: '25050' },
    });
    await rebuildReportDays(testApp.db, merchant, '2026-03-08', '2026-03-08', clock.nowMs);
    expect(await checkReportAggregates(testApp.db, merchant, '2026-03-01', '2026-03-09')).toEqual([]);
  });

  test('a game reclassified within a day: each member a player once, each product type summed apart, the check clean', async () => {
    // 01-15 in Bangkok (a month of its own, two members of their own): the slot was RNG, then FISH,
    // and one record came without a type.
    const day = '2026-01-15';
    const dave = await insertTestMember(testApp.db, merchant.id, 'rep_dave', at('2026-01-01T00:00:00Z'));
    const erin = await insertTestMember(testApp.db, merchant.id, 'rep_erin', at('2026-01-01T00:00:00Z'));
    await bet(dave, slot, 100, 100, 0, '2026-01-15T01:00:00Z', 'settled', 'RNG');
    await bet(dave, slot, 200, 200, 50, '2026-01-15T02:00:00Z', 'settled', 'FISH');
    await bet(erin, slot, 300, 300, 0, '2026-01-15T03:00:00Z', 'settled', 'RNG');
    await bet(erin, slot, 400, 400, 0, '2026-01-15T04:00:00Z', 'settled', null);
    await bet(dave, baccarat, 500, 500, 0, '2026-01-15T05:00:00Z');
    await bet(erin, baccarat, 600, 600, 0, '2026-01-15T06:00:00Z');
    await rebuildReportDays(testApp.db, merchant, day, day, clock.nowMs);
    const games = await testApp.db
      .selectFrom('report_daily_game')
      .select(['game_id', 'rounds', 'players', 'bets_minor'])
      .where('merchant_id', '=', merchant.id)
      .where('day', '=', day as never)
      .orderBy('game_id')
      .execute();
    expect(games.map((game) => [game.game_id, Number(game.rounds), game.players, String(game.bets_minor)])).toEqual(
      [
        [testGames.liveBaccarat, 2, 2, '1100'],
        [testGames.houseSlot, 4, 2, '1000'],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const products = await testApp.db
      .selectFrom('report_daily_member_product')
      .select(['member_id', 'product_type', 'bets_minor'])
      .where('merchant_id', '=', merchant.id)
      .where('day', '=', day as never)
      .execute();
    expect(
      products.map((row) => `${row.member_id === dave ? 'dave' : 'erin'} ${row.product_type} ${row.bets_minor}`).sort(),
    ).toEqual(['dave FISH 200', 'dave LIVE 500', 'dave RNG 100', 'erin LIVE 600', 'erin RNG 300']);
    const summary = await testApp.db
      .selectFrom('report_daily_summary')
      .select(['active_players', 'rounds', 'bets_minor'])
      .where('merchant_id', '=', merchant.id)
      .where('day', '=', day as never)
      .executeTakeFirstOrThrow();
    expect([summary.active_players, Number(summary.rounds), String(summary.bets_minor)]).toEqual([2, 6, '2100']);
    expect(await checkReportAggregates(testApp.db, merchant, day, day)).toEqual([]);
  });

  test('distinct active players from the month bits: ranges across months, a lost and a stray bit found by the check and rebuilt', async () => {
    expect(await activePlayers('2026-02-20', '2026-03-10')).toBe(3);
    expect(await activePlayers('2026-03-09', '2026-03-09')).toBe(2);
    expect(await activePlayers('2026-03-08', '2026-03-09')).toBe(2);
    expect(await activePlayers('2026-03-10', '2026-03-10')).toBe(1);
    const before = await memberMonths();
    // Migration 0050's fill from the days summed before it gives the rows the job keeps.
    await sql`DELETE FROM report_member_month`.execute(testApp.db);
    await fillFromSummedDays(testApp.db as never);
    expect(await memberMonths()).toEqual(before);

    // alice's 03-08 bit lost, a 03-08 bit for bob who did not play that day.
    await sql`UPDATE report_member_month SET active_days = active_days & ~(1 << 7)
      WHERE merchant_id = ${merchant.id} AND member_id = ${alice}`.execute(testApp.db);
    await sql`UPDATE report_member_month SET active_days = active_days | (1 << 7)
      WHERE merchant_id = ${merchant.id} AND member_id = ${bob}`.execute(testApp.db);
    // The report reads the bits (bob counted for 03-08 instead of alice)...
    const one = await report<DailySummaryReport>(reportsPaths.daily, 'from=2026-03-08&to=2026-03-08');
    expect(one.totals.activePlayers).toBe(1);
    // ...and the check names both rows against the detail.
    const found = await checkReportAggregates(testApp.db, merchant, '2026-03-01', '2026-03-09');
    expect(
      found.map((mismatch) => [mismatch.table, mismatch.day, mismatch.key, mismatch.stored, mismatch.detail]),
    ).toEqual(
      [
        ['report_member_month', '2026-03-08', alice.toString(), null, { active: 'true' }],
        ['report_member_month', '2026-03-08', bob.toString(), { active: 'true' }, null],
      ].sort((a, b) => String(a[2]).localeCompare(String(b[2]))),
    );
    await rebuildReportDays(testApp.db, merchant, '2026-03-08', '2026-03-08', clock.nowMs);
    expect(await checkReportAggregates(testApp.db, merchant, '2026-03-01', '2026-03-09')).toEqual([]);
    expect(await memberMonths()).toEqual(before);

    // A member whose only day is rebuilt away loses the row: bob's 03-09 round cancelled, then 03-09 summed again.
    await sql`UPDATE bet_record SET status = 'cancelled', settled_at = NULL, bet_count = 0, stake = 0, valid_bet = 0, payout = 0
      WHERE merchant_id = ${merchant.id} AND member_id = ${bob}`.execute(testApp.db);
    await rebuildReportDays(testApp.db, merchant, '2026-03-09', '2026-03-09', clock.nowMs);
    // (carol's 03-10 row is there since the next night's pass summed 03-10.)
    const left = (await memberMonths()).map((row) => row.member_id);
    expect(left).toContain(alice.toString());
    expect(left).not.toContain(bob.toString());
    expect(await checkReportAggregates(testApp.db, merchant, '2026-03-01', '2026-03-09')).toEqual([]);
  });
});
