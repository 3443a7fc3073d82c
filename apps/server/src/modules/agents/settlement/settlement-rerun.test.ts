import {
  agentSettlementPaths,
  rerunResultSchema,
  settlementDeskErrorCodes,
  settlementDeskPaths,
} from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTestOperator } from '../../backoffice/backoffice.testing.ts';
import { checkLedger } from '../../ledger/index.ts';
import { setMerchantConfigSection } from '../../merchant/index.ts';
import { insertTestSession } from '../../../testing/members.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { daysOfPeriod, periodHolding, periodKeyOf, type DividendPeriod } from './dividend-periods.ts';
import { settleDividendPeriod } from './settle-dividend.ts';
import { settleHourlySlot } from './settle-hourly-salary.ts';
import { computeMrDailySalaryDay } from './settle-mr-daily-salary.ts';
import { settleRealtimeSlot } from './settle-realtime-salary.ts';
import { balanceOf, salaryTerms, signedContract, statementOf, summedDay, treeMember } from './settlement.testing.ts';

/**
 * The desk's re-run of the kinds besides the daily salary (settlement-desk.test.ts has the daily
 * salary's), over real HTTP and PostgreSQL: each job settles a period, the data is corrected, the
 * operator re-runs it; only the differences move (balances, `checkLedger`), a second re-run posts
 * nothing; the dividend's carry-forward and the manual-claim records' claimable / claimed rules.
 */

let t: TestApp;
let finance: string;
let round = 0;
beforeAll(async () => {
  t = await createTestApp();
  finance = (await insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: 'finance' })).token;
  await setMerchantConfigSection(
    t.db,
    t.demoMerchantId,
    'agentSettlement',
    {
      activeMember: { minValidBet: '100.00', minDeposit: '0.00', excludeSharedLogins: true },
      dividend: { platformFeeRate: 0.05, serviceFeeRate: 0.001 },
      claimDays: 3,
      shortfall: 'wait',
    },
    Date.now(),
  );
}, 60_000);
afterAll(() => t?.close());

/** A settled round (minor units); its id, to correct it later. */
async function played(memberId: bigint, productType: string, stake: bigint, payout: bigint, at: string) {
  round += 1;
  const roundId = `rerun-${round}`;
  const time = new Date(at);
  await sql`
    INSERT INTO bet_record (merchant_id, vendor_code, round_id, member_id, vassalage, game_id, game_type, game_category,
                            stake, valid_bet, payout, bet_count, status, first_bet_at, settled_at, updated_at)
    VALUES (${t.demoMerchantId}, 'TEST', ${roundId}, ${memberId}, 'BRTEST', 'g1', ${productType},
            ${productType}, ${stake}, ${stake}, ${payout}, 1, 'settled', ${time}, ${time}, ${time})`.execute(t.db);
  return roundId;
}

const correctPayout = (roundId: string, payout: bigint) =>
  sql`UPDATE bet_record SET payout = ${payout} WHERE round_id = ${roundId}`.execute(t.db);

function rerun(kind: string, periodKey: string) {
  return t.app.inject({
    method: 'POST',
    url: settlementDeskPaths.rerun,
    headers: { authorization: finance, merchant: 'demo', language: 'EN' },
    payload: { kind, periodKey },
  });
}
async function rerunOk(kind: string, periodKey: string) {
  const response = await rerun(kind, periodKey);
  expect(response.statusCode, response.body).toBe(200);
  return rerunResultSchema.parse(response.json().value);
}

const postingCount = async () =>
  (
    await t.db
      .selectFrom('ledger_posting')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow()
  ).n;

const changesOf = (settlementId: bigint) =>
  t.db
    .selectFrom('agent_settlement_adjustment')
    .selectAll()
    .where('settlement_id', '=', settlementId)
    .orderBy('id')
    .execute();

async function expectBooksBalance() {
  const books = await checkLedger(t.db, { merchantId: t.demoMerchantId });
  expect(books.differences).toEqual([]);
}

