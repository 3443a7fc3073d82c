import {
  banksSchema,
  depositMethodsSchema,
  depositPaths,
  depositReportSchema,
  depositSettingsSchema,
  errorEnvelopeSchema,
  trialMemberType,
} from '@lotus/contract';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { depositKit, okDepositSchema, pngBytes, type DepositKit } from './deposit.testing.ts';
import { AppError } from '../../http/app-error.ts';
import { createDeposit } from './create-deposit.ts';
import type { PaymentGateway } from './gateways/payment-gateway.ts';
import { hasValidCrc } from './promptpay.ts';
import { findMerchant } from '../merchant/index.ts';

let testApp: TestApp;
let kit: DepositKit;
let nowMs = Date.UTC(2026, 5, 1, 3, 0, 0);

beforeAll(async () => {
  testApp = await createTestApp({}, { now: () => nowMs });
  kit = depositKit(testApp);
});
afterAll(() => testApp?.close());
afterEach(() => kit.restoreDeposits());

const memberPaths = [
  ['GET', depositPaths.settings],
  ['GET', depositPaths.methods],
  ['GET', depositPaths.banks],
  ['GET', depositPaths.report],
  ['GET', `${depositPaths.detail}?depositId=1`],
  ['GET', `${depositPaths.proof}?proofId=1`],
  ['GET', depositPaths.limits],
  ['POST', depositPaths.setLimits],
  ['POST', depositPaths.create],
  ['POST', depositPaths.uploadProof],
] as const;

