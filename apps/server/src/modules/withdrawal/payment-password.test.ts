import { withdrawalPaths } from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { verifyPassword } from '../identity/index.ts';
import {
  createWithdrawalKit,
  loginPassword,
  minuteMs,
  paymentPassword,
  type WithdrawalKit,
  type WithdrawalTestMember,
} from './withdrawal.testing.ts';

/** The payment password: set when absent (with the login password), change (with the old one), throttled. */
let kit: WithdrawalKit;
beforeAll(async () => {
  kit = await createWithdrawalKit();
});
afterAll(async () => {
  await kit?.close();
});

async function storedHash(member: WithdrawalTestMember): Promise<string | null> {
  const row = await kit.db
    .selectFrom('member')
    .select('payment_password_hash')
    .where('id', '=', member.id)
    .executeTakeFirstOrThrow();
  return row.payment_password_hash;
}

function setPassword(member: WithdrawalTestMember, body: Record<string, unknown>, language: 'TH' | 'EN' = 'EN') {
  return kit.sendSealed(
    'PUT',
    withdrawalPaths.setPaymentPassword,
    { password: loginPassword, paymentPassword: '135790', confirmPaymentPassword: '135790', ...body },
    { token: member.token, language },
  );
}

function changePassword(member: WithdrawalTestMember, body: Record<string, unknown>) {
  return kit.sendSealed(
    'POST',
    withdrawalPaths.changePaymentPassword,
    { oldPaymentPassword: paymentPassword, newPaymentPassword: '135790', confirmPaymentPassword: '135790', ...body },
    { token: member.token },
  );
}

describe('setting a payment password', () => {
  test('a member without one sets it with the login password: stored as argon2id, the status says so', async () => {
    const member = await kit.newMember({ hasPaymentPassword: false });
    const status = await kit.send('GET', withdrawalPaths.paymentPassword, undefined, { token: member.token });
    expect(status.json().value).toEqual({ hasPaymentPassword: false, minLength: 6, maxLength: 6, digitsOnly: true });
    expect(status.headers['cache-control']).toBe('no-store');

    const response = await setPassword(member, {});
    expect(response.statusCode, response.body).toBe(200);
    const hash = await storedHash(member);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash!, '135790')).toBe(true);
    expect(
      (await kit.send('GET', withdrawalPaths.paymentPassword, undefined, { token: member.token })).json().value
        .hasPaymentPassword,
    ).toBe(true);
  });

  test.each([
    ['the login password wrong', { password: 'wrong-password' }, 'payment.password.login.invalid', 'password'],
    ['the login password empty', { password: '' }, 'validation.failed', 'password'],
    [
      'letters in a digits-only PIN',
      { paymentPassword: '12345a', confirmPaymentPassword: '12345a' },
      'validation.failed',
      'paymentPassword',
    ],
    [
      'too short',
      { paymentPassword: '12345', confirmPaymentPassword: '12345' },
      'validation.failed',
      'paymentPassword',
    ],
    [
      'too long',
      { paymentPassword: '1234567', confirmPaymentPassword: '1234567' },
      'validation.failed',
      'paymentPassword',
    ],
    [
      'a confirmation that differs',
      { confirmPaymentPassword: '135791' },
      'validation.failed',
      'confirmPaymentPassword',
    ],
    ['a number instead of text', { paymentPassword: 135790 }, 'validation.failed', 'paymentPassword'],
  ])('%s: 400 naming the field, nothing stored', async (_name, body, errorCode, field) => {
    const member = await kit.newMember({ hasPaymentPassword: false });
    const response = await setPassword(member, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode, field });
    expect(await storedHash(member)).toBeNull();
  });

  test('the rule is worded in Thai too', async () => {
    const member = await kit.newMember({ hasPaymentPassword: false });
    const response = await setPassword(member, { paymentPassword: '12', confirmPaymentPassword: '12' }, 'TH');
    expect(response.json().message).toBe('รหัสผ่านการเงินต้องเป็นตัวเลข 6 หลัก');
  });

  test('wrong login passwords are throttled like payment passwords: the 6th try is 429 even when right', async () => {
    const member = await kit.newMember({ hasPaymentPassword: false });
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await setPassword(member, { password: 'wrong-password' })).statusCode).toBe(400);
    const throttled = await setPassword(member, {});
    expect(throttled.statusCode).toBe(429);
    expect(await storedHash(member)).toBeNull();
  });

  test('a member who has one must change it instead: 409, the old one stays', async () => {
    const member = await kit.newMember();
    const before = await storedHash(member);
    const response = await setPassword(member, {});
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ errorCode: 'payment.password.exists' });
    expect(await storedHash(member)).toBe(before);
  });

  test('trial accounts are refused; an unsealed body is refused', async () => {
    const trial = await kit.newMember({ hasPaymentPassword: false, isTrial: true });
    expect((await setPassword(trial, {})).json()).toMatchObject({ errorCode: 'member.trial.forbidden' });
    const member = await kit.newMember({ hasPaymentPassword: false });
    const plain = await kit.send(
      'PUT',
      withdrawalPaths.setPaymentPassword,
      { password: loginPassword, paymentPassword: '135790', confirmPaymentPassword: '135790' },
      { token: member.token },
    );
    expect(plain.statusCode).toBe(400);
    expect(plain.json().errorCode).toMatch(/^payload\.encryption/);
    expect(await storedHash(member)).toBeNull();
  });
});

