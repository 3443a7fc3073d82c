import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkLedger } from '../../ledger/index.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { realtimeShareOf, settleRealtimeSlot } from './settle-realtime-salary.ts';
import { balanceOf, signedContract, statementOf, treeMember } from './settlement.testing.ts';

let testApp: TestApp;
let round = 0;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

async function played(memberId: bigint, productType: string, stake: bigint, payout: bigint, at: string) {
  round += 1;
  const time = new Date(at);
  await sql`
    INSERT INTO bet_record (merchant_id, vendor_code, round_id, member_id, vassalage, game_id, game_type, game_category,
                            stake, valid_bet, payout, bet_count, status, first_bet_at, settled_at, updated_at)
    VALUES (${testApp.demoMerchantId}, 'TEST', ${`rt-${round}`}, ${memberId}, 'BRTEST', 'g1', ${productType},
            ${productType}, ${stake}, ${stake}, ${payout}, 1, 'settled', ${time}, ${time}, ${time})`.execute(
    testApp.db,
  );
}

/** Tiers: from 10.00 a bet 1 % on a loss and 0.5 % on a win; from 100.00, 2 % and 1 % (halved for the downline). */
const terms = (scale: number) => ({
  type: 'realtime',
  tiers: [
    { betAmountMinor: '1000', lossPpm: 10_000 * scale, winPpm: 5_000 * scale },
    { betAmountMinor: '10000', lossPpm: 20_000 * scale, winPpm: 10_000 * scale },
  ],
});

const settle = (start: string) => {
  const from = Date.parse(start);
  return settleRealtimeSlot(testApp.db, {
    merchantId: testApp.demoMerchantId,
    from,
    to: from + 5 * 60_000,
    nowMs: Date.parse('2026-11-20T12:00:00Z'),
  });
};

describe('real-time salary settlement', () => {
  test('the tier of each bet by its size, the loss or the win rate', () => {
    const tiers = [
      { betAmountMinor: 1_000n, lossPpm: 10_000, winPpm: 5_000 },
      { betAmountMinor: 10_000n, lossPpm: 20_000, winPpm: 10_000 },
    ];
    expect(realtimeShareOf(tiers, { stakeMinor: 999n, payoutMinor: 0n })).toEqual({ lossMinor: 0n, winMinor: 0n });
    expect(realtimeShareOf(tiers, { stakeMinor: 5_000n, payoutMinor: 0n })).toEqual({ lossMinor: 50n, winMinor: 0n });
    expect(realtimeShareOf(tiers, { stakeMinor: 10_000n, payoutMinor: 19_000n })).toEqual({
      lossMinor: 0n,
      winMinor: 100n,
    });
  });

  test('every lottery bet of the team in the slot, paid top down; a rerun and a lost status pay nothing twice', async () => {
    const top = await treeMember(testApp, null);
    const agent = await treeMember(testApp, top);
    const [p1, p2] = [await treeMember(testApp, agent, 0), await treeMember(testApp, top, 0)];
    const topContract = await signedContract(testApp, top, null, 'realtime_salary', terms(1), { productType: 'LOTT' });
    const agentContract = await signedContract(testApp, agent, top, 'realtime_salary', terms(0.5), {
      productType: 'LOTT',
    });
    await played(p1, 'LOTT', 20_000n, 0n, '2026-11-20T10:01:00Z'); // lost 200.00: 2 % / 1 %
    await played(p1, 'LOTT', 5_000n, 9_000n, '2026-11-20T10:02:00Z'); // won at 50.00: 0.5 % / 0.25 %
    await played(p2, 'LOTT', 5_000n, 0n, '2026-11-20T10:04:59Z'); // lost 50.00: 1 %, the top's only
    await played(agent, 'LOTT', 50_000n, 0n, '2026-11-20T10:03:00Z'); // the agent's own bet: the top's team only
    await played(p1, 'LIVE', 50_000n, 0n, '2026-11-20T10:03:00Z'); // not lottery
    await played(p1, 'LOTT', 50_000n, 0n, '2026-11-20T10:05:00Z'); // the next slot
    expect(await settle('2026-11-20T10:00:00Z')).toMatchObject({ statements: 2, paid: 2, waiting: 0 });
    const key = '2026-11-20T10:00:00.000Z';
    const topStatement = (await statementOf(testApp, topContract, key))!;
    const agentStatement = (await statementOf(testApp, agentContract, key))!;
    // Top: 400 + 25 + 50 + 1,000 (the agent's own 500.00 lost at 2 %).
    expect(topStatement.inputs).toMatchObject({
      bets: 4,
      lines: [
        { code: 'loss_salary', amount: '1450' },
        { code: 'win_salary', amount: '25' },
      ],
    });
    expect(topStatement.gross_minor).toBe(1_475n);
    expect(agentStatement.inputs).toMatchObject({ bets: 2, teamStake: '25000' });
    expect(agentStatement.gross_minor).toBe(200n + 12n);
    expect(await balanceOf(testApp, top)).toBe(1_475n - 212n);
    expect(await balanceOf(testApp, agent)).toBe(212n);

    expect(await settle('2026-11-20T10:00:00Z')).toEqual({ statements: 0, paid: 0, waiting: 0 });
    await testApp.db
      .updateTable('agent_settlement')
      .set({ status: 'P', paid_at: null })
      .where('contract_id', 'in', [topContract, agentContract])
      .execute();
    expect(await settle('2026-11-20T10:00:00Z')).toMatchObject({ statements: 0, paid: 2 });
    expect(await balanceOf(testApp, top)).toBe(1_263n);
    expect(await balanceOf(testApp, agent)).toBe(212n);
    const books = await checkLedger(testApp.db, { merchantId: testApp.demoMerchantId });
    expect(books.differences).toEqual([]);
  });
});
