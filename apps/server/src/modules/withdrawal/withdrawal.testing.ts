import { randomBytes, randomInt } from 'node:crypto';
import type { Agent as HttpsAgent } from 'node:https';
import { parseAmount, publicKeySchema, trialMemberType, withdrawalPaths, type PublicKey } from '@lotus/contract';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { z } from 'zod';
import { insertTestMember, insertTestSession } from '../../testing/members.ts';
import { sealForTest } from '../../testing/seal-payload.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertTestOperator, type TestOperator } from '../backoffice/backoffice.testing.ts';
import { hashPassword } from '../identity/index.ts';
import { checkLedger, memberBalance, postTransfers } from '../ledger/index.ts';
import type { MerchantConfig } from '../merchant/index.ts';
import { addWageredTurnover } from './turnover.ts';

/**
 * The withdrawal tests drive the real app on a fresh database with a clock they move. Members are
 * stored directly with a session; their money arrives as a deposit posting in the ledger (a deposit
 * clearing account to the main wallet: what every deposit channel posts), and their turnover is
 * played through `addWageredTurnover`, the games' entry point.
 */

export const minuteMs = 60_000;
export const loginPassword = 'secret123';
export const paymentPassword = '246810';

export interface RequestOptions {
  token?: string;
  language?: 'TH' | 'EN';
  idempotencyKey?: string;
  operatorToken?: string;
}

export interface WithdrawalTestMember {
  id: bigint;
  username: string;
  token: string;
  payeeName: string | null;
  /** The bound account's id (null with `bankAccount: false`). */
  bankAccountId: number | null;
}

let counter = 0;
function freshIp(): string {
  const [a, b] = randomBytes(2);
  return `198.51.${a}.${b}`;
}

export function freshKey(): string {
  return `wd-${randomBytes(12).toString('hex')}`;
}

