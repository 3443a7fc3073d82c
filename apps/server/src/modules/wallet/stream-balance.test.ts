import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTestMember, insertTestSession } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { postTransfers } from '../ledger/index.ts';
import { openStream } from './wallet.testing.ts';

/**
 * The balance stream over real HTTP (light-my-request cannot stream), across two API instances on
 * one database: a change committed anywhere reaches the stream of that member only.
 */

let first: TestApp;
let second: TestApp;
let secondUrl: string;
let sequence = 0;

beforeAll(async () => {
  first = await createTestApp();
  second = await createTestApp({}, { database: first.database });
  secondUrl = await second.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

async function newMember() {
  const memberId = await insertTestMember(first.db, first.demoMerchantId, `stream${++sequence}`);
  return { memberId, token: await insertTestSession(first.db, first.demoMerchantId, memberId) };
}

async function deposit(memberId: bigint, amount: bigint) {
  await postTransfers(first.db, {
    merchantId: first.demoMerchantId,
    currency: 'THB',
    idempotency: { source: 'test', key: `stream-${memberId}-${++sequence}` },
    transfers: [
      {
        debit: { kind: 'house_deposit_clearing', subKey: 'BANK' },
        credit: { kind: 'member_main', memberId },
        amount,
        kind: 'deposit',
        reference: 'd',
      },
    ],
    nowMs: Date.now(),
  });
}

describe('GET /wps/v2/wallets/stream', () => {
  test('needs a token', async () => {
    const response = await first.app.inject({
      method: 'GET',
      url: '/wps/v2/wallets/stream',
      headers: { Merchant: 'demo' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ errorCode: 'user.or.token.invalid' });
  });

  test('sends the balance at once, then after each change of that member only, from any instance', async () => {
    const watched = await newMember();
    const other = await newMember();
    const stream = await openStream(secondUrl, watched.token);
    try {
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.response.headers.get('cache-control')).toBe('no-store');
      expect(stream.response.headers.get('content-encoding')).toBeNull();
      expect((await stream.next()).sumBalance).toBe('0.00');

      // Written through the first instance's pool; the stream lives on the second.
      await deposit(other.memberId, 999n);
      await deposit(watched.memberId, 1234n);
      expect((await stream.next()).sumBalance).toBe('12.34');
      await deposit(watched.memberId, 66n);
      expect((await stream.next()).sumBalance).toBe('13.00');
    } finally {
      stream.close();
    }
  });

  test('a closed stream stops being watched', async () => {
    const member = await newMember();
    const before = second.app.balanceStreams.size;
    const stream = await openStream(secondUrl, member.token);
    await stream.next();
    expect(second.app.balanceStreams.size).toBe(before + 1);
    stream.close();
    await expect.poll(() => second.app.balanceStreams.size, { timeout: 5000 }).toBe(before);
  });

  test('shutting the instance down ends its streams instead of waiting for them', async () => {
    const member = await newMember();
    const third = await createTestApp({}, { database: first.database });
    const url = await third.app.listen({ host: '127.0.0.1', port: 0 });
    const stream = await openStream(url, member.token);
    await stream.next();
    await third.close();
    await expect(stream.next()).rejects.toThrow(/stream ended|terminated|aborted/);
  });
});
