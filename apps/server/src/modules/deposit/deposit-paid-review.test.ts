import {
  adminDepositPageSchema,
  adminDepositSchema,
  depositLimitsSchema,
  depositPaths,
  depositSchema,
  errorEnvelopeSchema,
  type AdminDeposit,
  type Deposit,
} from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { insertTestSession } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertTestOperator, type TestOperator } from '../backoffice/backoffice.testing.ts';
import { depositKit, pngBytes, type DepositKit } from './deposit.testing.ts';
import { expireDeposits } from './expire-deposits.ts';

/**
 * Issue 13: a deposit its member says is paid (a BANK slip, "I have paid", a slip attached later)
 * never expires: it waits in the review queue, flagged overdue after the merchant's minutes. Only
 * deposits never said paid expire. Members attach slips and ask questions; operators answer; the
 * limits count approved and pending deposits only.
 */

let testApp: TestApp;
let kit: DepositKit;
let finance: TestOperator;
let support: TestOperator;
const startMs = Date.UTC(2026, 6, 1, 3, 0, 0);
let nowMs = startMs;
const minuteMs = 60_000;

beforeAll(async () => {
  testApp = await createTestApp({}, { now: () => nowMs });
  kit = depositKit(testApp);
  finance = await insertTestOperator(testApp.db, { merchantId: testApp.demoMerchantId, role: 'finance', nowMs });
  support = await insertTestOperator(testApp.db, { merchantId: testApp.demoMerchantId, role: 'support', nowMs });
});
afterAll(() => testApp?.close());

const okDeposit = z.object({ success: z.literal(true), value: depositSchema });
const okAdminDeposit = z.object({ success: z.literal(true), value: adminDepositSchema });

function post(token: string, url: string, payload: unknown, language: 'TH' | 'EN' = 'EN') {
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: kit.headers(token, { Language: language }),
    payload: payload as Record<string, unknown>,
  });
}

