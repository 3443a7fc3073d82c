import { withdrawalPaths } from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkLedger, memberBalance } from '../../ledger/index.ts';
import { insertTestMember, insertTestSession } from '../../../testing/members.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { placeUnder } from '../downlines/hierarchy.ts';
import { settleDailySalaryDay } from './settle-daily-salary.ts';
import { summedDay as summedDayOf } from './settlement.testing.ts';

let testApp: TestApp;
let sequence = 0;
const signedAt = new Date('2026-10-01T00:00:00Z');

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

async function member(upline: bigint | null, isAgent: 0 | 1 = 1): Promise<bigint> {
  const id = await insertTestMember(
    testApp.db,
    testApp.demoMerchantId,
    `sal${++sequence}y${Date.now() % 100000}`,
    signedAt,
    {
      is_agent: isAgent,
      upline_id: upline,
    },
  );
  if (upline !== null)
    await testApp.db
      .transaction()
      .execute((trx) => placeUnder(trx, { merchantId: testApp.demoMerchantId, memberId: id, uplineId: upline }));
  return id;
}

/** A signed daily salary: `ppm` of the team's valid bet from `minimumBetMinor` and `activeMembers`. */
async function contract(
  holder: bigint,
  payer: bigint | null,
  ppm: number,
  activeMembers = 1,
  minimumBetMinor = 10_000n,
  productType: 'LIVE' | 'RNG' = 'LIVE',
) {
  const row = await testApp.db
    .insertInto('agent_contract')
    .values({
      merchant_id: testApp.demoMerchantId,
      upline_member_id: payer,
      member_id: holder,
      kind: 'daily_salary',
      product_type: productType,
      period: '',
      terms: JSON.stringify({
        type: 'salary',
        tiers: [{ minimumBetMinor: minimumBetMinor.toString(), activeMembers, rate: { kind: 'percent', ppm } }],
      }),
      status: 'A',
      replaces_id: null,
      created_at: signedAt,
      updated_at: signedAt,
      decided_at: signedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The reports' job has summed `day` with these members' valid bets (minor units) in `product`. */
const summedDay = (day: string, validBets: Array<[bigint, bigint]>, product = 'LIVE') =>
  summedDayOf(
    testApp,
    day,
    validBets.map(([memberId, validBet]) => ({ memberId, validBet, product })),
  );

const settle = (day: string) =>
  settleDailySalaryDay(testApp.db, {
    merchantId: testApp.demoMerchantId,
    day,
    timezone: 'Asia/Bangkok',
    nowMs: Date.parse('2026-11-25T03:00:00Z'),
  });

const balanceOf = (memberId: bigint) =>
  memberBalance(testApp.db, testApp.demoMerchantId, 'THB', { memberId, kind: 'member_main' });

async function statementsOf(contractIds: bigint[], day: string) {
  return testApp.db
    .selectFrom('agent_settlement')
    .select(['contract_id', 'gross_minor', 'status', 'note', 'inputs'])
    .where('contract_id', 'in', contractIds)
    .where('period_key', '=', day)
    .orderBy('contract_id')
    .execute();
}

describe('daily salary settlement', () => {
  test('the merchant pays the top agent on its whole team, the top agent pays its downline on the downline team; a rerun changes nothing', async () => {
    const top = await member(null);
    const agent = await member(top);
    const [p1, p2] = [await member(agent, 0), await member(agent, 0)];
    const p3 = await member(top, 0);
    const topContract = await contract(top, null, 10_000);
    const agentContract = await contract(agent, top, 5_000);
    const day = '2026-11-20';
    // p2 plays 50.00: below the 100.00 that makes a member active, but its bets still count.
    await summedDay(day, [
      [p1, 50_000n],
      [p2, 5_000n],
      [p3, 20_000n],
    ]);

    const first = await settle(day);
    expect(first.statements).toBeGreaterThanOrEqual(2);
    const statements = await statementsOf([topContract, agentContract], day);
    expect(statements.map((row) => [row.gross_minor, row.status])).toEqual([
      [750n, 'A'], // 1 % of 750.00 (the top's team: the agent's two players and its own)
      [275n, 'A'], // 0.5 % of 550.00 (the agent's team)
    ]);
    expect(statements[1]!.inputs).toMatchObject({ teamValidBet: '55000', activeMembers: 1, tierIndex: 0 });
    expect(await balanceOf(top)).toBe(475n);
    expect(await balanceOf(agent)).toBe(275n);

    const again = await settle(day);
    expect(again).toEqual({ statements: 0, paid: 0, waiting: 0 });
    expect(await balanceOf(top)).toBe(475n);
    expect(await balanceOf(agent)).toBe(275n);
    // The agent's money history names the salary as such, on both sides of the cascade.
    for (const [holder, amount] of [
      [agent, '2.75'],
      [top, '7.50'],
    ] as const) {
      const history = await testApp.app.inject({
        method: 'GET',
        url: `${withdrawalPaths.transactionHistory}?type=agent_income`,
        headers: {
          Merchant: 'demo',
          Language: 'EN',
          Authorization: await insertTestSession(testApp.db, testApp.demoMerchantId, holder),
        },
      });
      expect(history.statusCode, history.body).toBe(200);
      expect(history.json().value.content).toContainEqual(expect.objectContaining({ type: 'agent_income', amount }));
    }
    const books = await checkLedger(testApp.db, { merchantId: testApp.demoMerchantId });
    expect(books.differences).toEqual([]);
    expect(books.postings).toBeGreaterThan(0);
  });

  test('a contract counts its own product type only: a LIVE salary is not paid on slot bets, and an agent holding LIVE and RNG contracts is paid on each once', async () => {
    const top = await member(null);
    const agent = await member(top);
    const player = await member(agent, 0);
    const live = await contract(agent, null, 10_000);
    const rng = await contract(agent, null, 20_000, 1, 10_000n, 'RNG');
    const day = '2026-11-18';
    // The player bets 300.00 in live casino and 500.00 in slots the same day.
    await summedDayOf(testApp, day, [
      { memberId: player, validBet: 30_000n, product: 'LIVE' },
      { memberId: player, validBet: 50_000n, product: 'RNG' },
    ]);

    await settle(day);
    const statements = await statementsOf([live, rng], day);
    expect(statements.map((row) => [row.gross_minor, row.inputs])).toEqual([
      [300n, expect.objectContaining({ productType: 'LIVE', teamValidBet: '30000', activeMembers: 1 })], // 1 % of 300.00
      [1_000n, expect.objectContaining({ productType: 'RNG', teamValidBet: '50000', activeMembers: 1 })], // 2 % of 500.00
    ]);
    expect(await balanceOf(agent)).toBe(1_300n);
  });

  test('two runs at once pay each statement once', async () => {
    const top = await member(null);
    const agent = await member(top);
    const player = await member(agent, 0);
    await contract(top, null, 10_000);
    await contract(agent, top, 5_000);
    const day = '2026-11-21';
    await summedDay(day, [[player, 100_000n]]);
    await Promise.all([settle(day), settle(day), settle(day)]);
    expect(await balanceOf(top)).toBe(500n);
    expect(await balanceOf(agent)).toBe(500n);
    const postings = await sql<{ count: string }>`
      SELECT count(*) FROM ledger_posting p JOIN ledger_transfer t ON t.posting_id = p.id
       WHERE p.source = 'agent-settlement' AND p.idempotency_key LIKE ${`daily_salary:%:${day}`}
         AND t.credit_account_id IN (SELECT id FROM ledger_account WHERE member_id IN (${top}, ${agent}))`.execute(
      testApp.db,
    );
    expect(Number(postings.rows[0]!.count)).toBe(2);
    const again = await statementsOf(
      (await testApp.db.selectFrom('agent_contract').select('id').where('member_id', 'in', [top, agent]).execute()).map(
        (row) => row.id,
      ),
      day,
    );
    expect(again.map((row) => row.status)).toEqual(['A', 'A']);
  });

  test('an upline whose own tier is not reached cannot cover its downline: the downline statement waits for the operator', async () => {
    const top = await member(null);
    const agent = await member(top);
    const player = await member(agent, 0);
    // The top's tier needs five active members; the agent's one.
    const topContract = await contract(top, null, 10_000, 5);
    const agentContract = await contract(agent, top, 5_000, 1);
    const day = '2026-11-22';
    await summedDay(day, [[player, 100_000n]]);
    const result = await settle(day);
    expect(result.waiting).toBeGreaterThanOrEqual(1);
    expect(
      (await statementsOf([topContract, agentContract], day)).map((row) => [row.gross_minor, row.status, row.note]),
    ).toEqual([
      [0n, 'A', null],
      [500n, 'P', 'upline.short'],
    ]);
    expect(await balanceOf(agent)).toBe(0n);
  });

  test('a day the reports have not summed yet is left for a later run', async () => {
    const top = await member(null);
    await contract(top, null, 10_000);
    expect(await settle('2026-11-23')).toEqual({ statements: 0, paid: 0, waiting: 0 });
  });
});
