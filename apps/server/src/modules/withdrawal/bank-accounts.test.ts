import { withdrawalPaths } from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createWithdrawalKit,
  freshAccountNumber,
  loginPassword,
  paymentPassword,
  type WithdrawalKit,
  type WithdrawalTestMember,
} from './withdrawal.testing.ts';

/** Binding bank accounts: the payee name, the bank's digits, masked lists, every change behind the payment password once there is one. */
let kit: WithdrawalKit;
beforeAll(async () => {
  kit = await createWithdrawalKit();
});
afterAll(async () => {
  await kit?.close();
});

/** A binding with the kit's payment password (every kit member has it unless made without). */
function bind(member: WithdrawalTestMember, body: Record<string, unknown>, language: 'TH' | 'EN' = 'EN') {
  return kit.sendSealed(
    'PUT',
    withdrawalPaths.bindBankAccount,
    { bankCode: 'SCB', accountNumber: freshAccountNumber(), accountName: 'Somchai Jaidee', paymentPassword, ...body },
    { token: member.token, language },
  );
}

async function failuresOf(member: WithdrawalTestMember): Promise<number> {
  return (await kit.db.selectFrom('payment_password_failure').select('id').where('member_id', '=', member.id).execute())
    .length;
}

function accountInfo(member: WithdrawalTestMember) {
  return kit.send('GET', withdrawalPaths.withdrawAccountInfo, undefined, { token: member.token });
}

async function liveAccounts(member: WithdrawalTestMember) {
  return kit.db
    .selectFrom('member_bank_account')
    .selectAll()
    .where('member_id', '=', member.id)
    .where('removed_at', 'is', null)
    .execute();
}

describe('binding', () => {
  test('the payee name matches whatever the case and spaces; the list masks the number', async () => {
    const member = await kit.newMember({ bankAccount: false });
    const response = await bind(member, {
      bankCode: 'kbank',
      accountNumber: '123-4-56789-0',
      accountName: '  SOMCHAI   jaidee ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().value).toMatchObject({
      bankCode: 'KBANK',
      bankName: 'Kasikornbank',
      accountNumber: '******7890',
      accountName: 'SOMCHAI jaidee',
    });

    const info = await accountInfo(member);
    expect(info.headers['cache-control']).toBe('no-store');
    expect(info.json().value).toMatchObject({
      payeeName: 'Somchai Jaidee',
      hasPaymentPassword: true,
      maxAccounts: 3,
      content: [{ accountNumber: '******7890' }],
    });
    expect((await liveAccounts(member))[0]).toMatchObject({ account_number: '1234567890' });
  });

  test('a member without a payee name gets it from the first binding; the second must match it', async () => {
    const member = await kit.newMember({ payeeName: null, bankAccount: false });
    expect((await bind(member, { accountName: 'Malee Sukjai' })).statusCode).toBe(200);
    const row = await kit.db
      .selectFrom('member')
      .select('payee_name')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.payee_name).toBe('Malee Sukjai');
    expect((await bind(member, { accountName: 'Somchai Jaidee' })).json()).toMatchObject({
      errorCode: 'bank.account.name.mismatch',
      field: 'accountName',
    });
  });

  test('a first payee name breaking the merchant’s payee rule (a full name with a space) is refused', async () => {
    const member = await kit.newMember({ payeeName: null, bankAccount: false });
    const response = await bind(member, { accountName: 'Malee' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field: 'accountName' });
    const row = await kit.db
      .selectFrom('member')
      .select('payee_name')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.payee_name).toBeNull();
  });

  test.each([
    ['another name', { accountName: 'Somsak Jaidee' }, 'bank.account.name.mismatch', 'accountName'],
    ['an unknown bank', { bankCode: 'XBANK' }, 'validation.failed', 'bankCode'],
    ['no bank', { bankCode: '' }, 'validation.failed', 'bankCode'],
    ['9 digits at a 10-digit bank', { accountNumber: '123456789' }, 'validation.failed', 'accountNumber'],
    [
      '10 digits at a 12-digit bank (GSB)',
      { bankCode: 'GSB', accountNumber: '1234567890' },
      'validation.failed',
      'accountNumber',
    ],
    ['letters in the number', { accountNumber: '12345abcde' }, 'validation.failed', 'accountNumber'],
    ['markup in the name', { accountName: 'Somchai <b>Jaidee</b>' }, 'validation.failed', 'accountName'],
    ['an empty name', { accountName: '   ' }, 'validation.failed', 'accountName'],
    ['a field missing', { accountName: undefined }, 'validation.failed', 'accountName'],
  ])('%s: 400 naming the field, nothing bound', async (_name, body, errorCode, field) => {
    const member = await kit.newMember({ bankAccount: false });
    const response = await bind(member, body, 'TH');
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ errorCode, field });
    expect(response.json().message).toMatch(/[\u0E00-\u0E7F]/);
    expect(await liveAccounts(member)).toHaveLength(0);
  });

  test('a number already bound (by anyone in the merchant) is refused 409; after removal it is free again', async () => {
    const first = await kit.newMember({ bankAccount: false });
    const second = await kit.newMember({ bankAccount: false });
    const accountNumber = freshAccountNumber();
    const bound = await bind(first, { accountNumber });
    expect(bound.statusCode).toBe(200);
    const taken = await bind(second, { accountNumber });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ errorCode: 'bank.account.bound', field: 'accountNumber' });

    const removed = await kit.sendSealed(
      'POST',
      withdrawalPaths.removeBankAccount,
      { bankAccountId: bound.json().value.bankAccountId, paymentPassword },
      { token: first.token },
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await bind(second, { accountNumber })).statusCode).toBe(200);
  });

  test('at most maxBankAccounts (3) live bindings', async () => {
    const member = await kit.newMember({ bankAccount: false });
    for (let index = 0; index < 3; index++) expect((await bind(member, {})).statusCode).toBe(200);
    const refused = await bind(member, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: 'bank.account.limit' });
    expect(await liveAccounts(member)).toHaveLength(3);
  });
});

