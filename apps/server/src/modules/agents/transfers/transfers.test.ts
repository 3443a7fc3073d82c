import { randomBytes } from 'node:crypto';
import {
  agentTransferPaths,
  parseAmount,
  publicKeySchema,
  withdrawalPaths,
  type AgentTransfer,
  type PublicKey,
} from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { insertTestMember, insertTestSession } from '../../../testing/members.ts';
import { sealForTest } from '../../../testing/seal-payload.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { hashPassword } from '../../identity/index.ts';
import { checkLedger, memberBalance, postTransfers } from '../../ledger/index.ts';
import type { MerchantConfig } from '../../merchant/index.ts';
import { placeUnder } from '../downlines/hierarchy.ts';
import { equalShares, randomShares } from './shares.ts';

const paymentPassword = '135790';
let testApp: TestApp;
let publicKey: PublicKey;
let passwordHash: string;
let sequence = 0;

interface TestMember {
  id: bigint;
  token: string;
}

beforeAll(async () => {
  testApp = await createTestApp();
  const keyResponse = await testApp.app.inject({
    method: 'GET',
    url: '/wps/system/publicKey',
    headers: { Merchant: 'demo' },
  });
  publicKey = z.object({ value: publicKeySchema }).parse(keyResponse.json()).value;
  passwordHash = await hashPassword(paymentPassword);
});
afterAll(() => testApp?.close());

const freshKey = () => `tr-${randomBytes(10).toString('hex')}`;
const freshIp = () => {
  const [a, b] = randomBytes(2);
  return `203.0.${a}.${b}`;
};

/** A member of the demo merchant under `upline`, with the payment password, `balance` in its main wallet and a session. */
async function member(upline: bigint | null, isAgent: 0 | 1 | 2 = 1, balance = '0'): Promise<TestMember> {
  const { db, demoMerchantId } = testApp;
  const id = await insertTestMember(
    db,
    demoMerchantId,
    `trf${++sequence}x${randomBytes(3).toString('hex')}`,
    new Date(),
    {
      is_agent: isAgent,
      upline_id: upline,
      payment_password_hash: passwordHash,
    },
  );
  if (upline !== null)
    await db
      .transaction()
      .execute((trx) => placeUnder(trx, { merchantId: demoMerchantId, memberId: id, uplineId: upline }));
  const minor = parseAmount(balance)!;
  if (minor > 0n)
    await postTransfers(db, {
      merchantId: demoMerchantId,
      currency: 'THB',
      idempotency: { source: 'test', key: `fund-${id}` },
      transfers: [
        {
          debit: { kind: 'house_adjustment' },
          credit: { kind: 'member_main', memberId: id },
          amount: minor,
          kind: 'adjustment',
          reference: 'test',
        },
      ],
      nowMs: Date.now(),
    });
  return { id, token: await insertTestSession(db, demoMerchantId, id) };
}

function post(caller: TestMember, url: string, payload: Record<string, unknown>, key = freshKey()) {
  const sealed = sealForTest(payload, publicKey);
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: {
      Merchant: 'demo',
      Language: 'EN',
      Authorization: caller.token,
      'Idempotency-Key': key,
      'content-type': 'application/json',
      Encryption: sealed.encryptionHeader,
    },
    payload: JSON.stringify(sealed.body),
    remoteAddress: freshIp(),
  });
}

function history(caller: TestMember, query = '') {
  return testApp.app.inject({
    method: 'GET',
    url: `${agentTransferPaths.history}${query}`,
    headers: { Merchant: 'demo', Language: 'EN', Authorization: caller.token },
    remoteAddress: freshIp(),
  });
}

const balanceOf = (memberId: bigint) =>
  memberBalance(testApp.db, testApp.demoMerchantId, 'THB', { kind: 'member_main', memberId });

