import { describe, expect, test } from 'vitest';
import { buildLimitsRequest } from './components/deposit-limits';
import {
  checkAccountNumber,
  checkAmount,
  checkPaymentPassword,
  checkProofFile,
  dayRange,
  depositFeeMinor,
  isSameName,
  quickAmountsWithin,
} from './money-rules';

const bounds = {
  minAmount: '100.00',
  maxAmount: '50000.00',
  leftAmount: { amount: '3000.00', key: 'money_amount_daily_left' },
};

describe('checkAmount (spec §5: a decimal with at most 2 places, within the limits)', () => {
  test.each([
    ['', 'money_amount_required'],
    ['0', 'money_amount_required'],
    ['0.00', 'money_amount_required'],
    ['abc', 'money_amount_format'],
    ['12.345', 'money_amount_format'],
    ['-100', 'money_amount_format'],
    ['1e5', 'money_amount_format'],
    ['100.', 'money_amount_format'],
    ['.5', 'money_amount_format'],
    ['99.99', 'money_amount_min'],
    ['50000.01', 'money_amount_max'],
    ['3000.01', 'money_amount_daily_left'],
  ])('%j is refused with %s', (text, key) => {
    const result = checkAmount(text, bounds);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem.key).toBe(key);
  });

  test.each([
    ['100', 10_000n, '100.00'],
    ['100.5', 10_050n, '100.50'],
    [' 1,000.25 ', 100_025n, '1000.25'],
    ['3000', 300_000n, '3000.00'],
  ])('%j is accepted as %s minor units, sent as %s', (text, minor, wire) => {
    expect(checkAmount(text, bounds)).toEqual({ ok: true, minor, wire });
  });

  test('a refusal names the limit, formatted', () => {
    expect(checkAmount('5', bounds)).toEqual({
      ok: false,
      problem: { key: 'money_amount_min', values: { min: '100.00' } },
    });
    expect(checkAmount('4000', bounds)).toEqual({
      ok: false,
      problem: { key: 'money_amount_daily_left', values: { left: '3,000.00' } },
    });
  });
});

test.each([
  [50_000n, '0.00', '0.00', 0n],
  [50_000n, '5.00', '0.00', 500n],
  [50_000n, '5.00', '1.50', 1250n],
  // 1.5 % of 333.33 is 4.99995: rounded down to the satang.
  [33_333n, '0.00', '1.50', 499n],
])('deposit fee of %s minor with %s + %s%% is %s', (amount, fixed, percent, fee) => {
  expect(depositFeeMinor(amount, fixed, percent)).toBe(fee);
});

test('quick amounts stay within what the channel accepts', () => {
  expect(quickAmountsWithin('100.00', '1000.00')).toEqual(['100', '300', '500', '1000']);
  expect(quickAmountsWithin('2000.00', '3000.00')).toEqual([]);
});

describe('payment password, account number and name', () => {
  const pin = { minLength: 6, maxLength: 6, digitsOnly: true };
  test.each([
    ['', 'money_pin_required'],
    ['12ab56', 'money_pin_digits_exact'],
    ['12345', 'money_pin_digits_exact'],
    ['1234567', 'money_pin_digits_exact'],
  ])('payment password %j is refused with %s', (value, key) => {
    expect(checkPaymentPassword(value, pin)?.key).toBe(key);
  });
  test('a 6-digit payment password passes; a longer rule names its range', () => {
    expect(checkPaymentPassword('123456', pin)).toBeNull();
    expect(checkPaymentPassword('abc', { minLength: 4, maxLength: 8, digitsOnly: false })).toEqual({
      key: 'money_pin_length',
      values: { min: 4, max: 8 },
    });
  });
  test.each([
    ['', 'money_account_number_required'],
    ['123456789', 'money_account_number_invalid'],
    ['1234567890123456', 'money_account_number_invalid'],
    ['12345abc90', 'money_account_number_invalid'],
    ['123-456-7890', null],
    ['123 456 7890', null],
  ])('account number %j → %s', (value, key) => {
    expect(checkAccountNumber(value)?.key ?? null).toBe(key);
  });
  test('names compare as the server compares them: case and spaces do not matter', () => {
    expect(isSameName('SOMCHAI  jaidee', 'Somchai Jaidee')).toBe(true);
    expect(isSameName('Somchai Jaidee', 'Somsak Jaidee')).toBe(false);
  });
});

test.each([
  [new File(['x'.repeat(10)], 'slip.gif', { type: 'image/gif' }), 'money_proof_type'],
  [new File(['x'.repeat(10)], 'slip.pdf', { type: 'application/pdf' }), 'money_proof_type'],
  [new File([], 'empty.png', { type: 'image/png' }), 'money_proof_type'],
  [new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }), 'money_proof_size'],
  [new File([new Uint8Array(5 * 1024 * 1024)], 'max.jpg', { type: 'image/jpeg' }), null],
  [new File(['x'], 'photo.JPG', { type: '' }), null],
])('proof %s → %s', (file, key) => {
  expect(checkProofFile(file)?.key ?? null).toBe(key);
});

test('a day range is local midnight to the midnight after the last day', () => {
  const { startTime, endTime } = dayRange('2026-11-01', '2026-11-30');
  expect(new Date(startTime!).getDate()).toBe(1);
  expect(new Date(endTime!).getMonth()).toBe(11);
  expect(new Date(endTime!).getDate()).toBe(1);
  expect(dayRange('', 'nope')).toEqual({ startTime: undefined, endTime: undefined });
});

describe('deposit limits: only what changed is sent', () => {
  const limits = [
    {
      period: 'day' as const,
      limit: '5000.00',
      used: '0.00',
      usedApproved: '0.00',
      usedPending: '0.00',
      pending: null,
    },
    { period: 'week' as const, limit: null, used: '0.00', usedApproved: '0.00', usedPending: '0.00', pending: null },
    {
      period: 'month' as const,
      limit: '20000.00',
      used: '0.00',
      usedApproved: '0.00',
      usedPending: '0.00',
      pending: null,
    },
  ];
  test('lowered, set, emptied (no limit) and untouched periods', () => {
    expect(buildLimitsRequest(limits, { day: '3000', week: '10000', month: '' })).toEqual({
      request: { day: '3000', week: '10000', month: null },
      problems: {},
    });
    expect(buildLimitsRequest(limits, { day: '5,000.00', week: '' })).toEqual({ request: {}, problems: {} });
  });
  test('malformed and zero limits are refused per field', () => {
    expect(buildLimitsRequest(limits, { day: '12.345', week: '0' }).problems).toEqual({
      day: { key: 'money_amount_format' },
      week: { key: 'money_limit_zero' },
    });
  });
});
