import {
  adminDepositChannelsSchema,
  adminDepositPageSchema,
  adminDepositSchema,
  depositLimitsSchema,
  depositMethodsSchema,
  depositPaths,
  errorEnvelopeSchema,
} from '@lotus/contract';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { insertTestSession } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertTestOperator, type TestOperator } from '../backoffice/backoffice.testing.ts';
import { depositKit, pngBytes, type DepositKit } from './deposit.testing.ts';
import { expireDeposits } from './expire-deposits.ts';

let testApp: TestApp;
let kit: DepositKit;
let finance: TestOperator;
let support: TestOperator;
let nowMs = Date.UTC(2026, 5, 3, 2, 0, 0);
const hourMs = 60 * 60 * 1000;

beforeAll(async () => {
  testApp = await createTestApp({}, { now: () => nowMs });
  kit = depositKit(testApp);
  finance = await insertTestOperator(testApp.db, { merchantId: testApp.demoMerchantId, role: 'finance', nowMs });
  support = await insertTestOperator(testApp.db, { merchantId: testApp.demoMerchantId, role: 'support', nowMs });
});
afterAll(() => testApp?.close());
afterEach(() => kit.restoreDeposits());

function admin(operator: TestOperator | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return testApp.app.inject({
    method,
    url,
    headers: { Merchant: 'demo', Language: 'EN', ...(operator ? { Authorization: operator.token } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function approve(depositId: number, remark?: string) {
  return admin(finance, 'POST', depositPaths.adminApprove, { depositId, ...(remark ? { remark } : {}) });
}

async function auditRows(depositId: number) {
  return testApp.db
    .selectFrom('operator_audit')
    .select(['action', 'before', 'after', 'operator_id'])
    .where('target_type', '=', 'deposit')
    .where('target_id', '=', String(depositId))
    .orderBy('id')
    .execute();
}

async function houseBalance(kind: 'house_fee' | 'house_deposit_clearing', subKey: string): Promise<bigint> {
  const row = await testApp.db
    .selectFrom('ledger_transfer')
    .innerJoin('ledger_account', (join) =>
      join.on((eb) =>
        eb.or([
          eb('ledger_account.id', '=', eb.ref('ledger_transfer.credit_account_id')),
          eb('ledger_account.id', '=', eb.ref('ledger_transfer.debit_account_id')),
        ]),
      ),
    )
    .select((eb) =>
      eb.fn
        .sum<string>(
          eb
            .case()
            .when('ledger_account.id', '=', eb.ref('ledger_transfer.credit_account_id'))
            .then(eb.ref('ledger_transfer.amount'))
            .else(eb.neg(eb.ref('ledger_transfer.amount')))
            .end(),
        )
        .as('balance'),
    )
    .where('ledger_account.kind', '=', kind)
    .where('ledger_account.sub_key', '=', subKey)
    .executeTakeFirst();
  return BigInt(row?.balance ?? 0);
}

describe('operator review of BANK and PROMPTPAY deposits', () => {
  test('the queue, the proof, approve: the member is credited through the ledger, once, with the audit and the first-deposit flag', async () => {
    const { token, memberId, username } = await kit.member();
    const image = pngBytes(9, 9);
    const proofId = await kit.uploadOk(token, image);
    const deposit = await kit.createOk(token, {
      methodCode: 'BANK',
      amount: '1000',
      bankAccountId: 'kbank-1',
      transferReference: 'REF-77',
      proofId,
    });

    const queue = adminDepositPageSchema.parse(
      (
        await admin(finance, 'GET', `${depositPaths.adminList}?status=pending&username=${username.toUpperCase()}`)
      ).json().value,
    );
    expect(queue.total).toBe(1);
    expect(queue.items[0]).toMatchObject({
      depositId: deposit.depositId,
      username,
      memberId: String(memberId),
      status: 'pending',
      isFirstDeposit: false,
      bank: { transferReference: 'REF-77' },
    });

    const proof = await admin(finance, 'GET', `${depositPaths.adminProof}?depositId=${deposit.depositId}`);
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['content-type']).toBe('image/png');
    expect(proof.rawPayload.equals(image)).toBe(true);

    const approved = await approve(deposit.depositId, 'seen on the KBANK statement');
    expect(approved.statusCode).toBe(200);
    expect(approved.headers['cache-control']).toBe('no-store');
    expect(adminDepositSchema.parse(approved.json().value)).toMatchObject({
      status: 'approved',
      isFirstDeposit: true,
      reviewedBy: finance.username,
      reviewRemark: 'seen on the KBANK statement',
      settledAt: nowMs,
    });
    expect(await kit.balance(memberId)).toBe(100_000n);
    expect(await houseBalance('house_deposit_clearing', 'BANK')).toBeLessThanOrEqual(-100_000n);
    const audit = await auditRows(deposit.depositId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'deposit.approve',
      operator_id: finance.id,
      before: { status: 'pending', amount: '1000.00' },
      after: { status: 'approved' },
    });
    const settings = (await kit.get(token, depositPaths.settings)).json().value;
    expect(settings).toMatchObject({ hasFirstDeposit: true, firstDepositAt: nowMs });

    // Twice: a clear refusal, nothing moves.
    const before = await kit.snapshot();
    const again = await approve(deposit.depositId);
    expect(again.statusCode).toBe(409);
    expect(errorEnvelopeSchema.parse(again.json())).toMatchObject({
      errorCode: 'deposit.not.pending',
      message: 'This deposit is already approved; nothing was changed',
    });
    const reject = await admin(finance, 'POST', depositPaths.adminReject, {
      depositId: deposit.depositId,
      reason: 'changed my mind',
    });
    expect(reject.statusCode).toBe(409);
    expect(await kit.snapshot()).toEqual(before);
    expect(await kit.balance(memberId)).toBe(100_000n);
    expect(await auditRows(deposit.depositId)).toHaveLength(1);
    await kit.expectLedgerBalanced();
  });

  test('reject with a reason: no money moves, the member sees the reason, and approving it later is refused', async () => {
    const { token, memberId } = await kit.member();
    const deposit = await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '300' });
    const before = await kit.snapshot();
    const rejected = await admin(finance, 'POST', depositPaths.adminReject, {
      depositId: deposit.depositId,
      reason: 'no transfer found',
    });
    expect(rejected.statusCode).toBe(200);
    expect(adminDepositSchema.parse(rejected.json().value)).toMatchObject({
      status: 'rejected',
      rejectReason: 'no transfer found',
      reviewedBy: finance.username,
    });
    const after = await kit.snapshot();
    expect({ postings: after.postings, transfers: after.transfers }).toEqual({
      postings: before.postings,
      transfers: before.transfers,
    });
    expect(await kit.balance(memberId)).toBe(0n);
    const memberView = (await kit.get(token, `${depositPaths.detail}?depositId=${deposit.depositId}`)).json().value;
    expect(memberView).toMatchObject({ status: 'rejected', rejectReason: 'no transfer found' });
    const late = await approve(deposit.depositId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This deposit is already rejected; nothing was changed');
    expect((await auditRows(deposit.depositId)).map((row) => row.action)).toEqual(['deposit.reject']);
  });

  test('the fee goes to the house: the member gets amount - fee, in one posting', async () => {
    await kit.changeDeposits((deposits) => {
      deposits.channels.PROMPTPAY.feeFixed = '10';
      deposits.channels.PROMPTPAY.feePercent = '1';
    });
    const { token, memberId } = await kit.member();
    const deposit = await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '1000' });
    expect(deposit).toMatchObject({ feeAmount: '20.00', creditAmount: '980.00' });
    const feeBefore = await houseBalance('house_fee', 'deposit:PROMPTPAY');
    expect((await approve(deposit.depositId)).statusCode).toBe(200);
    expect(await kit.balance(memberId)).toBe(98_000n);
    expect((await houseBalance('house_fee', 'deposit:PROMPTPAY')) - feeBefore).toBe(2_000n);
    const transfers = await testApp.db
      .selectFrom('ledger_transfer')
      .select(['kind', 'amount'])
      .where('reference', '=', `deposit:${deposit.depositId}`)
      .orderBy('id')
      .execute();
    expect(transfers).toEqual([
      { kind: 'deposit', amount: 100_000n },
      { kind: 'deposit.fee', amount: 2_000n },
    ]);
    await kit.expectLedgerBalanced();
  });

  test('only the first approved deposit carries the flag', async () => {
    const { token } = await kit.member();
    const first = await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '100' });
    const second = await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '200' });
    const [a, b] = await Promise.all([approve(second.depositId), approve(first.depositId)]);
    const flags = [
      adminDepositSchema.parse(a.json().value).isFirstDeposit,
      adminDepositSchema.parse(b.json().value).isFirstDeposit,
    ];
    expect(flags.filter(Boolean)).toHaveLength(1);
  });

  test('10 parallel approvals of one deposit: one succeeds, the others are told it is approved; one credit', async () => {
    const { token, memberId } = await kit.member();
    const deposit = await kit.bankDeposit(token, '777');
    const responses = await Promise.all(Array.from({ length: 10 }, () => approve(deposit.depositId)));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    for (const response of responses.filter((candidate) => candidate.statusCode !== 200))
      expect(response.json().errorCode).toBe('deposit.not.pending');
    expect(await kit.balance(memberId)).toBe(77_700n);
    expect(await auditRows(deposit.depositId)).toHaveLength(1);
  });

  test('a gateway deposit is not for operators (409); an unknown one is 404; bad input is 400 and writes nothing', async () => {
    const { token } = await kit.member();
    const gatewayDeposit = await kit.createOk(token, { methodCode: 'DEMOPAY', amount: '100' });
    const before = await kit.snapshot();
    const refused = await approve(gatewayDeposit.depositId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('deposit.not.reviewable');
    expect((await approve(987_654_321)).statusCode).toBe(404);
    const pending = await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '100' });
    const snapshot = await kit.snapshot();
    for (const [url, payload, field] of [
      [depositPaths.adminReject, { depositId: pending.depositId, reason: 'no' }, 'reason'],
      [depositPaths.adminReject, { depositId: pending.depositId }, 'reason'],
      [depositPaths.adminApprove, { depositId: 'abc' }, 'depositId'],
      [depositPaths.adminApprove, { depositId: pending.depositId, remark: 'x'.repeat(201) }, 'remark'],
    ] as const) {
      const response = await admin(finance, 'POST', url, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe(field);
    }
    expect(await kit.snapshot()).toEqual(snapshot);
    expect(snapshot.deposits).toBe(before.deposits + 1);
  });

  test('who may review: no token 401, a role without deposits.review 403', async () => {
    const { token } = await kit.member();
    const deposit = await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '100' });
    expect((await admin(null, 'POST', depositPaths.adminApprove, { depositId: deposit.depositId })).statusCode).toBe(
      401,
    );
    const denied = await admin(support, 'POST', depositPaths.adminApprove, { depositId: deposit.depositId });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errorCode).toBe('operator.permission.denied');
    expect((await admin(support, 'GET', depositPaths.adminList)).statusCode).toBe(403);
    expect((await admin(support, 'GET', depositPaths.adminChannels)).statusCode).toBe(403);
    // A member's token is not an operator's.
    expect(
      (
        await testApp.app.inject({
          method: 'GET',
          url: depositPaths.adminList,
          headers: { Merchant: 'demo', Authorization: token },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('expiry', () => {
  test('pending deposits never said paid expire after the merchant’s minutes (operators can no longer approve them); a BANK one, made with its slip, waits', async () => {
    const { token, memberId } = await kit.member();
    const bank = await kit.bankDeposit(token, '400');
    const promptPay = await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '400' });
    const startMs = nowMs;
    nowMs = startMs + 29 * 60_000;
    const fresh = await kit.createOk((await kit.member()).token, { methodCode: 'PROMPTPAY', amount: '400' });
    nowMs = startMs + 30 * 60_000;
    try {
      const outcome = await expireDeposits(testApp.db, new Map(), nowMs);
      expect(outcome.expired).toBeGreaterThanOrEqual(1);
      const rowOf = (deposit: { depositId: number }) =>
        testApp.db
          .selectFrom('deposit')
          .select(['status', 'settled_at'])
          .where('id', '=', BigInt(deposit.depositId))
          .executeTakeFirstOrThrow();
      expect(await rowOf(promptPay)).toEqual({ status: 'expired', settled_at: new Date(nowMs) });
      expect(await rowOf(bank)).toEqual({ status: 'pending', settled_at: null });
      expect(
        (
          await testApp.db
            .selectFrom('deposit')
            .select('status')
            .where('id', '=', BigInt(fresh.depositId))
            .executeTakeFirstOrThrow()
        ).status,
      ).toBe('pending');
      const operator = await insertTestOperator(testApp.db, {
        merchantId: testApp.demoMerchantId,
        role: 'finance',
        nowMs,
      });
      const late = await admin(operator, 'POST', depositPaths.adminApprove, { depositId: promptPay.depositId });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('This deposit has expired; nothing was changed');
      expect(await kit.balance(memberId)).toBe(0n);
      // Run again: nothing left to do.
      expect((await expireDeposits(testApp.db, new Map(), nowMs)).expired).toBe(0);
    } finally {
      nowMs = startMs;
    }
  });

  test('proofs never used by a deposit are deleted a day after upload; used ones stay', async () => {
    const { token } = await kit.member();
    const unused = await kit.uploadOk(token);
    const used = (await kit.bankDeposit(token)).bank!.proofId;
    const startMs = nowMs;
    nowMs = startMs + 25 * hourMs;
    try {
      await expireDeposits(testApp.db, new Map(), nowMs);
    } finally {
      nowMs = startMs;
    }
    const remaining = await testApp.db
      .selectFrom('deposit_proof')
      .select('id')
      .where('id', 'in', [BigInt(unused), BigInt(used)])
      .execute();
    expect(remaining.map((row) => Number(row.id))).toEqual([used]);
  });
});

describe('channel settings (channels.manage)', () => {
  test('read: the DEMOPAY secret is never shown; update: members see it at once, and the audit keeps no secret', async () => {
    const read = await admin(finance, 'GET', depositPaths.adminChannels);
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain('demopay-demo-merchant-secret');
    const channels = adminDepositChannelsSchema.parse(read.json().value);
    expect(channels.channels.DEMOPAY.hasSecret).toBe(true);
    expect(channels.isDemoPayAllowed).toBe(true);

    const { hasSecret: _hasSecret, ...demoPay } = channels.channels.DEMOPAY;
    const update = {
      pendingMinutes: 45,
      channels: {
        BANK: channels.channels.BANK,
        PROMPTPAY: { ...channels.channels.PROMPTPAY, minAmount: '75.00' },
        DEMOPAY: demoPay,
      },
    };
    try {
      const updated = await admin(finance, 'PUT', depositPaths.adminUpdateChannels, update);
      expect(updated.statusCode, updated.body).toBe(200);
      expect(adminDepositChannelsSchema.parse(updated.json().value)).toMatchObject({
        pendingMinutes: 45,
        channels: { PROMPTPAY: { minAmount: '75.00' }, DEMOPAY: { hasSecret: true } },
      });
      await testApp.settle();
      const { token } = await kit.member();
      const methods = depositMethodsSchema.parse((await kit.get(token, depositPaths.methods)).json().value);
      expect(methods.find((method) => method.methodCode === 'PROMPTPAY')!.minAmount).toBe('75.00');
      // The secret was kept: DEMOPAY still works.
      expect((await kit.create(token, { methodCode: 'DEMOPAY', amount: '100' })).statusCode).toBe(200);
      const audit = await testApp.db
        .selectFrom('operator_audit')
        .select(['action', 'before', 'after'])
        .where('action', '=', 'deposit.channels.update')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(audit)).not.toContain('demopay-demo-merchant-secret');
      expect(audit.after).toMatchObject({ pendingMinutes: 45, secretChanged: false });
      expect(audit.before).toMatchObject({ pendingMinutes: 30 });

      const bad = await admin(finance, 'PUT', depositPaths.adminUpdateChannels, {
        ...update,
        channels: { ...update.channels, BANK: { ...update.channels.BANK, minAmount: '900000.00' } },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe('channels.BANK.minAmount');
    } finally {
      await admin(finance, 'PUT', depositPaths.adminUpdateChannels, {
        ...update,
        pendingMinutes: 30,
        channels: { ...update.channels, PROMPTPAY: { ...update.channels.PROMPTPAY, minAmount: '50.00' } },
      });
      await testApp.settle();
    }
  });
});

describe("the member's own deposit limits", () => {
  test('a limit applies at once; a raise waits 24 hours; a decrease applies at once and drops a waiting raise', async () => {
    const startMs = nowMs;
    try {
      let member = await kit.member();
      const set = (body: Record<string, unknown>) =>
        testApp.app.inject({
          method: 'POST',
          url: depositPaths.setLimits,
          headers: kit.headers(member.token),
          payload: body,
        });
      const limits = async () =>
        depositLimitsSchema.parse((await kit.get(member.token, depositPaths.limits)).json().value).limits;

      expect((await set({ day: '1000' })).statusCode).toBe(200);
      expect((await limits())[0]).toEqual({
        period: 'day',
        limit: '1000.00',
        used: '0.00',
        usedApproved: '0.00',
        usedPending: '0.00',
        pending: null,
      });
      await kit.createOk(member.token, { methodCode: 'PROMPTPAY', amount: '600' });
      const over = await kit.create(member.token, { methodCode: 'PROMPTPAY', amount: '500' });
      expect(over.statusCode).toBe(400);
      const error = errorEnvelopeSchema.parse(over.json());
      expect(error).toMatchObject({ errorCode: 'deposit.member.limit.exceeded', field: 'amount' });
      expect(error.message).toContain('1,000.00');
      expect(error.message).toContain('400.00');

      expect((await set({ day: '5000', month: '20000' })).statusCode).toBe(200);
      const afterRaise = await limits();
      expect(afterRaise[0]).toEqual({
        period: 'day',
        limit: '1000.00',
        used: '600.00',
        usedApproved: '0.00',
        usedPending: '600.00',
        pending: { limit: '5000.00', from: startMs + 24 * hourMs },
      });
      expect(afterRaise[2]).toMatchObject({ period: 'month', limit: '20000.00', pending: null });
      expect((await kit.create(member.token, { methodCode: 'PROMPTPAY', amount: '500' })).statusCode).toBe(400);

      nowMs = startMs + 24 * hourMs + 1;
      member = {
        ...member,
        token: await insertTestSession(testApp.db, testApp.demoMerchantId, member.memberId, nowMs),
      };
      expect((await limits())[0]).toMatchObject({ limit: '5000.00', pending: null });
      await kit.createOk(member.token, { methodCode: 'PROMPTPAY', amount: '4000' });

      // Removing a limit is a raise too; lowering applies at once and forgets the waiting removal.
      expect((await set({ day: null })).statusCode).toBe(200);
      expect((await limits())[0]).toMatchObject({
        limit: '5000.00',
        pending: { limit: null, from: nowMs + 24 * hourMs },
      });
      expect((await set({ day: '4500' })).statusCode).toBe(200);
      expect((await limits())[0]).toMatchObject({ limit: '4500.00', pending: null });
      const refused = await kit.create(member.token, { methodCode: 'PROMPTPAY', amount: '600' });
      expect(refused.json()).toMatchObject({ errorCode: 'deposit.member.limit.exceeded', field: 'amount' });
    } finally {
      nowMs = startMs;
    }
  });

  test.each([['-5'], ['0'], ['abc'], ['1.234'], [5000]])(
    'an invalid limit %s is refused naming the period, nothing written',
    async (value) => {
      const { token } = await kit.member();
      const before = await kit.snapshot();
      const response = await testApp.app.inject({
        method: 'POST',
        url: depositPaths.setLimits,
        headers: kit.headers(token),
        payload: { week: value },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field: 'week' });
      expect(await kit.snapshot()).toEqual(before);
    },
  );
});
