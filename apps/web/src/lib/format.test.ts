import { describe, expect, test } from 'vitest';
import { formatAmount, formatDate, formatDateTime, formatMoney, merchantDay } from './format';

describe('formatAmount', () => {
  test.each([
    // Invalid or missing input shows zero rather than NaN or a broken string.
    [null, '0.00'],
    [undefined, '0.00'],
    ['', '0.00'],
    ['abc', '0.00'],
    ['12.3.4', '0.00'],
    [Number.NaN, '0.00'],
    // Valid amounts: two decimals, thousands separators, half-up rounding without floats.
    ['0', '0.00'],
    ['5', '5.00'],
    ['1234.5', '1,234.50'],
    ['1234567.891', '1,234,567.89'],
    ['999.995', '1,000.00'],
    ['-1234.50', '-1,234.50'],
    ['-0.001', '0.00'],
    ['.5', '0.50'],
    ['12345678901234567890.12', '12,345,678,901,234,567,890.12'],
    [1000, '1,000.00'],
    [0.1 + 0.2, '0.30'],
  ])('%j → %s', (input, expected) => {
    expect(formatAmount(input)).toBe(expected);
  });
});

describe('formatMoney', () => {
  test.each([
    ['100', undefined, 'P 100.00'],
    ['100', null, 'P 100.00'],
    ['100', '', 'P 100.00'],
    ['2500.5', '฿', '฿ 2,500.50'],
  ])('%s with symbol %j → %s', (amount, symbol, expected) => {
    expect(formatMoney(amount, symbol)).toBe(expected);
  });
});

describe('formatDate', () => {
  test.each([
    [null, ''],
    [undefined, ''],
    [Number.NaN, ''],
    [new Date(2025, 0, 5, 23, 59).getTime(), '05/01/2025'],
    [new Date(2024, 11, 31, 0, 0).getTime(), '31/12/2024'],
    [new Date(2024, 1, 29, 12, 0).getTime(), '29/02/2024'],
  ])('%j → %j', (epochMs, expected) => {
    expect(formatDate(epochMs)).toBe(expected);
  });

  test('formatDateTime adds hours and minutes', () => {
    expect(formatDateTime(new Date(2025, 6, 9, 7, 5).getTime())).toBe('09/07/2025 07:05');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('merchantDay', () => {
  test("is the merchant's (Bangkok's) calendar day, not the visitor's", () => {
    // 20:30 UTC on the 27th is 03:30 on the 28th in Bangkok: a UTC browser's own date is a day behind.
    expect(merchantDay(Date.parse('2026-11-27T20:30:00Z'))).toBe('2026-11-28');
    expect(merchantDay(new Date('2026-11-27T16:59:59Z'))).toBe('2026-11-27');
  });
});
