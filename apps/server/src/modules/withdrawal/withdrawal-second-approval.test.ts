import { backofficeErrorCodes, withdrawalErrorCodes, withdrawalPaths } from '@lotus/contract';
import { sql } from 'kysely';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTestOperator, insertTestRole, type TestOperator } from '../backoffice/backoffice.testing.ts';
import { createWithdrawalKit, type WithdrawalKit, type WithdrawalTestMember } from './withdrawal.testing.ts';

/**
 * Four-eyes for payouts: above the merchant's approval threshold (500.00 here) an approval waits for
 * a second operator with `approvals.review`, never the one who asked; confirmed, the withdrawal is
 * paid once; returned, it is pending again and its money still held, until the desk pays or rejects it.
 */
let kit: WithdrawalKit;
let otherMerchantId: number;
const thresholdMinor = 50_000n;

beforeAll(async () => {
  kit = await createWithdrawalKit();
  await kit.db
    .insertInto('approval_threshold')
    .values({ merchant_id: kit.merchantId, amount_minor: thresholdMinor, version: 1, updated_at: new Date() })
    .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ amount_minor: thresholdMinor }))
    .execute();
  const other = await kit.db
    .insertInto('merchant')
    .values({
      code: 'other-wd',
      name: 'Other',
      status: 'active',
      currency: 'THB',
      currency_symbol: '฿',
      default_language: 'EN',
      config: sql`(SELECT config FROM merchant WHERE code = 'demo')` as never,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  otherMerchantId = other.id;
});
afterAll(async () => {
  await kit?.close();
});

async function setUp(amount: string): Promise<{ member: WithdrawalTestMember; withdrawalId: number }> {
  const member = await kit.newMember({ balance: '2000.00' });
  return { member, withdrawalId: await kit.pendingWithdrawal(member, amount) };
}

function approve(operator: TestOperator, withdrawalId: number, extra: Record<string, unknown> = {}) {
  return kit.operatorCall(operator, 'POST', withdrawalPaths.adminApprove, {
    withdrawalId,
    payoutReference: `FT${withdrawalId}REF`,
    ...extra,
  });
}
function confirm(operator: TestOperator, withdrawalId: number) {
  return kit.operatorCall(operator, 'POST', withdrawalPaths.adminConfirmSecondApproval, { withdrawalId });
}
function sendBack(
  operator: TestOperator,
  withdrawalId: number,
  reason = 'Reference does not match the bank statement',
) {
  return kit.operatorCall(operator, 'POST', withdrawalPaths.adminReturnSecondApproval, { withdrawalId, reason });
}

/** A pending withdrawal of 800.00 whose approval by a first operator now waits for a second one. */
async function waiting() {
  const { member, withdrawalId } = await setUp('800.00');
  const first = await kit.newOperator('finance');
  const response = await approve(first, withdrawalId);
  expect(response.statusCode, response.body).toBe(200);
  return { member, withdrawalId, first };
}

async function rowOf(withdrawalId: number) {
  return kit.db.selectFrom('withdrawal').selectAll().where('id', '=', BigInt(withdrawalId)).executeTakeFirstOrThrow();
}
async function requestsOf(withdrawalId: number) {
  return kit.db
    .selectFrom('withdrawal_second_approval')
    .selectAll()
    .where('withdrawal_id', '=', BigInt(withdrawalId))
    .orderBy('id')
    .execute();
}
async function auditOf(withdrawalId: number) {
  return kit.db
    .selectFrom('operator_audit')
    .select(['action', 'operator_id', 'before', 'after'])
    .where('target_type', '=', 'withdrawal')
    .where('target_id', '=', String(withdrawalId))
    .orderBy('id')
    .execute();
}
/** Ledger transfers of one withdrawal by kind (payout, fee, release), counted. */
async function transferKinds(withdrawalId: number): Promise<Record<string, number>> {
  const rows = await kit.db
    .selectFrom('ledger_transfer')
    .select('kind')
    .where('reference', '=', `withdrawal:${withdrawalId}`)
    .execute();
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.kind] = (counts[row.kind] ?? 0) + 1;
  return counts;
}

