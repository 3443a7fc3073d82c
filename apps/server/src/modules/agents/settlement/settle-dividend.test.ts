import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkLedger } from '../../ledger/index.ts';
import { setMerchantConfigSection } from '../../merchant/index.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { daysOfPeriod, lastClosedPeriod, periodHolding, type DividendPeriod } from './dividend-periods.ts';
import { settleDividendPeriod } from './settle-dividend.ts';
import { balanceOf, signedContract, statementOf, summedDay, treeMember, type DayRow } from './settlement.testing.ts';

let testApp: TestApp;
let round = 0;
beforeAll(async () => {
  testApp = await createTestApp();
  await setMerchantConfigSection(
    testApp.db,
    testApp.demoMerchantId,
    'agentSettlement',
    {
      activeMember: { minValidBet: '100.00', minDeposit: '0.00', excludeSharedLogins: true },
      dividend: { platformFeeRate: 0.05, serviceFeeRate: 0.001 },
      claimDays: 3,
      shortfall: 'wait',
    },
    Date.now(),
  );
});
afterAll(() => testApp?.close());

/** A settled round of `productType` at `at` (minor units). */
async function played(memberId: bigint, productType: string, stake: bigint, payout: bigint, at: Date) {
  round += 1;
  await sql`
    INSERT INTO bet_record (merchant_id, vendor_code, round_id, member_id, vassalage, game_id, game_type, game_category,
                            stake, valid_bet, payout, bet_count, status, first_bet_at, settled_at, updated_at)
    VALUES (${testApp.demoMerchantId}, 'TEST', ${`div-${round}`}, ${memberId}, 'BRTEST', 'g1', ${productType},
            ${productType}, ${stake}, ${stake}, ${payout}, 1, 'settled', ${at}, ${at}, ${at})`.execute(testApp.db);
}

/** Every day of the period summed by the reports (these rows on the first day). */
async function summed(period: DividendPeriod, rows: DayRow[]) {
  for (const [index, day] of daysOfPeriod(period).entries()) await summedDay(testApp, day, index === 0 ? rows : []);
}

const settle = (period: DividendPeriod) =>
  settleDividendPeriod(testApp.db, {
    merchantId: testApp.demoMerchantId,
    period,
    timezone: 'Asia/Bangkok',
    nowMs: Date.parse('2026-12-05T03:00:00Z'),
  });

const dividendTerms = (ppm: number, carryForward: string, minimumBetMinor = 100_000n, netLossMinor = 0n) => ({
  type: 'dividend',
  carryForward,
  tiers: [
    { minimumBetMinor: minimumBetMinor.toString(), netLossMinor: netLossMinor.toString(), activeMembers: 1, ppm },
  ],
});

describe('dividend periods', () => {
  test('weeks run Sunday to Saturday, halves 1-15 and 16-end, months whole; the last closed one is before today', () => {
    expect(periodHolding('W', '2026-11-04')).toMatchObject({ start: '2026-11-01', end: '2026-11-07' });
    expect(new Date('2026-11-01T00:00:00Z').getUTCDay()).toBe(0);
    expect(periodHolding('H', '2026-02-20')).toMatchObject({ start: '2026-02-16', end: '2026-02-28' });
    expect(periodHolding('H', '2026-02-15')).toMatchObject({ start: '2026-02-01', end: '2026-02-15' });
    expect(periodHolding('M', '2028-02-10')).toMatchObject({ start: '2028-02-01', end: '2028-02-29' });
    expect(lastClosedPeriod('D', '2026-11-04')).toMatchObject({ start: '2026-11-03', end: '2026-11-03' });
    // Sunday 8th: the week that ended on Saturday 7th; Saturday 7th: the week before.
    expect(lastClosedPeriod('W', '2026-11-08')).toMatchObject({ start: '2026-11-01', end: '2026-11-07' });
    expect(lastClosedPeriod('W', '2026-11-07')).toMatchObject({ start: '2026-10-25', end: '2026-10-31' });
    expect(lastClosedPeriod('H', '2026-11-16')).toMatchObject({ start: '2026-11-01', end: '2026-11-15' });
    expect(lastClosedPeriod('H', '2026-11-15')).toMatchObject({ start: '2026-10-16', end: '2026-10-31' });
    expect(lastClosedPeriod('M', '2026-01-01')).toMatchObject({ start: '2025-12-01', end: '2025-12-31' });
  });
});