describe('who may call', () => {
  test.each(memberPaths)('%s %s needs a token (401) and refuses a trial account (403)', async (method, url) => {
    const anonymous = await testApp.app.inject({
      method,
      url,
      headers: { Merchant: 'demo', 'Idempotency-Key': 'key-anonymous-1' },
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(errorEnvelopeSchema.parse(anonymous.json()).errorCode).toBe('user.or.token.invalid');
    const trial = await kit.member(trialMemberType);
    const refused = await testApp.app.inject({
      method,
      url,
      headers: kit.headers(trial.token, { 'Idempotency-Key': 'key-trial-1' }),
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    expect(refused.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(refused.json()).errorCode).toBe('member.trial.forbidden');
  });
});

describe('settings, methods and banks', () => {
  test('the demo merchant offers BANK, PROMPTPAY and DEMOPAY with limits, fee and where to pay; never cached', async () => {
    const { token } = await kit.member();
    const response = await kit.get(token, depositPaths.methods);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const methods = depositMethodsSchema.parse(response.json().value);
    expect(methods.map((method) => method.methodCode)).toEqual(['BANK', 'PROMPTPAY', 'DEMOPAY']);
    const [bank, promptPay, demoPay] = methods;
    expect(bank).toMatchObject({
      kind: 'bank',
      minAmount: '100.00',
      maxAmount: '100000.00',
      dailyCountLimit: 10,
      dailyCountLeft: 10,
      promptPay: null,
    });
    expect(bank!.bankAccounts[0]).toEqual({
      bankAccountId: 'kbank-1',
      bankCode: 'KBANK',
      bankNameTh: 'ธนาคารกสิกรไทย',
      bankNameEn: 'Kasikornbank',
      accountName: 'Lotus88 Co., Ltd.',
      accountNumber: '0123456789',
    });
    expect(promptPay).toMatchObject({
      kind: 'qr',
      promptPay: { target: 'xxx-xxx-5678', accountName: 'Lotus88 Co., Ltd.' },
      bankAccounts: [],
    });
    expect(demoPay).toMatchObject({ kind: 'gateway', feeFixed: '0.00', feePercent: '0.00' });
  });

  test('a channel switched off, or BANK without an open account, is not offered', async () => {
    await kit.changeDeposits((deposits) => {
      deposits.channels.DEMOPAY.enabled = false;
      for (const account of deposits.channels.BANK.accounts) account.enabled = false;
    });
    const { token } = await kit.member();
    const methods = depositMethodsSchema.parse((await kit.get(token, depositPaths.methods)).json().value);
    expect(methods.map((method) => method.methodCode)).toEqual(['PROMPTPAY']);
    const settings = depositSettingsSchema.parse((await kit.get(token, depositPaths.settings)).json().value);
    expect(settings.methodCodes).toEqual(['PROMPTPAY']);
    const refused = await kit.create(token, { methodCode: 'DEMOPAY', amount: '100' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errorCode: 'deposit.method.unavailable', field: 'methodCode' });
  });

  test('settings: currency, proof rules, who pays fees, no first deposit yet', async () => {
    const { token } = await kit.member();
    const settings = depositSettingsSchema.parse((await kit.get(token, depositPaths.settings)).json().value);
    expect(settings).toEqual({
      currency: 'THB',
      currencySymbol: '฿',
      pendingMinutes: 30,
      feePaidBy: 'member',
      proofMaxBytes: 5 * 1024 * 1024,
      proofTypes: ['image/png', 'image/jpeg'],
      hasFirstDeposit: false,
      firstDepositAt: null,
      methodCodes: ['BANK', 'PROMPTPAY', 'DEMOPAY'],
    });
  });

  test('the Thai banks with their TH and EN names', async () => {
    const { token } = await kit.member();
    const banks = banksSchema.parse((await kit.get(token, depositPaths.banks)).json().value);
    expect(banks.length).toBeGreaterThanOrEqual(10);
    expect(banks).toContainEqual({
      bankCode: 'SCB',
      bankNo: '014',
      nameTh: 'ธนาคารไทยพาณิชย์',
      nameEn: 'Siam Commercial Bank',
    });
    expect(new Set(banks.map((bank) => bank.bankCode)).size).toBe(banks.length);
  });
});

describe('bad input is refused with a 400 naming the field, and nothing is written', () => {
  const amountCases: Array<[string, unknown]> = [
    ['negative', '-100'],
    ['zero', '0'],
    ['zero with decimals', '0.00'],
    ['three decimals', '100.001'],
    ['an exponent', '1e5'],
    ['not a number', 'abc'],
    ['empty', ''],
    ['a thousands separator', '1,000'],
    ['huge', '99999999999999999999'],
    ['below the channel minimum (50.00)', '49.99'],
    ['above the channel maximum (50,000.00)', '50000.01'],
  ];
  test.each(amountCases)(
    'amount %s: 400 deposit.amount.invalid naming amount with the range, TH and EN',
    async (_name, amount) => {
      const { token } = await kit.member();
      const before = await kit.snapshot();
      for (const language of ['EN', 'TH'] as const) {
        const response = await kit.create(token, { methodCode: 'PROMPTPAY', amount }, undefined, language);
        expect(response.statusCode).toBe(400);
        const body = errorEnvelopeSchema.parse(response.json());
        expect(body).toMatchObject({ errorCode: 'deposit.amount.invalid', field: 'amount' });
        expect(body.message).toContain('50.00');
        expect(body.message).toContain('50,000.00');
        expect(body.message).toMatch(language === 'TH' ? /จำนวนเงินฝาก/ : /deposit amount/);
      }
      expect(await kit.snapshot()).toEqual(before);
      await kit.expectLedgerBalanced();
    },
  );

  test.each([
    ['amount as a number', { methodCode: 'PROMPTPAY', amount: 100 }, 'amount'],
    ['no amount', { methodCode: 'PROMPTPAY' }, 'amount'],
    ['an unknown channel', { methodCode: 'CRYPTO', amount: '100' }, 'methodCode'],
    ['no channel', { amount: '100' }, 'methodCode'],
    ['a very long amount', { methodCode: 'PROMPTPAY', amount: '1'.repeat(100) }, 'amount'],
  ])('%s: 400 validation.failed naming %s', async (_name, body, field) => {
    const { token } = await kit.member();
    const before = await kit.snapshot();
    const response = await kit.create(token, body);
    expect(response.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(response.json())).toMatchObject({ errorCode: 'validation.failed', field });
    expect(await kit.snapshot()).toEqual(before);
  });

  test('BANK: the receiving account, the reference and an own, unused proof are required', async () => {
    const { token } = await kit.member();
    const other = await kit.member();
    const ownProof = await kit.uploadOk(token);
    const othersProof = await kit.uploadOk(other.token);
    const used = await kit.bankDeposit(token);
    const base = {
      methodCode: 'BANK',
      amount: '500',
      bankAccountId: 'kbank-1',
      transferReference: 'REF1',
      proofId: ownProof,
    };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...base, bankAccountId: undefined }, 'validation.failed', 'bankAccountId'],
      [{ ...base, bankAccountId: 'nope' }, 'deposit.bank.account.unknown', 'bankAccountId'],
      [{ ...base, transferReference: undefined }, 'validation.failed', 'transferReference'],
      [{ ...base, transferReference: '' }, 'validation.failed', 'transferReference'],
      [{ ...base, proofId: undefined }, 'validation.failed', 'proofId'],
      [{ ...base, proofId: othersProof }, 'deposit.proof.unknown', 'proofId'],
      [{ ...base, proofId: 987_654_321 }, 'deposit.proof.unknown', 'proofId'],
      [{ ...base, proofId: used.bank!.proofId }, 'deposit.proof.unknown', 'proofId'],
      [{ ...base, amount: '99.99' }, 'deposit.amount.invalid', 'amount'],
    ];
    const before = await kit.snapshot();
    for (const [body, errorCode, field] of cases) {
      const response = await kit.create(token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorEnvelopeSchema.parse(response.json()), JSON.stringify(body)).toMatchObject({ errorCode, field });
    }
    expect(await kit.snapshot()).toEqual(before);
  });

  test('a fee that eats the whole amount is refused naming amount and the fee', async () => {
    await kit.changeDeposits((deposits) => {
      deposits.channels.PROMPTPAY.feeFixed = '60';
    });
    const { token } = await kit.member();
    const before = await kit.snapshot();
    const response = await kit.create(token, { methodCode: 'PROMPTPAY', amount: '60' });
    expect(response.statusCode).toBe(400);
    const body = errorEnvelopeSchema.parse(response.json());
    expect(body).toMatchObject({ errorCode: 'deposit.amount.below.fee', field: 'amount' });
    expect(body.message).toContain('60.00');
    expect(await kit.snapshot()).toEqual(before);
  });
});

describe('daily limits per channel and member', () => {
  test('the daily count: the third deposit of a limit of 2 is refused naming amount and the limit', async () => {
    await kit.changeDeposits((deposits) => {
      deposits.channels.PROMPTPAY.dailyCountLimit = 2;
    });
    const { token } = await kit.member();
    await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '100' });
    await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '100' });
    const before = await kit.snapshot();
    const response = await kit.create(token, { methodCode: 'PROMPTPAY', amount: '100' });
    expect(response.statusCode).toBe(400);
    const body = errorEnvelopeSchema.parse(response.json());
    expect(body).toMatchObject({ errorCode: 'deposit.daily.count.exceeded', field: 'amount' });
    expect(body.message).toContain('2');
    expect(await kit.snapshot()).toEqual(before);
    // Another channel is counted apart.
    await kit.createOk(token, { methodCode: 'DEMOPAY', amount: '100' });
  });

  test('the daily amount: what would pass it is refused with what is left; a rejected or expired deposit does not count', async () => {
    await kit.changeDeposits((deposits) => {
      deposits.channels.PROMPTPAY.dailyAmountLimit = '1000';
    });
    const { token } = await kit.member();
    const first = await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '700' });
    const response = await kit.create(token, { methodCode: 'PROMPTPAY', amount: '300.01' });
    expect(response.statusCode).toBe(400);
    const body = errorEnvelopeSchema.parse(response.json());
    expect(body).toMatchObject({ errorCode: 'deposit.daily.amount.exceeded', field: 'amount' });
    expect(body.message).toContain('1,000.00');
    expect(body.message).toContain('300.00');
    await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '300' });
    await testApp.db
      .updateTable('deposit')
      .set({ status: 'expired', settled_at: new Date(nowMs) })
      .where('id', '=', BigInt(first.depositId))
      .execute();
    await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '700' });
  });

  test('20 parallel deposits under a daily amount limit never pass it together', async () => {
    await kit.changeDeposits((deposits) => {
      deposits.channels.PROMPTPAY.dailyAmountLimit = '1000';
      deposits.channels.PROMPTPAY.dailyCountLimit = 100;
    });
    const { token, memberId } = await kit.member();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => kit.create(token, { methodCode: 'PROMPTPAY', amount: '100' })),
    );
    const accepted = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode !== 200);
    expect(accepted).toHaveLength(10);
    for (const response of refused)
      expect(response.json()).toMatchObject({ errorCode: 'deposit.daily.amount.exceeded', field: 'amount' });
    const rows = await testApp.db.selectFrom('deposit').select('amount').where('member_id', '=', memberId).execute();
    expect(rows.reduce((total, row) => total + row.amount, 0n)).toBe(100_000n);
  });

  test('20 parallel deposits under a daily count limit never pass it together', async () => {
    await kit.changeDeposits((deposits) => {
      deposits.channels.DEMOPAY.dailyCountLimit = 3;
    });
    const { token, memberId } = await kit.member();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => kit.create(token, { methodCode: 'DEMOPAY', amount: '10' })),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(3);
    const rows = await testApp.db.selectFrom('deposit').select('id').where('member_id', '=', memberId).execute();
    expect(rows).toHaveLength(3);
  });
});

