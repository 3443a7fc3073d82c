import {
  agentMoneyPaths,
  agentSettlementPaths,
  settlementDeskPaths,
  settlementDetailSchema,
  settlementPageSchema,
  type AgentSettlementConfig,
  type AgentSettlementShortfallRule,
} from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTestOperator } from '../../backoffice/backoffice.testing.ts';
import { checkLedger, postTransfers } from '../../ledger/index.ts';
import { setMerchantConfigSection } from '../../merchant/index.ts';
import { insertTestSession } from '../../../testing/members.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { settleDailySalaryDay } from './settle-daily-salary.ts';
import { computeMrDailySalaryDay } from './settle-mr-daily-salary.ts';
import { balanceOf, salaryTerms, signedContract, statementOf, summedDay, treeMember } from './settlement.testing.ts';

/**
 * The merchant rule `agentSettlement.shortfall` (README "Carried debt") on a real database: under
 * `wait` a short upline's downline waits (as before); under `advance` the downline is paid in full,
 * the house pays what the upline's wallet lacks, the upline's debt is recorded once however often and
 * however concurrently the period is settled, and its next earnings give it back first. Every test
 * ends with `checkLedger` and the money balance: wallets = what house_agent_pay paid out, and each
 * agent's wallet less its debt = what it received less what it paid (its net, which may be negative).
 */

let t: TestApp;
let finance: string;
let dayNumber = 0;
let fundSequence = 0;
beforeAll(async () => {
  t = await createTestApp();
  finance = (await insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: 'finance' })).token;
}, 60_000);
afterAll(() => t?.close());

const freshDay = () => `2026-10-${String(++dayNumber).padStart(2, '0')}`;

async function useRule(shortfall: AgentSettlementShortfallRule) {
  const section: AgentSettlementConfig = {
    activeMember: { minValidBet: '100.00', minDeposit: '0.00', excludeSharedLogins: true },
    dividend: { platformFeeRate: 0, serviceFeeRate: 0 },
    claimDays: 3,
    shortfall,
  };
  await setMerchantConfigSection(t.db, t.demoMerchantId, 'agentSettlement', section, Date.now());
  await t.settle();
}

const settle = (day: string) =>
  settleDailySalaryDay(t.db, { merchantId: t.demoMerchantId, day, timezone: 'Asia/Bangkok', nowMs: Date.now() });

async function fund(memberId: bigint, amountMinor: bigint) {
  await postTransfers(t.db, {
    merchantId: t.demoMerchantId,
    currency: 'THB',
    idempotency: { source: 'test', key: `debt-fund-${memberId}-${++fundSequence}` },
    transfers: [
      {
        debit: { kind: 'house_adjustment' },
        credit: { kind: 'member_main', memberId },
        amount: amountMinor,
        kind: 'adjustment',
        reference: 'debt-test',
      },
    ],
    nowMs: Date.now(),
  });
}

const debtsOf = (debtorIds: bigint[]) =>
  t.db.selectFrom('agent_settlement_debt').selectAll().where('debtor_id', 'in', debtorIds).orderBy('id').execute();

/** house_agent_pay's net payments (debits less credits) on the postings of these members' statements. */
async function houseOutflowTo(memberIds: bigint[]): Promise<bigint> {
  const { rows } = await sql<{ out: string | null }>`
    SELECT sum(CASE WHEN d.kind = 'house_agent_pay' THEN tr.amount ELSE -tr.amount END) AS out
      FROM ledger_transfer tr
      JOIN ledger_account d ON d.id = tr.debit_account_id
      JOIN ledger_account c ON c.id = tr.credit_account_id
     WHERE tr.merchant_id = ${t.demoMerchantId}
       AND ((d.kind = 'house_agent_pay' AND c.member_id = ANY(${memberIds}::bigint[]))
         OR (c.kind = 'house_agent_pay' AND d.member_id = ANY(${memberIds}::bigint[])))`.execute(t.db);
  return BigInt(rows[0]!.out ?? 0);
}

/**
 * The money of a tree whose members started at 0 but for `funded` (money of their own, not from
 * settlement): the house paid out what the wallets hold beyond that, and each agent's wallet less that
 * and its outstanding debt is its net (received less paid: negative for an upline carrying a debt).
 */
