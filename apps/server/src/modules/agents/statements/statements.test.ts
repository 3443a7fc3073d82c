import { randomBytes } from 'node:crypto';
import { agentMoneyPaths, type AgentStatement } from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTestMember, insertTestSession } from '../../../testing/members.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import type { MerchantConfig } from '../../merchant/index.ts';
import { placeUnder } from '../downlines/hierarchy.ts';
import { settleDailySalaryDay } from '../settlement/settle-daily-salary.ts';
import { summedDay } from '../settlement/settlement.testing.ts';

let testApp: TestApp;
let sequence = 0;
const signedAt = new Date('2026-09-01T00:00:00Z');

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

interface TestMember {
  id: bigint;
  token: string;
  name: string;
}

async function member(upline: TestMember | null, isAgent: 0 | 1 = 1): Promise<TestMember> {
  const name = `stm${++sequence}x${randomBytes(3).toString('hex')}`;
  const id = await insertTestMember(testApp.db, testApp.demoMerchantId, name, signedAt, {
    is_agent: isAgent,
    upline_id: upline?.id ?? null,
  });
  if (upline !== null)
    await testApp.db
      .transaction()
      .execute((trx) => placeUnder(trx, { merchantId: testApp.demoMerchantId, memberId: id, uplineId: upline.id }));
  return { id, name, token: await insertTestSession(testApp.db, testApp.demoMerchantId, id) };
}

