import { randomUUID } from 'node:crypto';
import {
  depositPaths,
  errorEnvelopeSchema,
  formatMinorUnits,
  walletBalanceSchema,
  type Deposit,
} from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { demoMerchantConfig } from '../merchant/index.ts';
import { depositKit, okDepositSchema, type DepositKit } from './deposit.testing.ts';
import { signDemoPayBody } from './demopay/demopay-gateway.ts';
import { expireDeposits } from './expire-deposits.ts';
import { createDemoPayAdapter } from './gateways/demopay.ts';
import { DemoPayGateway } from './demopay/demopay-gateway.ts';

/**
 * DEMOPAY through real HTTP: the app listens on a port, the member and the "gateway" talk to it with
 * fetch, and the gateway's callback travels over HTTP back to our callback route.
 */
let testApp: TestApp;
let kit: DepositKit;
let base: string;
let nowMs = Date.UTC(2026, 5, 2, 8, 0, 0);
const secret = demoMerchantConfig.deposits.channels.DEMOPAY.secret!;
const callbackUrl = () => `${base}/payment-callback/DEMOPAY/demo`;

beforeAll(async () => {
  testApp = await createTestApp({}, { now: () => nowMs });
  kit = depositKit(testApp);
  base = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => testApp?.close());

function memberFetch(token: string, path: string, init: { method?: string; body?: unknown; key?: string } = {}) {
  return fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Merchant: 'demo',
      Language: 'EN',
      Authorization: token,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.key ? { 'Idempotency-Key': init.key } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

async function createDemoPay(token: string, amount = '100.00'): Promise<Deposit> {
  const response = await memberFetch(token, depositPaths.create, {
    method: 'POST',
    body: { methodCode: 'DEMOPAY', amount },
    key: `demo-${randomUUID()}`,
  });
  expect(response.status).toBe(200);
  return okDepositSchema.parse(await response.json()).value;
}

async function mainBalance(token: string): Promise<string> {
  const response = await memberFetch(token, '/wps/v2/wallets/balance');
  return walletBalanceSchema.parse(((await response.json()) as { value: unknown }).value).sumBalance;
}

async function depositStatus(depositId: number) {
  return await testApp.db
    .selectFrom('deposit')
    .select(['status', 'reject_reason', 'posting_id'])
    .where('id', '=', BigInt(depositId))
    .executeTakeFirstOrThrow();
}

/** A callback as the gateway would send it, signed with `signingSecret`. */
function callbackBody(deposit: Deposit, status: 'paid' | 'failed', overrides: Record<string, unknown> = {}) {
  const paymentId = deposit.payUrl!.split('/').at(-1)!;
  return JSON.stringify({
    paymentId,
    merchantReference: String(deposit.depositId),
    amount: deposit.amount,
    currency: 'THB',
    status,
    sentAt: nowMs,
    ...overrides,
  });
}

function sendCallback(body: string, signature: string | null = signDemoPayBody(secret, body)) {
  return fetch(callbackUrl(), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'x-demopay-signature': signature }),
    },
    body,
  });
}

async function journal(depositId: number | null) {
  const rows = await testApp.db
    .selectFrom('deposit_gateway_callback')
    .select(['outcome', 'status_after', 'deposit_id'])
    .$if(depositId !== null, (query) => query.where('deposit_id', '=', BigInt(depositId!)))
    .orderBy('id')
    .execute();
  return rows.map((row) => row.outcome);
}