async function expectMoneyConserved(agents: bigint[], funded = new Map<bigint, bigint>()) {
  let wallets = 0n;
  for (const agent of agents) wallets += (await balanceOf(t, agent)) - (funded.get(agent) ?? 0n);
  expect(await houseOutflowTo(agents)).toBe(wallets);
  const nets = await sql<{ member_id: string; net: string }>`
    SELECT m.id AS member_id,
           coalesce((SELECT sum(gross_minor) FROM agent_settlement WHERE holder_id = m.id AND status IN ('A', 'M')), 0)
         - coalesce((SELECT sum(gross_minor) FROM agent_settlement WHERE payer_id = m.id AND status IN ('A', 'M')), 0) AS net
      FROM member m WHERE m.id = ANY(${agents}::bigint[])`.execute(t.db);
  const owed = new Map<bigint, bigint>();
  for (const debt of await debtsOf(agents))
    owed.set(debt.debtor_id, (owed.get(debt.debtor_id) ?? 0n) + debt.amount_minor - debt.recovered_minor);
  let netSum = 0n;
  for (const row of nets.rows) {
    const id = BigInt(row.member_id);
    expect((await balanceOf(t, id)) - (funded.get(id) ?? 0n), `agent ${id}: wallet - debt = net`).toBe(
      BigInt(row.net) + (owed.get(id) ?? 0n),
    );
    netSum += BigInt(row.net);
  }
  // What the merchant pays in the settlement's sense (its own contracts) is the sum of the nets; the
  // house's cash out is that plus what it advanced and has not had back yet.
  const outstanding = [...owed.values()].reduce((sum, value) => sum + value, 0n);
  expect(wallets).toBe(netSum + outstanding);
  const books = await checkLedger(t.db, { merchantId: t.demoMerchantId });
  expect(books.differences).toEqual([]);
}

function agentCall(url: string, token: string) {
  return t.app.inject({ method: 'GET', url, headers: { Merchant: 'demo', Language: 'EN', Authorization: token } });
}

/**
 * A top agent whose own tier needs two active members, over an agent whose tier needs one: with one
 * active player the top earns nothing and still owes the agent 0.5 % of the team's bet.
 */
async function shortTree() {
  const top = await treeMember(t, null);
  const agent = await treeMember(t, top);
  const players = [await treeMember(t, agent, 0), await treeMember(t, agent, 0)];
  const topContract = await signedContract(t, top, null, 'daily_salary', salaryTerms(10_000, 2));
  const agentContract = await signedContract(t, agent, top, 'daily_salary', salaryTerms(5_000, 1));
  return { top, agent, players, topContract, agentContract };
}

