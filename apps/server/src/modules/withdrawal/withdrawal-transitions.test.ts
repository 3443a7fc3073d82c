import { withdrawalPaths } from '@lotus/contract';
import { sql } from 'kysely';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { autoReceiveJobName, scheduledJobs } from '../../jobs/scheduled-jobs.ts';
import { jpegBytes } from '../deposit/deposit.testing.ts';
import { autoReceiveWithdrawals } from './withdrawal-transitions.ts';
import { createWithdrawalKit, minuteMs, type WithdrawalKit, type WithdrawalTestMember } from './withdrawal.testing.ts';

/**
 * After the request (spec §4): operator review (approve pays held → payable, reject releases held →
 * main), the member's answer (received, or not received with a proof), the minutes running out,
 * and the operator forcing received. Every step in one transaction with its posting and audit row.
 */
let kit: WithdrawalKit;
beforeAll(async () => {
  kit = await createWithdrawalKit();
});
afterAll(async () => {
  await kit?.close();
});

function tinyPng(): string {
  const png = new PNG({ width: 2, height: 2 });
  png.data.fill(200);
  return PNG.sync.write(png).toString('base64');
}
const tinyJpeg = jpegBytes().toString('base64');

async function setUp(amount = '300.00'): Promise<{ member: WithdrawalTestMember; withdrawalId: number }> {
  const member = await kit.newMember({ balance: '1000.00' });
  return { member, withdrawalId: await kit.pendingWithdrawal(member, amount) };
}

/** Pays it: an operator approves with the bank's reference (and a slip when given). */
async function approve(withdrawalId: number, payout: { payoutReference?: string; payoutSlip?: string } = {}) {
  const operator = await kit.newOperator();
  return kit.operatorCall(operator, 'POST', withdrawalPaths.adminApprove, {
    withdrawalId,
    payoutReference: `FT${withdrawalId}REF`,
    ...payout,
  });
}

async function reject(withdrawalId: number, reason = 'Name does not match the bank') {
  const operator = await kit.newOperator();
  return kit.operatorCall(operator, 'POST', withdrawalPaths.adminReject, { withdrawalId, reason });
}

async function statusOf(withdrawalId: number) {
  return kit.db.selectFrom('withdrawal').selectAll().where('id', '=', BigInt(withdrawalId)).executeTakeFirstOrThrow();
}

/** A house account's balance, derived from its transfers (house rows store nothing). */
async function houseBalance(kind: 'house_withdrawal_payable' | 'house_fee'): Promise<bigint> {
  const { rows } = await sql<{ balance: bigint }>`
    SELECT coalesce(sum(CASE WHEN t.credit_account_id = a.id THEN t.amount ELSE -t.amount END), 0)::int8 AS balance
    FROM ledger_account a JOIN ledger_transfer t ON a.id IN (t.credit_account_id, t.debit_account_id)
    WHERE a.kind = ${kind} AND a.merchant_id = ${kit.merchantId}`.execute(kit.db);
  return rows[0]!.balance;
}