/** A signed daily salary paying `ppm` of the team's valid bet from 100.00 and one active member. */
async function contract(holder: TestMember, payer: TestMember | null, ppm: number): Promise<bigint> {
  const row = await testApp.db
    .insertInto('agent_contract')
    .values({
      merchant_id: testApp.demoMerchantId,
      upline_member_id: payer?.id ?? null,
      member_id: holder.id,
      kind: 'daily_salary',
      product_type: 'LIVE',
      period: '',
      terms: JSON.stringify({
        type: 'salary',
        tiers: [{ minimumBetMinor: '10000', activeMembers: 1, rate: { kind: 'percent', ppm } }],
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

async function settledDay(day: string, validBets: Array<[TestMember, bigint]>) {
  await summedDay(
    testApp,
    day,
    validBets.map(([player, validBet]) => ({ memberId: player.id, validBet })),
  );
  await settleDailySalaryDay(testApp.db, {
    merchantId: testApp.demoMerchantId,
    day,
    timezone: 'Asia/Bangkok',
    nowMs: Date.parse('2026-10-20T03:00:00Z'),
  });
}

async function updateConfig(change: (config: MerchantConfig) => void): Promise<void> {
  const row = await testApp.db
    .selectFrom('merchant')
    .select('config')
    .where('code', '=', 'demo')
    .executeTakeFirstOrThrow();
  const config: MerchantConfig = structuredClone(row.config);
  change(config);
  await testApp.db
    .updateTable('merchant')
    .set({ config: JSON.stringify(config), updated_at: sql<Date>`now()` })
    .where('code', '=', 'demo')
    .execute();
  await testApp.settle();
}

function get(caller: TestMember, path: string, query: Record<string, string> = {}) {
  return testApp.app.inject({
    method: 'GET',
    url: `${path}?${new URLSearchParams(query).toString()}`,
    headers: { Merchant: 'demo', Language: 'EN', Authorization: caller.token },
  });
}

/** top (merchant's contract 1 %) → agent (0.5 % from top) → player; a second, unrelated tree beside it. */
async function twoTrees() {
  const top = await member(null);
  const agent = await member(top);
  const player = await member(agent, 0);
  const otherTop = await member(null);
  const otherPlayer = await member(otherTop, 0);
  await contract(top, null, 10_000);
  await contract(agent, top, 5_000);
  await contract(otherTop, null, 10_000);
  return { top, agent, player, otherTop, otherPlayer };
}

describe('agent statements', () => {
  let trees: Awaited<ReturnType<typeof twoTrees>>;
  beforeAll(async () => {
    trees = await twoTrees();
    await settledDay('2026-10-10', [
      [trees.player, 80_000n],
      [trees.otherPlayer, 30_000n],
    ]);
    await settledDay('2026-10-11', [[trees.player, 20_000n]]);
  });

  test('SELF lists only the caller’s own statements, newest first, with their input lines and the total', async () => {
    const response = await get(trees.agent, agentMoneyPaths.statements, { kind: 'daily_salary' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const value = response.json().value as { list: AgentStatement[]; totalElements: number; totalAmount: string };
    expect(value.list.map((row) => [row.periodKey, row.amount, row.status, row.side, row.payerName])).toEqual([
      ['2026-10-11', '1.00', 'A', 'SELF', trees.top.name],
      ['2026-10-10', '4.00', 'A', 'SELF', trees.top.name],
    ]);
    expect(value.totalElements).toBe(2);
    expect(value.totalAmount).toBe('5.00');
    expect(value.list[1]!.lines).toEqual(
      expect.arrayContaining([
        { group: 'input', name: 'teamValidBet', format: 'money', value: '800.00' },
        { group: 'input', name: 'activeMembers', format: 'count', value: '1' },
        { group: 'input', name: 'tier', format: 'tier', value: '1' },
        { group: 'input', name: 'rate', format: 'rate', value: '0.005' },
      ]),
    );
  });

  test('DIRECT lists what the caller pays its downlines; the merchant-paid top sees its own as SELF', async () => {
    const paid = (
      await get(trees.top, agentMoneyPaths.statements, { kind: 'daily_salary', subordinateType: 'DIRECT' })
    ).json().value as { list: AgentStatement[] };
    expect(paid.list.map((row) => [row.holderName, row.amount, row.side])).toEqual([
      [trees.agent.name, '1.00', 'DIRECT'],
      [trees.agent.name, '4.00', 'DIRECT'],
    ]);
    const own = (await get(trees.top, agentMoneyPaths.statements, { kind: 'daily_salary' })).json().value as {
      list: AgentStatement[];
    };
    expect(own.list.map((row) => [row.amount, row.payerName])).toEqual([
      ['2.00', null],
      ['8.00', null],
    ]);
  });

  test('filters by period and status', async () => {
    const oneDay = (
      await get(trees.agent, agentMoneyPaths.statements, {
        kind: 'daily_salary',
        startDate: '2026-10-10',
        endDate: '2026-10-10',
      })
    ).json().value as { list: AgentStatement[] };
    expect(oneDay.list.map((row) => row.periodKey)).toEqual(['2026-10-10']);
    const waiting = (await get(trees.agent, agentMoneyPaths.statements, { kind: 'daily_salary', status: 'P' })).json()
      .value as { list: AgentStatement[] };
    expect(waiting.list).toEqual([]);
    const otherKind = (await get(trees.agent, agentMoneyPaths.statements, { kind: 'dividend' })).json().value as {
      list: AgentStatement[];
    };
    expect(otherKind.list).toEqual([]);
  });

  test('one statement in detail to its holder and its payer; to anyone else it does not exist (404)', async () => {
    const [statement] = (
      (await get(trees.agent, agentMoneyPaths.statements, { kind: 'daily_salary' })).json().value as {
        list: AgentStatement[];
      }
    ).list;
    for (const reader of [trees.agent, trees.top]) {
      const response = await get(reader, agentMoneyPaths.statement, { id: statement!.id });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().value.amount).toBe('1.00');
    }
    for (const stranger of [trees.otherTop, trees.player]) {
      const response = await get(stranger, agentMoneyPaths.statement, { id: statement!.id });
      expect(response.statusCode).toBe(response.json().errorCode === 'agent.only' ? 403 : 404);
    }
    const otherTopResponse = await get(trees.otherTop, agentMoneyPaths.statement, { id: statement!.id });
    expect(otherTopResponse.statusCode).toBe(404);
    expect(otherTopResponse.json().errorCode).toBe('not.found');
    // The other tree's agent lists only its own statements (the second day its team did not play: 0.00).
    const others = (await get(trees.otherTop, agentMoneyPaths.statements, { kind: 'daily_salary' })).json().value as {
      list: AgentStatement[];
    };
    expect(others.list.map((row) => [row.holderName, row.amount])).toEqual([
      [trees.otherTop.name, '0.00'],
      [trees.otherTop.name, '3.00'],
    ]);
  });

  test('a member who is not an agent is refused (403 agent.only)', async () => {
    const response = await get(trees.player, agentMoneyPaths.statements, { kind: 'daily_salary' });
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe('agent.only');
  });

  test('a bad filter is a 400 naming the field', async () => {
    const response = await get(trees.agent, agentMoneyPaths.statements, {
      kind: 'daily_salary',
      startDate: '10/10/2026',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('startDate');
  });

  test('my income: received, paid to downlines, net per kind and the totals', async () => {
    const response = await get(trees.top, agentMoneyPaths.income, { startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(response.statusCode, response.body).toBe(200);
    const value = response.json().value;
    expect(value.byKind.find((row: { kind: string }) => row.kind === 'daily_salary')).toEqual({
      kind: 'daily_salary',
      received: '10.00',
      paidToDownlines: '5.00',
      net: '5.00',
      pending: '0.00',
    });
    expect(value.totalIncome).toBe('10.00');
    const agentIncome = (
      await get(trees.agent, agentMoneyPaths.income, { startDate: '2026-10-11', endDate: '2026-10-11' })
    ).json().value;
    expect(agentIncome.totalIncome).toBe('1.00');
  });

  test('the downline picker, which has no limit of its own, is not throttled by a neighbour route sharing its guard', async () => {
    // requireAgent is one array shared by many routes; a limited route's hook once landed in it (30 a minute).
    const statuses = new Set<number>();
    for (let call = 0; call < 45; call += 1)
      statuses.add((await get(trees.top, agentMoneyPaths.subordinates, { subordinateType: 'DIRECT' })).statusCode);
    expect([...statuses]).toEqual([200]);
  });

  test('the downline picker: the subtree, direct only, agents only, an exact name only within the subtree', async () => {
    const names = async (caller: TestMember, query: Record<string, string>) =>
      (
        (await get(caller, agentMoneyPaths.subordinates, query)).json().value.list as Array<{ customerName: string }>
      ).map((row) => row.customerName);
    expect(await names(trees.top, {})).toEqual([trees.agent.name, trees.player.name]);
    expect(await names(trees.top, { subordinateType: 'DIRECT' })).toEqual([trees.agent.name]);
    expect(await names(trees.top, { agentsOnly: '1' })).toEqual([trees.agent.name]);
    expect(await names(trees.top, { subordinateName: trees.player.name.toUpperCase() })).toEqual([trees.player.name]);
    expect(await names(trees.top, { subordinateName: trees.otherPlayer.name })).toEqual([]);
    expect(await names(trees.otherTop, {})).toEqual([trees.otherPlayer.name]);
  });

  test('a record page the merchant switched off answers 403 agent.page.off; the others still answer', async () => {
    await updateConfig((config) => {
      config.agentCentrePages.DAYSAL = false;
      config.agentCentrePages.AGEREV3 = false;
    });
    try {
      const off = await get(trees.agent, agentMoneyPaths.statements, { kind: 'daily_salary' });
      expect(off.statusCode).toBe(403);
      expect(off.json().errorCode).toBe('agent.page.off');
      const income = await get(trees.agent, agentMoneyPaths.income, { startDate: '2026-10-01', endDate: '2026-10-31' });
      expect(income.statusCode).toBe(403);
      expect((await get(trees.agent, agentMoneyPaths.statements, { kind: 'dividend' })).statusCode).toBe(200);
    } finally {
      await updateConfig((config) => {
        config.agentCentrePages.DAYSAL = true;
        config.agentCentrePages.AGEREV3 = true;
      });
    }
  });
});