async function postingsOf(depositId: number): Promise<number> {
  const row = await testApp.db
    .selectFrom('ledger_posting')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('idempotency_key', '=', `deposit:${depositId}`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('DEMOPAY end to end over HTTP', () => {
  test('create, open the pay page, POST {"result":"success"} to payUrl: the signed callback arrives and the balance changes once', async () => {
    const { token } = await kit.member();
    const deposit = await createDemoPay(token, '150.25');
    expect(deposit.payUrl!.startsWith(`${base}/demopay/pay/`)).toBe(true);

    const page = await fetch(deposit.payUrl!);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await page.text();
    expect(html).toContain('150.25 THB');
    expect(html).toContain('value="success"');
    expect(html).toContain('value="fail"');
    expect(html).not.toContain('<script');

    const paid = await fetch(deposit.payUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ result: 'success' }),
    });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({
      success: true,
      value: { paymentId: expect.any(String), status: 'paid', callbackDelivered: true },
    });
    expect(await mainBalance(token)).toBe('150.25');
    const detail = okDepositSchema.parse(
      await (await memberFetch(token, `${depositPaths.detail}?depositId=${deposit.depositId}`)).json(),
    ).value;
    expect(detail).toMatchObject({ status: 'approved', settledAt: nowMs });
    expect(await journal(deposit.depositId)).toEqual(['applied']);

    // The same button again only repeats the callback; the other button is refused. One credit.
    const again = await fetch(deposit.payUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ result: 'success' }),
    });
    expect(((await again.json()) as { value: { callbackDelivered: boolean } }).value.callbackDelivered).toBe(true);
    const fail = await fetch(deposit.payUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ result: 'fail' }),
    });
    expect(fail.status).toBe(409);
    expect(errorEnvelopeSchema.parse(await fail.json()).errorCode).toBe('demopay.payment.closed');
    expect(await mainBalance(token)).toBe('150.25');
    expect(await postingsOf(deposit.depositId)).toBe(1);
    expect(await journal(deposit.depositId)).toEqual(['applied', 'replayed']);

    const settings = (await (await memberFetch(token, depositPaths.settings)).json()) as { value: unknown };
    expect(settings.value).toMatchObject({ hasFirstDeposit: true, firstDepositAt: nowMs });
    await kit.expectLedgerBalanced();
  });

  test('the Fail button (a form post, as the page sends it) rejects the deposit and answers the page', async () => {
    const { token } = await kit.member();
    const deposit = await createDemoPay(token);
    const response = await fetch(deposit.payUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'result=fail',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await response.text()).toContain('Payment failed');
    expect(await depositStatus(deposit.depositId)).toEqual({
      status: 'rejected',
      reject_reason: 'gateway.failed',
      posting_id: null,
    });
    expect(await mainBalance(token)).toBe('0.00');
  });

  test('bad pay requests: an unknown payment (404), a result that is neither success nor fail (400)', async () => {
    const unknown = await fetch(`${base}/demopay/pay/${'0'.repeat(32)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ result: 'success' }),
    });
    expect(unknown.status).toBe(404);
    expect((await fetch(`${base}/demopay/pay/nope`)).status).toBe(404);
    const { token } = await kit.member();
    const deposit = await createDemoPay(token);
    const bad = await fetch(deposit.payUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ result: 'maybe' }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { field: string }).field).toBe('result');
    expect(await depositStatus(deposit.depositId)).toMatchObject({ status: 'pending' });
  });
});

describe('callbacks are idempotent: replayed 5 times, then 5 at once, one effect and identical answers', () => {
  test.each(['paid', 'failed'] as const)('a %s callback', async (status) => {
    const { token } = await kit.member();
    const deposit = await createDemoPay(token, '80.00');
    const body = callbackBody(deposit, status);
    const first = await sendCallback(body);
    expect(first.status).toBe(200);
    const firstText = await first.text();
    expect(JSON.parse(firstText)).toEqual({
      success: true,
      value: { depositId: deposit.depositId, status: status === 'paid' ? 'approved' : 'rejected' },
    });
    for (let index = 0; index < 5; index++) {
      const again = await sendCallback(body);
      expect(again.status).toBe(200);
      expect(await again.text()).toBe(firstText);
    }
    const parallel = await Promise.all(Array.from({ length: 5 }, () => sendCallback(body)));
    for (const response of parallel) {
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(firstText);
    }
    expect(await postingsOf(deposit.depositId)).toBe(status === 'paid' ? 1 : 0);
    expect(await mainBalance(token)).toBe(status === 'paid' ? '80.00' : '0.00');
    expect(await journal(deposit.depositId)).toEqual(['applied', ...new Array<string>(10).fill('replayed')]);
    await kit.expectLedgerBalanced();
  });

  test('10 parallel first copies of a success callback credit once', async () => {
    const { token } = await kit.member();
    const deposit = await createDemoPay(token, '42.00');
    const body = callbackBody(deposit, 'paid');
    const responses = await Promise.all(Array.from({ length: 10 }, () => sendCallback(body)));
    const texts = await Promise.all(responses.map((response) => response.text()));
    expect(new Set(texts).size).toBe(1);
    expect(await mainBalance(token)).toBe('42.00');
    expect(await postingsOf(deposit.depositId)).toBe(1);
  });
});

describe('callbacks in any order', () => {
  test('failure after success: ignored, the deposit stays approved and credited once', async () => {
    const { token } = await kit.member();
    const deposit = await createDemoPay(token, '60.00');
    expect((await sendCallback(callbackBody(deposit, 'paid'))).status).toBe(200);
    const late = await sendCallback(callbackBody(deposit, 'failed'));
    expect(late.status).toBe(200);
    expect(await late.json()).toEqual({ success: true, value: { depositId: deposit.depositId, status: 'approved' } });
    expect(await depositStatus(deposit.depositId)).toMatchObject({ status: 'approved' });
    expect(await mainBalance(token)).toBe('60.00');
    expect(await journal(deposit.depositId)).toEqual(['applied', 'ignored']);
  });

  test('success after failure: the money reached the gateway, so the deposit is approved and credited', async () => {
    const { token } = await kit.member();
    const deposit = await createDemoPay(token, '61.00');
    await sendCallback(callbackBody(deposit, 'failed'));
    expect(await depositStatus(deposit.depositId)).toMatchObject({ status: 'rejected' });
    const success = await sendCallback(callbackBody(deposit, 'paid'));
    expect(await success.json()).toEqual({
      success: true,
      value: { depositId: deposit.depositId, status: 'approved' },
    });
    expect(await depositStatus(deposit.depositId)).toMatchObject({ status: 'approved', reject_reason: null });
    expect(await mainBalance(token)).toBe('61.00');
  });

  test('late callbacks after expiry: a success approves the expired deposit (credited once), a failure leaves it expired', async () => {
    const { token, memberId } = await kit.member();
    const paidLate = await createDemoPay(token, '70.00');
    const failedLate = await createDemoPay(token, '71.00');
    const startMs = nowMs;
    nowMs += 31 * 60_000;
    try {
      const gateways = new Map([
        [
          'DEMOPAY' as const,
          createDemoPayAdapter(new DemoPayGateway({ db: testApp.db, now: () => nowMs, callbackOrigin: () => null })),
        ],
      ]);
      const outcome = await expireDeposits(testApp.db, gateways, nowMs);
      expect(outcome.gatewayExpired).toBeGreaterThanOrEqual(2);
      expect(await depositStatus(paidLate.depositId)).toMatchObject({ status: 'expired' });
      const late = await sendCallback(callbackBody(paidLate, 'paid'));
      expect(await late.json()).toEqual({
        success: true,
        value: { depositId: paidLate.depositId, status: 'approved' },
      });
      expect(await sendCallback(callbackBody(paidLate, 'paid')).then((response) => response.json())).toEqual({
        success: true,
        value: { depositId: paidLate.depositId, status: 'approved' },
      });
      const lateFailure = await sendCallback(callbackBody(failedLate, 'failed'));
      expect(await lateFailure.json()).toEqual({
        success: true,
        value: { depositId: failedLate.depositId, status: 'expired' },
      });
      expect(await kit.balance(memberId)).toBe(7_000n);
      expect(await journal(paidLate.depositId)).toEqual(['applied', 'replayed']);
      expect(await journal(failedLate.depositId)).toEqual(['ignored']);
    } finally {
      nowMs = startMs;
    }
  });
});

describe('forged and replayed callbacks are refused, journaled, and change nothing', () => {
  test.each([
    [
      'signed with another secret',
      (body: string) => ({ body, signature: signDemoPayBody('x'.repeat(48), body) }),
      401,
      'refused.signature',
    ],
    ['without a signature', (body: string) => ({ body, signature: null }), 401, 'refused.signature'],
    ['a malformed signature', (body: string) => ({ body, signature: 'zz' }), 401, 'refused.signature'],
    [
      'the body changed after signing',
      (body: string) => ({ body: body.replace('"paid"', '"paid" '), signature: signDemoPayBody(secret, body) }),
      401,
      'refused.signature',
    ],
  ] as const)('%s: 401', async (_name, forge, statusCode, outcome) => {
    const { token } = await kit.member();
    const deposit = await createDemoPay(token, '90.00');
    const before = await kit.snapshot();
    const { body, signature } = forge(callbackBody(deposit, 'paid'));
    const response = await sendCallback(body, signature);
    expect(response.status).toBe(statusCode);
    expect(errorEnvelopeSchema.parse(await response.json()).errorCode).toBe('deposit.callback.signature.invalid');
    expect(await kit.snapshot()).toEqual(before);
    expect(await depositStatus(deposit.depositId)).toMatchObject({ status: 'pending' });
    const rows = await testApp.db
      .selectFrom('deposit_gateway_callback')
      .select(['outcome', 'merchant_id'])
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(rows[0]).toEqual({ outcome, merchant_id: testApp.demoMerchantId });
  });

  test('a validly signed callback replayed after 10 minutes is refused as stale', async () => {
    const { token } = await kit.member();
    const deposit = await createDemoPay(token, '91.00');
    const body = callbackBody(deposit, 'paid', { sentAt: nowMs - 11 * 60_000 });
    const response = await sendCallback(body);
    expect(response.status).toBe(401);
    expect(await depositStatus(deposit.depositId)).toMatchObject({ status: 'pending' });
    expect(await mainBalance(token)).toBe('0.00');
    const last = await testApp.db
      .selectFrom('deposit_gateway_callback')
      .select('outcome')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.outcome).toBe('refused.stale');
  });

  test.each([
    ['another amount', { amount: formatMinorUnits(9_201n) }, 409, 'refused.mismatch'],
    ['another currency', { currency: 'USD' }, 409, 'refused.mismatch'],
    ['an unknown deposit', { merchantReference: '999999999' }, 404, 'refused.unknown'],
    ['a reference that is not a deposit id', { merchantReference: 'abc' }, 404, 'refused.unknown'],
    ['another payment id', { paymentId: 'f'.repeat(32) }, 404, 'refused.unknown'],
  ] as const)('signed but for %s: refused, nothing credited', async (_name, overrides, statusCode, outcome) => {
    const { token } = await kit.member();
    const deposit = await createDemoPay(token, '92.00');
    const before = await kit.snapshot();
    const response = await sendCallback(callbackBody(deposit, 'paid', overrides));
    expect(response.status).toBe(statusCode);
    expect(await kit.snapshot()).toEqual(before);
    expect(await depositStatus(deposit.depositId)).toMatchObject({ status: 'pending' });
    const last = await testApp.db
      .selectFrom('deposit_gateway_callback')
      .select('outcome')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.outcome).toBe(outcome);
  });

  test('a callback for an unknown gateway or merchant is refused (404) and journaled', async () => {
    const response = await fetch(`${base}/payment-callback/DEMOPAY/nobody`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(404);
    const other = await fetch(`${base}/payment-callback/BANK/demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(other.status).toBe(404);
    const rows = await testApp.db
      .selectFrom('deposit_gateway_callback')
      .select(['outcome', 'gateway_code'])
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(rows).toEqual([
      { outcome: 'refused.unknown', gateway_code: 'BANK' },
      { outcome: 'refused.unknown', gateway_code: 'DEMOPAY' },
    ]);
  });

  test('a signed body that is not a callback is refused (400) without touching anything', async () => {
    const body = JSON.stringify({ hello: 'world' });
    const response = await sendCallback(body);
    expect(response.status).toBe(400);
    const last = await testApp.db
      .selectFrom('deposit_gateway_callback')
      .select('outcome')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.outcome).toBe('refused.malformed');
  });
});