describe('the threshold', () => {
  test.each([
    ['below it', '300.00'],
    ['exactly at it', '500.00'],
  ])('%s: one operator pays, no second approval asked', async (_name, amount) => {
    const { member, withdrawalId } = await setUp(amount);
    const response = await approve(await kit.newOperator('finance'), withdrawalId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().value).toMatchObject({ status: 'approved', secondApproval: null });
    expect(await requestsOf(withdrawalId)).toEqual([]);
    expect((await kit.balances(member.id)).held).toBe(0n);
  });

  test('above it: nothing is paid, the withdrawal stays pending (the member reads "in review"), the request is audited', async () => {
    const { member, withdrawalId } = await setUp('800.00');
    const first = await kit.newOperator('finance');
    const before = await kit.ledgerState();
    const response = await approve(first, withdrawalId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().value).toMatchObject({
      withdrawalId,
      status: 'pending',
      payoutReference: null,
      secondApproval: {
        status: 'pending',
        requestedBy: first.username,
        thresholdAmount: '500.00',
        payoutReference: `FT${withdrawalId}REF`,
        decidedBy: null,
      },
    });
    expect(await kit.ledgerState()).toEqual(before);
    expect(await kit.balances(member.id)).toEqual({ main: 120_000n, held: 80_000n });
    expect(await auditOf(withdrawalId)).toEqual([
      expect.objectContaining({
        action: 'withdrawal.approval.request',
        operator_id: first.id,
        before: { status: 'pending', secondApproval: null },
        after: expect.objectContaining({ secondApproval: 'pending', amount: '800.00', threshold: '500.00' }),
      }),
    ]);
    const report = await kit.send('GET', withdrawalPaths.withdrawReport, undefined, { token: member.token });
    expect(report.json().value.content).toEqual([expect.objectContaining({ withdrawalId, status: 'pending' })]);
    expect(report.json().value.content[0]).not.toHaveProperty('secondApproval');

    // The desk shows who asked; the approvals list has it.
    const desk = await kit.operatorCall(first, 'GET', `${withdrawalPaths.adminDetail}?withdrawalId=${withdrawalId}`);
    expect(desk.json().value.secondApproval).toMatchObject({ status: 'pending', requestedBy: first.username });
    const list = await kit.operatorCall(first, 'GET', withdrawalPaths.adminSecondApprovals);
    expect(list.statusCode).toBe(200);
    expect(list.json().value.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 'pending', withdrawal: expect.objectContaining({ withdrawalId }) }),
      ]),
    );
    expect(list.json().value.pending).toBeGreaterThanOrEqual(1);
  });

  test('while it waits, approve and reject are closed (409), the money stays held', async () => {
    const { member, withdrawalId } = await waiting();
    const other = await kit.newOperator('finance');
    for (const response of [
      await approve(other, withdrawalId),
      await kit.operatorCall(other, 'POST', withdrawalPaths.adminReject, { withdrawalId, reason: 'No' }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().errorCode).toBe(withdrawalErrorCodes.secondApprovalAwaiting);
    }
    expect(await kit.balances(member.id)).toEqual({ main: 120_000n, held: 80_000n });
    expect(await requestsOf(withdrawalId)).toHaveLength(1);
  });
});