describe('re-run a dividend period', () => {
  const dividendTerms = (ppm: number, carryForward: string) => ({
    type: 'dividend',
    carryForward,
    tiers: [{ minimumBetMinor: '10000', netLossMinor: '0', activeMembers: 1, ppm }],
  });
  const settle = (period: DividendPeriod) =>
    settleDividendPeriod(t.db, {
      merchantId: t.demoMerchantId,
      period,
      timezone: 'Asia/Bangkok',
      nowMs: Date.now(),
    });
  async function summed(period: DividendPeriod, memberId: bigint, validBet: bigint) {
    for (const [index, day] of daysOfPeriod(period).entries())
      await summedDay(t, day, index === 0 ? [{ memberId, validBet }] : []);
  }

  test('a corrected week with a loss carried forward: that week gets its difference, the next keeps its stored carry-in until it is re-run too', async () => {
    const [w1, w2] = [periodHolding('W', '2026-10-06'), periodHolding('W', '2026-10-13')];
    const [k1, k2] = [periodKeyOf(w1), periodKeyOf(w2)];
    const top = await treeMember(t, null);
    const player = await treeMember(t, top, 0);
    const contract = await signedContract(t, top, null, 'dividend', dividendTerms(100_000, 'loss'), {
      period: 'W',
      productType: 'SPORTS',
    });
    // Week 1 the player wins 500.00 (as first recorded); week 2 loses 800.00.
    const week1Round = await played(player, 'SPORTS', 100_000n, 150_000n, '2026-10-06T05:00:00Z');
    await played(player, 'SPORTS', 80_000n, 0n, '2026-10-13T05:00:00Z');
    await summed(w1, player, 100_000n);
    await summed(w2, player, 80_000n);
    await settle(w1);
    await settle(w2);
    const s1 = (await statementOf(t, contract, k1))!;
    const s2 = (await statementOf(t, contract, k2))!;
    expect(s1.inputs).toMatchObject({ carryOut: '-50100' });
    expect([s1.status, s1.gross_minor]).toEqual(['A', 0n]);
    // 800.00 − 40.00 platform fee − 0.80 service fee − 501.00 carried = 258.20 × 10 %.
    expect([s2.status, s2.gross_minor]).toEqual(['A', 2_582n]);
    expect(await balanceOf(t, top)).toBe(2_582n);

    // The vendor corrects week 1: the player lost 500.00. 500.00 − 25.00 − 1.00 = 474.00 × 10 %, no carry out.
    await correctPayout(week1Round, 50_000n);
    const first = await rerunOk('dividend', k1);
    expect(first).toMatchObject({ changed: 1, created: 0, short: [], posted: '47.40' });
    expect(await balanceOf(t, top)).toBe(2_582n + 4_740n);
    const [change1] = await changesOf(s1.id);
    expect(change1).toMatchObject({ action: 'rerun', from_minor: 0n, to_minor: 4_740n, posted_minor: 4_740n });
    expect(change1!.inputs).toMatchObject({ netLoss: '50000', carryOut: '0' });
    // Week 2 is untouched: its statement keeps the carry-in it was computed with.
    expect((await statementOf(t, contract, k2))!.gross_minor).toBe(2_582n);

    // Re-running week 2 starts from week 1's carry as re-run (nothing): 800.00 − 40.00 − 0.80 = 759.20 × 10 %.
    const second = await rerunOk('dividend', k2);
    expect(second).toMatchObject({ changed: 1, posted: '50.10' });
    const [change2] = await changesOf(s2.id);
    expect(change2!.inputs).toMatchObject({ carriedIn: '0', base: '75920' });
    expect((await statementOf(t, contract, k2))!.inputs).toMatchObject({ carriedIn: '-50100' });
    expect(await balanceOf(t, top)).toBe(4_740n + 7_592n);

    // Unchanged data: nothing moves, for either week.
    const before = await postingCount();
    expect(await rerunOk('dividend', k1)).toMatchObject({ changed: 0, created: 0, posted: '0.00' });
    expect(await rerunOk('dividend', k2)).toMatchObject({ changed: 0, created: 0, posted: '0.00' });
    expect(await postingCount()).toBe(before);
    await expectBooksBalance();
  });

  test('keys that name no dividend period, and a period not summed, are refused', async () => {
    for (const periodKey of ['2026-10', '2026-10-05/2026-10-11', '2026-10-04/2026-10-11', '2026-02-30/2026-02-30'])
      expect([
        (await rerun('dividend', periodKey)).statusCode,
        (await rerun('dividend', periodKey)).json().field,
      ]).toEqual([400, 'periodKey']);
    const top = await treeMember(t, null);
    await signedContract(t, top, null, 'dividend', dividendTerms(100_000, 'none'), { period: 'M' });
    const notSummed = await rerun('dividend', '2026-09-01/2026-09-30');
    expect([notSummed.statusCode, notSummed.json().errorCode]).toEqual([409, settlementDeskErrorCodes.periodNotReady]);
  });
});