describe('binding needs the payment password once the member has one (issue 13, point 4)', () => {
  test.each([
    ['without the field', { paymentPassword: undefined }, 'validation.failed', /กรุณากรอกรหัสผ่านการเงิน/, 0],
    ['with it empty', { paymentPassword: '' }, 'validation.failed', /กรุณากรอกรหัสผ่านการเงิน/, 0],
    ['with a wrong one', { paymentPassword: '000000' }, 'invalid.payment.pw', /รหัสผ่านการเงินไม่ถูกต้อง/, 1],
  ])(
    '%s: 400 naming paymentPassword in the member’s language, nothing bound, payee name untouched',
    async (_name, body, errorCode, thai, counted) => {
      const member = await kit.newMember({ payeeName: null, bankAccount: false });
      const response = await bind(member, { accountName: 'Malee Sukjai', ...body }, 'TH');
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ success: false, errorCode, field: 'paymentPassword' });
      expect(response.json().message).toMatch(thai);
      expect(await liveAccounts(member)).toHaveLength(0);
      expect(
        (await kit.db.selectFrom('member').select('payee_name').where('id', '=', member.id).executeTakeFirstOrThrow())
          .payee_name,
      ).toBeNull();
      expect(await failuresOf(member)).toBe(counted);
    },
  );

  test('the English message names the payment password too', async () => {
    const member = await kit.newMember({ bankAccount: false });
    const response = await bind(member, { paymentPassword: undefined }, 'EN');
    expect(response.json()).toMatchObject({
      errorCode: 'validation.failed',
      field: 'paymentPassword',
      message: 'Enter your payment password to add a bank account',
    });
  });

  test('with the right one: bound', async () => {
    const member = await kit.newMember({ bankAccount: false });
    const response = await bind(member, { bankCode: 'BBL', accountNumber: '1112223334' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().value).toMatchObject({ bankCode: 'BBL', accountNumber: '******3334' });
    expect(await liveAccounts(member)).toHaveLength(1);
    expect(await failuresOf(member)).toBe(0);
  });

  test('wrong ones count with every other wrong payment password: after 3 wrong withdrawals and 2 wrong bindings, the right one is 429 too', async () => {
    const member = await kit.newMember({ balance: '1000.00', bankAccount: true });
    for (let index = 0; index < 3; index++)
      expect((await kit.withdraw(member, { amount: '100.00', paymentPassword: '111111' })).json()).toMatchObject({
        errorCode: 'invalid.payment.pw',
      });
    for (let index = 0; index < 2; index++)
      expect((await bind(member, { paymentPassword: '111111' })).json()).toMatchObject({
        errorCode: 'invalid.payment.pw',
      });
    const throttled = await bind(member, {});
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ errorCode: 'TOO_MANY_REQUESTS' });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect((await kit.withdraw(member, { amount: '100.00' })).statusCode).toBe(429);
    expect(await liveAccounts(member)).toHaveLength(1);
  });

  test('the documented first step: a member without a payment password yet binds without one, and sets one afterwards', async () => {
    const member = await kit.newMember({ hasPaymentPassword: false, bankAccount: false });
    const info = await accountInfo(member);
    expect(info.json().value).toMatchObject({ hasPaymentPassword: false });
    const first = await bind(member, { paymentPassword: undefined });
    expect(first.statusCode, first.body).toBe(200);
    expect(await liveAccounts(member)).toHaveLength(1);
    // Changing or removing it still needs one, which the member does not have yet.
    const removal = await kit.sendSealed(
      'POST',
      withdrawalPaths.removeBankAccount,
      { bankAccountId: first.json().value.bankAccountId, paymentPassword: '246810' },
      { token: member.token },
    );
    expect(removal.json()).toMatchObject({ errorCode: 'not.exists.payment.password', field: 'paymentPassword' });

    const set = await kit.sendSealed(
      'PUT',
      withdrawalPaths.setPaymentPassword,
      { password: loginPassword, paymentPassword, confirmPaymentPassword: paymentPassword },
      { token: member.token },
    );
    expect(set.statusCode, set.body).toBe(200);
    expect((await bind(member, { paymentPassword: undefined })).json()).toMatchObject({
      errorCode: 'validation.failed',
      field: 'paymentPassword',
    });
    expect((await bind(member, {})).statusCode).toBe(200);
    expect(await liveAccounts(member)).toHaveLength(2);
  });
});

