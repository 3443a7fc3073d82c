import type { RegisterFieldRule } from '@lotus/contract';
import { describe, expect, test } from 'vitest';
import { checkRegisterField } from './register-rules.ts';

const usernameRule: RegisterFieldRule = { enabled: true, required: true, acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$', patternId: 2, minLength: 4, maxLength: 16 };
const optionalLineRule: RegisterFieldRule = { enabled: true, required: false, acceptedPattern: '\\S+', patternId: 5, minLength: 1, maxLength: 40 };
const exactCodeRule: RegisterFieldRule = { enabled: true, required: true, acceptedPattern: '[0-9]+', patternId: 3, minLength: 6, maxLength: 6 };
const anyTextRule: RegisterFieldRule = { enabled: true, required: false, acceptedPattern: '*', patternId: 0, minLength: 0, maxLength: 0 };
const disabledRule: RegisterFieldRule = { enabled: false, required: false, acceptedPattern: '*', patternId: 0, minLength: 0, maxLength: 0 };
const brokenPatternRule: RegisterFieldRule = { ...optionalLineRule, acceptedPattern: '[unclosed' };

describe('checkRegisterField', () => {
  test.each([
    ['required and absent', 'username', undefined, usernameRule, 'register.field.required', {}],
    ['required and empty', 'username', '', usernameRule, 'register.field.required', {}],
    ['disabled but sent', 'qqNum', '12345', disabledRule, 'register.field.disabled', {}],
    ['no rule at all but sent', 'qqNum', '12345', undefined, 'register.field.disabled', {}],
    ['control character', 'username', 'abc\u0007def', usernameRule, 'register.field.unsafe', {}],
    ['C1 control character', 'line', 'abc\u0085', optionalLineRule, 'register.field.unsafe', {}],
    ['HTML', 'line', '<script>', optionalLineRule, 'register.field.unsafe', {}],
    ['a lone >', 'nickname', 'a>b', anyTextRule, 'register.field.unsafe', {}],
    ['under the minimum', 'username', 'abc', usernameRule, 'register.field.invalid', { minimum: 4, maximum: 16 }],
    ['over the maximum', 'username', 'a'.repeat(17), usernameRule, 'register.field.invalid', { minimum: 4, maximum: 16 }],
    ['wrong pattern', 'username', '1abcd', usernameRule, 'register.field.invalid', { minimum: 4, maximum: 16 }],
    ['pattern without anchors still means the whole value', 'line', 'two words', optionalLineRule, 'register.field.invalid', { minimum: 1, maximum: 40 }],
    ['exact length, wrong', 'verificationCode', '12345', exactCodeRule, 'register.field.invalid.exact', { length: 6 }],
    ['uncapped rule still has the contract cap', 'nickname', 'x'.repeat(256), anyTextRule, 'register.field.invalid', { minimum: 0, maximum: 255 }],
    ['a pattern that does not compile refuses', 'line', 'anything', brokenPatternRule, 'register.field.invalid', { minimum: 1, maximum: 40 }],
  ] as const)('refuses: %s', (_name, field, value, rule, messageKey, params) => {
    expect(checkRegisterField(field, value, rule)).toEqual({ field, messageKey, params: { field, ...params } });
  });

  test('passwords may hold < and >, never control characters', () => {
    const rule: RegisterFieldRule = { ...anyTextRule, minLength: 6, maxLength: 20 };
    expect(checkRegisterField('password', 'a<b>c!d', rule, { isSecret: true })).toBeNull();
    expect(checkRegisterField('password', 'abc\u0000defg', rule, { isSecret: true })?.messageKey).toBe('register.field.unsafe');
  });

  test('lengths count characters, not bytes', () => {
    const thaiRule: RegisterFieldRule = { ...anyTextRule, minLength: 2, maxLength: 4 };
    expect(checkRegisterField('nickname', 'สมชาย', thaiRule)?.messageKey).toBe('register.field.invalid');
    expect(checkRegisterField('nickname', 'สมชา', thaiRule)).toBeNull();
  });

  test.each([
    ['username at its minimum', 'username', 'abcd', usernameRule],
    ['username at its maximum', 'username', 'a'.repeat(16), usernameRule],
    ['optional and absent', 'line', undefined, optionalLineRule],
    ['disabled and empty', 'qqNum', '', disabledRule],
    ['disabled and absent', 'qqNum', undefined, disabledRule],
    ["'*' accepts any text", 'nickname', 'นิค เนม!', anyTextRule],
    ['exact length, right', 'verificationCode', '123456', exactCodeRule],
  ] as const)('accepts: %s', (_name, field, value, rule) => {
    expect(checkRegisterField(field, value, rule)).toBeNull();
  });
});