describe('re-run an hourly salary slot', () => {
  test('a round recorded late: the hour’s statements get the difference top down; a half-hour contract of the same start is computed too; a second re-run posts nothing', async () => {
    const top = await treeMember(t, null);
    const agent = await treeMember(t, top);
    const player = await treeMember(t, agent, 0);
    const topContract = await signedContract(t, top, null, 'hourly_salary', salaryTerms(10_000), { period: 'H' });
    const agentContract = await signedContract(t, agent, top, 'hourly_salary', salaryTerms(5_000), { period: 'H' });
    const other = await treeMember(t, null);
    const otherPlayer = await treeMember(t, other, 0);
    const halfHour = await signedContract(t, other, null, 'hourly_salary', salaryTerms(10_000), { period: 'BH' });
    await played(player, 'LIVE', 60_000n, 0n, '2026-11-19T08:10:00Z');
    await played(otherPlayer, 'LIVE', 20_000n, 0n, '2026-11-19T08:20:00Z');
    const from = Date.parse('2026-11-19T08:00:00Z');
    await settleHourlySlot(t.db, {
      merchantId: t.demoMerchantId,
      frequency: 'H',
      from,
      to: from + 3_600_000,
      nowMs: Date.now(),
    });
    const key = '2026-11-19T08:00:00.000Z';
    expect((await statementOf(t, topContract, key))!.gross_minor).toBe(600n);
    expect(await balanceOf(t, top)).toBe(300n);
    expect(await balanceOf(t, agent)).toBe(300n);
    expect(await statementOf(t, halfHour, key)).toBeUndefined();

    // A round of the hour recorded after the slot was settled.
    await played(player, 'LIVE', 40_000n, 0n, '2026-11-19T08:50:00Z');
    const first = await rerunOk('hourly_salary', key);
    // Top 1 % and agent 0.5 % of 1,000.00: +4.00 and +2.00; the half-hour slot's statement is created, waiting.
    expect(first).toMatchObject({ changed: 2, created: 1, short: [], posted: '6.00' });
    expect(await balanceOf(t, top)).toBe(1_000n - 500n);
    expect(await balanceOf(t, agent)).toBe(500n);
    const created = (await statementOf(t, halfHour, key))!;
    expect([created.status, created.gross_minor]).toEqual(['P', 200n]);
    expect(created.inputs).toMatchObject({ frequency: 'BH', teamValidBet: '20000' });
    expect((await statementOf(t, agentContract, key))!).toMatchObject({ status: 'M', gross_minor: 500n });

    const before = await postingCount();
    expect(await rerunOk('hourly_salary', key)).toMatchObject({ changed: 0, created: 0, posted: '0.00' });
    expect(await postingCount()).toBe(before);
    await expectBooksBalance();

    // Not on a half hour; a slot not closed yet.
    expect((await rerun('hourly_salary', '2026-11-19T08:10:00.000Z')).json().field).toBe('periodKey');
    const future = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000).toISOString();
    expect((await rerun('hourly_salary', future)).json().errorCode).toBe(settlementDeskErrorCodes.periodNotReady);
  });
});

describe('re-run a real-time salary slot', () => {
  test('a round’s result corrected: the win rate becomes the loss rate, only the difference is posted', async () => {
    const top = await treeMember(t, null);
    const player = await treeMember(t, top, 0);
    const contract = await signedContract(t, top, null, 'realtime_salary', {
      type: 'realtime',
      tiers: [{ betAmountMinor: '100', lossPpm: 20_000, winPpm: 5_000 }],
    });
    const roundId = await played(player, 'LOTT', 100_000n, 200_000n, '2026-11-19T09:02:00Z');
    const from = Date.parse('2026-11-19T09:00:00Z');
    await settleRealtimeSlot(t.db, { merchantId: t.demoMerchantId, from, to: from + 300_000, nowMs: Date.now() });
    const key = '2026-11-19T09:00:00.000Z';
    expect((await statementOf(t, contract, key))!.gross_minor).toBe(500n);
    await correctPayout(roundId, 0n);
    expect(await rerunOk('realtime_salary', key)).toMatchObject({ changed: 1, posted: '15.00' });
    expect(await balanceOf(t, top)).toBe(2_000n);
    expect(await rerunOk('realtime_salary', key)).toMatchObject({ changed: 0, posted: '0.00' });
    expect((await rerun('realtime_salary', '2026-11-19T09:01:00.000Z')).json().field).toBe('periodKey');
    await expectBooksBalance();
  });
});

