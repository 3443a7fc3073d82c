import { readFileSync } from 'node:fs';
import { registerPatterns, type Language, type RegisterRuleBreak } from '@lotus/contract';
import { describe, expect, test } from 'vitest';
import { registerRuleCases } from '../../../../../../packages/contract/src/register-rule.cases.ts';
import { translate } from '../../../i18n/messages.ts';
import { demoRegisterRules } from '../../merchant/index.ts';
import { checkRegisterField, type RuleViolation } from './register-rules.ts';

/** The site's texts, to hold the server's words to them (the site test runs the same case table). */
const siteCatalogues: Record<Language, Record<string, string>> = {
  TH: JSON.parse(readFileSync(new URL('../../../../../web/src/locales/auth/th.json', import.meta.url), 'utf8')),
  EN: JSON.parse(readFileSync(new URL('../../../../../web/src/locales/auth/en.json', import.meta.url), 'utf8')),
};

/** The violation a verdict must produce, written out from the verdict rather than from the code under test. */
function expectedViolation(field: string, ruleBreak: RegisterRuleBreak): RuleViolation {
  switch (ruleBreak.kind) {
    case 'required':
    case 'disabled':
    case 'unsafe':
      return { field, messageKey: `register.field.${ruleBreak.kind}`, params: { field } };
    case 'format': {
      const suffix = ruleBreak.patternId === null ? '' : `.${ruleBreak.patternId}`;
      return ruleBreak.isExact
        ? {
            field,
            messageKey: `register.field.invalid.exact${suffix}` as RuleViolation['messageKey'],
            params: { field, length: ruleBreak.minimum },
          }
        : {
            field,
            messageKey: `register.field.invalid${suffix}` as RuleViolation['messageKey'],
            params: { field, minimum: ruleBreak.minimum, maximum: ruleBreak.maximum },
          };
    }
  }
}

/** What the site shows for a format break (i18next's {{name}} filled in), which the server repeats after the field's name. */
function siteFormatText(language: Language, ruleBreak: Extract<RegisterRuleBreak, { kind: 'format' }>): string {
  const catalogue = siteCatalogues[language];
  const values: Record<string, string> = {
    pattern:
      catalogue[ruleBreak.patternId === null ? 'register_pattern_other' : `register_pattern_${ruleBreak.patternId}`]!,
    min: String(ruleBreak.minimum),
    max: String(ruleBreak.maximum),
    length: String(ruleBreak.minimum),
  };
  const template = catalogue[ruleBreak.isExact ? 'register_rule_exact' : 'register_rule_range']!;
  return template.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => values[name]!);
}

describe('checkRegisterField: the shared case table', () => {
  test.each(registerRuleCases.map((registerCase) => [registerCase.name, registerCase] as const))(
    '%s',
    (_name, registerCase) => {
      const violation = checkRegisterField(registerCase.field, registerCase.value, registerCase.rule, {
        isSecret: registerCase.isSecret,
      });
      expect(violation).toEqual(
        registerCase.expected === null ? null : expectedViolation(registerCase.field, registerCase.expected),
      );
    },
  );

  const formatCases = registerRuleCases.flatMap((registerCase) =>
    registerCase.expected?.kind === 'format'
      ? (['TH', 'EN'] as const).map((language) => [registerCase.name, language, registerCase] as const)
      : [],
  );
  test.each(formatCases)("%s, in %s: the site's words with the field named first", (_name, language, registerCase) => {
    const violation = checkRegisterField(registerCase.field, registerCase.value, registerCase.rule, {
      isSecret: registerCase.isSecret,
    })!;
    const expected = registerCase.expected as Extract<RegisterRuleBreak, { kind: 'format' }>;
    expect(translate(language, violation.messageKey, violation.params)).toBe(
      `${registerCase.field}: ${siteFormatText(language, expected)}`,
    );
  });
});

describe('rule messages', () => {
  test.each([
    ['TH', 'username', 'abc', 'username: ตัวอักษรภาษาอังกฤษและตัวเลข ขึ้นต้นด้วยตัวอักษร (4-16 ตัวอักษร)'],
    ['EN', 'username', 'abc', 'username: Letters and digits, starting with a letter (4-16 characters)'],
    ['TH', 'mobileNum', '08123', 'mobileNum: ตัวเลขเท่านั้น (9-10 ตัวอักษร)'],
    ['TH', 'verificationCode', '12345', 'verificationCode: ตัวเลขเท่านั้น (6 ตัวอักษร)'],
    ['EN', 'verificationCode', '12a456', 'verificationCode: Digits only (6 characters)'],
    ['TH', 'payeeName', 'Somchai', 'payeeName: ชื่อและนามสกุล คั่นด้วยช่องว่าง (3-60 ตัวอักษร)'],
    ['EN', 'email', 'somchai.example.com', 'email: A valid e-mail address (6-100 characters)'],
    ['TH', 'username', undefined, 'กรุณากรอก username'],
    ['EN', 'qqNum', '123456', 'This site does not accept qqNum'],
    ['TH', 'line', 'a<b', 'line มีอักขระที่ไม่อนุญาต (อักขระควบคุม, < หรือ >)'],
  ] as const)('demo rules, %s: %s %j', (language, field, value, message) => {
    const violation = checkRegisterField(field, value, demoRegisterRules[field])!;
    expect(translate(language, violation.messageKey, violation.params)).toBe(message);
  });

  test.each([
    ['TH', 'nickname: ตามรูปแบบที่กำหนด (1-40 ตัวอักษร)', 'nickname: ตามรูปแบบที่กำหนด (6 ตัวอักษร)'],
    ['EN', 'nickname: In the accepted format (1-40 characters)', 'nickname: In the accepted format (6 characters)'],
  ] as const)('a pattern id outside 0-23 gets the general text, in %s', (language, rangeMessage, exactMessage) => {
    for (const patternId of [24, 99, -1]) {
      const range = checkRegisterField('nickname', 'two words', {
        enabled: true,
        required: false,
        acceptedPattern: '\\S+',
        patternId,
        minLength: 1,
        maxLength: 40,
      })!;
      expect(translate(language, range.messageKey, range.params)).toBe(rangeMessage);
      const exact = checkRegisterField('nickname', '12345', {
        enabled: true,
        required: false,
        acceptedPattern: '*',
        patternId,
        minLength: 6,
        maxLength: 6,
      })!;
      expect(translate(language, exact.messageKey, exact.params)).toBe(exactMessage);
    }
  });

  const patternTexts = [...registerPatterns.map((pattern) => String(pattern.id)), 'other'].flatMap((id) =>
    (['TH', 'EN'] as const).map((language) => [id, language] as const),
  );
  test.each(patternTexts)('pattern %s in %s: the server says what the site says', (id, language) => {
    const serverText = translate(language, `register.pattern.${id}`);
    expect(serverText).not.toBe(`register.pattern.${id}`);
    expect(serverText).toBe(siteCatalogues[language][`register_pattern_${id}`]);
  });

  test('the 24 texts differ from each other in each language', () => {
    for (const language of ['TH', 'EN'] as const) {
      expect(
        new Set(registerPatterns.map((pattern) => translate(language, `register.pattern.${pattern.id}`))).size,
      ).toBe(24);
    }
  });
});

describe('the demo merchant', () => {
  test.each(Object.entries(demoRegisterRules))('%s uses the canonical pattern of its patternId', (_field, rule) => {
    expect(rule.acceptedPattern).toBe(registerPatterns[rule.patternId]!.acceptedPattern);
  });
});