describe('operator review', () => {
  test('approve: held → withdrawals payable, status approved with a deadline, an audit row, the member sees it to confirm', async () => {
    const { member, withdrawalId } = await setUp();
    const payableBefore = await houseBalance('house_withdrawal_payable');
    const response = await approve(withdrawalId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().value).toMatchObject({
      withdrawalId,
      status: 'approved',
      confirmDeadline: kit.clock.nowMs + 60 * minuteMs,
      account: member.username,
    });
    expect(response.json().value.accountNumber).toMatch(/^\d{10}$/);
    expect(await kit.balances(member.id)).toEqual({ main: 70_000n, held: 0n });
    expect((await houseBalance('house_withdrawal_payable')) - payableBefore).toBe(30_000n);

    const row = await statusOf(withdrawalId);
    const transfers = await kit.db
      .selectFrom('ledger_transfer')
      .selectAll()
      .where('posting_id', '=', row.payout_posting_id!)
      .execute();
    expect(transfers).toEqual([
      expect.objectContaining({ amount: 30_000n, kind: 'withdrawal.payout', reference: `withdrawal:${withdrawalId}` }),
    ]);
    const audit = await kit.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('target_type', '=', 'withdrawal')
      .where('target_id', '=', String(withdrawalId))
      .execute();
    expect(audit).toEqual([expect.objectContaining({ action: 'withdrawal.approve' })]);

    const list = await kit.send('GET', withdrawalPaths.paymentConfirmationList, undefined, { token: member.token });
    expect(list.json().value.content).toEqual([expect.objectContaining({ withdrawalId, status: 'approved' })]);
    await kit.expectLedgerSound();
  });

  test('approve with a fee: the payout and the fee leave the held account together', async () => {
    await kit.updateMerchantConfig((config) => {
      config.withdrawals.feeAmount = '15.00';
    });
    try {
      const { member, withdrawalId } = await setUp('300.00');
      const feeBefore = await houseBalance('house_fee');
      expect((await approve(withdrawalId)).statusCode).toBe(200);
      expect(await kit.balances(member.id)).toEqual({ main: 70_000n, held: 0n });
      expect((await houseBalance('house_fee')) - feeBefore).toBe(1_500n);
      await kit.expectLedgerSound();
    } finally {
      await kit.updateMerchantConfig((config) => {
        config.withdrawals.feeAmount = '0';
      });
    }
  });

  test('reject: held → back to main, the reason shown to the member, an audit row', async () => {
    const { member, withdrawalId } = await setUp();
    const response = await reject(withdrawalId, 'Account closed at the bank');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().value).toMatchObject({ status: 'rejected', rejectReason: 'Account closed at the bank' });
    expect(await kit.balances(member.id)).toEqual({ main: 100_000n, held: 0n });
    const report = await kit.send('GET', `${withdrawalPaths.withdrawReport}?status=rejected`, undefined, {
      token: member.token,
    });
    expect(report.json().value).toMatchObject({
      content: [{ withdrawalId, status: 'rejected', rejectReason: 'Account closed at the bank' }],
      totalElements: 1,
      pageNo: 1,
    });
    await kit.expectLedgerSound();
  });

  test.each([
    ['reject without a reason', withdrawalPaths.adminReject, { reason: '' }, 400, 'validation.failed'],
    [
      'an unknown id',
      withdrawalPaths.adminApprove,
      { withdrawalId: 99_999_999, payoutReference: 'FT1' },
      404,
      'withdrawal.unknown',
    ],
  ])('%s: refused, nothing moves', async (_name, path, body, status, errorCode) => {
    const { withdrawalId } = await setUp();
    const operator = await kit.newOperator();
    const before = await kit.ledgerState();
    const response = await kit.operatorCall(operator, 'POST', path, { withdrawalId, ...body });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ errorCode });
    expect(await kit.ledgerState()).toEqual(before);
    expect((await statusOf(withdrawalId)).status).toBe('pending');
  });

  test('operators without the permission, and without a token, are refused', async () => {
    const { withdrawalId } = await setUp();
    const support = await kit.newOperator('support');
    expect(
      (await kit.operatorCall(support, 'POST', withdrawalPaths.adminApprove, { withdrawalId, payoutReference: 'FT1' }))
        .statusCode,
    ).toBe(403);
    expect((await kit.operatorCall(support, 'GET', withdrawalPaths.adminList)).statusCode).toBe(403);
    expect(
      (await kit.send('POST', withdrawalPaths.adminApprove, { withdrawalId, payoutReference: 'FT1' })).statusCode,
    ).toBe(401);
    expect((await statusOf(withdrawalId)).status).toBe('pending');
  });

  test('a reviewed withdrawal cannot be reviewed again: 409 with its status, nothing moves', async () => {
    const { withdrawalId } = await setUp();
    expect((await approve(withdrawalId)).statusCode).toBe(200);
    const before = await kit.ledgerState();
    for (const response of [await approve(withdrawalId), await reject(withdrawalId)]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ errorCode: 'withdrawal.status.conflict', value: { status: 'approved' } });
    }
    expect(await kit.ledgerState()).toEqual(before);
  });

  test('approve and reject racing on one withdrawal: exactly one wins, paid or released once', async () => {
    for (let round = 0; round < 5; round++) {
      const { member, withdrawalId } = await setUp();
      const [approval, rejection] = await Promise.all([approve(withdrawalId), reject(withdrawalId)]);
      const winners = [approval, rejection].filter((response) => response.statusCode === 200);
      expect(winners).toHaveLength(1);
      const loser = [approval, rejection].find((response) => response.statusCode !== 200)!;
      expect(loser.statusCode).toBe(409);
      const status = (await statusOf(withdrawalId)).status;
      expect(status).toBe(approval.statusCode === 200 ? 'approved' : 'rejected');
      expect(await kit.balances(member.id)).toEqual(
        status === 'approved' ? { main: 70_000n, held: 0n } : { main: 100_000n, held: 0n },
      );
    }
    await kit.expectLedgerSound();
  });

  test('the review queue lists pending and not-received withdrawals, oldest first, filtered by account', async () => {
    const { member, withdrawalId } = await setUp();
    const operator = await kit.newOperator();
    const response = await kit.operatorCall(
      operator,
      'GET',
      `${withdrawalPaths.adminList}?account=${member.username.toUpperCase()}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().value).toMatchObject({
      content: [{ withdrawalId, status: 'pending', account: member.username, hasProof: false }],
      totalElements: 1,
      totalPages: 1,
    });
    // An account that is nobody's lists nothing (not every member's withdrawals).
    const unknown = await kit.operatorCall(
      operator,
      'GET',
      `${withdrawalPaths.adminList}?account=nobody${withdrawalId}`,
    );
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().value).toMatchObject({ content: [], totalElements: 0 });
    const detail = await kit.operatorCall(
      operator,
      'GET',
      `${withdrawalPaths.adminDetail}?withdrawalId=${withdrawalId}`,
    );
    expect(detail.json().value).toMatchObject({ withdrawalId, status: 'pending' });
  });
});

describe('paying records the bank reference and an optional slip (issue 13, point 5)', () => {
  test.each([
    ['no reference', { payoutReference: undefined }, 'validation.failed', undefined],
    ['an empty reference', { payoutReference: '' }, 'validation.failed', /กรุณากรอกเลขอ้างอิงการโอนเงิน/],
    ['spaces only', { payoutReference: '   ' }, 'validation.failed', /กรุณากรอกเลขอ้างอิงการโอนเงิน/],
    [
      'markup',
      { payoutReference: '<b>FT1</b>' },
      'withdrawal.payout.reference.invalid',
      /เลขอ้างอิงการโอนเงินต้องยาว 1-64 ตัว/,
    ],
    ['Thai text', { payoutReference: 'โอนแล้ว' }, 'withdrawal.payout.reference.invalid', /เลขอ้างอิง/],
    ['a leading dash', { payoutReference: '-FT1' }, 'withdrawal.payout.reference.invalid', /เลขอ้างอิง/],
    ['a line break inside', { payoutReference: 'FT1\nFT2' }, 'withdrawal.payout.reference.invalid', /เลขอ้างอิง/],
    ['65 characters', { payoutReference: 'A'.repeat(65) }, 'withdrawal.payout.reference.invalid', /เลขอ้างอิง/],
  ])('%s: 400 naming payoutReference, nothing paid', async (_name, body, errorCode, thai) => {
    const { member, withdrawalId } = await setUp();
    const operator = await kit.newOperator();
    const before = await kit.ledgerState();
    const response = await kit.send(
      'POST',
      withdrawalPaths.adminApprove,
      { withdrawalId, ...body },
      { operatorToken: operator.token, language: 'TH' },
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode, field: 'payoutReference' });
    if (thai) expect(response.json().message).toMatch(thai);
    expect(await kit.ledgerState()).toEqual(before);
    expect(await statusOf(withdrawalId)).toMatchObject({
      status: 'pending',
      payout_reference: null,
      payout_slip_id: null,
    });
    expect(await kit.balances(member.id)).toEqual({ main: 70_000n, held: 30_000n });
  });

  test.each([
    [
      'text',
      Buffer.from('not an image at all').toString('base64'),
      'withdraw.proof.not.image',
      'The payout slip must be a PNG or JPG image',
    ],
    [
      'a GIF',
      Buffer.from('GIF89a\x01\x00\x01\x00').toString('base64'),
      'withdraw.proof.not.image',
      'The payout slip must be a PNG or JPG image',
    ],
    [
      'larger than 5 MB',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024)]).toString('base64'),
      'withdraw.proof.too.large',
      'The payout slip must be at most 5 MB',
    ],
  ])('a slip that is %s: 400 naming payoutSlip, nothing paid', async (_name, payoutSlip, errorCode, message) => {
    const { withdrawalId } = await setUp();
    const before = await kit.ledgerState();
    const slipsBefore = await kit.db
      .selectFrom('withdrawal_payout_slip')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    const response = await approve(withdrawalId, { payoutSlip });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode, field: 'payoutSlip', message });
    expect(await kit.ledgerState()).toEqual(before);
    expect((await statusOf(withdrawalId)).status).toBe('pending');
    expect(
      await kit.db
        .selectFrom('withdrawal_payout_slip')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow(),
    ).toEqual(slipsBefore);
  });

  test('paid with a reference and a slip: stored (trimmed), in the audit row, shown to the operator and to the member; the slip is the member’s own only', async () => {
    const { member, withdrawalId } = await setUp();
    const response = await approve(withdrawalId, {
      payoutReference: '  FT24137 ABC/0012  ',
      payoutSlip: `data:image/png;base64,${tinyPng()}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().value).toMatchObject({
      withdrawalId,
      status: 'approved',
      payoutReference: 'FT24137 ABC/0012',
      hasPayoutSlip: true,
    });
    const row = await statusOf(withdrawalId);
    expect(row.payout_reference).toBe('FT24137 ABC/0012');
    const stored = await kit.db
      .selectFrom('withdrawal_payout_slip')
      .selectAll()
      .where('id', '=', row.payout_slip_id!)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ merchant_id: kit.merchantId, content_type: 'image/png' });
    expect(stored.content.equals(Buffer.from(tinyPng(), 'base64'))).toBe(true);

    const audit = await kit.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('target_type', '=', 'withdrawal')
      .where('target_id', '=', String(withdrawalId))
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'withdrawal.approve',
        after: expect.objectContaining({ status: 'approved', reference: 'FT24137 ABC/0012', slip: true }),
      }),
    ]);

    // The operator: detail and the slip itself.
    const operator = await kit.newOperator();
    const detail = await kit.operatorCall(
      operator,
      'GET',
      `${withdrawalPaths.adminDetail}?withdrawalId=${withdrawalId}`,
    );
    expect(detail.json().value).toMatchObject({ payoutReference: 'FT24137 ABC/0012', hasPayoutSlip: true });
    const adminSlip = await kit.operatorCall(
      operator,
      'GET',
      `${withdrawalPaths.adminPayoutSlip}?withdrawalId=${withdrawalId}`,
    );
    expect(adminSlip.statusCode).toBe(200);
    expect(adminSlip.headers['content-type']).toBe('image/png');
    expect(adminSlip.headers['x-content-type-options']).toBe('nosniff');

    // The member: the list, the confirmation list, and the slip.
    const report = await kit.send('GET', withdrawalPaths.withdrawReport, undefined, { token: member.token });
    expect(report.json().value.content).toEqual([
      expect.objectContaining({ withdrawalId, payoutReference: 'FT24137 ABC/0012', hasPayoutSlip: true }),
    ]);
    const confirmations = await kit.send('GET', withdrawalPaths.paymentConfirmationList, undefined, {
      token: member.token,
    });
    expect(confirmations.json().value.content).toEqual([
      expect.objectContaining({ withdrawalId, payoutReference: 'FT24137 ABC/0012' }),
    ]);
    const slip = await kit.send('GET', `${withdrawalPaths.payoutSlip}?withdrawalId=${withdrawalId}`, undefined, {
      token: member.token,
    });
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toBe('image/png');
    expect(slip.headers['cache-control']).toBe('no-store');
    expect(slip.headers['x-content-type-options']).toBe('nosniff');
    expect(slip.rawPayload.equals(Buffer.from(tinyPng(), 'base64'))).toBe(true);

    // Another member's id answers 404 exactly like one that does not exist; so does no token (401).
    const stranger = await kit.newMember();
    const foreign = await kit.send('GET', `${withdrawalPaths.payoutSlip}?withdrawalId=${withdrawalId}`, undefined, {
      token: stranger.token,
    });
    const unknown = await kit.send('GET', `${withdrawalPaths.payoutSlip}?withdrawalId=99999997`, undefined, {
      token: stranger.token,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect(foreign.json()).toMatchObject({ success: false, errorCode: 'withdrawal.unknown' });
    expect(
      (await kit.send('GET', `${withdrawalPaths.payoutSlip}?withdrawalId=${withdrawalId}`, undefined, {})).statusCode,
    ).toBe(401);
    await kit.expectLedgerSound();
  });

  test('paid with a reference and no slip: the member sees the reference, and the slip answers 404', async () => {
    const { member, withdrawalId } = await setUp();
    const response = await approve(withdrawalId, { payoutReference: 'KB-2026-000123' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().value).toMatchObject({ payoutReference: 'KB-2026-000123', hasPayoutSlip: false });
    const report = await kit.send('GET', withdrawalPaths.withdrawReport, undefined, { token: member.token });
    expect(report.json().value.content[0]).toMatchObject({ payoutReference: 'KB-2026-000123', hasPayoutSlip: false });
    expect(
      (
        await kit.send('GET', `${withdrawalPaths.payoutSlip}?withdrawalId=${withdrawalId}`, undefined, {
          token: member.token,
        })
      ).statusCode,
    ).toBe(404);
    const audit = await kit.db
      .selectFrom('operator_audit')
      .select('after')
      .where('target_id', '=', String(withdrawalId))
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ reference: 'KB-2026-000123', slip: false });
  });

  test('paying is exactly-once: a repeat (sequential or racing, other reference and slip) is 409, the first reference stays, one posting, one slip, one audit row', async () => {
    const { member, withdrawalId } = await setUp();
    const slipsBefore = Number(
      (
        await kit.db
          .selectFrom('withdrawal_payout_slip')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );
    const racing = await Promise.all(
      ['RACE1', 'RACE2', 'RACE3'].map((payoutReference) =>
        approve(withdrawalId, { payoutReference, payoutSlip: tinyJpeg }),
      ),
    );
    const winners = racing.filter((response) => response.statusCode === 200);
    expect(winners).toHaveLength(1);
    for (const loser of racing.filter((response) => response.statusCode !== 200)) {
      expect(loser.statusCode).toBe(409);
      expect(loser.json()).toMatchObject({ errorCode: 'withdrawal.status.conflict', value: { status: 'approved' } });
    }
    const reference = winners[0]!.json().value.payoutReference as string;
    const before = await kit.ledgerState();
    const repeat = await approve(withdrawalId, { payoutReference: 'LATER1' });
    expect(repeat.statusCode).toBe(409);
    expect(await kit.ledgerState()).toEqual(before);
    expect((await statusOf(withdrawalId)).payout_reference).toBe(reference);
    expect(
      Number(
        (
          await kit.db
            .selectFrom('withdrawal_payout_slip')
            .select((eb) => eb.fn.countAll<string>().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      ),
    ).toBe(slipsBefore + 1);
    const audit = await kit.db
      .selectFrom('operator_audit')
      .select(['action', 'after'])
      .where('target_id', '=', String(withdrawalId))
      .execute();
    expect(audit).toEqual([
      { action: 'withdrawal.approve', after: expect.objectContaining({ reference, slip: true }) },
    ]);
    expect(await kit.balances(member.id)).toEqual({ main: 70_000n, held: 0n });
    await kit.expectLedgerSound();
  });

  test('the database itself refuses a reference on an unpaid row and a slip without a reference', async () => {
    const { withdrawalId } = await setUp();
    await expect(
      kit.db
        .updateTable('withdrawal')
        .set({ payout_reference: 'FT1' })
        .where('id', '=', BigInt(withdrawalId))
        .execute(),
    ).rejects.toThrow(/withdrawal_payout_reference_check/);
    const slip = await kit.db
      .insertInto('withdrawal_payout_slip')
      .values({
        merchant_id: kit.merchantId,
        content_type: 'image/png',
        content: Buffer.from(tinyPng(), 'base64'),
        created_at: new Date(kit.clock.nowMs),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(
      kit.db
        .updateTable('withdrawal')
        .set({ payout_slip_id: slip.id })
        .where('id', '=', BigInt(withdrawalId))
        .execute(),
    ).rejects.toThrow(/withdrawal_payout_slip_check/);
  });
});

describe("the member's answer", () => {
  test('received: closed by the member; saying it again answers the same', async () => {
    const { member, withdrawalId } = await setUp();
    await approve(withdrawalId);
    const before = await kit.ledgerState();
    const response = await kit.send('POST', withdrawalPaths.confirmReceived, { withdrawalId }, { token: member.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().value).toMatchObject({
      status: 'received',
      receivedBy: 'member',
      receivedAt: kit.clock.nowMs,
    });
    expect(
      (await kit.send('POST', withdrawalPaths.confirmReceived, { withdrawalId }, { token: member.token })).json().value,
    ).toMatchObject({ status: 'received' });
    expect(await kit.ledgerState()).toEqual(before);
  });

  test('received before the review: 409 pending', async () => {
    const { member, withdrawalId } = await setUp();
    const response = await kit.send('POST', withdrawalPaths.confirmReceived, { withdrawalId }, { token: member.token });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ errorCode: 'withdrawal.status.conflict', value: { status: 'pending' } });
  });

  test("another member's withdrawal answers exactly like an unknown one", async () => {
    const { withdrawalId } = await setUp();
    await approve(withdrawalId);
    const stranger = await kit.newMember();
    const foreign = await kit.send(
      'POST',
      withdrawalPaths.confirmReceived,
      { withdrawalId },
      { token: stranger.token },
    );
    const unknown = await kit.send(
      'POST',
      withdrawalPaths.confirmReceived,
      { withdrawalId: 99_999_998 },
      { token: stranger.token },
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual(unknown.json());
    expect(foreign.json()).toMatchObject({ errorCode: 'withdrawal.unknown', field: 'withdrawalId' });
    expect((await statusOf(withdrawalId)).status).toBe('approved');
  });

  test('not received with a PNG proof: goes to review with the proof; the operator sees it and forces received', async () => {
    const { member, withdrawalId } = await setUp();
    await approve(withdrawalId);
    const response = await kit.send(
      'POST',
      withdrawalPaths.reportNotReceived,
      { withdrawalId, proofImage: `data:image/png;base64,${tinyPng()}`, remark: 'Nothing arrived' },
      { token: member.token },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().value).toMatchObject({ status: 'not_received' });

    const operator = await kit.newOperator();
    const queue = await kit.operatorCall(operator, 'GET', withdrawalPaths.adminList);
    expect(queue.json().value.content).toContainEqual(
      expect.objectContaining({
        withdrawalId,
        status: 'not_received',
        hasProof: true,
        notReceivedRemark: 'Nothing arrived',
      }),
    );
    const proof = await kit.operatorCall(operator, 'GET', `${withdrawalPaths.adminProof}?withdrawalId=${withdrawalId}`);
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['content-type']).toBe('image/png');
    expect(proof.rawPayload.equals(Buffer.from(tinyPng(), 'base64'))).toBe(true);

    const before = await kit.ledgerState();
    const forced = await kit.operatorCall(operator, 'POST', withdrawalPaths.adminForceReceived, {
      withdrawalId,
      remark: 'Bank confirmed the transfer',
    });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json().value).toMatchObject({ status: 'received', receivedBy: 'operator' });
    expect(await kit.ledgerState()).toEqual(before);
    const audit = await kit.db
      .selectFrom('operator_audit')
      .select('action')
      .where('target_id', '=', String(withdrawalId))
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['withdrawal.approve', 'withdrawal.force_received']);
  });

  test('a JPEG proof is accepted too', async () => {
    const { member, withdrawalId } = await setUp();
    await approve(withdrawalId);
    const response = await kit.send(
      'POST',
      withdrawalPaths.reportNotReceived,
      { withdrawalId, proofImage: tinyJpeg },
      { token: member.token },
    );
    expect(response.statusCode, response.body).toBe(200);
    const proof = await kit.db
      .selectFrom('withdrawal_proof')
      .select('content_type')
      .where('withdrawal_id', '=', BigInt(withdrawalId))
      .executeTakeFirstOrThrow();
    expect(proof.content_type).toBe('image/jpeg');
  });

  test.each([
    [
      'text named like an image',
      Buffer.from('hello, this is not an image').toString('base64'),
      'withdraw.proof.not.image',
    ],
    [
      'a PNG signature with garbage after it',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('garbage')]).toString(
        'base64',
      ),
      'withdraw.proof.not.image',
    ],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00').toString('base64'), 'withdraw.proof.not.image'],
    ['a JPEG cut short', jpegBytes().subarray(0, 40).toString('base64'), 'withdraw.proof.not.image'],
    ['not base64', '%%%not-base64%%%', 'withdraw.proof.not.image'],
    ['empty', '', 'validation.failed'],
    [
      'larger than 5 MB',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024)]).toString('base64'),
      'withdraw.proof.too.large',
    ],
  ])('not received with %s: 400 naming proofImage, nothing changes', async (_name, proofImage, errorCode) => {
    const { member, withdrawalId } = await setUp();
    await approve(withdrawalId);
    const response = await kit.send(
      'POST',
      withdrawalPaths.reportNotReceived,
      { withdrawalId, proofImage },
      { token: member.token, language: 'TH' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode, field: 'proofImage' });
    expect(response.json().message).toMatch(/[\u0E00-\u0E7F]/);
    expect((await statusOf(withdrawalId)).status).toBe('approved');
  });
});

