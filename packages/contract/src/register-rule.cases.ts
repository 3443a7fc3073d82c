import { registerPatternIds, registerPatterns, type RegisterPatternId } from './register-patterns.ts';
import type { RegisterRuleBreak } from './register-rule.ts';
import type { RegisterFieldName, RegisterFieldRule } from './site.ts';

/**
 * One table of register rule verdicts that the server's test (checkRegisterField and its messages)
 * and the site's test (checkRule and describeRule) both run, so the two sides are held to the same
 * answers. Test data only: nothing outside tests imports this file.
 */
export interface RegisterRuleCase {
  name: string;
  field: RegisterFieldName;
  /** As checked: trimmed unless secret; undefined when not sent. */
  value: string | undefined;
  /** undefined: the merchant has no rule for the field. */
  rule: RegisterFieldRule | undefined;
  isSecret?: boolean;
  expected: RegisterRuleBreak | null;
}

const ids = registerPatternIds;
const username: RegisterFieldRule = {
  enabled: true,
  required: true,
  acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
  patternId: ids.letterFirstLettersAndDigits,
  minLength: 4,
  maxLength: 16,
};
const password: RegisterFieldRule = {
  enabled: true,
  required: true,
  acceptedPattern: '^[A-Za-z0-9]+$',
  patternId: ids.lettersOrDigits,
  minLength: 6,
  maxLength: 20,
};
const anyPassword: RegisterFieldRule = {
  enabled: true,
  required: true,
  acceptedPattern: '*',
  patternId: ids.anyText,
  minLength: 6,
  maxLength: 20,
};
const optionalLine: RegisterFieldRule = {
  enabled: true,
  required: false,
  acceptedPattern: '\\S+',
  patternId: ids.noSpaces,
  minLength: 1,
  maxLength: 40,
};
const exactCode: RegisterFieldRule = {
  enabled: true,
  required: true,
  acceptedPattern: '[0-9]+',
  patternId: ids.digitsOnly,
  minLength: 6,
  maxLength: 6,
};
const anyText: RegisterFieldRule = {
  enabled: true,
  required: false,
  acceptedPattern: '*',
  patternId: ids.anyText,
  minLength: 0,
  maxLength: 0,
};
const disabled: RegisterFieldRule = {
  enabled: false,
  required: false,
  acceptedPattern: '*',
  patternId: ids.anyText,
  minLength: 0,
  maxLength: 0,
};
const shortNickname: RegisterFieldRule = {
  enabled: true,
  required: false,
  acceptedPattern: '*',
  patternId: ids.anyText,
  minLength: 2,
  maxLength: 4,
};
const unknownPattern: RegisterFieldRule = { ...optionalLine, patternId: 24 };
const brokenPattern: RegisterFieldRule = { ...optionalLine, acceptedPattern: '[unclosed' };

/** The `format` break expected for `rule`; written out here rather than derived by the code under test. */
const format = (rule: RegisterFieldRule, patternId: number | null = rule.patternId): RegisterRuleBreak => {
  const maximum = rule.maxLength > 0 ? rule.maxLength : 255;
  return {
    kind: 'format',
    patternId: patternId as RegisterPatternId | null,
    minimum: rule.minLength,
    maximum,
    isExact: rule.minLength === maximum,
  };
};