describe('changing it', () => {
  test('with the old one: the new one works for a withdrawal, the old one no longer does', async () => {
    const member = await kit.newMember({ balance: '1000.00' });
    const response = await changePassword(member, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(await verifyPassword((await storedHash(member))!, '135790')).toBe(true);
    expect((await kit.withdraw(member, { amount: '100.00' })).json()).toMatchObject({
      errorCode: 'invalid.payment.pw',
    });
    expect((await kit.withdraw(member, { amount: '100.00', paymentPassword: '135790' })).statusCode).toBe(200);
  });

  test.each([
    ['the old one wrong', { oldPaymentPassword: '000000' }, 'invalid.payment.pw', 'oldPaymentPassword'],
    ['the old one empty', { oldPaymentPassword: '' }, 'validation.failed', 'oldPaymentPassword'],
    [
      'the new one equal to the old',
      { newPaymentPassword: paymentPassword, confirmPaymentPassword: paymentPassword },
      'payment.password.unchanged',
      'newPaymentPassword',
    ],
    [
      'the new one off the rule',
      { newPaymentPassword: 'abcdef', confirmPaymentPassword: 'abcdef' },
      'validation.failed',
      'newPaymentPassword',
    ],
    ['the confirmation differs', { confirmPaymentPassword: '135791' }, 'validation.failed', 'confirmPaymentPassword'],
  ])('%s: 400 naming the field, the old one stays', async (_name, body, errorCode, field) => {
    const member = await kit.newMember();
    const before = await storedHash(member);
    const response = await changePassword(member, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode, field });
    expect(await storedHash(member)).toBe(before);
  });

  test('a member without one is told so', async () => {
    const member = await kit.newMember({ hasPaymentPassword: false });
    expect((await changePassword(member, {})).json()).toMatchObject({ errorCode: 'not.exists.payment.password' });
  });

  test('5 wrong in 15 minutes, then 429 for the right one too, until the window passes', async () => {
    const member = await kit.newMember();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await changePassword(member, { oldPaymentPassword: '000000' })).statusCode).toBe(400);
    }
    const before = await storedHash(member);
    const throttled = await changePassword(member, {});
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ errorCode: 'TOO_MANY_REQUESTS' });
    expect(await storedHash(member)).toBe(before);

    kit.clock.nowMs += 15 * minuteMs + 1000;
    await kit.newToken(member);
    expect((await changePassword(member, {})).statusCode).toBe(200);
  });

  test('parallel wrong guesses are counted one by one: never more than 5 checked in the window', async () => {
    const member = await kit.newMember();
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => changePassword(member, { oldPaymentPassword: '000000' })),
    );
    expect(responses.filter((response) => response.statusCode === 400)).toHaveLength(5);
    expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(7);
  });
});