describe('shortfall rule', () => {
  test('wait (the default): the short upline pays nothing, the downline waits, no debt is recorded', async () => {
    await useRule('wait');
    const { top, agent, players, agentContract } = await shortTree();
    await fund(top, 200n);
    const day = freshDay();
    await summedDay(t, day, [{ memberId: players[0]!, validBet: 100_000n }]);
    expect(await settle(day)).toMatchObject({ waiting: 1 });
    expect(await statementOf(t, agentContract, day)).toMatchObject({
      status: 'P',
      note: 'upline.short',
      gross_minor: 500n,
    });
    expect(await balanceOf(t, top)).toBe(200n);
    expect(await balanceOf(t, agent)).toBe(0n);
    expect(await debtsOf([top])).toEqual([]);
  });

  test('advance: the downline is paid in full (what the wallet holds, the house the rest), the debt once; the next day recovers it', async () => {
    await useRule('advance');
    const { top, agent, players, topContract, agentContract } = await shortTree();
    // Money of the top's own (not from settlement): the advance takes what the wallet holds first.
    await fund(top, 200n);
    const day1 = freshDay();
    await summedDay(t, day1, [{ memberId: players[0]!, validBet: 100_000n }]);
    // Three runs at once and a fourth after: one payment, one debt.
    await Promise.all([settle(day1), settle(day1), settle(day1)]);
    expect(await settle(day1)).toEqual({ statements: 0, paid: 0, waiting: 0 });

    expect(await statementOf(t, topContract, day1)).toMatchObject({ status: 'A', gross_minor: 0n, note: null });
    const advanced = await statementOf(t, agentContract, day1);
    expect(advanced).toMatchObject({ status: 'A', gross_minor: 500n, note: 'upline.advanced' });
    expect(await balanceOf(t, agent)).toBe(500n);
    expect(await balanceOf(t, top)).toBe(0n);
    const [debt, ...more] = await debtsOf([top, agent]);
    expect(more).toEqual([]);
    expect(debt).toMatchObject({
      settlement_id: advanced!.id,
      debtor_id: top,
      amount_minor: 300n,
      recovered_minor: 0n,
      recovered_at: null,
    });
    const postings = await sql<{ count: string }>`
      SELECT count(*) FROM ledger_posting WHERE source = 'agent-settlement'
         AND idempotency_key = ${`daily_salary:${agentContract}:${day1}`}`.execute(t.db);
    expect(Number(postings.rows[0]!.count)).toBe(1);

    // The agent side: the top sees what it owes, and the agent's statement shows the advance.
    const topToken = await insertTestSession(t.db, t.demoMerchantId, top);
    const income = await agentCall(`${agentMoneyPaths.income}?startDate=${day1}&endDate=${day1}`, topToken);
    expect(income.statusCode, income.body).toBe(200);
    expect(income.json().value).toMatchObject({ carriedDebt: '3.00' });
    const direct = await agentCall(`${agentMoneyPaths.statement}?id=${advanced!.id}`, topToken);
    expect(direct.json().value).toMatchObject({ note: 'upline.advanced', side: 'DIRECT' });
    expect(direct.json().value.lines).toContainEqual({
      group: 'input',
      name: 'advancedByMerchant',
      format: 'money',
      value: '3.00',
    });

    // The operator: the statement's debt, the payer's total, the list's totals.
    const detail = settlementDetailSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: settlementDeskPaths.settlement.replace(':settlementId', String(advanced!.id)),
          headers: { authorization: finance, merchant: 'demo', language: 'EN' },
        })
      ).json().value,
    );
    expect(detail).toMatchObject({
      debt: { debtorId: String(top), amount: '3.00', recovered: '0.00', outstanding: '3.00', recoveredAt: null },
      payerCarriedDebt: '3.00',
      holderCarriedDebt: '0.00',
      recovered: '0.00',
    });
    const page = settlementPageSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `${settlementDeskPaths.settlements}?periodFrom=${day1}&periodTo=${day1}`,
          headers: { authorization: finance, merchant: 'demo', language: 'EN' },
        })
      ).json().value,
    );
    expect(page.totals).toMatchObject({ advanced: '3.00', carriedDebt: '3.00' });

    // Day 2: both players active; the top earns 1 % of 2,000.00 = 20.00, gives back its 3.00 first, pays the agent 10.00.
    const day2 = freshDay();
    await summedDay(t, day2, [
      { memberId: players[0]!, validBet: 100_000n },
      { memberId: players[1]!, validBet: 100_000n },
    ]);
    await Promise.all([settle(day2), settle(day2)]);
    await settle(day2);
    const topDay2 = await statementOf(t, topContract, day2);
    expect(topDay2).toMatchObject({ status: 'A', gross_minor: 2_000n, note: null });
    expect(await statementOf(t, agentContract, day2)).toMatchObject({ status: 'A', gross_minor: 1_000n, note: null });
    expect(await balanceOf(t, top)).toBe(2_000n - 300n - 1_000n);
    expect(await balanceOf(t, agent)).toBe(1_500n);
    const [recoveredDebt] = await debtsOf([top]);
    expect(recoveredDebt).toMatchObject({ recovered_minor: 300n });
    expect(recoveredDebt!.recovered_at).not.toBeNull();
    const recoveries = await t.db
      .selectFrom('agent_settlement_debt_recovery')
      .select(['settlement_id', 'amount_minor'])
      .where('debt_id', '=', recoveredDebt!.id)
      .execute();
    expect(recoveries).toEqual([{ settlement_id: topDay2!.id, amount_minor: 300n }]);
    const own = await agentCall(`${agentMoneyPaths.statement}?id=${topDay2!.id}`, topToken);
    expect(own.json().value.lines).toContainEqual({
      group: 'deduction',
      name: 'debtRecovered',
      format: 'money',
      value: '3.00',
    });
    const after = await agentCall(`${agentMoneyPaths.income}?startDate=${day1}&endDate=${day2}`, topToken);
    expect(after.json().value).toMatchObject({ carriedDebt: '0.00' });

    // The top's 2.00 of its own went to the agent on day 1; its net is 20.00 - 5.00 - 10.00 = 5.00.
    await expectMoneyConserved([top, agent], new Map([[top, 200n]]));
  });

  test('a debt bigger than one payment is given back over several, oldest first, and never below zero', async () => {
    await useRule('advance');
    const top = await treeMember(t, null);
    const agent = await treeMember(t, top);
    const player = await treeMember(t, agent, 0);
    // The merchant pays the top a fixed 1.00; the top owes the agent a fixed 5.00: 4.00 short each day.
    const fixed = (amountMinor: bigint) => ({
      type: 'salary',
      tiers: [
        { minimumBetMinor: '10000', activeMembers: 1, rate: { kind: 'fixed', amountMinor: amountMinor.toString() } },
      ],
    });
    await signedContract(t, top, null, 'daily_salary', fixed(100n));
    await signedContract(t, agent, top, 'daily_salary', fixed(500n));
    for (let index = 0; index < 3; index += 1) {
      const day = freshDay();
      await summedDay(t, day, [{ memberId: player, validBet: 20_000n }]);
      await settle(day);
    }
    // Each day the top is paid its 1.00 first, then pays the agent's 5.00. Day 1: 1.00 from its wallet,
    // 4.00 advanced. Days 2 and 3: its 1.00 goes to day 1's debt first, so all 5.00 is advanced.
    const debts = await debtsOf([top]);
    expect(debts.map((debt) => [debt.amount_minor, debt.recovered_minor])).toEqual([
      [400n, 200n],
      [500n, 0n],
      [500n, 0n],
    ]);
    expect(await balanceOf(t, top)).toBe(0n);
    expect(await balanceOf(t, agent)).toBe(1_500n);
    await expectMoneyConserved([top, agent]);
  });
});