describe('dividend settlement', () => {
  test('per product type: net loss less every deduction line, the rate of the tier reached, paid top down; a rerun changes nothing', async () => {
    const week = periodHolding('W', '2026-11-04');
    const top = await treeMember(testApp, null);
    const agent = await treeMember(testApp, top);
    const [p1, p2] = [await treeMember(testApp, agent, 0), await treeMember(testApp, agent, 0)];
    const p3 = await treeMember(testApp, top, 0);
    const topContract = await signedContract(testApp, top, null, 'dividend', dividendTerms(300_000, 'none'), {
      period: 'W',
    });
    const agentContract = await signedContract(testApp, agent, top, 'dividend', dividendTerms(200_000, 'none'), {
      period: 'W',
    });
    const during = new Date('2026-11-03T05:00:00Z');
    await played(p1, 'LIVE', 200_000n, 50_000n, during);
    await played(p1, 'RNG', 100_000n, 0n, during); // another product: not in the LIVE dividend
    await played(p2, 'LIVE', 100_000n, 150_000n, during);
    await played(p3, 'LIVE', 100_000n, 0n, during);
    // Outside the week (Bangkok): the Saturday before and the Sunday after.
    await played(p1, 'LIVE', 999_000n, 0n, new Date('2026-10-31T16:59:00Z'));
    await played(p1, 'LIVE', 999_000n, 0n, new Date('2026-11-07T17:00:00Z'));
    // p1's bonuses of the week (300.00) are shared by valid bet: 2/3 to LIVE.
    await summed(week, [
      { memberId: p1, validBet: 300_000n, bonus: 30_000n },
      { memberId: p2, validBet: 100_000n },
      { memberId: p3, validBet: 100_000n },
    ]);

    const first = await settle(week);
    expect(first).toMatchObject({ statements: 2, paid: 2, waiting: 0 });
    const agentStatement = (await statementOf(testApp, agentContract, '2026-11-01/2026-11-07'))!;
    expect(agentStatement.inputs).toMatchObject({
      productType: 'LIVE',
      period: 'W',
      teamBet: '300000',
      teamPayout: '200000',
      netLoss: '100000',
      activeMembers: 2,
      tierIndex: 0,
      lines: [
        { code: 'bonus', amount: '20000' },
        { code: 'rebate', amount: '0' },
        { code: 'deposit_fee', amount: '0' },
        { code: 'withdrawal_fee', amount: '0' },
        { code: 'platform_fee', amount: '5000' },
        { code: 'service_fee', amount: '300' },
        { code: 'carried', amount: '0' },
      ],
      base: '74700',
      carryOut: '0',
    });
    expect(agentStatement.gross_minor).toBe(14_940n);
    const topStatement = (await statementOf(testApp, topContract, '2026-11-01/2026-11-07'))!;
    // 2,000.00 net loss − 200.00 bonus − 100.00 platform fee − 4.00 service fee = 1,696.00 × 30 %.
    expect(topStatement.inputs).toMatchObject({ netLoss: '200000', base: '169600' });
    expect(topStatement.gross_minor).toBe(50_880n);
    expect([topStatement.status, agentStatement.status]).toEqual(['A', 'A']);
    // Each agent's balance is what it received less what it paid its downline.
    expect(await balanceOf(testApp, top)).toBe(50_880n - 14_940n);
    expect(await balanceOf(testApp, agent)).toBe(14_940n);

    expect(await settle(week)).toEqual({ statements: 0, paid: 0, waiting: 0 });
    // As if a run had been killed after its posting committed and before the status did: the rerun
    // replays the posting (same idempotency key) and pays nothing twice.
    await testApp.db
      .updateTable('agent_settlement')
      .set({ status: 'P', paid_at: null })
      .where('contract_id', 'in', [topContract, agentContract])
      .execute();
    expect(await settle(week)).toMatchObject({ statements: 0, paid: 2 });
    expect(await balanceOf(testApp, top)).toBe(35_940n);
    expect(await balanceOf(testApp, agent)).toBe(14_940n);
    const books = await checkLedger(testApp.db, { merchantId: testApp.demoMerchantId });
    expect(books.differences).toEqual([]);
  });

  test('a loss carried forward is recovered before the next period pays; with no carry-forward it is not', async () => {
    const [w1, w2] = [periodHolding('W', '2026-11-10'), periodHolding('W', '2026-11-17')];
    const carrying = await treeMember(testApp, null);
    const forgetting = await treeMember(testApp, null);
    const [pc, pf] = [await treeMember(testApp, carrying, 0), await treeMember(testApp, forgetting, 0)];
    const terms = (mode: string) => dividendTerms(100_000, mode, 10_000n, 0n);
    const carryingContract = await signedContract(testApp, carrying, null, 'dividend', terms('loss'), {
      period: 'W',
      productType: 'SPORTS',
    });
    const forgettingContract = await signedContract(testApp, forgetting, null, 'dividend', terms('none'), {
      period: 'W',
      productType: 'SPORTS',
    });
    for (const player of [pc, pf]) {
      // Week 1 the players win 500.00; week 2 they lose 800.00.
      await played(player, 'SPORTS', 100_000n, 150_000n, new Date('2026-11-10T05:00:00Z'));
      await played(player, 'SPORTS', 80_000n, 0n, new Date('2026-11-17T05:00:00Z'));
    }
    await summed(w1, [
      { memberId: pc, validBet: 100_000n },
      { memberId: pf, validBet: 100_000n },
    ]);
    await summed(w2, [
      { memberId: pc, validBet: 80_000n },
      { memberId: pf, validBet: 80_000n },
    ]);
    await settle(w1);
    const c1 = (await statementOf(testApp, carryingContract, '2026-11-08/2026-11-14'))!;
    // −500.00 less the service fee on 1,000.00 of valid bet (1.00): the carry out.
    expect(c1.inputs).toMatchObject({ netLoss: '-50000', tierIndex: null, base: '-50100', carryOut: '-50100' });
    expect(c1.gross_minor).toBe(0n);
    await settle(w2);
    const c2 = (await statementOf(testApp, carryingContract, '2026-11-15/2026-11-21'))!;
    // 800.00 − 40.00 platform fee − 0.80 service fee − 501.00 carried = 258.20 × 10 %.
    expect(c2.inputs).toMatchObject({ carriedIn: '-50100', base: '25820', carryOut: '0' });
    expect((c2.inputs as { lines: unknown[] }).lines).toContainEqual({ code: 'carried', amount: '50100' });
    expect(c2.gross_minor).toBe(2_582n);
    const f2 = (await statementOf(testApp, forgettingContract, '2026-11-15/2026-11-21'))!;
    expect(f2.inputs).toMatchObject({ carriedIn: '0', base: '75920' });
    expect(f2.gross_minor).toBe(7_592n);
  });

  test('a period with a day the reports have not summed waits', async () => {
    const top = await treeMember(testApp, null);
    await signedContract(testApp, top, null, 'dividend', dividendTerms(100_000, 'none'), { period: 'M' });
    expect(await settle(periodHolding('M', '2026-08-10'))).toEqual({ statements: 0, paid: 0, waiting: 0 });
  });
});
