import { randomBytes } from 'node:crypto';
import { adminPath, agentTeamPaths, memberDeskPaths } from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTestMember, insertTestSession } from '../../../testing/members.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { insertTestOperator, type TestOperator } from '../../backoffice/backoffice.testing.ts';
import { placeUnder } from '../downlines/hierarchy.ts';

/**
 * An agent's lock/unlock of a direct downline against the operator's own status changes (member desk,
 * real HTTP on both sides): the agent lifts only its own lock, never an operator's, and every change it
 * makes is a row of `agent_downline_status_change`.
 */

let testApp: TestApp;
let operator: TestOperator;
let sequence = 0;

interface TestMember {
  id: bigint;
  username: string;
  token: string;
}

beforeAll(async () => {
  testApp = await createTestApp();
  operator = await insertTestOperator(testApp.db, { merchantId: testApp.demoMerchantId, role: 'admin' });
});
afterAll(() => testApp?.close());

const freshIp = () => {
  const [a, b] = randomBytes(2);
  return `198.18.${a}.${b}`;
};

async function member(upline: bigint | null, isAgent: 0 | 1): Promise<TestMember> {
  const { db, demoMerchantId } = testApp;
  const username = `ts${++sequence}x${randomBytes(3).toString('hex')}`;
  const id = await insertTestMember(db, demoMerchantId, username, new Date(), { is_agent: isAgent, upline_id: upline });
  if (upline !== null)
    await db
      .transaction()
      .execute((trx) => placeUnder(trx, { merchantId: demoMerchantId, memberId: id, uplineId: upline }));
  return { id, username, token: await insertTestSession(db, demoMerchantId, id) };
}

async function pair(): Promise<{ agent: TestMember; direct: TestMember }> {
  const agent = await member(null, 1);
  return { agent, direct: await member(agent.id, 0) };
}

function agentSets(agent: TestMember, memberId: bigint, status: 'active' | 'locked', language: 'TH' | 'EN' = 'EN') {
  return testApp.app.inject({
    method: 'POST',
    url: agentTeamPaths.memberStatus,
    headers: { Merchant: 'demo', Language: language, Authorization: agent.token, 'content-type': 'application/json' },
    payload: JSON.stringify({ downlineId: String(memberId), status }),
    remoteAddress: freshIp(),
  });
}

async function memberRow(memberId: bigint) {
  return testApp.db
    .selectFrom('member')
    .select(['status', 'login_forbidden', 'desk_version'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
}

/** The operator's status change through the member desk, at the version it reads first. */
async function operatorSets(memberId: bigint, action: 'lock' | 'unlock' | 'forbidLogin'): Promise<void> {
  const { desk_version: version } = await memberRow(memberId);
  const response = await testApp.app.inject({
    method: 'PUT',
    url: adminPath(memberDeskPaths.status, { memberId: String(memberId) }),
    headers: { merchant: 'demo', language: 'EN', authorization: operator.token },
    payload: { action, reason: 'fraud check', version },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function changesOf(memberId: bigint) {
  return testApp.db
    .selectFrom('agent_downline_status_change')
    .select(['agent_id', 'from_status', 'to_status', 'desk_version'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

describe('agent lock and unlock against the operator', () => {
  test('the agent locks then unlocks its own lock; both changes are rows; a repeat writes nothing', async () => {
    const { agent, direct } = await pair();
    const { desk_version: version } = await memberRow(direct.id);
    const locked = await agentSets(agent, direct.id, 'locked');
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json().value).toEqual({ id: String(direct.id), status: 'locked' });
    expect((await memberRow(direct.id)).status).toBe('locked');
    expect((await agentSets(agent, direct.id, 'locked')).statusCode).toBe(200);
    const unlocked = await agentSets(agent, direct.id, 'active');
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect((await memberRow(direct.id)).status).toBe('active');
    expect(await changesOf(direct.id)).toEqual([
      { agent_id: agent.id, from_status: 'active', to_status: 'locked', desk_version: version },
      { agent_id: agent.id, from_status: 'locked', to_status: 'active', desk_version: version },
    ]);
  });

  test.each(['EN', 'TH'] as const)(
    'an operator-locked member: agent unlock is 409 (%s), still locked',
    async (language) => {
      const { agent, direct } = await pair();
      await operatorSets(direct.id, 'lock');
      // Asking to lock it again changes nothing and gives the agent no lock of its own to lift.
      expect((await agentSets(agent, direct.id, 'locked')).statusCode).toBe(200);
      const refused = await agentSets(agent, direct.id, 'active', language);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ errorCode: 'agent.team.status.operator', field: 'status' });
      expect(refused.json().message).toMatch(language === 'TH' ? /ผู้ดูแลระบบ/ : /operator/);
      expect((await memberRow(direct.id)).status).toBe('locked');
      expect(await changesOf(direct.id)).toEqual([]);
    },
  );

  test('agent lock, then an operator status change, then agent unlock: 409, still locked', async () => {
    const { agent, direct } = await pair();
    expect((await agentSets(agent, direct.id, 'locked')).statusCode).toBe(200);
    // The operator also forbids the login: its change raises desk_version, the lock is now the operator's too.
    await operatorSets(direct.id, 'forbidLogin');
    const refused = await agentSets(agent, direct.id, 'active');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('agent.team.status.operator');
    expect(await memberRow(direct.id)).toMatchObject({ status: 'locked', login_forbidden: true });
    expect(await changesOf(direct.id)).toHaveLength(1);
  });

  test('agent lock, operator unlock and relock: agent unlock 409; the operator unlock stays possible', async () => {
    const { agent, direct } = await pair();
    expect((await agentSets(agent, direct.id, 'locked')).statusCode).toBe(200);
    await operatorSets(direct.id, 'unlock');
    await operatorSets(direct.id, 'lock');
    expect((await agentSets(agent, direct.id, 'active')).statusCode).toBe(409);
    expect((await memberRow(direct.id)).status).toBe('locked');
    await operatorSets(direct.id, 'unlock');
    expect((await memberRow(direct.id)).status).toBe('active');
  });

  test("another agent's lock is not this agent's to lift (the member moved upline after the lock)", async () => {
    const { agent, direct } = await pair();
    expect((await agentSets(agent, direct.id, 'locked')).statusCode).toBe(200);
    const other = await member(null, 1);
    // The tree says the member is now other's direct downline; no operator status change happened.
    await testApp.db
      .updateTable('member_hierarchy')
      .set({ ancestor_id: other.id })
      .where('ancestor_id', '=', agent.id)
      .where('descendant_id', '=', direct.id)
      .execute();
    const refused = await agentSets(other, direct.id, 'active');
    expect(refused.statusCode).toBe(409);
    expect((await memberRow(direct.id)).status).toBe('locked');
  });
});