describe('a lost callback', () => {
  test('the expiry job asks the gateway: a payment it reports paid is approved and credited once', async () => {
    const { token } = await kit.member();
    const deposit = await createDemoPay(token, '55.00');
    // The member paid, but the callback never reached us.
    await testApp.db
      .updateTable('demopay_payment')
      .set({ status: 'paid', completed_at: new Date(nowMs) })
      .where('merchant_reference', '=', String(deposit.depositId))
      .execute();
    const startMs = nowMs;
    nowMs += 31 * 60_000;
    try {
      const gateways = new Map([
        [
          'DEMOPAY' as const,
          createDemoPayAdapter(new DemoPayGateway({ db: testApp.db, now: () => nowMs, callbackOrigin: () => null })),
        ],
      ]);
      const outcome = await expireDeposits(testApp.db, gateways, nowMs);
      expect(outcome.gatewayApproved).toBeGreaterThanOrEqual(1);
      expect(await depositStatus(deposit.depositId)).toMatchObject({ status: 'approved' });
      // The callback then arrives after all: nothing more happens.
      expect(await sendCallback(callbackBody(deposit, 'paid')).then((response) => response.json())).toEqual({
        success: true,
        value: { depositId: deposit.depositId, status: 'approved' },
      });
    } finally {
      nowMs = startMs;
    }
    expect(await postingsOf(deposit.depositId)).toBe(1);
    await kit.expectLedgerBalanced();
  });
});