describe('create', () => {
  test('PROMPTPAY answers a valid EMVCo payload with the amount and its QR code, pending until its minutes pass', async () => {
    const { token } = await kit.member();
    const deposit = await kit.createOk(token, { methodCode: 'PROMPTPAY', amount: '1500.5' });
    expect(deposit).toMatchObject({
      methodCode: 'PROMPTPAY',
      status: 'pending',
      amount: '1500.50',
      feeAmount: '0.00',
      creditAmount: '1500.50',
      currency: 'THB',
      createdAt: nowMs,
      expiresAt: nowMs + 30 * 60_000,
      settledAt: null,
    });
    expect(deposit.payUrl).toBeUndefined();
    expect(deposit.promptPay!.payload).toContain('54071500.50');
    expect(deposit.promptPay!.payload).toContain('0016A000000677010111011300668123456785802TH');
    expect(hasValidCrc(deposit.promptPay!.payload)).toBe(true);
    expect(deposit.promptPay!.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(deposit.promptPay!.target).toBe('xxx-xxx-5678');
  });

  test('BANK keeps the account paid into, the reference and the proof; the proof is readable by its member only', async () => {
    const { token } = await kit.member();
    const other = await kit.member();
    const image = pngBytes(7, 5);
    const proofId = await kit.uploadOk(token, image);
    const deposit = await kit.createOk(token, {
      methodCode: 'BANK',
      amount: '2500',
      bankAccountId: 'scb-1',
      transferReference: 'K-PLUS 0917',
      proofId,
    });
    expect(deposit.bank).toEqual({
      target: {
        bankAccountId: 'scb-1',
        bankCode: 'SCB',
        bankNameTh: 'ธนาคารไทยพาณิชย์',
        bankNameEn: 'Siam Commercial Bank',
        accountName: 'Lotus88 Co., Ltd.',
        accountNumber: '9876543210',
      },
      transferReference: 'K-PLUS 0917',
      proofId,
    });
    const own = await kit.get(token, `${depositPaths.proof}?proofId=${proofId}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.rawPayload.equals(image)).toBe(true);
    const others = await kit.get(other.token, `${depositPaths.proof}?proofId=${proofId}`);
    const unknown = await kit.get(other.token, `${depositPaths.proof}?proofId=999999999`);
    expect(others.statusCode).toBe(404);
    expect(others.body).toBe(unknown.body);
  });

  test('DEMOPAY answers a payUrl on our own server, outside /wps', async () => {
    const { token } = await kit.member();
    const deposit = await kit.createOk(token, { methodCode: 'DEMOPAY', amount: '100' });
    expect(deposit.status).toBe('pending');
    expect(deposit.payUrl).toMatch(/^http:\/\/localhost(:\d+)?\/demopay\/pay\/[0-9a-f]{32}$/);
  });

  test('the fee is the member’s: fixed plus percent rounded down, taken from the credited amount', async () => {
    await kit.changeDeposits((deposits) => {
      deposits.channels.DEMOPAY.feeFixed = '5';
      deposits.channels.DEMOPAY.feePercent = '1.5';
    });
    const { token } = await kit.member();
    const deposit = await kit.createOk(token, { methodCode: 'DEMOPAY', amount: '1000.99' });
    // 5.00 + 1.5 % of 1000.99 (15.01485) = 20.01
    expect(deposit).toMatchObject({ amount: '1000.99', feeAmount: '20.01', creditAmount: '980.98' });
  });
});

describe('idempotent create', () => {
  test('the same key replayed 5 times, then 5 times at once, makes one deposit and the same answer', async () => {
    const { token, memberId } = await kit.member();
    const key = 'replay-key-0001';
    const first = await kit.create(token, { methodCode: 'PROMPTPAY', amount: '250' }, key);
    expect(first.statusCode).toBe(200);
    for (let index = 0; index < 5; index++) {
      const again = await kit.create(token, { methodCode: 'PROMPTPAY', amount: '250' }, key);
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
    }
    const parallel = await Promise.all(
      Array.from({ length: 5 }, () => kit.create(token, { methodCode: 'PROMPTPAY', amount: '250' }, key)),
    );
    for (const response of parallel) expect(response.body).toBe(first.body);
    const rows = await testApp.db.selectFrom('deposit').select('id').where('member_id', '=', memberId).execute();
    expect(rows).toHaveLength(1);
  });

  test('5 parallel first requests with one key: one deposit; the others wait (409) or replay it', async () => {
    const { token, memberId } = await kit.member();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => kit.create(token, { methodCode: 'DEMOPAY', amount: '75' }, 'parallel-key-0001')),
    );
    const succeeded = responses.filter((response) => response.statusCode === 200);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    for (const response of succeeded) expect(response.body).toBe(succeeded[0]!.body);
    for (const response of responses.filter((candidate) => candidate.statusCode !== 200))
      expect(response.json().errorCode).toBe('idempotency.in.progress');
    expect(
      await testApp.db.selectFrom('deposit').select('id').where('member_id', '=', memberId).execute(),
    ).toHaveLength(1);
  });

  test('the same key with another request is refused (422) and changes nothing', async () => {
    const { token } = await kit.member();
    await kit.create(token, { methodCode: 'PROMPTPAY', amount: '250' }, 'reuse-key-0001');
    const before = await kit.snapshot();
    const response = await kit.create(token, { methodCode: 'PROMPTPAY', amount: '251' }, 'reuse-key-0001');
    expect(response.statusCode).toBe(422);
    expect(await kit.snapshot()).toEqual(before);
  });

  test('a retry after a crash between insert and answer finds the first deposit (the key is unique per member)', async () => {
    const { token, memberId } = await kit.member();
    const first = okDepositSchema.parse(
      (await kit.create(token, { methodCode: 'PROMPTPAY', amount: '300' }, 'crash-key-0001')).json(),
    ).value;
    // The stored answer is lost, as if the process died before writing it.
    await testApp.db.deleteFrom('idempotent_request').where('idempotency_key', '=', 'crash-key-0001').execute();
    const retry = okDepositSchema.parse(
      (await kit.create(token, { methodCode: 'PROMPTPAY', amount: '300' }, 'crash-key-0001')).json(),
    ).value;
    expect(retry).toEqual(first);
    expect(
      await testApp.db.selectFrom('deposit').select('id').where('member_id', '=', memberId).execute(),
    ).toHaveLength(1);
  });
});

describe('a member sees only their own deposits', () => {
  test("another member's depositId answers exactly like an unknown one", async () => {
    const owner = await kit.member();
    const other = await kit.member();
    const deposit = await kit.createOk(owner.token, { methodCode: 'PROMPTPAY', amount: '100' });
    const own = await kit.get(owner.token, `${depositPaths.detail}?depositId=${deposit.depositId}`);
    expect(own.statusCode).toBe(200);
    expect(okDepositSchema.parse(own.json()).value.promptPay!.qrCode).toMatch(/^data:image\/svg/);
    const others = await kit.get(other.token, `${depositPaths.detail}?depositId=${deposit.depositId}`);
    const unknown = await kit.get(other.token, `${depositPaths.detail}?depositId=${deposit.depositId + 100_000}`);
    expect(others.statusCode).toBe(404);
    expect(others.body).toBe(unknown.body);
    expect(errorEnvelopeSchema.parse(others.json()).errorCode).toBe('deposit.not.found');
    const report = depositReportSchema.parse((await kit.get(other.token, depositPaths.report)).json().value);
    expect(report.content.map((row) => row.depositId)).not.toContain(deposit.depositId);
  });

  test('the report: newest first, filtered by status, channel and time, paged', async () => {
    const { token } = await kit.member();
    const startMs = nowMs;
    const created = [];
    for (const [index, methodCode] of (['PROMPTPAY', 'DEMOPAY', 'PROMPTPAY'] as const).entries()) {
      nowMs = startMs + index * 1000;
      created.push(await kit.createOk(token, { methodCode, amount: `${100 + index}` }));
    }
    nowMs = startMs + 5000;
    await testApp.db
      .updateTable('deposit')
      .set({ status: 'expired', settled_at: new Date(nowMs) })
      .where('id', '=', BigInt(created[0]!.depositId))
      .execute();
    const read = async (query: string) =>
      depositReportSchema.parse((await kit.get(token, `${depositPaths.report}${query}`)).json().value);
    expect((await read('')).content.map((row) => row.depositId)).toEqual(created.map((row) => row.depositId).reverse());
    expect((await read('?status=expired')).content.map((row) => row.depositId)).toEqual([created[0]!.depositId]);
    expect((await read('?methodCode=DEMOPAY')).content.map((row) => row.depositId)).toEqual([created[1]!.depositId]);
    expect(
      (await read(`?startTime=${startMs + 1000}&endTime=${startMs + 2000}`)).content.map((row) => row.depositId),
    ).toEqual([created[1]!.depositId]);
    const page = await read('?pageNo=2&pageSize=2');
    expect(page).toMatchObject({ pageNo: 2, pageSize: 2, totalElements: 3, totalPages: 2 });
    expect(page.content.map((row) => row.depositId)).toEqual([created[0]!.depositId]);
    const bad = await kit.get(token, `${depositPaths.report}?status=lost`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('status');
  });
});

describe('a gateway that fails while the payment is opened', () => {
  test('answers 502 after the deposit is stored; a retry with the same key opens the payment for that same deposit', async () => {
    const { memberId, username } = await kit.member();
    const merchant = (await findMerchant(testApp.db, { code: 'demo' }))!;
    const member = {
      id: memberId,
      merchantId: merchant.id,
      username,
      isAgent: 0 as const,
      language: 'EN' as const,
      sessionId: 0n,
      sessionCreatedAtMs: nowMs,
      gamesForbidden: false,
    };
    let isDown = true;
    const references: string[] = [];
    // The outside world: a gateway that is down at first, then answers.
    const gateway: PaymentGateway = {
      code: 'DEMOPAY',
      async createPayment(input) {
        references.push(input.merchantReference);
        if (isDown) throw new Error('connect ECONNREFUSED');
        return { paymentId: 'a'.repeat(32), payUrl: `${input.origin}/demopay/pay/${'a'.repeat(32)}` };
      },
      verifyCallback: () => ({ ok: false, reason: 'signature' }),
      queryStatus: async () => 'unknown',
    };
    const deps = {
      db: testApp.db,
      appConfig: testApp.config,
      gateways: new Map([['DEMOPAY' as const, gateway]]),
      nowMs,
    };
    const request = { methodCode: 'DEMOPAY' as const, amount: '100' };
    const failure = await createDeposit(
      deps,
      merchant,
      member,
      request,
      'gateway-down-key-1',
      'http://localhost',
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ statusCode: 502, errorCode: 'deposit.gateway.unavailable' });
    isDown = false;
    const deposit = await createDeposit(deps, merchant, member, request, 'gateway-down-key-1', 'http://localhost');
    expect(deposit).toMatchObject({ status: 'pending', payUrl: `http://localhost/demopay/pay/${'a'.repeat(32)}` });
    expect(new Set(references)).toEqual(new Set([String(deposit.depositId)]));
    expect(
      await testApp.db.selectFrom('deposit').select('id').where('member_id', '=', memberId).execute(),
    ).toHaveLength(1);
  });
});