describe('auto-received (the clock)', () => {
  test("an unanswered paid withdrawal counts as received after the merchant's minutes, not before", async () => {
    await kit.updateMerchantConfig((config) => {
      config.withdrawals.confirmMinutes = 30;
    });
    try {
      const { member, withdrawalId } = await setUp();
      const answered = await setUp();
      await approve(withdrawalId);
      await approve(answered.withdrawalId);
      await kit.send(
        'POST',
        withdrawalPaths.confirmReceived,
        { withdrawalId: answered.withdrawalId },
        { token: answered.member.token },
      );

      kit.clock.nowMs += 30 * minuteMs - 1;
      await autoReceiveWithdrawals(kit.db, kit.clock.nowMs);
      expect((await statusOf(withdrawalId)).status).toBe('approved');

      kit.clock.nowMs += 1;
      // Through the scheduled job's own entry, as pg-boss runs it.
      const job = scheduledJobs(kit.db, () => kit.clock.nowMs).find(
        (candidate) => candidate.name === autoReceiveJobName,
      )!;
      expect((await job.run()).withdrawalsReceived).toBeGreaterThanOrEqual(1);
      expect(await statusOf(withdrawalId)).toMatchObject({
        status: 'received',
        received_by: 'auto',
        received_at: new Date(kit.clock.nowMs),
      });
      expect(await statusOf(answered.withdrawalId)).toMatchObject({ status: 'received', received_by: 'member' });

      // Too late to claim it never came.
      await kit.newToken(member);
      const late = await kit.send(
        'POST',
        withdrawalPaths.reportNotReceived,
        { withdrawalId, proofImage: tinyPng() },
        { token: member.token },
      );
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ value: { status: 'received' } });
    } finally {
      await kit.updateMerchantConfig((config) => {
        config.withdrawals.confirmMinutes = 60;
      });
    }
  });

  test('a claim after the deadline but before the job ran is refused, and closes the withdrawal as received', async () => {
    const { member, withdrawalId } = await setUp();
    await approve(withdrawalId);
    kit.clock.nowMs += 61 * minuteMs;
    await kit.newToken(member);
    const late = await kit.send(
      'POST',
      withdrawalPaths.reportNotReceived,
      { withdrawalId, proofImage: tinyPng() },
      { token: member.token },
    );
    expect(late.statusCode).toBe(409);
    expect(await statusOf(withdrawalId)).toMatchObject({ status: 'received', received_by: 'auto' });
  });
});
