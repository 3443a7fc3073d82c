import { randomBytes } from 'node:crypto';
import { agentCentrePagesPath, agentTeamPaths } from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTestMember, insertTestSession } from '../../../testing/members.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { postTransfers } from '../../ledger/index.ts';
import type { MerchantConfig } from '../../merchant/index.ts';
import { localToday } from '../../reports/index.ts';
import { placeUnder } from '../downlines/hierarchy.ts';

let testApp: TestApp;
let sequence = 0;
let rounds = 0;

interface TestMember {
  id: bigint;
  username: string;
  token: string;
}

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

const freshIp = () => {
  const [a, b] = randomBytes(2);
  return `198.18.${a}.${b}`;
};

async function member(upline: bigint | null, isAgent: 0 | 1 = 1, registerMethod = 'web'): Promise<TestMember> {
  const { db, demoMerchantId } = testApp;
  const username = `tm${++sequence}x${randomBytes(3).toString('hex')}`;
  const id = await insertTestMember(db, demoMerchantId, username, new Date(), {
    is_agent: isAgent,
    upline_id: upline,
    register_method: registerMethod,
  });
  if (upline !== null)
    await db
      .transaction()
      .execute((trx) => placeUnder(trx, { merchantId: demoMerchantId, memberId: id, uplineId: upline }));
  return { id, username, token: await insertTestSession(db, demoMerchantId, id) };
}

/** A settled round now: stake, valid bet and payout in minor units. */
async function bet(memberId: bigint, stake: number, payout: number, gameId = 'team-test-game'): Promise<void> {
  rounds += 1;
  const now = new Date();
  await testApp.db
    .insertInto('bet_record')
    .values({
      merchant_id: testApp.demoMerchantId,
      member_id: memberId,
      vendor_code: 'ACME',
      vassalage: 'ACME',
      game_id: gameId,
      round_id: `team-r${rounds}-${randomBytes(3).toString('hex')}`,
      bet_count: 1,
      stake: BigInt(stake),
      valid_bet: BigInt(stake),
      payout: BigInt(payout),
      status: 'settled',
      first_bet_at: now,
      settled_at: now,
      updated_at: now,
    } as never)
    .execute();
}

async function fund(memberId: bigint, minor: bigint): Promise<void> {
  await postTransfers(testApp.db, {
    merchantId: testApp.demoMerchantId,
    currency: 'THB',
    idempotency: { source: 'test', key: `team-fund-${memberId}-${minor}` },
    transfers: [
      {
        debit: { kind: 'house_adjustment' },
        credit: { kind: 'member_main', memberId },
        amount: minor,
        kind: 'adjustment',
        reference: 'test',
      },
    ],
    nowMs: Date.now(),
  });
}

function get(caller: TestMember, path: string, query: Record<string, string> = {}) {
  return testApp.app.inject({
    method: 'GET',
    url: `${path}?${new URLSearchParams(query).toString()}`,
    headers: { Merchant: 'demo', Language: 'EN', Authorization: caller.token },
    remoteAddress: freshIp(),
  });
}