/** A random 10-digit account number (KBANK and most banks). */
export function freshAccountNumber(): string {
  return `1${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

export async function createWithdrawalKit(
  options: { withdrawals?: Partial<MerchantConfig['withdrawals']>; pushAgent?: HttpsAgent } = {},
) {
  const clock = { nowMs: Date.UTC(2026, 10, 22, 5, 0, 0) };
  const testApp: TestApp = await createTestApp(
    {},
    { now: () => clock.nowMs, ...(options.pushAgent ? { pushAgent: options.pushAgent } : {}) },
  );
  const { db, app } = testApp;
  const keyResponse = await app.inject({ method: 'GET', url: '/wps/system/publicKey', headers: { Merchant: 'demo' } });
  const publicKey: PublicKey = z.object({ value: publicKeySchema }).parse(keyResponse.json()).value;
  const merchantId = testApp.demoMerchantId;

  function headers(options: RequestOptions, extra: Record<string, string> = {}): Record<string, string> {
    return {
      Merchant: 'demo',
      Language: options.language ?? 'EN',
      ...(options.token ? { Authorization: options.token } : {}),
      ...(options.operatorToken ? { Authorization: options.operatorToken } : {}),
      ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
      ...extra,
    };
  }

  function sendSealed(
    method: 'PUT' | 'POST',
    url: string,
    payload: Record<string, unknown>,
    options: RequestOptions = {},
  ) {
    const request = sealForTest(payload, publicKey, { nowMs: clock.nowMs });
    return app.inject({
      method,
      url,
      headers: headers(options, { 'content-type': 'application/json', Encryption: request.encryptionHeader }),
      payload: JSON.stringify(request.body),
      remoteAddress: freshIp(),
    });
  }

  function send(method: 'GET' | 'POST' | 'PUT', url: string, payload: unknown, options: RequestOptions = {}) {
    return app.inject({
      method,
      url,
      headers: headers(options, payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      remoteAddress: freshIp(),
    });
  }

  /** Changes the demo merchant's configuration for the rest of the file. */
  async function updateMerchantConfig(change: (config: MerchantConfig) => void): Promise<void> {
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

  // The tests' merchant: turnover 1x (issue 4), room for many withdrawals a day unless a test says otherwise.
  await updateMerchantConfig((config) => {
    config.withdrawals = {
      ...config.withdrawals,
      turnoverMultiplier: 1,
      dailyCountLimit: 1000,
      ...options.withdrawals,
    };
  });

  let paymentPasswordHash: Promise<string> | null = null;
  let loginPasswordHash: Promise<string> | null = null;

  /** Money into the member's main wallet, as an approved deposit posts it. */
  async function deposit(memberId: bigint, amount: string): Promise<void> {
    await postTransfers(db, {
      merchantId,
      currency: 'THB',
      idempotency: { source: 'test-deposit', key: freshKey() },
      transfers: [
        {
          debit: { kind: 'house_deposit_clearing', subKey: 'BANK' },
          credit: { kind: 'member_main', memberId },
          amount: parseAmount(amount)!,
          kind: 'deposit',
          reference: `deposit:test-${++counter}`,
        },
      ],
      nowMs: clock.nowMs,
    });
  }

  /** What the games will do: count a bet towards the turnover. */
  async function wager(memberId: bigint, amount: string): Promise<void> {
    await addWageredTurnover(db, { merchantId, memberId, amountMinor: parseAmount(amount)!, nowMs: clock.nowMs });
  }

  async function bindAccountDirectly(memberId: bigint, accountName: string): Promise<number> {
    const row = await db
      .insertInto('member_bank_account')
      .values({
        merchant_id: merchantId,
        member_id: memberId,
        bank_code: 'KBANK',
        account_number: freshAccountNumber(),
        account_name: accountName,
        created_at: new Date(clock.nowMs),
        updated_at: new Date(clock.nowMs),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /**
   * A real member with a session. By default: payee name `Somchai Jaidee`, the payment password
   * `paymentPassword`, one bound KBANK account, and `balance` deposited and fully wagered.
   */
  async function newMember(
    overrides: {
      balance?: string;
      payeeName?: string | null;
      hasPaymentPassword?: boolean;
      bankAccount?: boolean;
      wagered?: boolean;
      isTrial?: boolean;
    } = {},
  ): Promise<WithdrawalTestMember> {
    const username = `wd${randomBytes(4).toString('hex').replace(/[0-9]/g, 'x')}${++counter}`;
    const payeeName = overrides.payeeName === undefined ? 'Somchai Jaidee' : overrides.payeeName;
    paymentPasswordHash ??= hashPassword(paymentPassword);
    loginPasswordHash ??= hashPassword(loginPassword);
    const id = await insertTestMember(db, merchantId, username, new Date(clock.nowMs), {
      payee_name: payeeName,
      password_hash: await loginPasswordHash,
      payment_password_hash: overrides.hasPaymentPassword === false ? null : await paymentPasswordHash,
      ...(overrides.isTrial ? { is_agent: trialMemberType } : {}),
    });
    const token = await insertTestSession(db, merchantId, id, clock.nowMs);
    const bankAccountId =
      overrides.bankAccount === false || payeeName === null ? null : await bindAccountDirectly(id, payeeName);
    if (overrides.balance) {
      await deposit(id, overrides.balance);
      if (overrides.wagered !== false) await wager(id, overrides.balance);
    }
    return { id, username, token, payeeName, bankAccountId };
  }

  /** A new session for a member, at the clock's time (after moving the clock past the idle limit). */
  async function newToken(member: WithdrawalTestMember): Promise<string> {
    member.token = await insertTestSession(db, merchantId, member.id, clock.nowMs);
    return member.token;
  }

  function withdraw(member: WithdrawalTestMember, body: Record<string, unknown>, options: RequestOptions = {}) {
    return sendSealed(
      'POST',
      withdrawalPaths.withdraw,
      { bankAccountId: member.bankAccountId, paymentPassword, ...body },
      { token: member.token, idempotencyKey: freshKey(), ...options },
    );
  }

  /** A pending withdrawal of `amount`, asserted. */
  async function pendingWithdrawal(member: WithdrawalTestMember, amount: string): Promise<number> {
    const response = await withdraw(member, { amount });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value.withdrawalId as number;
  }

  async function balances(memberId: bigint): Promise<{ main: bigint; held: bigint }> {
    const [main, held] = await Promise.all([
      memberBalance(db, merchantId, 'THB', { kind: 'member_main', memberId }),
      memberBalance(db, merchantId, 'THB', { kind: 'member_held', memberId }),
    ]);
    return { main, held };
  }

  /** Everything the ledger holds, to compare before and after a refused call. */
  async function ledgerState(): Promise<{ postings: number; transfers: number; balances: string }> {
    const [postings, transfers, accounts] = await Promise.all([
      db
        .selectFrom('ledger_posting')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('ledger_transfer')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow(),
      db.selectFrom('ledger_account').select(['id', 'balance']).orderBy('id').execute(),
    ]);
    return {
      postings: Number(postings.count),
      transfers: Number(transfers.count),
      balances: accounts.map((row) => `${row.id}:${row.balance}`).join(','),
    };
  }

  /** The books balance (ledger README invariants). */
  async function expectLedgerSound(): Promise<void> {
    const report = await checkLedger(db);
    expect(report.differences).toEqual([]);
    expect(report.ok).toBe(true);
  }

  async function newOperator(role: 'admin' | 'finance' | 'support' = 'finance'): Promise<TestOperator> {
    return insertTestOperator(db, { merchantId, role, nowMs: clock.nowMs });
  }

  function operatorCall(operator: TestOperator, method: 'GET' | 'POST', url: string, payload?: unknown) {
    return send(method, url, payload, { operatorToken: operator.token });
  }

  return {
    clock,
    testApp,
    app,
    db,
    merchantId,
    publicKey,
    send,
    sendSealed,
    updateMerchantConfig,
    deposit,
    wager,
    newMember,
    newToken,
    bindAccountDirectly,
    withdraw,
    pendingWithdrawal,
    balances,
    ledgerState,
    expectLedgerSound,
    newOperator,
    operatorCall,
    close: () => testApp.close(),
  };
}

export type WithdrawalKit = Awaited<ReturnType<typeof createWithdrawalKit>>;
