import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkLedger } from '../../ledger/index.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { settleHourlySlot } from './settle-hourly-salary.ts';
import { balanceOf, salaryTerms, signedContract, statementOf, treeMember } from './settlement.testing.ts';

let testApp: TestApp;
let round = 0;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

async function played(memberId: bigint, productType: string, stake: bigint, at: string) {
  round += 1;
  const time = new Date(at);
  await sql`
    INSERT INTO bet_record (merchant_id, vendor_code, round_id, member_id, vassalage, game_id, game_type, game_category,
                            stake, valid_bet, payout, bet_count, status, first_bet_at, settled_at, updated_at)
    VALUES (${testApp.demoMerchantId}, 'TEST', ${`hr-${round}`}, ${memberId}, 'BRTEST', 'g1', ${productType},
            ${productType}, ${stake}, ${stake}, 0, 1, 'settled', ${time}, ${time}, ${time})`.execute(testApp.db);
}

const slot = (frequency: 'H' | 'BH', start: string, minutes: number) => {
  const from = Date.parse(start);
  return settleHourlySlot(testApp.db, {
    merchantId: testApp.demoMerchantId,
    frequency,
    from,
    to: from + minutes * 60_000,
    nowMs: Date.parse('2026-11-20T12:00:00Z'),
  });
};

describe('hourly salary settlement', () => {
  test('the team valid bet of the product in the slot pays the tier, top down; a rerun and a lost status pay nothing twice', async () => {
    const top = await treeMember(testApp, null);
    const agent = await treeMember(testApp, top);
    const [p1, p2] = [await treeMember(testApp, agent, 0), await treeMember(testApp, top, 0)];
    const topContract = await signedContract(testApp, top, null, 'hourly_salary', salaryTerms(10_000), {
      period: 'H',
    });
    const agentContract = await signedContract(testApp, agent, top, 'hourly_salary', salaryTerms(5_000), {
      period: 'H',
    });
    // A half-hour contract of another agent: not settled by the hour's run.
    const other = await treeMember(testApp, null);
    const halfHour = await signedContract(testApp, other, null, 'hourly_salary', salaryTerms(5_000), { period: 'BH' });
    await played(p1, 'LIVE', 60_000n, '2026-11-20T10:10:00Z');
    await played(p1, 'RNG', 99_000n, '2026-11-20T10:20:00Z'); // another product
    await played(p2, 'LIVE', 40_000n, '2026-11-20T10:59:59Z');
    await played(p1, 'LIVE', 99_000n, '2026-11-20T11:00:00Z'); // the next hour
    const first = await slot('H', '2026-11-20T10:00:00Z', 60);
    expect(first).toMatchObject({ statements: 2, paid: 2, waiting: 0 });
    const key = '2026-11-20T10:00:00.000Z';
    const topStatement = (await statementOf(testApp, topContract, key))!;
    const agentStatement = (await statementOf(testApp, agentContract, key))!;
    expect(topStatement.inputs).toMatchObject({ teamValidBet: '100000', activeMembers: 2, frequency: 'H' });
    expect(agentStatement.inputs).toMatchObject({ teamValidBet: '60000', activeMembers: 1 });
    expect([topStatement.gross_minor, agentStatement.gross_minor]).toEqual([1_000n, 300n]);
    expect(await statementOf(testApp, halfHour, key)).toBeUndefined();
    expect(await balanceOf(testApp, top)).toBe(700n);
    expect(await balanceOf(testApp, agent)).toBe(300n);

    expect(await slot('H', '2026-11-20T10:00:00Z', 60)).toEqual({ statements: 0, paid: 0, waiting: 0 });
    await testApp.db
      .updateTable('agent_settlement')
      .set({ status: 'P', paid_at: null })
      .where('contract_id', 'in', [topContract, agentContract])
      .execute();
    expect(await slot('H', '2026-11-20T10:00:00Z', 60)).toMatchObject({ statements: 0, paid: 2 });
    expect(await balanceOf(testApp, top)).toBe(700n);
    expect(await balanceOf(testApp, agent)).toBe(300n);
    const books = await checkLedger(testApp.db, { merchantId: testApp.demoMerchantId });
    expect(books.differences).toEqual([]);
  });
});
