import { afterAll, beforeAll, expect, test } from 'vitest';
import { postTransfers } from '../../modules/ledger/index.ts';
import { fundedTestMember } from '../members.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import type { Operation } from './load.ts';
import { verify } from './verify.ts';

// The chaos run's checks must be able to fail: each planted fault below is one they must name.
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

const answered = (memberId: bigint, kind: Operation['kind'], key: string, value: unknown): Operation => ({
  kind,
  memberId,
  key,
  attempts: 2,
  answer: { status: 200, body: { success: true, value } },
});

test('a member with no operations and nothing moved: no findings', async () => {
  const { memberId } = await fundedTestMember(testApp.db, testApp.demoMerchantId, 'chaosclean', 10_000n);
  expect((await verify(testApp.db, [], [memberId])).findings).toEqual([]);
});

test('acknowledged operations that left no trace, and money held for no withdrawal, are each named', async () => {
  const { memberId } = await fundedTestMember(testApp.db, testApp.demoMerchantId, 'chaosfault', 10_000n);
  await postTransfers(testApp.db, {
    merchantId: testApp.demoMerchantId,
    currency: 'THB',
    idempotency: { source: 'test', key: `stray-hold-${memberId}` },
    transfers: [
      {
        debit: { kind: 'member_main', memberId },
        credit: { kind: 'member_held', memberId },
        amount: 100n,
        kind: 'withdrawal.hold',
        reference: 'stray',
      },
    ],
    nowMs: Date.now(),
  });
  const operations = [
    answered(memberId, 'bet', 'lost-bet', { balance: '99.00' }),
    answered(memberId, 'transfer', 'lost-transfer', { transferId: 'abc', status: 'SUCCESS' }),
    answered(memberId, 'withdraw', 'lost-withdrawal', { withdrawalId: 987654 }),
  ];
  const { findings, counts } = await verify(testApp.db, operations, [memberId]);
  expect(findings).toEqual(
    expect.arrayContaining([
      'bet lost-bet: acknowledged as done but not recorded',
      'transfer lost-transfer: acknowledged as abc but not recorded',
      'withdrawal lost-withdrawal: acknowledged as 987654 but not recorded',
      `member ${memberId}: 100 held for 0 of pending withdrawals`,
    ]),
  );
  expect(findings).toHaveLength(4);
  expect(counts['vendor calls acknowledged']).toBe(1);
});
