import { describe, expect, test } from 'vitest';
import {
  registerPatternCount,
  registerPatternIds,
  registerPatterns,
  isRegisterPatternId,
} from './register-patterns.ts';
import { matchesRulePattern } from './register-rule.ts';

describe('the 24 register patterns', () => {
  test('ids 0 to 23, each once, in order, with a stable name', () => {
    expect(registerPatternCount).toBe(24);
    expect(registerPatterns.map((pattern) => pattern.id)).toEqual(Array.from({ length: 24 }, (_, id) => id));
    expect(new Set(registerPatterns.map((pattern) => pattern.name)).size).toBe(24);
    for (const pattern of registerPatterns) expect(registerPatternIds[pattern.name]).toBe(pattern.id);
  });

  test('the first eleven keep the meaning merchants were configured with', () => {
    expect(registerPatternIds).toMatchObject({
      anyText: 0,
      lettersOnly: 1,
      letterFirstLettersAndDigits: 2,
      digitsOnly: 3,
      email: 4,
      noSpaces: 5,
      uppercaseRequired: 6,
      mixedCaseDigitAndSymbol: 7,
      fullNameWithSpace: 8,
      thaiOnly: 9,
      lettersOrDigits: 10,
    });
    expect(registerPatterns[0]!.acceptedPattern).toBe('*');
  });

  test('every canonical pattern compiles as a Unicode regex, and no two are the same', () => {
    for (const pattern of registerPatterns.slice(1))
      expect(() => new RegExp(pattern.acceptedPattern, 'u'), pattern.name).not.toThrow();
    expect(new Set(registerPatterns.map((pattern) => pattern.acceptedPattern)).size).toBe(24);
  });

  test('every pattern but any-text has samples on both sides', () => {
    for (const pattern of registerPatterns) {
      expect(pattern.validSamples.length, pattern.name).toBeGreaterThanOrEqual(2);
      if (pattern.id !== registerPatternIds.anyText)
        expect(pattern.invalidSamples.length, pattern.name).toBeGreaterThanOrEqual(2);
    }
  });

  const samples = registerPatterns.flatMap((pattern) => [
    ...pattern.validSamples.map((value) => [pattern.id, pattern.name, value, true] as const),
    ...pattern.invalidSamples.map((value) => [pattern.id, pattern.name, value, false] as const),
  ]);
  test.each(samples)('pattern %i (%s) on %j: accepted %s', (id, _name, value, isAccepted) => {
    expect(matchesRulePattern(registerPatterns[id]!.acceptedPattern, value)).toBe(isAccepted);
  });

  test.each([
    [0, true],
    [23, true],
    [24, false],
    [-1, false],
    [2.5, false],
    [Number.NaN, false],
  ])('isRegisterPatternId(%s) is %s', (id, expected) => {
    expect(isRegisterPatternId(id)).toBe(expected);
  });
});
