import { withdrawalPaths } from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rejectWithdrawal } from './withdrawal-transitions.ts';
import { createWithdrawalKit, freshKey, paymentPassword, type WithdrawalKit } from './withdrawal.testing.ts';

/** POST /wps/v2/transaction/withdraw and MCSFE_getWithdrawSettings: limits, refusals, the hold, concurrency, idempotency. */
let kit: WithdrawalKit;
beforeAll(async () => {
  kit = await createWithdrawalKit();
});
afterAll(async () => {
  await kit?.close();
});

describe('refused requests leave the ledger as it was', () => {
  test.each([
    ['a negative amount', { amount: '-100.00' }, 400, 'validation.failed', 'amount'],
    ['a zero amount', { amount: '0' }, 400, 'validation.failed', 'amount'],
    ['zero with decimals', { amount: '0.00' }, 400, 'validation.failed', 'amount'],
    ['three decimal places', { amount: '100.005' }, 400, 'validation.failed', 'amount'],
    ['a huge amount', { amount: '99999999999999999999' }, 400, 'validation.failed', 'amount'],
    ['an exponent', { amount: '1e3' }, 400, 'validation.failed', 'amount'],
    ['a non-numeric amount', { amount: 'abc' }, 400, 'validation.failed', 'amount'],
    ['an amount as a JSON number', { amount: 100 }, 400, 'validation.failed', 'amount'],
    ['thousands separators', { amount: '1,000.00' }, 400, 'validation.failed', 'amount'],
    ['an empty amount', { amount: '' }, 400, 'validation.failed', 'amount'],
    ['no amount', { amount: undefined }, 400, 'validation.failed', 'amount'],
    ['below the minimum', { amount: '99.99' }, 400, 'withdraw.amount.below.min', 'amount'],
    ['above the maximum', { amount: '50000.01' }, 400, 'withdraw.amount.above.max', 'amount'],
    [
      'a wrong payment password',
      { amount: '100.00', paymentPassword: '999999' },
      400,
      'invalid.payment.pw',
      'paymentPassword',
    ],
    [
      'an empty payment password',
      { amount: '100.00', paymentPassword: '' },
      400,
      'validation.failed',
      'paymentPassword',
    ],
    [
      'no payment password',
      { amount: '100.00', paymentPassword: undefined },
      400,
      'validation.failed',
      'paymentPassword',
    ],
    [
      'an unknown bank account id',
      { amount: '100.00', bankAccountId: 987_654_321 },
      400,
      'bank.account.unknown',
      'bankAccountId',
    ],
    [
      'a bank account id that is not a number',
      { amount: '100.00', bankAccountId: '1' },
      400,
      'validation.failed',
      'bankAccountId',
    ],
    ['more than the balance', { amount: '1000.01' }, 400, 'withdraw.balance.not.enough', 'amount'],
  ])('%s: refused naming the field, the ledger unchanged', async (_name, body, status, errorCode, field) => {
    const member = await kit.newMember({ balance: '1000.00' });
    const before = await kit.ledgerState();
    const response = await kit.withdraw(member, body);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ success: false, errorCode, field });
    expect(response.json().message).toEqual(expect.any(String));
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await kit.ledgerState()).toEqual(before);
    expect(await kit.balances(member.id)).toEqual({ main: 100_000n, held: 0n });
    await kit.expectLedgerSound();
  });

  test("another member's bank account id answers exactly like an unknown id", async () => {
    const member = await kit.newMember({ balance: '1000.00' });
    const other = await kit.newMember({ balance: '1000.00' });
    const before = await kit.ledgerState();
    const foreign = await kit.withdraw(member, { amount: '100.00', bankAccountId: other.bankAccountId });
    const unknown = await kit.withdraw(member, { amount: '100.00', bankAccountId: 987_654_322 });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual(unknown.json());
    expect(await kit.ledgerState()).toEqual(before);
  });

  test('a member without a payment password is told to set one; nothing is counted', async () => {
    const member = await kit.newMember({ balance: '1000.00', hasPaymentPassword: false });
    const before = await kit.ledgerState();
    const response = await kit.withdraw(member, { amount: '100.00' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'not.exists.payment.password', field: 'paymentPassword' });
    expect(await kit.ledgerState()).toEqual(before);
    const failures = await kit.db
      .selectFrom('payment_password_failure')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(failures).toHaveLength(0);
  });

  test('5 wrong payment passwords in 15 minutes: the 6th call is 429 even with the right one, then it passes again', async () => {
    const member = await kit.newMember({ balance: '1000.00' });
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await kit.withdraw(member, { amount: '100.00', paymentPassword: '000000' })).json()).toMatchObject({
        errorCode: 'invalid.payment.pw',
      });
    }
    const before = await kit.ledgerState();
    const throttled = await kit.withdraw(member, { amount: '100.00' });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ errorCode: 'TOO_MANY_REQUESTS' });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(await kit.ledgerState()).toEqual(before);

    kit.clock.nowMs += 15 * 60_000 + 1000;
    await kit.newToken(member);
    expect((await kit.withdraw(member, { amount: '100.00' })).statusCode).toBe(200);
  });

  test('the daily count (2 here): the 3rd withdrawal within 24 hours is refused, a rejected one gives its place back, and a day later it passes', async () => {
    await kit.updateMerchantConfig((config) => {
      config.withdrawals.dailyCountLimit = 2;
    });
    try {
      const member = await kit.newMember({ balance: '1000.00' });
      await kit.pendingWithdrawal(member, '100.00');
      const second = await kit.pendingWithdrawal(member, '100.00');
      const before = await kit.ledgerState();
      const refused = await kit.withdraw(member, { amount: '100.00' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ errorCode: 'withdraw.daily.count.exceeded' });
      expect(refused.json().message).toContain('2');
      expect(await kit.ledgerState()).toEqual(before);

      // A rejection, as the operator's call makes it (the route has its own tests).
      await rejectWithdrawal(
        {
          db: kit.db,
          merchantId: kit.merchantId,
          currency: 'THB',
          confirmMinutes: 60,
          operatorId: 1n,
          nowMs: kit.clock.nowMs,
          audit: async () => {},
        },
        second,
        'test',
      );
      expect((await kit.withdraw(member, { amount: '100.00' })).statusCode).toBe(200);
      expect((await kit.withdraw(member, { amount: '100.00' })).json()).toMatchObject({
        errorCode: 'withdraw.daily.count.exceeded',
      });

      kit.clock.nowMs += 24 * 60 * 60_000 + 1;
      await kit.newToken(member);
      expect((await kit.withdraw(member, { amount: '100.00' })).statusCode).toBe(200);
    } finally {
      await kit.updateMerchantConfig((config) => {
        config.withdrawals.dailyCountLimit = 1000;
      });
    }
  });
});

