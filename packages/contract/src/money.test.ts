import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { amountInputSchema, formatMinorUnits, parseAmount } from './money.ts';

describe('parseAmount', () => {
  test.each([
    ['-1', 'a sign'],
    ['+1', 'a sign'],
    ['1e3', 'an exponent'],
    ['1,000', 'a thousands separator'],
    [' 1', 'a space'],
    ['1.', 'a point without decimals'],
    ['.5', 'no whole part'],
    ['1.234', 'three decimals'],
    ['12345678901234', 'fourteen digits'],
    ['', 'nothing'],
    ['๑๐', 'Thai digits'],
    ['0x10', 'hexadecimal'],
  ])('refuses %j (%s)', (text) => {
    expect(parseAmount(text)).toBeNull();
  });

  test.each([
    ['0', 0n],
    ['1', 100n],
    ['1.5', 150n],
    ['1.05', 105n],
    ['0.01', 1n],
    ['1234.50', 123_450n],
    ['9999999999999.99', 999_999_999_999_999n],
  ])('reads %j as %s minor units', (text, minor) => {
    expect(parseAmount(text)).toBe(minor);
  });

  test('formatting then parsing gives the amount back, for any amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 999_999_999_999_999n }), (minor) => {
        expect(parseAmount(formatMinorUnits(minor))).toBe(minor);
      }),
    );
  });
});

describe('formatMinorUnits', () => {
  test.each([
    [0n, '0.00'],
    [5n, '0.05'],
    [100n, '1.00'],
    [123_450n, '1234.50'],
    [-5n, '-0.05'],
    [-123_456n, '-1234.56'],
  ])('%s is %j', (minor, text) => {
    expect(formatMinorUnits(minor)).toBe(text);
  });
});

describe('amountInputSchema', () => {
  test('accepts positive amounts with up to two places and refuses zero and the rest', () => {
    expect(amountInputSchema.safeParse('100.25').success).toBe(true);
    for (const bad of ['0', '0.00', '-5', 'abc', '1.001', '1'.repeat(40)])
      expect(amountInputSchema.safeParse(bad).success, bad).toBe(false);
  });
});