describe('re-run a manual-claim salary day; the desk does not pay claimable records', () => {
  /** Yesterday in Bangkok: its records are due three days later, so still claimable now. */
  const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(
    new Date(Date.now() - 86_400_000),
  );
  const desk = (path: string, id: bigint, body: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: path.replace(':settlementId', String(id)),
      headers: { authorization: finance, merchant: 'demo', language: 'TH' },
      payload: body,
    });
  async function claim(memberId: bigint, id: bigint) {
    const token = await insertTestSession(t.db, t.demoMerchantId, memberId);
    return t.app.inject({
      method: 'POST',
      url: agentSettlementPaths.claimMrDailySalary,
      headers: { Merchant: 'demo', Language: 'EN', Authorization: token },
      payload: { id: Number(id) },
    });
  }

  test('a claimed record gets the difference (M); a claimable one takes the new amount and stays claimable, paid by its claim only', async () => {
    const top = await treeMember(t, null);
    const agent = await treeMember(t, top);
    const player = await treeMember(t, agent, 0);
    const topContract = await signedContract(t, top, null, 'mr_daily_salary', salaryTerms(10_000));
    const agentContract = await signedContract(t, agent, top, 'mr_daily_salary', salaryTerms(5_000));
    await summedDay(t, yesterday, [{ memberId: player, validBet: 100_000n }]);
    await computeMrDailySalaryDay(t.db, {
      merchantId: t.demoMerchantId,
      day: yesterday,
      timezone: 'Asia/Bangkok',
      nowMs: Date.now(),
    });
    const topRecord = (await statementOf(t, topContract, yesterday))!;
    const agentRecord = (await statementOf(t, agentContract, yesterday))!;
    expect((await claim(top, topRecord.id)).statusCode).toBe(200);
    expect(await balanceOf(t, top)).toBe(1_000n);

    // The operator cannot pay the agent's claimable record around its claim.
    const approve = await desk(settlementDeskPaths.approve, agentRecord.id);
    expect([approve.statusCode, approve.json().errorCode]).toEqual([409, settlementDeskErrorCodes.claimable]);
    expect(approve.json().message).toMatch(/กดรับ/);
    const adjust = await desk(settlementDeskPaths.adjust, agentRecord.id, { amount: '5.00', reason: 'pay it now' });
    expect([adjust.statusCode, adjust.json().errorCode]).toEqual([409, settlementDeskErrorCodes.claimable]);
    expect(await balanceOf(t, agent)).toBe(0n);

    // The day's bets corrected to 2,000.00.
    await summedDay(t, yesterday, [{ memberId: player, validBet: 200_000n }]);
    const result = await rerunOk('mr_daily_salary', yesterday);
    // Only the claimed record's difference moves (+10.00 to the top); the claimable one just takes 10.00.
    expect(result).toMatchObject({ changed: 2, created: 0, short: [], posted: '10.00' });
    expect(await balanceOf(t, top)).toBe(2_000n);
    expect((await statementOf(t, topContract, yesterday))!).toMatchObject({ status: 'M', gross_minor: 2_000n });
    const waiting = (await statementOf(t, agentContract, yesterday))!;
    expect(waiting).toMatchObject({ status: 'P', gross_minor: 1_000n });
    expect((waiting.inputs as { dueTime: number }).dueTime).toBe((agentRecord.inputs as { dueTime: number }).dueTime);
    expect(await balanceOf(t, agent)).toBe(0n);

    // The agent's claim pays the re-run amount, from the top.
    const claimed = await claim(agent, agentRecord.id);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().value).toMatchObject({ amount: '10.00', status: 1 });
    expect(await balanceOf(t, agent)).toBe(1_000n);
    expect(await balanceOf(t, top)).toBe(1_000n);

    const before = await postingCount();
    expect(await rerunOk('mr_daily_salary', yesterday)).toMatchObject({ changed: 0, created: 0, posted: '0.00' });
    expect(await postingCount()).toBe(before);
    await expectBooksBalance();
  });
});
