import { describe, expect, test } from 'vitest';
import { findCodeInText, generateCode, generateCodeSalt, hashCode, isCodeMatch } from './code.ts';

describe('generateCode', () => {
  test('is always 6 digits', () => {
    for (let index = 0; index < 5000; index++) expect(generateCode()).toMatch(/^\d{6}$/);
  });

  test('spreads over every digit in every position (no position stuck, leading zeros kept)', () => {
    const samples = 20_000;
    const counts = Array.from({ length: 6 }, () => new Array<number>(10).fill(0));
    for (let index = 0; index < samples; index++) {
      const code = generateCode();
      for (let position = 0; position < 6; position++) counts[position]![Number(code[position])]! += 1;
    }
    // Each digit is expected 2,000 times per position; 1,700..2,300 is about 7 standard deviations.
    for (const count of counts.flat()) {
      expect(count).toBeGreaterThan(1700);
      expect(count).toBeLessThan(2300);
    }
  });

  test('rarely repeats', () => {
    const codes = new Set(Array.from({ length: 1000 }, generateCode));
    expect(codes.size).toBeGreaterThan(990);
  });
});

describe('hashCode', () => {
  test('salted: the same code hashes differently per salt, and matches only its own hash', () => {
    const [first, second] = [generateCodeSalt(), generateCodeSalt()];
    expect(first).not.toBe(second);
    expect(hashCode(first, '123456')).not.toBe(hashCode(second, '123456'));
    expect(hashCode(first, '123456')).toMatch(/^[0-9a-f]{64}$/);
    expect(isCodeMatch(first, '123456', hashCode(first, '123456'))).toBe(true);
    expect(isCodeMatch(first, '123457', hashCode(first, '123456'))).toBe(false);
    expect(isCodeMatch(first, '123456', 'not-hex')).toBe(false);
  });
});

describe('findCodeInText', () => {
  test.each([
    ['[Lotus88] Your verification code is 042317. It is valid for 5 minutes.', '042317'],
    ['รหัสยืนยันของคุณคือ 998877 ใช้ได้ภายใน 5 นาที', '998877'],
    ['phone +66812345678 and no code', null],
    ['no digits', null],
  ])('%j -> %j', (text, expected) => {
    expect(findCodeInText(text)).toBe(expected);
  });
});