function post(caller: TestMember, path: string, body: Record<string, unknown>) {
  return testApp.app.inject({
    method: 'POST',
    url: path,
    headers: { Merchant: 'demo', Language: 'EN', Authorization: caller.token, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    remoteAddress: freshIp(),
  });
}

async function updateConfig(change: (config: MerchantConfig) => void): Promise<void> {
  const { db } = testApp;
  const row = await db.selectFrom('merchant').select('config').where('code', '=', 'demo').executeTakeFirstOrThrow();
  const config: MerchantConfig = structuredClone(row.config);
  change(config);
  await db
    .updateTable('merchant')
    .set({ config: JSON.stringify(config), updated_at: sql<Date>`now()` })
    .where('code', '=', 'demo')
    .execute();
  await testApp.settle();
}

/**
 * agent ─┬─ sub (agent) ── deep (player)
 *        └─ direct (player, affiliate)
 * outsider: another team.
 */
async function team() {
  const agent = await member(null, 1);
  const sub = await member(agent.id, 1, 'agent');
  const direct = await member(agent.id, 0, 'affiliate');
  const deep = await member(sub.id, 0);
  const outsiderAgent = await member(null, 1);
  const outsider = await member(outsiderAgent.id, 0);
  return { agent, sub, direct, deep, outsider, outsiderAgent };
}

async function today(): Promise<string> {
  return localToday(testApp.db, 'Asia/Bangkok', Date.now());
}

describe('team overview', () => {
  test('counts and sums the subtree only (never the agent itself nor another team), today live', async () => {
    const { agent, sub, direct, deep, outsider } = await team();
    await bet(deep.id, 10_000, 15_000);
    await bet(direct.id, 5_000, 0);
    await bet(agent.id, 99_900, 0); // the agent's own play is not the team's
    await bet(outsider.id, 70_000, 0);
    await fund(deep.id, 12_345n);
    await fund(sub.id, 55n);
    const day = await today();
    const response = await get(agent, agentTeamPaths.overview, { startDate: day, endDate: day });
    expect(response.statusCode).toBe(200);
    const overview = response.json().value;
    expect(overview).toMatchObject({
      teamSize: 3,
      directCount: 2,
      todayRegistrations: 3,
      todayFirstBets: 2,
      teamBalance: '124.00',
      totals: { bet: '150.00', validBet: '150.00', win: '150.00', betCount: 2 },
    });
    expect(overview.days).toEqual([expect.objectContaining({ day, bet: '150.00', registrations: 3 })]);
  });

  test('a bad range is 400 naming endDate; a member who is no agent is 403', async () => {
    const { agent, direct } = await team();
    const reversed = await get(agent, agentTeamPaths.overview, { startDate: '2026-11-10', endDate: '2026-11-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ errorCode: 'agent.team.range.invalid', field: 'endDate' });
    const tooLong = await get(agent, agentTeamPaths.overview, { startDate: '2026-01-01', endDate: '2026-11-01' });
    expect(tooLong.statusCode).toBe(400);
    const player = await get(direct, agentTeamPaths.overview, { startDate: '2026-11-01', endDate: '2026-11-01' });
    expect(player.statusCode).toBe(403);
    expect(player.json().errorCode).toBe('agent.only');
  });
});

describe('team management', () => {
  test('lists the subtree nearest first, with filters; direct scope; another team never appears', async () => {
    const { agent, sub, direct, deep } = await team();
    await fund(direct.id, 500n);
    const all = (await get(agent, agentTeamPaths.members)).json().value;
    expect(all.totalElements).toBe(3);
    expect(all.list.map((row: { username: string }) => row.username)).toEqual(
      [sub.username, direct.username, deep.username].sort((a, b) =>
        a === deep.username ? 1 : b === deep.username ? -1 : 0,
      ),
    );
    const deepRow = all.list.find((row: { username: string }) => row.username === deep.username);
    expect(deepRow).toMatchObject({ depth: 2, directUpline: sub.username, lastLoginTime: null, deposited: false });
    const subRow = all.list.find((row: { username: string }) => row.username === sub.username);
    expect(subRow).toMatchObject({ teamSize: 1, isAgent: 1 });

    const direct1 = (await get(agent, agentTeamPaths.members, { scope: 'DIRECT' })).json().value;
    expect(direct1.totalElements).toBe(2);
    const agents = (await get(agent, agentTeamPaths.members, { kind: 'AGENT' })).json().value;
    expect(agents.list.map((row: { username: string }) => row.username)).toEqual([sub.username]);
    const players = (await get(agent, agentTeamPaths.members, { kind: 'PLAYER', scope: 'DIRECT' })).json().value;
    expect(players.list.map((row: { username: string }) => row.username)).toEqual([direct.username]);
    const byMethod = (await get(agent, agentTeamPaths.members, { registerMethod: 'affiliate' })).json().value;
    expect(byMethod.list.map((row: { username: string }) => row.username)).toEqual([direct.username]);
    const byName = (await get(agent, agentTeamPaths.members, { subordinateName: deep.username.toUpperCase() })).json()
      .value;
    expect(byName.totalElements).toBe(1);
    const never = (await get(agent, agentTeamPaths.members, { neverLoggedIn: 'Y' })).json().value;
    expect(never.totalElements).toBe(3);
    const paged = (await get(agent, agentTeamPaths.members, { size: '2', page: '2' })).json().value;
    expect(paged).toMatchObject({ totalElements: 3 });
    expect(paged.list).toHaveLength(1);
    // The sub-agent sees only its own part of the tree.
    const subView = (await get(sub, agentTeamPaths.members)).json().value;
    expect(subView.list.map((row: { username: string }) => row.username)).toEqual([deep.username]);
  });

  test('locks and unlocks a direct downline; deeper, another team, unknown: 404 alike', async () => {
    const { agent, direct, deep, outsider } = await team();
    const locked = await post(agent, agentTeamPaths.memberStatus, { downlineId: String(direct.id), status: 'locked' });
    expect(locked.statusCode).toBe(200);
    const row = await testApp.db
      .selectFrom('member')
      .select('status')
      .where('id', '=', direct.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('locked');
    // Its session ended with the lock.
    expect((await get(direct, '/wps/member/info')).statusCode).toBe(401);
    await post(agent, agentTeamPaths.memberStatus, { downlineId: String(direct.id), status: 'active' });
    const again = await testApp.db
      .selectFrom('member')
      .select('status')
      .where('id', '=', direct.id)
      .executeTakeFirstOrThrow();
    expect(again.status).toBe('active');
    for (const id of [deep.id, outsider.id, 999_999_999n, agent.id]) {
      const refused = await post(agent, agentTeamPaths.memberStatus, { downlineId: String(id), status: 'locked' });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ errorCode: 'agent.team.member.unknown', field: 'downlineId' });
    }
    const deepRow = await testApp.db
      .selectFrom('member')
      .select('status')
      .where('id', '=', deep.id)
      .executeTakeFirstOrThrow();
    expect(deepRow.status).toBe('active');
  });
});

describe('team betting', () => {
  test('ALL is the agent and its team with the bettor and its direct upline named; SELF the agent only; names outside: 404', async () => {
    const { agent, sub, deep, outsider } = await team();
    await bet(deep.id, 2_000, 0, 'team-g1');
    await bet(agent.id, 1_000, 3_000, 'team-g2');
    await bet(outsider.id, 9_000, 0, 'team-g1');
    const day = await today();
    const all = (await get(agent, agentTeamPaths.bets, { startDate: day, endDate: day })).json().value;
    expect(all.totalElements).toBe(2);
    expect(all.footer).toEqual({ betAmount: '30.00', validBetAmount: '30.00', winAmount: '30.00' });
    const deepBet = all.list.find((row: { customerName: string }) => row.customerName === deep.username);
    expect(deepBet).toMatchObject({ directAgentName: sub.username, betAmount: '20.00', gameId: 'team-g1' });
    const self = (
      await get(agent, agentTeamPaths.bets, { startDate: day, endDate: day, subordinateType: 'SELF' })
    ).json().value;
    expect(self.list.map((row: { customerName: string }) => row.customerName)).toEqual([agent.username]);
    const named = (
      await get(agent, agentTeamPaths.bets, { startDate: day, endDate: day, subordinateName: deep.username })
    ).json().value;
    expect(named.totalElements).toBe(1);
    const byGame = (await get(agent, agentTeamPaths.bets, { startDate: day, endDate: day, gameId: 'team-g2' })).json()
      .value;
    expect(byGame.list.map((row: { customerName: string }) => row.customerName)).toEqual([agent.username]);
    const outside = await get(agent, agentTeamPaths.bets, {
      startDate: day,
      endDate: day,
      subordinateName: outsider.username,
    });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().errorCode).toBe('agent.team.member.unknown');
  });
});

describe('team P&L and downline transactions', () => {
  test('per member rows and totals of the subtree; transactions of one downline, signed', async () => {
    const { agent, direct, deep, outsider } = await team();
    await bet(deep.id, 10_000, 4_000);
    await bet(direct.id, 3_000, 9_000);
    await bet(outsider.id, 5_000, 0);
    await fund(deep.id, 7_000n);
    const day = await today();
    const pnl = (await get(agent, agentTeamPaths.pnl, { startDate: day, endDate: day })).json().value;
    expect(pnl.totalElements).toBe(2);
    expect(pnl.list[0]).toMatchObject({
      username: deep.username,
      bet: '100.00',
      win: '40.00',
      profitAndLoss: '-60.00',
    });
    expect(pnl.footer).toMatchObject({ bet: '130.00', validBet: '130.00', win: '130.00', profitAndLoss: '0.00' });
    const outside = await get(agent, agentTeamPaths.pnl, {
      startDate: day,
      endDate: day,
      subordinateName: outsider.username,
    });
    expect(outside.statusCode).toBe(404);

    const moves = (
      await get(agent, agentTeamPaths.transactions, { startDate: day, endDate: day, subordinateName: deep.username })
    ).json().value;
    expect(moves).toMatchObject({ username: deep.username, totalElements: 1 });
    expect(moves.list[0]).toMatchObject({ kind: 'adjustment', amount: '70.00', balanceAfter: '70.00' });
    const hidden = await get(agent, agentTeamPaths.transactions, {
      startDate: day,
      endDate: day,
      subordinateName: outsider.username,
    });
    expect(hidden.statusCode).toBe(404);
    const missing = await get(agent, agentTeamPaths.transactions, { startDate: day, endDate: day });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('subordinateName');
  });
});

describe('page switches', () => {
  test('the menu call answers the map; a page switched off answers 403 agent.page.off', async () => {
    const { agent } = await team();
    const pages = (await get(agent, agentCentrePagesPath)).json().value;
    expect(pages).toMatchObject({ AGEINFO3: true, DOWNMAN: true, TEAMBETTING3: true });
    await updateConfig((config) => {
      config.agentCentrePages = { ...config.agentCentrePages, DOWNMAN: false };
    });
    try {
      const off = await get(agent, agentTeamPaths.members);
      expect(off.statusCode).toBe(403);
      expect(off.json().errorCode).toBe('agent.page.off');
      expect((await get(agent, agentCentrePagesPath)).json().value.DOWNMAN).toBe(false);
      expect(
        (await get(agent, agentTeamPaths.pnl, { startDate: '2026-11-01', endDate: '2026-11-01' })).statusCode,
      ).toBe(200);
    } finally {
      await updateConfig((config) => {
        config.agentCentrePages = { ...config.agentCentrePages, DOWNMAN: true };
      });
    }
  });
});
