import type { RegisterFieldRule } from '@lotus/contract';
import type { TFunction } from 'i18next';
import { describe, expect, test } from 'vitest';
import { matchesRulePattern } from '@lotus/contract';
import { checkRule, describeRule } from './register-rules';

const t = ((key: string, options?: Record<string, unknown>) => (options ? `${key}${JSON.stringify(options)}` : key)) as unknown as TFunction;
const username: RegisterFieldRule = { enabled: true, required: true, acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$', patternId: 2, minLength: 4, maxLength: 16 };

describe('register rules in the browser', () => {
  test('a required empty field names the field', () => {
    expect(checkRule('', username, 'Username', t)).toBe('register_required{"field":"Username"}');
  });

  test('an optional empty field passes', () => {
    expect(checkRule('', { ...username, required: false }, 'Username', t)).toBeNull();
  });

  test('length and pattern give the pattern message with min and max', () => {
    const message = 'register_rule_range{"pattern":"register_pattern_2","min":4,"max":16}';
    expect(checkRule('abc', username, 'Username', t)).toBe(message);
    expect(checkRule('1abcd', username, 'Username', t)).toBe(message);
    expect(checkRule('abcd1', username, 'Username', t)).toBeNull();
  });

  test('min equal to max gives a single number; maxLength 0 means 255', () => {
    expect(describeRule({ ...username, minLength: 6, maxLength: 6 }, t)).toBe('register_rule_exact{"pattern":"register_pattern_2","length":6}');
    expect(describeRule({ ...username, minLength: 1, maxLength: 0 }, t)).toContain('"max":255');
    expect(describeRule({ ...username, patternId: 20 }, t)).toContain('register_pattern_other');
  });

  test("'*' is any text, patterns match the whole value, < and > are refused outside secrets", () => {
    expect(matchesRulePattern('*', 'anything at all')).toBe(true);
    expect(matchesRulePattern('[0-9]+', '12a')).toBe(false);
    const anyText: RegisterFieldRule = { ...username, acceptedPattern: '*', minLength: 0, maxLength: 0 };
    expect(checkRule('a<b', anyText, 'Name', t)).toBe('register_unsafe{"field":"Name"}');
    expect(checkRule('a<b', anyText, 'Name', t, { isSecret: true })).toBeNull();
  });
});