describe('chaos: random trees, fixed and percent tiers, several days settled twice at once', () => {
  test('every statement paid once, debts recorded once and recovered oldest first; money conserved; books clean', async () => {
    await useRule('advance');
    // A fixed seed: the same trees every run (mulberry32).
    let seed = 0x5eed0059;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
    };
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const agents: bigint[] = [];
    const players: bigint[] = [];
    const top = await treeMember(t, null);
    agents.push(top);
    await signedContract(t, top, null, 'daily_salary', salaryTerms(8_000, 2));
    for (let index = 0; index < 10; index += 1) {
      const upline = pick(agents);
      const agent = await treeMember(t, upline);
      agents.push(agent);
      // Fixed amounts and lower active-member thresholds make uplines short now and then.
      const terms =
        random() < 0.5
          ? {
              type: 'salary',
              tiers: [
                {
                  minimumBetMinor: '10000',
                  activeMembers: 1,
                  rate: { kind: 'fixed', amountMinor: String(100 + Math.floor(random() * 900)) },
                },
              ],
            }
          : salaryTerms(1_000 + Math.floor(random() * 6_000), 1);
      await signedContract(t, agent, upline, 'daily_salary', terms);
    }
    for (let index = 0; index < 16; index += 1) players.push(await treeMember(t, pick(agents), 0));
    const days = [freshDay(), freshDay(), freshDay(), freshDay()];
    for (const day of days) {
      await summedDay(
        t,
        day,
        players
          .filter(() => random() < 0.6)
          .map((memberId) => ({ memberId, validBet: BigInt(5_000 + Math.floor(random() * 60_000)) })),
      );
      await Promise.all([settle(day), settle(day)]);
    }
    const statements = await t.db
      .selectFrom('agent_settlement')
      .select(['id', 'status', 'note', 'contract_id', 'period_key', 'gross_minor'])
      .where('holder_id', 'in', agents)
      .execute();
    expect(statements.length).toBe(agents.length * days.length);
    expect(statements.filter((row) => row.status !== 'A')).toEqual([]);
    // One posting per paid statement, one debt per advanced one.
    const advancedIds = statements.filter((row) => row.note === 'upline.advanced').map((row) => row.id);
    const debts = await debtsOf(agents);
    expect(debts.map((debt) => debt.settlement_id).sort()).toEqual([...advancedIds].sort());
    // The seed's trees do make uplines short, and later days do give some of it back.
    expect(debts.length).toBeGreaterThan(1);
    expect(debts.some((debt) => debt.recovered_minor > 0n)).toBe(true);
    for (const row of statements.filter((statement) => statement.gross_minor > 0n)) {
      const postings = await sql<{ count: string }>`
        SELECT count(*) FROM ledger_posting WHERE source = 'agent-settlement'
           AND idempotency_key = ${`daily_salary:${row.contract_id}:${row.period_key}`}`.execute(t.db);
      expect(Number(postings.rows[0]!.count)).toBe(1);
    }
    // Recoveries add up to what each debt says, and a debtor's newer debt is touched only once the older are cleared.
    for (const debt of debts) {
      const { rows } = await sql<{ total: string | null }>`
        SELECT sum(amount_minor) AS total FROM agent_settlement_debt_recovery WHERE debt_id = ${debt.id}`.execute(t.db);
      expect(BigInt(rows[0]!.total ?? 0)).toBe(debt.recovered_minor);
      const older = debts.filter((other) => other.debtor_id === debt.debtor_id && other.id < debt.id);
      if (debt.recovered_minor > 0n) for (const other of older) expect(other.recovered_at).not.toBeNull();
    }
    await expectMoneyConserved(agents);
  }, 120_000);
});

