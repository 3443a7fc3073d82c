import { agentSettlementPaths } from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTestSession } from '../../../testing/members.ts';
import { setMerchantConfigSection } from '../../merchant/index.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { settleDailySalaryDay } from './settle-daily-salary.ts';
import { loggedIn, salaryTerms, signedContract, statementOf, summedDay, treeMember } from './settlement.testing.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

const settle = (day: string) =>
  settleDailySalaryDay(testApp.db, {
    merchantId: testApp.demoMerchantId,
    day,
    timezone: 'Asia/Bangkok',
    nowMs: Date.parse('2026-11-25T03:00:00Z'),
  });

const rule = (minValidBet: string, minDeposit: string, excludeSharedLogins: boolean) =>
  setMerchantConfigSection(
    testApp.db,
    testApp.demoMerchantId,
    'agentSettlement',
    {
      activeMember: { minValidBet, minDeposit, excludeSharedLogins },
      dividend: { platformFeeRate: 0, serviceFeeRate: 0 },
      claimDays: 3,
      shortfall: 'wait',
    },
    Date.now(),
  );

describe("the merchant's active-member rule in settlements", () => {
  test('valid bet and deposit thresholds of the day decide who is active; the statement records the rule', async () => {
    await rule('50.00', '200.00', false);
    const top = await treeMember(testApp, null);
    const [p1, p2, p3] = [
      await treeMember(testApp, top, 0),
      await treeMember(testApp, top, 0),
      await treeMember(testApp, top, 0),
    ];
    // Tier: 1 % from 100.00 of team valid bet and three active members.
    const contract = await signedContract(testApp, top, null, 'daily_salary', salaryTerms(10_000, 3));
    const day = '2026-11-10';
    const play = [
      { memberId: p1, validBet: 10_000n, deposit: 20_000n },
      { memberId: p2, validBet: 5_000n, deposit: 50_000n },
      // Deposited too little: not active, its valid bet still counts.
      { memberId: p3, validBet: 90_000n, deposit: 19_999n },
    ];
    await summedDay(testApp, day, play);
    await settle(day);
    const statement = (await statementOf(testApp, contract, day))!;
    expect(statement.inputs).toMatchObject({
      activeMembers: 2,
      teamValidBet: '105000',
      tierIndex: null,
      activeMemberRule: { minValidBet: '5000', minDeposit: '20000', excludeSharedLogins: false },
    });
    expect(statement.gross_minor).toBe(0n);

    // The same figures in slots, under a slots contract, with a deposit rule of 0.00: three active
    // members reach the tier (a contract counts the bets of its own product type only).
    await rule('50.00', '0.00', false);
    await summedDay(
      testApp,
      day,
      play.map((row) => ({ ...row, product: 'RNG' })),
    );
    const other = await signedContract(testApp, top, null, 'daily_salary', salaryTerms(10_000, 3), {
      productType: 'RNG',
    });
    await settle(day);
    expect((await statementOf(testApp, other, day))!.inputs).toMatchObject({ activeMembers: 3, tierIndex: 0 });
    expect((await statementOf(testApp, other, day))!.gross_minor).toBe(1_050n);
  });

  test('members who logged in from the agent’s IP or device that day do not count as its active members', async () => {
    await rule('100.00', '0.00', true);
    const top = await treeMember(testApp, null);
    const agent = await treeMember(testApp, top);
    const [sameIp, sameDevice, elsewhere, sharedBefore] = [
      await treeMember(testApp, agent, 0),
      await treeMember(testApp, agent, 0),
      await treeMember(testApp, agent, 0),
      await treeMember(testApp, agent, 0),
    ];
    const topContract = await signedContract(testApp, top, null, 'daily_salary', salaryTerms(10_000, 1));
    const agentContract = await signedContract(testApp, agent, top, 'daily_salary', salaryTerms(5_000, 1));
    const day = '2026-11-11'; // Bangkok: 2026-11-10T17:00Z to 2026-11-11T17:00Z
    const during = new Date('2026-11-11T05:00:00Z');
    await loggedIn(testApp, agent, '10.1.1.1', 'dev-agent', during);
    await loggedIn(testApp, sameIp, '10.1.1.1', 'dev-a', during);
    await loggedIn(testApp, sameDevice, '10.9.9.9', 'dev-agent', new Date('2026-11-11T16:59:00Z'));
    await loggedIn(testApp, elsewhere, '10.2.2.2', 'dev-b', during);
    // Shared the agent's IP the day before: counts this day.
    await loggedIn(testApp, sharedBefore, '10.1.1.1', 'dev-c', new Date('2026-11-10T16:00:00Z'));
    await summedDay(
      testApp,
      day,
      [sameIp, sameDevice, elsewhere, sharedBefore].map((memberId) => ({ memberId, validBet: 20_000n })),
    );
    await settle(day);
    const agentStatement = (await statementOf(testApp, agentContract, day))!;
    expect(agentStatement.inputs).toMatchObject({ activeMembers: 2, teamSize: 4, teamValidBet: '80000' });
    // The top agent logged in nowhere: all four are its active members.
    expect((await statementOf(testApp, topContract, day))!.inputs).toMatchObject({ activeMembers: 4, teamSize: 5 });
  });

  test('the agent reads the rule with its text in its language; a member who is no agent is refused', async () => {
    await rule('150.50', '300.00', true);
    const agent = await treeMember(testApp, null);
    const player = await treeMember(testApp, agent, 0);
    const read = (memberId: bigint, language: 'TH' | 'EN') =>
      insertTestSession(testApp.db, testApp.demoMerchantId, memberId).then((token) =>
        testApp.app.inject({
          method: 'GET',
          url: agentSettlementPaths.activeMemberRule,
          headers: { Merchant: 'demo', Language: language, Authorization: token },
        }),
      );
    const en = await read(agent, 'EN');
    expect(en.statusCode, en.body).toBe(200);
    expect(en.json().value).toMatchObject({ minValidBet: '150.50', minDeposit: '300.00', excludeSharedLogins: true });
    expect(en.json().value.description).toContain('at least 150.50');
    expect(en.json().value.description).toContain('same IP address or device');
    const th = await read(agent, 'TH');
    expect(th.json().value.description).toContain('ตั้งแต่ 150.50');
    const refused = await read(player, 'EN');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'agent.only' });
  });
});