describe('the second operator', () => {
  test.each(['finance', 'admin'] as const)(
    'the operator who asked (%s) can never confirm or return it, even holding approvals.review',
    async (role) => {
      const { member, withdrawalId } = await setUp('800.00');
      const first = await kit.newOperator(role);
      expect((await approve(first, withdrawalId)).statusCode).toBe(200);
      for (const response of [await confirm(first, withdrawalId), await sendBack(first, withdrawalId)]) {
        expect(response.statusCode).toBe(409);
        expect(response.json().errorCode).toBe(withdrawalErrorCodes.secondApprovalSelfRefused);
        expect(response.json().message).toContain('second approver');
      }
      expect(await kit.balances(member.id)).toEqual({ main: 120_000n, held: 80_000n });
      expect((await requestsOf(withdrawalId))[0]).toMatchObject({ status: 'pending', decided_by: null });
    },
  );

  test("another operator confirms: paid with the first one's reference and slip, audited; the paid flow continues", async () => {
    const { member, withdrawalId } = await setUp('800.00');
    const first = await kit.newOperator('finance');
    const png = new PNG({ width: 2, height: 2 });
    png.data.fill(90);
    const slip = PNG.sync.write(png).toString('base64');
    expect((await approve(first, withdrawalId, { payoutSlip: slip })).statusCode).toBe(200);
    const second = await kit.newOperator('finance');
    const response = await confirm(second, withdrawalId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().value).toMatchObject({
      status: 'approved',
      payoutReference: `FT${withdrawalId}REF`,
      hasPayoutSlip: true,
      reviewedBy: first.username,
      secondApproval: { status: 'confirmed', requestedBy: first.username, decidedBy: second.username },
    });
    expect(await kit.balances(member.id)).toEqual({ main: 120_000n, held: 0n });
    expect(await transferKinds(withdrawalId)).toEqual({ 'withdrawal.hold': 1, 'withdrawal.payout': 1 });
    const row = await rowOf(withdrawalId);
    expect(row).toMatchObject({ status: 'approved', reviewed_by: first.id });
    expect(row.confirm_deadline).not.toBeNull();
    expect((await auditOf(withdrawalId)).map((entry) => [entry.action, entry.operator_id])).toEqual([
      ['withdrawal.approval.request', first.id],
      ['withdrawal.approve', second.id],
      ['withdrawal.approval.confirm', second.id],
    ]);
    expect((await auditOf(withdrawalId))[2]).toMatchObject({
      before: { status: 'pending', secondApproval: 'pending' },
      after: { status: 'approved', secondApproval: 'confirmed' },
    });

    // The member's side goes on as for any payout.
    const received = await kit.send('POST', withdrawalPaths.confirmReceived, { withdrawalId }, { token: member.token });
    expect(received.statusCode, received.body).toBe(200);
    expect((await rowOf(withdrawalId)).status).toBe('received');
    // A late repeat finds nothing waiting.
    const again = await confirm(await kit.newOperator('finance'), withdrawalId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      errorCode: withdrawalErrorCodes.secondApprovalNone,
      value: { status: 'received' },
    });
    await kit.expectLedgerSound();
  });

  test('two operators confirm at once (and double clicks): one payout, the others 409', async () => {
    const { member, withdrawalId } = await waiting();
    const [b, c] = await Promise.all([kit.newOperator('finance'), kit.newOperator('admin')]);
    const responses = await Promise.all([confirm(b, withdrawalId), confirm(c, withdrawalId), confirm(b, withdrawalId)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().errorCode).toBe(withdrawalErrorCodes.secondApprovalNone);
    }
    expect(await transferKinds(withdrawalId)).toEqual({ 'withdrawal.hold': 1, 'withdrawal.payout': 1 });
    expect(await kit.balances(member.id)).toEqual({ main: 120_000n, held: 0n });
    expect((await auditOf(withdrawalId)).filter((entry) => entry.action === 'withdrawal.approve')).toHaveLength(1);
    await kit.expectLedgerSound();
  });

  test('confirm and return racing: exactly one wins', async () => {
    const { member, withdrawalId } = await waiting();
    const [b, c] = await Promise.all([kit.newOperator('finance'), kit.newOperator('finance')]);
    const [confirmed, returned] = await Promise.all([confirm(b, withdrawalId), sendBack(c, withdrawalId)]);
    expect([confirmed.statusCode, returned.statusCode].sort()).toEqual([200, 409]);
    const requests = await requestsOf(withdrawalId);
    expect(requests).toHaveLength(1);
    const held = (await kit.balances(member.id)).held;
    expect(held).toBe(requests[0]!.status === 'confirmed' ? 0n : 80_000n);
    await kit.expectLedgerSound();
  });
});

