import { apiPaths, errorCodes, memberDeskPaths } from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTestMember, insertTestSession } from '../../testing/members.ts';
import { insertTestOperator } from '../backoffice/backoffice.testing.ts';
import { hashToken } from '../identity/index.ts';
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

async function sessionIdOf(token: string): Promise<bigint> {
  const row = await first.db
    .selectFrom('member_session')
    .select('id')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An operator call through the FIRST instance: the member's stream lives on the second. */
async function operatorCall(method: 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) {
  const operator = await insertTestOperator(first.db, { merchantId: first.demoMerchantId, role: 'admin' });
  const response = await first.app.inject({
    method,
    url,
    headers: { merchant: 'demo', language: 'EN', authorization: operator.token },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  expect(response.statusCode, response.body).toBe(200);
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

  const memberUrl = (path: string, memberId: bigint) => path.replace(':memberId', String(memberId));
  test.each([
    [
      'locking the member',
      (m: bigint) =>
        operatorCall('PUT', memberUrl(memberDeskPaths.status, m), { action: 'lock', reason: 'chargeback', version: 1 }),
    ],
    [
      'closing the account',
      (m: bigint) =>
        operatorCall('PUT', memberUrl(memberDeskPaths.status, m), { action: 'close', reason: 'asked to', version: 1 }),
    ],
    [
      'forbidding login',
      (m: bigint) =>
        operatorCall('PUT', memberUrl(memberDeskPaths.status, m), {
          action: 'forbidLogin',
          reason: 'fraud check',
          version: 1,
        }),
    ],
    [
      'resetting the password',
      (m: bigint) => operatorCall('POST', memberUrl(memberDeskPaths.passwordReset, m), { reason: 'by phone' }),
    ],
    ['ending all sessions', (m: bigint) => operatorCall('DELETE', memberUrl(memberDeskPaths.sessions, m))],
    [
      'ending this session',
      async (m: bigint, token: string) =>
        operatorCall(
          'DELETE',
          memberUrl(memberDeskPaths.session, m).replace(':sessionId', String(await sessionIdOf(token))),
        ),
    ],
    [
      'the member logging out',
      async (_m: bigint, token: string) => {
        const response = await first.app.inject({
          method: 'DELETE',
          url: apiPaths.logout,
          headers: { Merchant: 'demo', Authorization: token },
        });
        expect(response.statusCode, response.body).toBe(200);
      },
    ],
  ])('%s on one instance ends the member’s open stream on another at once, saying why', async (_label, endSession) => {
    const member = await newMember();
    const stream = await openStream(secondUrl, member.token);
    try {
      await stream.next();
      const before = second.app.balanceStreams.size;
      await endSession(member.memberId, member.token);
      expect(await stream.ended()).toEqual({ errorCode: errorCodes.tokenInvalid });
      await expect.poll(() => second.app.balanceStreams.size, { timeout: 5000 }).toBe(before - 1);
      // Opening it again is refused: the site logs out on either.
      const again = await second.app.inject({
        method: 'GET',
        url: apiPaths.walletStream,
        headers: { Merchant: 'demo', Authorization: member.token },
      });
      expect(again.statusCode).toBe(401);
    } finally {
      stream.close();
    }
  });

  test('ending one session leaves the member’s streams of other sessions open', async () => {
    const member = await newMember();
    const otherToken = await insertTestSession(first.db, first.demoMerchantId, member.memberId);
    const [ending, staying] = await Promise.all([
      openStream(secondUrl, member.token),
      openStream(secondUrl, otherToken),
    ]);
    try {
      await Promise.all([ending.next(), staying.next()]);
      await operatorCall(
        'DELETE',
        memberUrl(memberDeskPaths.session, member.memberId).replace(
          ':sessionId',
          String(await sessionIdOf(member.token)),
        ),
      );
      await ending.ended();
      // The other session's stream still works: the next change reaches it.
      await deposit(member.memberId, 500n);
      expect((await staying.next()).sumBalance).toBe('5.00');
    } finally {
      ending.close();
      staying.close();
    }
  });
});