describe('changing and removing need the payment password', () => {
  test('update with it: the new account is used for later withdrawals', async () => {
    const member = await kit.newMember({ balance: '1000.00' });
    const response = await kit.sendSealed(
      'POST',
      withdrawalPaths.updateBankAccount,
      {
        bankAccountId: member.bankAccountId,
        bankCode: 'BBL',
        accountNumber: '5555566666',
        accountName: 'somchai jaidee',
        paymentPassword,
      },
      { token: member.token },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().value).toMatchObject({
      bankAccountId: member.bankAccountId,
      bankCode: 'BBL',
      accountNumber: '******6666',
    });
    expect((await kit.withdraw(member, { amount: '100.00' })).json().value).toMatchObject({
      bankCode: 'BBL',
      accountNumber: '******6666',
    });
  });

  test.each([
    [
      'update with a wrong payment password',
      'update',
      { paymentPassword: '000000' },
      'invalid.payment.pw',
      'paymentPassword',
    ],
    ['update without a payment password', 'update', { paymentPassword: '' }, 'validation.failed', 'paymentPassword'],
    ['update without the field', 'update', { paymentPassword: undefined }, 'validation.failed', 'paymentPassword'],
    [
      'remove with a wrong payment password',
      'remove',
      { paymentPassword: '000000' },
      'invalid.payment.pw',
      'paymentPassword',
    ],
    ['remove without a payment password', 'remove', { paymentPassword: '' }, 'validation.failed', 'paymentPassword'],
  ])('%s: refused, the account unchanged', async (_name, action, body, errorCode, field) => {
    const member = await kit.newMember();
    const before = await liveAccounts(member);
    const path = action === 'update' ? withdrawalPaths.updateBankAccount : withdrawalPaths.removeBankAccount;
    const response = await kit.sendSealed(
      'POST',
      path,
      {
        bankAccountId: member.bankAccountId,
        bankCode: 'BBL',
        accountNumber: '7777788888',
        accountName: 'Somchai Jaidee',
        ...body,
      },
      { token: member.token },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode, field });
    expect(await liveAccounts(member)).toEqual(before);
  });

  test("another member's account id answers exactly like an unknown one, for update and remove", async () => {
    const member = await kit.newMember();
    const other = await kit.newMember();
    const before = await liveAccounts(other);
    for (const path of [withdrawalPaths.updateBankAccount, withdrawalPaths.removeBankAccount]) {
      const body = { bankCode: 'BBL', accountNumber: '7777788889', accountName: 'Somchai Jaidee', paymentPassword };
      const foreign = await kit.sendSealed(
        'POST',
        path,
        { ...body, bankAccountId: other.bankAccountId },
        { token: member.token },
      );
      const unknown = await kit.sendSealed(
        'POST',
        path,
        { ...body, bankAccountId: 987_654_321 },
        { token: member.token },
      );
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json()).toEqual(unknown.json());
      expect(foreign.json()).toMatchObject({ errorCode: 'bank.account.unknown', field: 'bankAccountId' });
    }
    expect(await liveAccounts(other)).toEqual(before);
  });

  test('a removed account no longer takes withdrawals (unknown), and past withdrawals keep it', async () => {
    const member = await kit.newMember({ balance: '1000.00' });
    const withdrawalId = await kit.pendingWithdrawal(member, '100.00');
    expect(
      (
        await kit.sendSealed(
          'POST',
          withdrawalPaths.removeBankAccount,
          { bankAccountId: member.bankAccountId, paymentPassword },
          { token: member.token },
        )
      ).statusCode,
    ).toBe(200);
    expect((await kit.withdraw(member, { amount: '100.00' })).json()).toMatchObject({
      errorCode: 'bank.account.unknown',
    });
    const report = await kit.send('GET', withdrawalPaths.withdrawReport, undefined, { token: member.token });
    expect(report.json().value.content).toEqual([expect.objectContaining({ withdrawalId, bankCode: 'KBANK' })]);
    expect((await accountInfo(member)).json().value.content).toEqual([]);
  });
});