describe('turnover', () => {
  test('a deposit not yet wagered: refused with the remaining turnover in value; wagering it lets the withdrawal through', async () => {
    const member = await kit.newMember({ balance: '1000.00', wagered: false });
    await kit.wager(member.id, '250.50');
    const before = await kit.ledgerState();
    const refused = await kit.withdraw(member, { amount: '100.00' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      success: false,
      errorCode: 'withdraw_turnover_not_enough',
      value: { remainingTurnover: '749.50' },
    });
    expect(refused.json().message).toContain('749.50');
    expect(await kit.ledgerState()).toEqual(before);

    const settings = await kit.send('GET', withdrawalPaths.withdrawSettings, undefined, { token: member.token });
    expect(settings.json().value.turnover).toEqual({
      requiredAmount: '1000.00',
      wageredAmount: '250.50',
      remainingAmount: '749.50',
      isMet: false,
    });

    await kit.wager(member.id, '749.50');
    expect((await kit.withdraw(member, { amount: '100.00' })).statusCode).toBe(200);
  });

  test('each deposit adds to the requirement, counted once however often it is read', async () => {
    const member = await kit.newMember({ balance: '500.00' });
    await kit.deposit(member.id, '300.00');
    expect((await kit.withdraw(member, { amount: '100.00' })).json()).toMatchObject({
      value: { remainingTurnover: '300.00' },
    });
    expect((await kit.withdraw(member, { amount: '100.00' })).json()).toMatchObject({
      value: { remainingTurnover: '300.00' },
    });
    const row = await kit.db
      .selectFrom('member_turnover')
      .selectAll()
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ required_amount: 80_000n, wagered_amount: 50_000n, counted_deposit_amount: 80_000n });
  });

  test('the demo setting (multiplier 0) asks for no turnover', async () => {
    await kit.updateMerchantConfig((config) => {
      config.withdrawals.turnoverMultiplier = 0;
    });
    try {
      const member = await kit.newMember({ balance: '1000.00', wagered: false });
      expect((await kit.withdraw(member, { amount: '1000.00' })).statusCode).toBe(200);
    } finally {
      await kit.updateMerchantConfig((config) => {
        config.withdrawals.turnoverMultiplier = 1;
      });
    }
  });
});