describe('NODE_ENV=production', () => {
  test('DEMOPAY is refused whatever the merchant says: not offered, not created, no pay page and no callback route', async () => {
    const production = await createTestApp({
      NODE_ENV: 'production',
      HOUSE_VENDOR_SECRET: 'production-vendor-secret-0123456789',
      VENDOR_SECRET_KEY: 'production-vendor-secret-key-0123456789',
    });
    try {
      const productionKit = depositKit(production);
      const { token } = await productionKit.member();
      const methods = await production.app.inject({
        method: 'GET',
        url: depositPaths.methods,
        headers: productionKit.headers(token),
      });
      expect((methods.json().value as Array<{ methodCode: string }>).map((method) => method.methodCode)).toEqual([
        'BANK',
        'PROMPTPAY',
      ]);
      const refused = await productionKit.create(token, { methodCode: 'DEMOPAY', amount: '100' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ errorCode: 'deposit.method.unavailable', field: 'methodCode' });
      expect(
        (
          await production.app.inject({
            method: 'POST',
            url: `/demopay/pay/${'a'.repeat(32)}`,
            payload: { result: 'success' },
          })
        ).statusCode,
      ).toBe(404);
      const callback = await production.app.inject({
        method: 'POST',
        url: '/payment-callback/DEMOPAY/demo',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(callback.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
