import { agentSettlementPaths } from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkLedger } from '../../ledger/index.ts';
import { insertTestSession } from '../../../testing/members.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { computeMrDailySalaryDay, expireMrDailySalaries, mrStatusOf } from './settle-mr-daily-salary.ts';
import { balanceOf, salaryTerms, signedContract, statementOf, summedDay, treeMember } from './settlement.testing.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

/** Yesterday in Bangkok: its records are due three days later, so still claimable now. */
const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(
  new Date(Date.now() - 86_400_000),
);
const compute = (day: string) =>
  computeMrDailySalaryDay(testApp.db, {
    merchantId: testApp.demoMerchantId,
    day,
    timezone: 'Asia/Bangkok',
    nowMs: Date.now(),
  });

async function claim(memberId: bigint, id: bigint) {
  const token = await insertTestSession(testApp.db, testApp.demoMerchantId, memberId);
  return testApp.app.inject({
    method: 'POST',
    url: agentSettlementPaths.claimMrDailySalary,
    headers: { Merchant: 'demo', Language: 'EN', Authorization: token },
    payload: { id: Number(id) },
  });
}

/** Top agent under the merchant's contract (1 %), its agent under the top's (0.5 %), one player of 1,000.00. */
async function team(productType: 'LIVE' | 'RNG' | 'SPORTS' | 'FISH') {
  const top = await treeMember(testApp, null);
  const agent = await treeMember(testApp, top);
  const player = await treeMember(testApp, agent, 0);
  const topContract = await signedContract(testApp, top, null, 'mr_daily_salary', salaryTerms(10_000), {
    productType,
  });
  const agentContract = await signedContract(testApp, agent, top, 'mr_daily_salary', salaryTerms(5_000), {
    productType,
  });
  return { top, agent, player, topContract, agentContract };
}

describe('manual-claim daily salary', () => {
  test('records wait for the claim; each claim pays once from the payer; a rerun of the day adds nothing', async () => {
    const { top, agent, player, topContract, agentContract } = await team('LIVE');
    await summedDay(testApp, yesterday, [{ memberId: player, validBet: 100_000n }]);
    expect(await compute(yesterday)).toBeGreaterThanOrEqual(2);
    expect(await compute(yesterday)).toBe(0);
    const topRecord = (await statementOf(testApp, topContract, yesterday))!;
    const agentRecord = (await statementOf(testApp, agentContract, yesterday))!;
    expect(mrStatusOf(topRecord)).toBe(0);
    expect(topRecord.inputs).toMatchObject({ teamValidBet: '100000', activeMembers: 1, tierIndex: 0 });
    expect((topRecord.inputs as { dueTime: number }).dueTime).toBeGreaterThan(Date.now());
    expect(await balanceOf(testApp, top)).toBe(0n);

    // The agent claims before its upline has: the upline's wallet is empty, 409, nothing moves.
    const early = await claim(agent, agentRecord.id);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toMatchObject({ errorCode: 'agent.salary.claim.upline.short' });

    const topClaim = await claim(top, topRecord.id);
    expect(topClaim.statusCode, topClaim.body).toBe(200);
    expect(topClaim.json().value).toEqual({ id: Number(topRecord.id), amount: '10.00', status: 1 });
    // Two claims of the agent's record at once: one pays, the other is refused.
    const both = await Promise.all([claim(agent, agentRecord.id), claim(agent, agentRecord.id)]);
    expect(both.map((response) => response.statusCode).toSorted()).toEqual([200, 409]);
    expect(await balanceOf(testApp, agent)).toBe(500n);
    expect(await balanceOf(testApp, top)).toBe(500n);

    // As if the status had been lost after the posting: a claim again replays the posting, pays nothing more.
    await testApp.db
      .updateTable('agent_settlement')
      .set({ status: 'P', paid_at: null })
      .where('id', '=', agentRecord.id)
      .execute();
    expect((await claim(agent, agentRecord.id)).statusCode).toBe(200);
    expect(await balanceOf(testApp, agent)).toBe(500n);
    expect(await balanceOf(testApp, top)).toBe(500n);
    const books = await checkLedger(testApp.db, { merchantId: testApp.demoMerchantId });
    expect(books.differences).toEqual([]);
  });

  test("another agent's record answers 404; a member who is no agent 403", async () => {
    const { top, player, topContract } = await team('RNG');
    await summedDay(testApp, yesterday, [{ memberId: player, validBet: 100_000n, product: 'RNG' }]);
    await compute(yesterday);
    const record = (await statementOf(testApp, topContract, yesterday))!;
    const stranger = await treeMember(testApp, null);
    const notMine = await claim(stranger, record.id);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toMatchObject({ errorCode: 'agent.salary.claim.unknown', field: 'id' });
    expect((await claim(player, record.id)).statusCode).toBe(403);
    expect(await balanceOf(testApp, stranger)).toBe(0n);
    expect(await balanceOf(testApp, top)).toBe(0n);
  });

  test('past the due time a record expires (status 3) and cannot be claimed', async () => {
    const { top, player, topContract } = await team('SPORTS');
    await summedDay(testApp, yesterday, [{ memberId: player, validBet: 100_000n, product: 'SPORTS' }]);
    await compute(yesterday);
    const record = (await statementOf(testApp, topContract, yesterday))!;
    const dueTime = (record.inputs as { dueTime: number }).dueTime;
    expect(await expireMrDailySalaries(testApp.db, testApp.demoMerchantId, dueTime - 1)).toBe(0);
    expect(await expireMrDailySalaries(testApp.db, testApp.demoMerchantId, dueTime)).toBeGreaterThanOrEqual(1);
    const expired = (await statementOf(testApp, topContract, yesterday))!;
    expect(mrStatusOf(expired)).toBe(3);
    const late = await claim(top, record.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ errorCode: 'agent.salary.claim.not.claimable' });
    expect(await balanceOf(testApp, top)).toBe(0n);
  });
});