describe('a withdrawal', () => {
  test('holds the amount (main → held) with its row in one posting, answered masked and no-store', async () => {
    const member = await kit.newMember({ balance: '1000.00' });
    const response = await kit.withdraw(member, { amount: '250.5' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const value = response.json().value;
    expect(value).toMatchObject({
      amount: '250.50',
      feeAmount: '0.00',
      payoutAmount: '250.50',
      status: 'pending',
      bankCode: 'KBANK',
      accountName: 'Somchai Jaidee',
      confirmDeadline: null,
    });
    expect(value.accountNumber).toMatch(/^\*{6}\d{4}$/);
    expect(await kit.balances(member.id)).toEqual({ main: 74_950n, held: 25_050n });

    const row = await kit.db
      .selectFrom('withdrawal')
      .selectAll()
      .where('id', '=', BigInt(value.withdrawalId))
      .executeTakeFirstOrThrow();
    const transfers = await kit.db
      .selectFrom('ledger_transfer')
      .selectAll()
      .where('posting_id', '=', row.hold_posting_id)
      .execute();
    expect(transfers).toEqual([
      expect.objectContaining({
        amount: 25_050n,
        kind: 'withdrawal.hold',
        reference: `withdrawal:${value.withdrawalId}`,
        debit_balance_after: 74_950n,
        credit_balance_after: 25_050n,
      }),
    ]);
    await kit.expectLedgerSound();
  });

  test('a fee set by the merchant is shown and kept from the payout', async () => {
    await kit.updateMerchantConfig((config) => {
      config.withdrawals.feeAmount = '10.00';
    });
    try {
      const member = await kit.newMember({ balance: '1000.00' });
      const settings = (
        await kit.send('GET', withdrawalPaths.withdrawSettings, undefined, { token: member.token })
      ).json().value;
      expect(settings).toMatchObject({
        feeAmount: '10.00',
        minAmount: '100.00',
        maxAmount: '50000.00',
        availableBalance: '1000.00',
        hasPaymentPassword: true,
        hasBankAccount: true,
      });
      const value = (await kit.withdraw(member, { amount: '200.00' })).json().value;
      expect(value).toMatchObject({ amount: '200.00', feeAmount: '10.00', payoutAmount: '190.00' });
    } finally {
      await kit.updateMerchantConfig((config) => {
        config.withdrawals.feeAmount = '0';
      });
    }
  });

  test('trial accounts and calls without a token are refused', async () => {
    const trial = await kit.newMember({ balance: '1000.00', isTrial: true });
    expect((await kit.withdraw(trial, { amount: '100.00' })).json()).toMatchObject({
      errorCode: 'member.trial.forbidden',
    });
    const member = await kit.newMember({ balance: '1000.00' });
    expect((await kit.withdraw(member, { amount: '100.00' }, { token: 'not-a-token' })).statusCode).toBe(401);
    expect(
      (
        await kit.send(
          'POST',
          withdrawalPaths.withdraw,
          { amount: '100.00', bankAccountId: member.bankAccountId, paymentPassword },
          { token: member.token, idempotencyKey: freshKey() },
        )
      ).statusCode,
    ).toBe(400);
  });

  test('without an Idempotency-Key nothing runs', async () => {
    const member = await kit.newMember({ balance: '1000.00' });
    const before = await kit.ledgerState();
    const response = await kit.sendSealed(
      'POST',
      withdrawalPaths.withdraw,
      { amount: '100.00', bankAccountId: member.bankAccountId, paymentPassword },
      { token: member.token },
    );
    expect(response.json()).toMatchObject({ errorCode: 'idempotency.key.invalid' });
    expect(await kit.ledgerState()).toEqual(before);
  });

  test('100 parallel withdrawals against one balance: exactly the balance is held, never below zero', async () => {
    // 5,000.00 and 100 requests of 100.00: 50 pass, 50 find the wallet empty.
    const member = await kit.newMember({ balance: '5000.00' });
    const responses = await Promise.all(Array.from({ length: 100 }, () => kit.withdraw(member, { amount: '100.00' })));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(50);
    for (const response of responses.filter((candidate) => candidate.statusCode !== 200)) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        errorCode: 'withdraw.balance.not.enough',
        value: { availableBalance: '0.00' },
      });
    }
    expect(await kit.balances(member.id)).toEqual({ main: 0n, held: 500_000n });
    const rows = await kit.db.selectFrom('withdrawal').select('amount').where('member_id', '=', member.id).execute();
    expect(rows).toHaveLength(50);
    await kit.expectLedgerSound();
  });

  test('replayed 5 times with one key: one hold, identical answers', async () => {
    const member = await kit.newMember({ balance: '1000.00' });
    const idempotencyKey = freshKey();
    const responses = [];
    for (let attempt = 0; attempt < 5; attempt++)
      responses.push(await kit.withdraw(member, { amount: '300.00' }, { idempotencyKey }));
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(responses[0]!.body);
    }
    expect(responses.slice(1).every((response) => response.headers['idempotent-replayed'] === 'true')).toBe(true);
    expect(await kit.balances(member.id)).toEqual({ main: 70_000n, held: 30_000n });
    expect(
      await kit.db.selectFrom('withdrawal').select('id').where('member_id', '=', member.id).execute(),
    ).toHaveLength(1);
  });

  test('the same key 5 times in parallel: one hold; the others replay it or are told to retry', async () => {
    const member = await kit.newMember({ balance: '1000.00' });
    const idempotencyKey = freshKey();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => kit.withdraw(member, { amount: '300.00' }, { idempotencyKey })),
    );
    const succeeded = responses.filter((response) => response.statusCode === 200);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    for (const response of succeeded) expect(response.body).toBe(succeeded[0]!.body);
    for (const response of responses.filter((candidate) => candidate.statusCode !== 200)) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ errorCode: 'idempotency.in.progress' });
    }
    // A retry after the race gets the one answer.
    const retry = await kit.withdraw(member, { amount: '300.00' }, { idempotencyKey });
    expect(retry.body).toBe(succeeded[0]!.body);
    expect(await kit.balances(member.id)).toEqual({ main: 70_000n, held: 30_000n });
    expect(
      await kit.db.selectFrom('withdrawal').select('id').where('member_id', '=', member.id).execute(),
    ).toHaveLength(1);
    await kit.expectLedgerSound();
  });

  test('a rerun after a crash (the key taken over) finds the first run’s withdrawal instead of holding again', async () => {
    const member = await kit.newMember({ balance: '1000.00' });
    const idempotencyKey = freshKey();
    const first = await kit.withdraw(member, { amount: '300.00' }, { idempotencyKey });
    // The process died after committing and before storing its answer: the key row has no answer.
    await kit.db
      .updateTable('idempotent_request')
      .set({ status_code: null, response_body: null, response_type: null, completed_at: null })
      .where('idempotency_key', '=', idempotencyKey)
      .execute();
    kit.clock.nowMs += 31_000;
    await kit.newToken(member);
    const rerun = await kit.withdraw(member, { amount: '300.00' }, { idempotencyKey });
    expect(rerun.statusCode).toBe(200);
    expect(rerun.json().value).toEqual(first.json().value);
    expect(await kit.balances(member.id)).toEqual({ main: 70_000n, held: 30_000n });
  });

  test('settings: limits, today’s count and the balance', async () => {
    const member = await kit.newMember({ balance: '1000.00' });
    await kit.pendingWithdrawal(member, '100.00');
    const response = await kit.send('GET', withdrawalPaths.withdrawSettings, undefined, { token: member.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json().value).toEqual({
      currency: 'THB',
      currencySymbol: '฿',
      minAmount: '100.00',
      maxAmount: '50000.00',
      feeAmount: '0.00',
      dailyCountLimit: 1000,
      dailyCountUsed: 1,
      availableBalance: '900.00',
      turnover: { requiredAmount: '1000.00', wageredAmount: '1000.00', remainingAmount: '0.00', isMet: true },
      hasPaymentPassword: true,
      hasBankAccount: true,
      confirmMinutes: 60,
    });
  });
});