function admin(operator: TestOperator, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return testApp.app.inject({
    method,
    url,
    headers: { Merchant: 'demo', Language: 'EN', Authorization: operator.token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function memberDeposit(token: string, depositId: number): Promise<Deposit> {
  const response = await kit.get(token, `${depositPaths.detail}?depositId=${depositId}`);
  expect(response.statusCode, response.body).toBe(200);
  return okDeposit.parse(response.json()).value;
}

async function adminDeposit(depositId: number): Promise<AdminDeposit> {
  const response = await admin(finance, 'GET', `${depositPaths.adminDetail}?depositId=${depositId}`);
  expect(response.statusCode, response.body).toBe(200);
  return okAdminDeposit.parse(response.json()).value;
}

async function queue(query: string): Promise<AdminDeposit[]> {
  const response = await admin(finance, 'GET', `${depositPaths.adminList}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return adminDepositPageSchema.parse(response.json().value).items;
}

async function statusOf(depositId: number) {
  return (
    await testApp.db
      .selectFrom('deposit')
      .select('status')
      .where('id', '=', BigInt(depositId))
      .executeTakeFirstOrThrow()
  ).status;
}

/** Moves the clock for the body only, with a fresh operator session (an idle one ends after a while). */
async function at<T>(ms: number, body: () => Promise<T>): Promise<T> {
  const saved = { nowMs, finance };
  nowMs = ms;
  try {
    finance = await insertTestOperator(testApp.db, { merchantId: testApp.demoMerchantId, role: 'finance', nowMs });
    return await body();
  } finally {
    ({ nowMs, finance } = saved);
  }
}

describe('paid, waiting for review: never expired, flagged overdue', () => {
  test('the job expires only deposits never said paid; paid ones wait, overdue in the queue and its filter, and can still be approved once', async () => {
    const { token, memberId, username } = await kit.member();
    const bank = await kit.bankDeposit(token, '500');
    expect(bank.paidAt).toBe(nowMs);
    const neverPaid = await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '300' });
    expect(neverPaid.paidAt).toBeNull();
    const promptPay = await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '200' });
    const confirmed = await post(token, depositPaths.confirmPaid, { depositId: promptPay.depositId });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.headers['cache-control']).toBe('no-store');
    expect(okDeposit.parse(confirmed.json()).value).toMatchObject({ status: 'pending', paidAt: nowMs });

    // Before its time, nothing is overdue.
    expect((await queue(`status=pending&username=${username}`)).map((row) => row.isOverdue)).toEqual([
      false,
      false,
      false,
    ]);

    const past = startMs + 31 * minuteMs;
    await at(past, async () => {
      await expireDeposits(testApp.db, new Map(), past);
      expect(await statusOf(neverPaid.depositId)).toBe('expired');
      expect(await statusOf(bank.depositId)).toBe('pending');
      expect(await statusOf(promptPay.depositId)).toBe('pending');
      // A second run changes nothing either.
      await expireDeposits(testApp.db, new Map(), past + 60 * minuteMs);
      expect(await statusOf(bank.depositId)).toBe('pending');

      const overdue = await queue(`flag=overdue&username=${username}`);
      expect(overdue.map((row) => row.depositId).toSorted()).toEqual([bank.depositId, promptPay.depositId].toSorted());
      expect(overdue.every((row) => row.isOverdue && row.status === 'pending')).toBe(true);
      const pending = await queue(`status=pending&username=${username}`);
      expect(pending.map((row) => [row.depositId, row.isOverdue])).toEqual(
        expect.arrayContaining([
          [bank.depositId, true],
          [promptPay.depositId, true],
        ]),
      );
      expect((await adminDeposit(bank.depositId)).isOverdue).toBe(true);

      // The member sees it waiting (still pending, said paid), not expired.
      const lateToken = await insertTestSession(testApp.db, testApp.demoMerchantId, memberId, past);
      expect(await memberDeposit(lateToken, promptPay.depositId)).toMatchObject({ status: 'pending', paidAt: startMs });

      // Approve and reject still settle exactly once, in parallel too.
      const [approved, rejected, again] = await Promise.all([
        admin(finance, 'POST', depositPaths.adminApprove, { depositId: bank.depositId }),
        admin(finance, 'POST', depositPaths.adminReject, { depositId: bank.depositId, reason: 'no such transfer' }),
        admin(finance, 'POST', depositPaths.adminApprove, { depositId: bank.depositId }),
      ]);
      const codes = [approved, rejected, again].map((response) => response.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      expect(codes.filter((code) => code === 409)).toHaveLength(2);
      const settled = await statusOf(bank.depositId);
      expect(await kit.balance(memberId)).toBe(settled === 'approved' ? 50_000n : 0n);
      const audits = await testApp.db
        .selectFrom('operator_audit')
        .select('action')
        .where('target_type', '=', 'deposit')
        .where('target_id', '=', String(bank.depositId))
        .execute();
      expect(audits).toHaveLength(1);
      expect((await queue(`flag=overdue&username=${username}`)).map((row) => row.depositId)).toEqual([
        promptPay.depositId,
      ]);
    });
    await kit.expectLedgerBalanced();
  });

  test('"I have paid": idempotent, refused for gateways and settled deposits, another member’s answers like an unknown one', async () => {
    const { token } = await kit.member();
    const other = await kit.member();
    const deposit = await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '150' });
    const first = okDeposit.parse(
      (await post(token, depositPaths.confirmPaid, { depositId: deposit.depositId })).json(),
    ).value;
    const before = await kit.snapshot();
    const replay = await at(nowMs + 5 * minuteMs, () =>
      post(token, depositPaths.confirmPaid, { depositId: deposit.depositId }),
    );
    expect(replay.statusCode).toBe(200);
    expect(okDeposit.parse(replay.json()).value).toEqual(first);
    expect(await kit.snapshot()).toEqual(before);

    for (const [caller, depositId] of [
      [other.token, deposit.depositId],
      [token, 987_654_321],
    ] as const) {
      const response = await post(caller, depositPaths.confirmPaid, { depositId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'deposit.not.found' });
    }

    const gateway = await kit.createOk(token, { methodCode: 'DEMOPAY', amount: '100' });
    const refused = await post(token, depositPaths.confirmPaid, { depositId: gateway.depositId }, 'TH');
    expect(refused.statusCode).toBe(409);
    expect(errorEnvelopeSchema.parse(refused.json())).toMatchObject({ errorCode: 'deposit.not.reviewable' });
    expect(refused.json().message).toContain('เกตเวย์');

    const expired = await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '120' });
    await at(nowMs + 31 * minuteMs, () => expireDeposits(testApp.db, new Map(), nowMs + 31 * minuteMs));
    const late = await post(token, depositPaths.confirmPaid, { depositId: expired.depositId });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      errorCode: 'deposit.not.pending',
      message: 'This deposit has expired; nothing was changed',
    });

    for (const [payload, field] of [
      [{}, 'depositId'],
      [{ depositId: 'abc' }, 'depositId'],
      [{ depositId: 0 }, 'depositId'],
    ] as const) {
      const response = await post(token, depositPaths.confirmPaid, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field });
    }
    // Approved later: the repeat still answers it as it is.
    expect((await admin(finance, 'POST', depositPaths.adminApprove, { depositId: deposit.depositId })).statusCode).toBe(
      200,
    );
    expect(
      okDeposit.parse((await post(token, depositPaths.confirmPaid, { depositId: deposit.depositId })).json()).value
        .status,
    ).toBe('approved');
  });
});

describe('a slip for a deposit that has none', () => {
  test('attached to a pending PROMPTPAY deposit: it is then paid, the operator sees the slip; repeats are replays, other slips refused', async () => {
    const { token } = await kit.member();
    const other = await kit.member();
    const deposit = await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '250' });
    expect(deposit.proofId).toBeNull();
    const image = pngBytes(7, 5);
    const proofId = await kit.uploadOk(token, image);

    const attached = await post(token, depositPaths.attachProof, { depositId: deposit.depositId, proofId });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(okDeposit.parse(attached.json()).value).toMatchObject({ status: 'pending', proofId, paidAt: nowMs });
    const slip = await admin(finance, 'GET', `${depositPaths.adminProof}?depositId=${deposit.depositId}`);
    expect(slip.statusCode).toBe(200);
    expect(slip.rawPayload.equals(image)).toBe(true);

    const before = await kit.snapshot();
    expect((await post(token, depositPaths.attachProof, { depositId: deposit.depositId, proofId })).statusCode).toBe(
      200,
    );
    const secondSlip = await kit.uploadOk(token);
    const afterUpload = await kit.snapshot();
    const exists = await post(token, depositPaths.attachProof, { depositId: deposit.depositId, proofId: secondSlip });
    expect(exists.statusCode).toBe(409);
    expect(exists.json()).toMatchObject({ errorCode: 'deposit.proof.exists', field: 'proofId' });
    expect(afterUpload.proofs).toBe(before.proofs + 1);
    expect(await kit.snapshot()).toEqual(afterUpload);

    // A BANK deposit has its slip from the start.
    const bank = await kit.bankDeposit(token);
    expect(
      (await post(token, depositPaths.attachProof, { depositId: bank.depositId, proofId: secondSlip })).json(),
    ).toMatchObject({ errorCode: 'deposit.proof.exists' });

    // Someone else's slip, a used slip, an unknown one: refused naming proofId, nothing written.
    const fresh = await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '90' });
    const othersSlip = await kit.uploadOk(other.token);
    const snapshot = await kit.snapshot();
    for (const candidate of [othersSlip, proofId, 987_654_321]) {
      const response = await post(
        token,
        depositPaths.attachProof,
        { depositId: fresh.depositId, proofId: candidate },
        'TH',
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'deposit.proof.unknown', field: 'proofId' });
      expect(response.json().message).toContain('สลิป');
    }
    // Another member's deposit answers like an unknown one.
    const othersDeposit = await kit.createOk(other.token, { methodCode: 'PROMPTPAY', amount: '90' });
    const foreign = await post(token, depositPaths.attachProof, {
      depositId: othersDeposit.depositId,
      proofId: secondSlip,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errorCode).toBe('deposit.not.found');
    const missing = await post(token, depositPaths.attachProof, { depositId: fresh.depositId });
    expect(missing.json()).toMatchObject({ errorCode: 'validation.failed', field: 'proofId' });
    // The only change: the other member's deposit (and their first deposit state row).
    expect(await kit.snapshot()).toEqual({ ...snapshot, deposits: snapshot.deposits + 1, states: snapshot.states + 1 });
  });

  test('an expired deposit takes a slip without changing its status (for the operator answering); a decided one does not', async () => {
    const { token } = await kit.member();
    const expired = await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '80' });
    await at(nowMs + 31 * minuteMs, () => expireDeposits(testApp.db, new Map(), nowMs + 31 * minuteMs));
    const slip = await kit.uploadOk(token);
    const attached = await post(token, depositPaths.attachProof, { depositId: expired.depositId, proofId: slip });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(okDeposit.parse(attached.json()).value).toMatchObject({ status: 'expired', proofId: slip });

    const rejected = await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '80' });
    expect(
      (
        await admin(finance, 'POST', depositPaths.adminReject, {
          depositId: rejected.depositId,
          reason: 'not received',
        })
      ).statusCode,
    ).toBe(200);
    const late = await post(token, depositPaths.attachProof, {
      depositId: rejected.depositId,
      proofId: await kit.uploadOk(token),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      errorCode: 'deposit.not.pending',
      message: 'This deposit is already rejected; nothing was changed',
    });
  });
});

describe("a member's question about a deposit", () => {
  test('reaches the back-office detail and queue; one open at a time; the operator’s answer is audited and reaches the member', async () => {
    const { token, username } = await kit.member();
    const deposit = await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '500' });
    const message = 'I paid 500 at 10:02 from KBANK, where is it?';
    const asked = await post(token, depositPaths.askQuestion, {
      depositId: deposit.depositId,
      message: `  ${message} `,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const view = okDeposit.parse(asked.json()).value;
    expect(view.questions).toEqual([
      { questionId: expect.any(Number), message, askedAt: nowMs, answer: null, answeredAt: null },
    ]);
    const questionId = view.questions[0]!.questionId;

    // The same question again is a replay; another one while it is open is refused.
    const before = await kit.snapshot();
    expect(
      okDeposit.parse((await post(token, depositPaths.askQuestion, { depositId: deposit.depositId, message })).json())
        .value,
    ).toEqual(view);
    const second = await post(
      token,
      depositPaths.askQuestion,
      { depositId: deposit.depositId, message: 'hello?' },
      'TH',
    );
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ errorCode: 'deposit.question.open', field: 'message' });
    expect(second.json().message).toContain('คำถาม');
    expect(
      await testApp.db
        .selectFrom('deposit_question')
        .select('id')
        .where('deposit_id', '=', BigInt(deposit.depositId))
        .execute(),
    ).toHaveLength(1);
    expect(await kit.snapshot()).toEqual(before);

    // The back-office: the queue's count and flag filter, the detail with the text.
    const [row] = await queue(`status=pending&username=${username}`);
    expect(row).toMatchObject({ depositId: deposit.depositId, openQuestionCount: 1 });
    expect((await queue(`flag=question&username=${username}`)).map((item) => item.depositId)).toEqual([
      deposit.depositId,
    ]);
    expect((await adminDeposit(deposit.depositId)).questions).toEqual([
      expect.objectContaining({ questionId, message, answer: null }),
    ]);

    // Who may answer: deposits.review only.
    expect(
      (await admin(support, 'POST', depositPaths.adminAnswerQuestion, { questionId, answer: 'x' })).statusCode,
    ).toBe(403);
    const answer = 'Found it: approved in a minute.';
    const answered = await admin(finance, 'POST', depositPaths.adminAnswerQuestion, { questionId, answer });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(okAdminDeposit.parse(answered.json()).value).toMatchObject({
      openQuestionCount: 0,
      questions: [{ questionId, answer, answeredAt: nowMs }],
    });
    const audit = await testApp.db
      .selectFrom('operator_audit')
      .select(['action', 'operator_id', 'after'])
      .where('action', '=', 'deposit.question.answer')
      .where('target_id', '=', String(deposit.depositId))
      .execute();
    expect(audit).toEqual([
      { action: 'deposit.question.answer', operator_id: finance.id, after: { questionId: String(questionId), answer } },
    ]);
    // The same answer again is a replay (no second audit); another answer is refused.
    expect((await admin(finance, 'POST', depositPaths.adminAnswerQuestion, { questionId, answer })).statusCode).toBe(
      200,
    );
    const changed = await admin(finance, 'POST', depositPaths.adminAnswerQuestion, {
      questionId,
      answer: 'something else',
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().errorCode).toBe('deposit.question.answered');
    expect(
      await testApp.db
        .selectFrom('operator_audit')
        .select('id')
        .where('action', '=', 'deposit.question.answer')
        .where('target_id', '=', String(deposit.depositId))
        .execute(),
    ).toHaveLength(1);
    expect(
      (await admin(finance, 'POST', depositPaths.adminAnswerQuestion, { questionId: 987_654_321, answer })).statusCode,
    ).toBe(404);

    expect((await memberDeposit(token, deposit.depositId)).questions).toEqual([
      { questionId, message, askedAt: nowMs, answer, answeredAt: nowMs },
    ]);
    expect(await queue(`flag=question&username=${username}`)).toEqual([]);
    // Answered: the member may ask again.
    expect(
      (await post(token, depositPaths.askQuestion, { depositId: deposit.depositId, message: 'thanks, one more thing' }))
        .statusCode,
    ).toBe(200);
  });

  test('bad input names the field and writes nothing; another member’s deposit is unknown; at most 5 per deposit; expired deposits can be asked about', async () => {
    const { token } = await kit.member();
    const other = await kit.member();
    const deposit = await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '100' });
    await at(nowMs + 31 * minuteMs, () => expireDeposits(testApp.db, new Map(), nowMs + 31 * minuteMs));
    const before = await kit.snapshot();
    const questionsBefore = await testApp.db.selectFrom('deposit_question').select('id').execute();
    for (const [payload, field, code] of [
      [{ depositId: deposit.depositId, message: '' }, 'message', 'validation.failed'],
      [{ depositId: deposit.depositId, message: '   ' }, 'message', 'validation.failed'],
      [{ depositId: deposit.depositId, message: 'x'.repeat(501) }, 'message', 'validation.failed'],
      [{ depositId: deposit.depositId, message: 5 }, 'message', 'validation.failed'],
      [{ depositId: deposit.depositId, message: 'a\u0000b' }, 'message', 'validation.failed'],
      [{ message: 'where is it' }, 'depositId', 'validation.failed'],
    ] as const) {
      const response = await post(token, depositPaths.askQuestion, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, errorCode: code, field });
    }
    const foreign = await post(other.token, depositPaths.askQuestion, {
      depositId: deposit.depositId,
      message: 'mine?',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errorCode).toBe('deposit.not.found');
    expect(await kit.snapshot()).toEqual(before);
    expect(await testApp.db.selectFrom('deposit_question').select('id').execute()).toEqual(questionsBefore);

    // Expired deposits are what members ask about most.
    for (let index = 1; index <= 5; index += 1) {
      const response = await post(token, depositPaths.askQuestion, {
        depositId: deposit.depositId,
        message: `question ${index}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const questionId = okDeposit.parse(response.json()).value.questions.at(-1)!.questionId;
      expect(
        (await admin(finance, 'POST', depositPaths.adminAnswerQuestion, { questionId, answer: `answer ${index}` }))
          .statusCode,
      ).toBe(200);
    }
    const sixth = await post(token, depositPaths.askQuestion, { depositId: deposit.depositId, message: 'question 6' });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({
      errorCode: 'deposit.question.limit',
      field: 'message',
      message: 'This deposit already has 5 questions; please contact customer service',
    });
  });

  test('parallel questions on one deposit: exactly one is stored', async () => {
    const { token } = await kit.member();
    const deposit = await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '100' });
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        post(token, depositPaths.askQuestion, { depositId: deposit.depositId, message: `hurry ${index}` }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(
      responses
        .filter((response) => response.statusCode === 409)
        .every((response) => response.json().errorCode === 'deposit.question.open'),
    ).toBe(true);
    expect(
      await testApp.db
        .selectFrom('deposit_question')
        .select('id')
        .where('deposit_id', '=', BigInt(deposit.depositId))
        .execute(),
    ).toHaveLength(1);
  });
});