export const registerRuleCases: readonly RegisterRuleCase[] = [
  // Presence.
  { name: 'required and absent', field: 'username', value: undefined, rule: username, expected: { kind: 'required' } },
  { name: 'required and empty', field: 'username', value: '', rule: username, expected: { kind: 'required' } },
  { name: 'optional and absent', field: 'line', value: undefined, rule: optionalLine, expected: null },
  { name: 'disabled and absent', field: 'qqNum', value: undefined, rule: disabled, expected: null },
  { name: 'disabled and empty', field: 'qqNum', value: '', rule: disabled, expected: null },
  { name: 'disabled but sent', field: 'qqNum', value: '12345', rule: disabled, expected: { kind: 'disabled' } },
  {
    name: 'no rule at all but sent',
    field: 'wechat',
    value: 'somchai',
    rule: undefined,
    expected: { kind: 'disabled' },
  },
  { name: 'no rule at all and absent', field: 'wechat', value: undefined, rule: undefined, expected: null },
  // Characters: text fields refuse control characters and < >; secrets refuse only control characters.
  {
    name: 'text with a control character',
    field: 'username',
    value: 'abc\u0007def',
    rule: username,
    expected: { kind: 'unsafe' },
  },
  {
    name: 'text with a C1 control character',
    field: 'line',
    value: 'abc\u0085',
    rule: optionalLine,
    expected: { kind: 'unsafe' },
  },
  {
    name: 'text with a line break',
    field: 'nickname',
    value: 'two\nlines',
    rule: anyText,
    expected: { kind: 'unsafe' },
  },
  { name: 'text with HTML', field: 'line', value: '<script>', rule: optionalLine, expected: { kind: 'unsafe' } },
  { name: 'text with a lone >', field: 'nickname', value: 'a>b', rule: anyText, expected: { kind: 'unsafe' } },
  {
    name: 'secret with < and >',
    field: 'password',
    value: 'a<b>c!d',
    rule: anyPassword,
    isSecret: true,
    expected: null,
  },
  {
    name: 'secret with a NUL',
    field: 'password',
    value: 'abc\u0000defg',
    rule: anyPassword,
    isSecret: true,
    expected: { kind: 'unsafe' },
  },
  {
    name: 'secret with an escape',
    field: 'password',
    value: 'secret\u001b12',
    rule: password,
    isSecret: true,
    expected: { kind: 'unsafe' },
  },
  {
    name: 'secret with HTML its pattern refuses',
    field: 'password',
    value: '<b>secret</b>',
    rule: password,
    isSecret: true,
    expected: format(password),
  },
  // Lengths, in characters.
  { name: 'under the minimum', field: 'username', value: 'abc', rule: username, expected: format(username) },
  { name: 'at the minimum', field: 'username', value: 'abcd', rule: username, expected: null },
  { name: 'at the maximum', field: 'username', value: 'a'.repeat(16), rule: username, expected: null },
  { name: 'over the maximum', field: 'username', value: 'a'.repeat(17), rule: username, expected: format(username) },
  {
    name: 'Thai: 4 characters fit a maximum of 4',
    field: 'nickname',
    value: 'สมชา',
    rule: shortNickname,
    expected: null,
  },
  {
    name: 'Thai: 5 characters exceed a maximum of 4',
    field: 'nickname',
    value: 'สมชาย',
    rule: shortNickname,
    expected: format(shortNickname),
  },
  {
    name: 'emoji: 4 of them fit a maximum of 4 (8 UTF-16 units)',
    field: 'nickname',
    value: '😀😀😀😀',
    rule: shortNickname,
    expected: null,
  },
  {
    name: 'emoji: 5 of them exceed a maximum of 4',
    field: 'nickname',
    value: '😀😀😀😀😀',
    rule: shortNickname,
    expected: format(shortNickname),
  },
  {
    name: 'emoji: 1 is under a minimum of 2 (2 UTF-16 units)',
    field: 'nickname',
    value: '😀',
    rule: shortNickname,
    expected: format(shortNickname),
  },
  {
    name: 'min equal to max: right length',
    field: 'verificationCode',
    value: '123456',
    rule: exactCode,
    expected: null,
  },
  {
    name: 'min equal to max: too short',
    field: 'verificationCode',
    value: '12345',
    rule: exactCode,
    expected: format(exactCode),
  },
  {
    name: 'min equal to max: too long',
    field: 'verificationCode',
    value: '1234567',
    rule: exactCode,
    expected: format(exactCode),
  },
  {
    name: 'maxLength 0: 255 characters pass',
    field: 'nickname',
    value: 'x'.repeat(255),
    rule: anyText,
    expected: null,
  },
  {
    name: 'maxLength 0: 256 characters are over the cap',
    field: 'nickname',
    value: 'x'.repeat(256),
    rule: anyText,
    expected: format(anyText),
  },
  // Patterns.
  { name: 'wrong pattern', field: 'username', value: '1abcd', rule: username, expected: format(username) },
  {
    name: 'a pattern without anchors still means the whole value',
    field: 'line',
    value: 'two words',
    rule: optionalLine,
    expected: format(optionalLine),
  },
  { name: "'*' accepts any text", field: 'nickname', value: 'นิค เนม!', rule: anyText, expected: null },
  {
    name: 'a pattern that does not compile refuses everything',
    field: 'line',
    value: 'anything',
    rule: brokenPattern,
    expected: format(brokenPattern),
  },
  {
    name: 'a pattern id without a message of its own gets the general text',
    field: 'line',
    value: 'two words',
    rule: unknownPattern,
    expected: format(unknownPattern, null),
  },
  // Every pattern with its canonical acceptedPattern: each valid sample passes, each invalid one gets the pattern's message.
  ...registerPatterns.flatMap((pattern) => {
    const rule: RegisterFieldRule = {
      enabled: true,
      required: true,
      acceptedPattern: pattern.acceptedPattern,
      patternId: pattern.id,
      minLength: 1,
      maxLength: 0,
    };
    return [
      ...pattern.validSamples.map((value) => ({
        name: `pattern ${pattern.id} (${pattern.name}) accepts ${JSON.stringify(value)}`,
        field: 'nickname' as const,
        value,
        rule,
        expected: null,
      })),
      ...pattern.invalidSamples.map((value) => ({
        name: `pattern ${pattern.id} (${pattern.name}) refuses ${JSON.stringify(value)}`,
        field: 'nickname' as const,
        value,
        rule,
        expected: format(rule),
      })),
    ];
  }),
];