describe('returned to review', () => {
  test('returned with a reason: pending again, nothing moved; the desk then rejects it and the member is refunded exactly once', async () => {
    const { member, withdrawalId, first } = await waiting();
    const second = await kit.newOperator('finance');
    const before = await kit.ledgerState();
    const returned = await sendBack(second, withdrawalId, 'Wrong reference');
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().value).toMatchObject({
      status: 'pending',
      secondApproval: { status: 'returned', decidedBy: second.username, decisionReason: 'Wrong reference' },
    });
    expect(await kit.ledgerState()).toEqual(before);
    expect(await kit.balances(member.id)).toEqual({ main: 120_000n, held: 80_000n });
    expect((await auditOf(withdrawalId)).at(-1)).toMatchObject({
      action: 'withdrawal.approval.return',
      operator_id: second.id,
      before: { secondApproval: 'pending' },
      after: { secondApproval: 'returned', reason: 'Wrong reference' },
    });

    // The first operator may now refuse it: the existing reject path releases the held money, once.
    const rejects = await Promise.all([
      kit.operatorCall(first, 'POST', withdrawalPaths.adminReject, { withdrawalId, reason: 'Bank account closed' }),
      kit.operatorCall(second, 'POST', withdrawalPaths.adminReject, { withdrawalId, reason: 'Bank account closed' }),
    ]);
    expect(rejects.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await kit.balances(member.id)).toEqual({ main: 200_000n, held: 0n });
    expect(await transferKinds(withdrawalId)).toEqual({ 'withdrawal.hold': 1, 'withdrawal.release': 1 });
    expect((await confirm(second, withdrawalId)).statusCode).toBe(409);
    await kit.expectLedgerSound();
  });

  test('returned, then approved again: a new request, and another operator confirms it', async () => {
    const { member, withdrawalId, first } = await waiting();
    const second = await kit.newOperator('finance');
    expect((await sendBack(second, withdrawalId)).statusCode).toBe(200);
    const again = await approve(second, withdrawalId, { payoutReference: 'FT-NEW-1' });
    expect(again.json().value.secondApproval).toMatchObject({ status: 'pending', requestedBy: second.username });
    // The one who asked this time cannot confirm; the first one (a different operator now) can.
    expect((await confirm(second, withdrawalId)).statusCode).toBe(409);
    const paid = await confirm(first, withdrawalId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().value).toMatchObject({ status: 'approved', payoutReference: 'FT-NEW-1' });
    expect((await requestsOf(withdrawalId)).map((request) => request.status)).toEqual(['returned', 'confirmed']);
    expect(await kit.balances(member.id)).toEqual({ main: 120_000n, held: 0n });
  });

  test.each([
    ['no reason', { reason: '' }],
    ['only spaces', { reason: '   ' }],
    ['a reason too long', { reason: 'x'.repeat(501) }],
  ])('return with %s: 400 naming reason, nothing changes', async (_name, body) => {
    const { withdrawalId } = await waiting();
    const response = await kit.operatorCall(
      await kit.newOperator('finance'),
      'POST',
      withdrawalPaths.adminReturnSecondApproval,
      {
        withdrawalId,
        ...body,
      },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field: 'reason' });
    expect((await requestsOf(withdrawalId))[0]!.status).toBe('pending');
  });

  test('nothing waiting: confirm or return of a plain pending withdrawal is 409', async () => {
    const { withdrawalId } = await setUp('800.00');
    const operator = await kit.newOperator('finance');
    for (const response of [await confirm(operator, withdrawalId), await sendBack(operator, withdrawalId)]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        errorCode: withdrawalErrorCodes.secondApprovalNone,
        value: { status: 'pending' },
      });
    }
  });
});

describe('who may', () => {
  test("another merchant's operator: 404 like an unknown id, and its list is empty", async () => {
    const { member, withdrawalId } = await waiting();
    const stranger = await insertTestOperator(kit.db, { merchantId: otherMerchantId, role: 'admin' });
    const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      kit.app.inject({
        method,
        url,
        headers: { merchant: 'other-wd', authorization: stranger.token, language: 'EN' },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
    for (const response of [
      await call('POST', withdrawalPaths.adminConfirmSecondApproval, { withdrawalId }),
      await call('POST', withdrawalPaths.adminReturnSecondApproval, { withdrawalId, reason: 'Not mine' }),
      await call('POST', withdrawalPaths.adminConfirmSecondApproval, { withdrawalId: 99_999_999 }),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({
        errorCode: withdrawalErrorCodes.withdrawalUnknown,
        field: 'withdrawalId',
      });
    }
    const list = await call('GET', withdrawalPaths.adminSecondApprovals);
    expect(list.json().value).toEqual({ items: [], pending: 0 });
    expect(await kit.balances(member.id)).toEqual({ main: 120_000n, held: 80_000n });
  });

  test('without approvals.review: 403 on the list, confirm and return; withdrawals.review alone may still ask', async () => {
    const deskOnly = await insertTestRole(kit.db, { merchantId: kit.merchantId, permissions: ['withdrawals.review'] });
    const operator = await insertTestOperator(kit.db, { merchantId: kit.merchantId, role: deskOnly as never });
    const { withdrawalId } = await setUp('800.00');
    expect((await approve(operator, withdrawalId)).json().value.secondApproval.status).toBe('pending');
    const support = await kit.newOperator('support');
    for (const who of [operator, support]) {
      for (const response of [
        await kit.operatorCall(who, 'GET', withdrawalPaths.adminSecondApprovals),
        await confirm(who, withdrawalId),
        await sendBack(who, withdrawalId),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json().errorCode).toBe(backofficeErrorCodes.permissionDenied);
      }
    }
    expect((await requestsOf(withdrawalId))[0]!.status).toBe('pending');
  });

  test('the database refuses a request decided by the operator who asked', async () => {
    const { withdrawalId, first } = await waiting();
    await expect(
      kit.db
        .updateTable('withdrawal_second_approval')
        .set({ status: 'confirmed', decided_by: first.id, decided_at: new Date() })
        .where('withdrawal_id', '=', BigInt(withdrawalId))
        .execute(),
    ).rejects.toThrow(/withdrawal_second_approval_four_eyes/);
  });
});