describe('what the member’s limits count', () => {
  test('approved and pending deposits, split in the answer; rejected and expired never; a pending one stops counting when it expires', async () => {
    const { token: firstToken, memberId } = await kit.member();
    let token = firstToken;
    const limits = async () =>
      depositLimitsSchema.parse((await kit.get(token, depositPaths.limits)).json().value).limits;
    const approved = await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '2000' });
    expect(
      (await admin(finance, 'POST', depositPaths.adminApprove, { depositId: approved.depositId })).statusCode,
    ).toBe(200);
    const rejected = await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '300' });
    expect(
      (
        await admin(finance, 'POST', depositPaths.adminReject, {
          depositId: rejected.depositId,
          reason: 'not received',
        })
      ).statusCode,
    ).toBe(200);
    await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '800' });
    const paid = await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '100' });
    expect((await post(token, depositPaths.confirmPaid, { depositId: paid.depositId })).statusCode).toBe(200);

    for (const limit of await limits())
      expect(limit).toMatchObject({ used: '2900.00', usedApproved: '2000.00', usedPending: '900.00' });

    // The 800 never paid expires: it stops counting; the 100 said paid keeps waiting and counting.
    const later = nowMs + 31 * minuteMs;
    await at(later, async () => {
      token = await insertTestSession(testApp.db, testApp.demoMerchantId, memberId, later);
      await expireDeposits(testApp.db, new Map(), later);
      for (const limit of await limits())
        expect(limit).toMatchObject({ used: '2100.00', usedApproved: '2000.00', usedPending: '100.00' });
      // And the limit check at create counts the same: with a 24-hour limit of 2,500, 400 is left.
      expect((await post(token, depositPaths.setLimits, { day: '2500' })).statusCode).toBe(200);
      const over = await kit.create(token, { methodCode: 'PROMPTPAY', amount: '401' });
      expect(over.json()).toMatchObject({ errorCode: 'deposit.member.limit.exceeded', field: 'amount' });
      expect(over.json().message).toContain('400.00');
      expect((await kit.create(token, { methodCode: 'PROMPTPAY', amount: '400' })).statusCode).toBe(200);
    });
  });
});