async function rowsOf(senderId: bigint): Promise<number> {
  const row = await testApp.db
    .selectFrom('agent_transfer')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('sender_id', '=', senderId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
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

const toDownline = (agent: TestMember, downlineId: bigint, amount: string, extra: Record<string, unknown> = {}) =>
  post(agent, agentTransferPaths.toDownline, {
    downlineId: Number(downlineId),
    transferAmount: amount,
    password: paymentPassword,
    remark: 'for you',
    ...extra,
  });

describe('agent to downline', () => {
  test('moves the amount to a direct downline and to one deeper in the subtree; both sides see it', async () => {
    const agent = await member(null, 1, '1000.00');
    const child = await member(agent.id, 1);
    const grandchild = await member(child.id, 0);

    const response = await toDownline(agent, child.id, '100.00');
    expect(response.statusCode, response.body).toBe(200);
    const value = response.json().value as { transfers: AgentTransfer[]; balance: string };
    expect(value.balance).toBe('900.00');
    expect(value.transfers).toMatchObject([
      { txTypeId: 6207, amount: '-100.00', counterpartyId: Number(child.id), remark: 'for you' },
    ]);
    const deep = await toDownline(agent, grandchild.id, '50.50');
    expect(deep.statusCode, deep.body).toBe(200);

    expect(await balanceOf(agent.id)).toBe(84_950n);
    expect(await balanceOf(child.id)).toBe(10_000n);
    expect(await balanceOf(grandchild.id)).toBe(5_050n);

    const agentSide = await history(agent);
    expect(agentSide.statusCode, agentSide.body).toBe(200);
    expect(agentSide.json().value.totalElements).toBe(2);
    const childSide = (await history(child)).json().value.content as AgentTransfer[];
    expect(childSide).toMatchObject([{ txTypeId: 6104, amount: '100.00', counterpartyId: Number(agent.id) }]);
    const childName = (agentSide.json().value.content as AgentTransfer[]).find(
      (row) => row.counterpartyId === Number(child.id),
    )!.subordinateName;
    const named = await history(agent, `?subordinateName=${childName}&txTypeIds=6207&page=1&size=10`);
    expect(named.json().value.content).toMatchObject([{ counterpartyId: Number(child.id), amount: '-100.00' }]);
    expect((await history(agent, '?txTypeIds=6104')).json().value.totalElements).toBe(0);

    // The member's money history names the movement an agent transfer.
    const money = await testApp.app.inject({
      method: 'GET',
      url: `${withdrawalPaths.transactionHistory}?type=agent_transfer`,
      headers: { Merchant: 'demo', Language: 'EN', Authorization: child.token },
      remoteAddress: freshIp(),
    });
    expect(money.statusCode, money.body).toBe(200);
    expect(money.json().value.content).toMatchObject([{ type: 'agent_transfer', amount: '100.00', wallet: 'main' }]);
  });

  test('an id outside the subtree or unknown answers 404; nothing moves', async () => {
    const agent = await member(null, 1, '100.00');
    const otherAgent = await member(null, 1);
    const stranger = await member(otherAgent.id, 0);
    for (const id of [stranger.id, otherAgent.id, 999_999_999n, agent.id]) {
      const response = await toDownline(agent, id, '10.00');
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().errorCode).toBe('agent.transfer.downline.unknown');
    }
    // An upline is not a downline either.
    const child = await member(agent.id, 1);
    expect((await toDownline(child, agent.id, '1.00')).statusCode).toBe(404);
    expect(await balanceOf(agent.id)).toBe(10_000n);
    expect(await rowsOf(agent.id)).toBe(0);
  });

  test('a member that is no agent is refused 403', async () => {
    const agent = await member(null, 1);
    const plain = await member(agent.id, 0, '100.00');
    const grandchild = await member(plain.id, 0);
    const response = await toDownline(plain, grandchild.id, '10.00');
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe('agent.only');
  });

  test('more than the balance is refused with nothing moved; limits are checked', async () => {
    const agent = await member(null, 1, '30.00');
    const child = await member(agent.id, 0);
    const response = await toDownline(agent, child.id, '30.01');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'agent.transfer.balance.not.enough', field: 'transferAmount' });
    const low = await toDownline(agent, child.id, '0.50');
    expect(low.json()).toMatchObject({ errorCode: 'agent.transfer.amount.below.min', field: 'transferAmount' });
    const high = await toDownline(agent, child.id, '100000.01');
    expect(high.json().errorCode).toBe('agent.transfer.amount.above.max');
    expect(await balanceOf(agent.id)).toBe(3_000n);
    expect(await balanceOf(child.id)).toBe(0n);
    expect(await rowsOf(agent.id)).toBe(0);
  });

  test('a wrong payment password is refused and counted as the withdrawals count it', async () => {
    const agent = await member(null, 1, '30.00');
    const child = await member(agent.id, 0);
    const response = await toDownline(agent, child.id, '10.00', { password: '000000' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'agent.transfer.password.invalid', field: 'password' });
    const failures = await testApp.db
      .selectFrom('payment_password_failure')
      .select('member_id')
      .where('member_id', '=', agent.id)
      .execute();
    expect(failures).toHaveLength(1);
    expect(await balanceOf(agent.id)).toBe(3_000n);
    // Five wrong ones stop the calls, the right password included.
    for (let i = 0; i < 4; i++) await toDownline(agent, child.id, '10.00', { password: '000000' });
    expect((await toDownline(agent, child.id, '10.00')).statusCode).toBe(429);
    expect(await balanceOf(child.id)).toBe(0n);
  });

  test('a replay with the same key moves the money once', async () => {
    const agent = await member(null, 1, '100.00');
    const child = await member(agent.id, 0);
    const key = freshKey();
    const body = { downlineId: Number(child.id), transferAmount: '40.00', password: paymentPassword };
    const first = await post(agent, agentTransferPaths.toDownline, body, key);
    const second = await post(agent, agentTransferPaths.toDownline, body, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await balanceOf(child.id)).toBe(4_000n);
    expect(await rowsOf(agent.id)).toBe(1);
  });

  test('a double submit at the same moment moves the money once; two different ones never overdraw', async () => {
    const agent = await member(null, 1, '100.00');
    const child = await member(agent.id, 0);
    const key = freshKey();
    const body = { downlineId: Number(child.id), transferAmount: '60.00', password: paymentPassword };
    const answers = await Promise.all([
      post(agent, agentTransferPaths.toDownline, body, key),
      post(agent, agentTransferPaths.toDownline, body, key),
    ]);
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
    expect(await balanceOf(child.id)).toBe(6_000n);

    const parallel = await Promise.all([toDownline(agent, child.id, '30.00'), toDownline(agent, child.id, '30.00')]);
    expect(parallel.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(await balanceOf(agent.id)).toBe(1_000n);
    expect(await balanceOf(child.id)).toBe(9_000n);
  });

  test('the daily count of the merchant is kept', async () => {
    await updateConfig((config) => {
      config.agentTransfers.dailyCountLimit = 2;
    });
    try {
      const agent = await member(null, 1, '100.00');
      const child = await member(agent.id, 0);
      expect((await toDownline(agent, child.id, '1.00')).statusCode).toBe(200);
      expect((await toDownline(agent, child.id, '1.00')).statusCode).toBe(200);
      const third = await toDownline(agent, child.id, '1.00');
      expect(third.statusCode).toBe(400);
      expect(third.json().errorCode).toBe('agent.transfer.daily.count');
      expect(await balanceOf(child.id)).toBe(200n);
    } finally {
      await updateConfig((config) => {
        config.agentTransfers.dailyCountLimit = 50;
      });
    }
  });
});