describe('the claim and the desk follow the rule', () => {
  test('a manual-claim record the upline cannot cover is paid on claim under advance', async () => {
    await useRule('advance');
    const top = await treeMember(t, null);
    const agent = await treeMember(t, top);
    const player = await treeMember(t, agent, 0);
    await signedContract(t, top, null, 'mr_daily_salary', salaryTerms(10_000, 2));
    const agentContract = await signedContract(t, agent, top, 'mr_daily_salary', salaryTerms(5_000, 1));
    // Yesterday in Bangkok: the record is due three days later, so claimable now.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(
      new Date(Date.now() - 86_400_000),
    );
    await summedDay(t, day, [{ memberId: player, validBet: 100_000n }]);
    await computeMrDailySalaryDay(t.db, {
      merchantId: t.demoMerchantId,
      day,
      timezone: 'Asia/Bangkok',
      nowMs: Date.now(),
    });
    const record = await statementOf(t, agentContract, day);
    expect(record).toMatchObject({ status: 'P', gross_minor: 500n });
    const claim = await t.app.inject({
      method: 'POST',
      url: agentSettlementPaths.claimMrDailySalary,
      headers: {
        Merchant: 'demo',
        Language: 'EN',
        Authorization: await insertTestSession(t.db, t.demoMerchantId, agent),
      },
      payload: { id: Number(record!.id) },
    });
    expect(claim.statusCode, claim.body).toBe(200);
    expect(await balanceOf(t, agent)).toBe(500n);
    expect(await debtsOf([top])).toMatchObject([{ amount_minor: 500n, settlement_id: record!.id }]);
    await expectMoneyConserved([top, agent]);
  });

  test("the desk's approval of a waiting statement advances as the job would; adjust up does not", async () => {
    // Left waiting under the old rule, approved after the merchant switched to advance.
    await useRule('wait');
    const { top, agent, players, agentContract } = await shortTree();
    const day = freshDay();
    await summedDay(t, day, [{ memberId: players[0]!, validBet: 100_000n }]);
    await settle(day);
    const waiting = await statementOf(t, agentContract, day);
    expect(waiting).toMatchObject({ status: 'P', note: 'upline.short' });
    await useRule('advance');
    const desk = (path: string, body?: object) =>
      t.app.inject({
        method: 'POST',
        url: path.replace(':settlementId', String(waiting!.id)),
        headers: { authorization: finance, merchant: 'demo', language: 'EN' },
        ...(body ? { payload: body } : {}),
      });
    const approved = await desk(settlementDeskPaths.approve);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().value).toMatchObject({ status: 'A', note: 'upline.advanced', payerCarriedDebt: '5.00' });
    expect(await balanceOf(t, agent)).toBe(500n);
    const raised = await desk(settlementDeskPaths.adjust, { amount: '6.00', reason: 'correction' });
    expect(raised.statusCode, raised.body).toBe(409);
    expect(raised.json().errorCode).toBe('agent.settlement.wallet.short');
    expect(await debtsOf([top])).toMatchObject([{ amount_minor: 500n }]);
    await expectMoneyConserved([top, agent]);

    // Adjusted down, the money taken back from the agent repays the house's advance first: the upline's
    // debt shrinks and its wallet (empty) gets nothing; the statement's detail shows no recovery of its own.
    const lowered = await desk(settlementDeskPaths.adjust, { amount: '2.00', reason: 'bets corrected' });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json().value).toMatchObject({ status: 'M', payerCarriedDebt: '2.00', recovered: '0.00' });
    expect(await balanceOf(t, agent)).toBe(200n);
    expect(await balanceOf(t, top)).toBe(0n);
    expect(await debtsOf([top])).toMatchObject([{ amount_minor: 500n, recovered_minor: 300n, recovered_at: null }]);
    await expectMoneyConserved([top, agent]);
    // Down to nothing: the rest of the advance comes back and the debt is cleared.
    const cancelled = await desk(settlementDeskPaths.adjust, { amount: '0.00', reason: 'not owed' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().value).toMatchObject({ payerCarriedDebt: '0.00' });
    expect(await balanceOf(t, agent)).toBe(0n);
    expect(await debtsOf([top])).toMatchObject([{ recovered_minor: 500n, recovered_at: expect.any(Date) }]);
    await expectMoneyConserved([top, agent]);
  });
});
