import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { checkLedger } from '../../ledger/index.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { settleDailySalaryDay } from './settle-daily-salary.ts';
import { balanceOf, salaryTerms, signedContract, summedDay, treeMember } from './settlement.testing.ts';

/**
 * The daily salary job end to end on random trees (issue 16's property tests), against an oracle
 * written apart from the job: an agent's salary is its rate of its whole team's valid bet (every
 * member below it, never its own) once that reaches the tier's 100.00, rounded down. Through the
 * real job, statements and ledger: every agent's balance moves by what it received less what it paid
 * its downlines, the merchant pays exactly its own contracts, the books balance, and a rerun of the
 * day changes nothing.
 */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

const minimumBetMinor = 10_000n;

/** Agents as uplines' indexes (-1: a top agent), players as (agent index, valid bet in minor units), and rate cuts. */
const treeArbitrary = fc.array(fc.integer({ min: -1, max: 5 }), { minLength: 1, maxLength: 7 }).chain((uplines) =>
  fc.record({
    // An agent's upline is an earlier agent (or none), so the tree has no cycle.
    uplines: fc.constant(uplines.map((upline, index) => (upline >= index ? -1 : upline))),
    topPpm: fc.integer({ min: 1_000, max: 30_000 }),
    // Each agent's rate is its upline's less a cut (never above it: an offer above is refused).
    cuts: fc.array(fc.integer({ min: 0, max: 900 }), { minLength: uplines.length, maxLength: uplines.length }),
    players: fc.array(fc.tuple(fc.nat({ max: uplines.length - 1 }), fc.bigInt({ min: 1n, max: 5_000_000n })), {
      maxLength: 12,
    }),
  }),
);

let run = 0;

test('random trees: each agent nets its own salary less its downlines’, the merchant pays its own contracts, the books balance, a rerun changes nothing', async () => {
  await fc.assert(
    fc.asyncProperty(treeArbitrary, async ({ uplines, topPpm, cuts, players }) => {
      run += 1;
      // A day of its own per run, after the contracts were signed (settlement.testing.ts signedAt).
      const day = new Date(Date.UTC(2026, 8, 1 + run)).toISOString().slice(0, 10);

      const agents: Array<{ id: bigint; upline: number; ppm: number; contract: bigint }> = [];
      for (const [index, upline] of uplines.entries()) {
        const uplineAgent = upline === -1 ? null : agents[upline]!;
        const ppm = Math.max(1, Math.floor(((uplineAgent?.ppm ?? topPpm) * (1_000 - cuts[index]!)) / 1_000));
        const id = await treeMember(testApp, uplineAgent?.id ?? null);
        const contract = await signedContract(
          testApp,
          id,
          uplineAgent?.id ?? null,
          'daily_salary',
          salaryTerms(ppm, 0, minimumBetMinor),
        );
        agents.push({ id, upline, ppm, contract });
      }
      const bets: Array<{ agent: number; validBet: bigint; memberId: bigint }> = [];
      for (const [agent, validBet] of players)
        bets.push({ agent, validBet, memberId: await treeMember(testApp, agents[agent]!.id, 0) });
      await summedDay(
        testApp,
        day,
        bets.map(({ memberId, validBet }) => ({ memberId, validBet })),
      );

      // The oracle.
      const isBelow = (agent: number, ancestor: number): boolean =>
        agent !== -1 && (agents[agent]!.upline === ancestor || isBelow(agents[agent]!.upline, ancestor));
      const salary = agents.map((agent, index) => {
        const team = bets
          .filter((bet) => bet.agent === index || isBelow(bet.agent, index))
          .reduce((sum, bet) => sum + bet.validBet, 0n);
        return team >= minimumBetMinor ? (team * BigInt(agent.ppm)) / 1_000_000n : 0n;
      });
      const expectedNet = agents.map(
        (_, index) =>
          salary[index]! -
          agents.reduce((sum, other, otherIndex) => (other.upline === index ? sum + salary[otherIndex]! : sum), 0n),
      );

      const before = await Promise.all(agents.map((agent) => balanceOf(testApp, agent.id)));
      const settle = () =>
        settleDailySalaryDay(testApp.db, {
          merchantId: testApp.demoMerchantId,
          day,
          timezone: 'Asia/Bangkok',
          nowMs: Date.parse('2026-12-01T03:00:00Z'),
        });
      const first = await settle();
      expect(first.waiting).toBe(0);

      const statements = await testApp.db
        .selectFrom('agent_settlement')
        .select(['contract_id', 'gross_minor'])
        .where('kind', '=', 'daily_salary')
        .where('period_key', '=', day)
        .where(
          'contract_id',
          'in',
          agents.map((agent) => agent.contract),
        )
        .execute();
      const grossOf = new Map(statements.map((row) => [row.contract_id, row.gross_minor]));
      for (const [index, agent] of agents.entries()) expect(grossOf.get(agent.contract) ?? 0n).toBe(salary[index]);

      const after = await Promise.all(agents.map((agent) => balanceOf(testApp, agent.id)));
      expect(after.map((balance, index) => balance - before[index]!)).toEqual(expectedNet);
      // What the agents keep together is what the merchant pays: its contracts with the top agents.
      expect(expectedNet.reduce((sum, net) => sum + net, 0n)).toBe(
        agents.reduce((sum, agent, index) => (agent.upline === -1 ? sum + salary[index]! : sum), 0n),
      );

      const again = await settle();
      expect(again).toEqual({ statements: 0, paid: 0, waiting: 0 });
      expect(await Promise.all(agents.map((agent) => balanceOf(testApp, agent.id)))).toEqual(after);
    }),
    { numRuns: 12, seed: 16_016 },
  );
  const books = await checkLedger(testApp.db, { merchantId: testApp.demoMerchantId });
  expect(books.differences).toEqual([]);
}, 120_000);