describe('lucky bag', () => {
  test('shares equally among every direct downline, the remainder to the first ones', async () => {
    const agent = await member(null, 1, '500.00');
    const children = [await member(agent.id, 0), await member(agent.id, 1), await member(agent.id, 0)];
    const grandchild = await member(children[1]!.id, 0);
    const response = await post(agent, agentTransferPaths.luckyBag, {
      recipients: 'ALL',
      type: 'SHARE',
      totalAmount: '100.00',
      password: paymentPassword,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await Promise.all(children.map((child) => balanceOf(child.id)))).toEqual([3_334n, 3_333n, 3_333n]);
    expect(await balanceOf(grandchild.id)).toBe(0n);
    expect(await balanceOf(agent.id)).toBe(40_000n);
  });

  test('shares at random among 25 chosen ones (two postings): each at least 0.01, the sum exact', async () => {
    const agent = await member(null, 1, '10.00');
    const children: TestMember[] = [];
    for (let i = 0; i < 25; i++) children.push(await member(agent.id, 0));
    const response = await post(agent, agentTransferPaths.luckyBag, {
      recipients: 'SELECTED',
      downlineIds: children.map((child) => Number(child.id)),
      type: 'FIGHTING',
      totalAmount: '1.00',
      password: paymentPassword,
    });
    expect(response.statusCode, response.body).toBe(200);
    const received = await Promise.all(children.map((child) => balanceOf(child.id)));
    expect(received.every((amount) => amount >= 1n)).toBe(true);
    expect(received.reduce((sum, amount) => sum + amount, 0n)).toBe(100n);
    expect(await balanceOf(agent.id)).toBe(900n);
    const postings = await testApp.db
      .selectFrom('agent_transfer')
      .select('posting_id')
      .distinct()
      .where('sender_id', '=', agent.id)
      .execute();
    expect(postings).toHaveLength(2);
  });

  test('a chosen id that is no direct downline answers 404; a total below 0.01 each is refused', async () => {
    const agent = await member(null, 1, '10.00');
    const child = await member(agent.id, 1);
    const grandchild = await member(child.id, 0);
    const bag = (ids: bigint[], total: string) =>
      post(agent, agentTransferPaths.luckyBag, {
        recipients: 'SELECTED',
        downlineIds: ids.map(Number),
        type: 'FIGHTING',
        totalAmount: total,
        password: paymentPassword,
      });
    expect((await bag([child.id, grandchild.id], '1.00')).statusCode).toBe(404);
    const low = await bag([child.id], '0.01');
    expect(low.statusCode, low.body).toBe(200);
    const second = await member(agent.id, 0);
    const tooLow = await bag([child.id, second.id], '0.01');
    expect(tooLow.json().errorCode).toBe('agent.transfer.share.below.min');
    expect(await balanceOf(agent.id)).toBe(999n);
  });

  test('the split functions: exact sums, each share at least one unit', () => {
    expect(equalShares(10n, 3)).toEqual([4n, 3n, 3n]);
    for (let run = 0; run < 200; run++) {
      const count = 1 + (run % 30);
      const total = BigInt(count + run * 7);
      const shares = randomShares(total, count);
      expect(shares).toHaveLength(count);
      expect(shares.every((share) => share >= 1n)).toBe(true);
      expect(shares.reduce((sum, share) => sum + share, 0n)).toBe(total);
    }
    expect(() => randomShares(2n, 3)).toThrow(RangeError);
  });
});

describe('member to upline', () => {
  const toUpline = (caller: TestMember, amount: string) =>
    post(caller, agentTransferPaths.toUpline, { transferAmount: amount, password: paymentPassword, remark: 'back' });

  test('moves the amount to the direct upline (6233 on both sides)', async () => {
    const agent = await member(null, 1);
    const child = await member(agent.id, 0, '50.00');
    const response = await toUpline(child, '20.00');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().value.transfers).toMatchObject([{ txTypeId: 6233, amount: '-20.00' }]);
    expect(await balanceOf(agent.id)).toBe(2_000n);
    expect(await balanceOf(child.id)).toBe(3_000n);
    const info = async (caller: TestMember) =>
      (
        await testApp.app.inject({
          method: 'GET',
          url: '/wps/member/info',
          headers: { Merchant: 'demo', Authorization: caller.token },
          remoteAddress: freshIp(),
        })
      ).json().value.toUpline;
    // The site's switch: on for a member with an upline, off for a top agent (no upline).
    expect(await info(child)).toBe(true);
    expect(await info(agent)).toBe(false);
    const agentSide = (await history(agent, '?txTypeIds=6233')).json().value.content as AgentTransfer[];
    expect(agentSide).toMatchObject([{ txTypeId: 6233, amount: '20.00', remark: 'back' }]);
  });

  test('refused when the merchant switch is off, for isAgent 2, and without an upline', async () => {
    const agent = await member(null, 1, '10.00');
    const agentTwo = await member(agent.id, 2, '10.00');
    const child = await member(agent.id, 0, '10.00');
    const twoAnswer = await toUpline(agentTwo, '1.00');
    expect(twoAnswer.statusCode).toBe(403);
    expect(twoAnswer.json().errorCode).toBe('agent.transfer.upline.off');
    expect((await toUpline(agent, '1.00')).json().errorCode).toBe('agent.transfer.upline.none');
    await updateConfig((config) => {
      config.agentTransfers.toUpline = false;
    });
    try {
      const off = await toUpline(child, '1.00');
      expect(off.statusCode).toBe(403);
      expect(off.json().errorCode).toBe('agent.transfer.upline.off');
    } finally {
      await updateConfig((config) => {
        config.agentTransfers.toUpline = true;
      });
    }
    expect(await balanceOf(agent.id)).toBe(1_000n);
  });
});

test('the ledger has no differences after all of the above', async () => {
  const report = await checkLedger(testApp.db, { merchantId: testApp.demoMerchantId });
  expect(report.differences).toEqual([]);
});
