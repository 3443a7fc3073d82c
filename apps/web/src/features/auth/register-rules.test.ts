import { registerPatterns, type RegisterFieldRule, type RegisterRuleBreak } from '@lotus/contract';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, test } from 'vitest';
import { registerRuleCases } from '../../../../../packages/contract/src/register-rule.cases.ts';
import en from '../../locales/auth/en.json';
import th from '../../locales/auth/th.json';
import { checkRule, describeRule } from './register-rules';

/** Echoes the key and its options, so a test sees exactly which text was asked for and with what. */
const echo = ((key: string, options?: Record<string, unknown>) =>
  options ? `${key}${JSON.stringify(options)}` : key) as unknown as TFunction;

/** What the echo gives for a verdict: the site's wording of it, written out. */
function expectedEcho(ruleBreak: RegisterRuleBreak, label: string): string {
  switch (ruleBreak.kind) {
    case 'required':
      return `register_required${JSON.stringify({ field: label })}`;
    case 'disabled':
      return `register_rule_disabled${JSON.stringify({ field: label })}`;
    case 'unsafe':
      return `register_unsafe${JSON.stringify({ field: label })}`;
    case 'format': {
      const pattern =
        ruleBreak.patternId === null ? 'register_pattern_other' : `register_pattern_${ruleBreak.patternId}`;
      return ruleBreak.isExact
        ? `register_rule_exact${JSON.stringify({ pattern, length: ruleBreak.minimum })}`
        : `register_rule_range${JSON.stringify({ pattern, min: ruleBreak.minimum, max: ruleBreak.maximum })}`;
    }
  }
}

/** The real texts, configured as the site configures i18next (flat keys, no escaping). */
const translators: Record<'TH' | 'EN', TFunction> = {} as Record<'TH' | 'EN', TFunction>;
beforeAll(async () => {
  for (const [language, catalogue] of [
    ['TH', th],
    ['EN', en],
  ] as const) {
    const instance = i18next.createInstance();
    await instance.init({
      resources: { [language.toLowerCase()]: { translation: catalogue } },
      lng: language.toLowerCase(),
      fallbackLng: false,
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    translators[language] = instance.t;
  }
});

describe('checkRule: the shared case table (the server runs it too)', () => {
  test.each(registerRuleCases.map((registerCase) => [registerCase.name, registerCase] as const))(
    '%s',
    (_name, registerCase) => {
      const message = checkRule(registerCase.value ?? '', registerCase.rule, 'Label', echo, {
        isSecret: registerCase.isSecret,
      });
      expect(message).toBe(registerCase.expected === null ? null : expectedEcho(registerCase.expected, 'Label'));
    },
  );
});

const username: RegisterFieldRule = {
  enabled: true,
  required: true,
  acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
  patternId: 2,
  minLength: 4,
  maxLength: 16,
};
const code: RegisterFieldRule = {
  enabled: true,
  required: true,
  acceptedPattern: '^[0-9]+$',
  patternId: 3,
  minLength: 6,
  maxLength: 6,
};
const anyText: RegisterFieldRule = {
  enabled: true,
  required: false,
  acceptedPattern: '*',
  patternId: 0,
  minLength: 0,
  maxLength: 0,
};
const nationalId: RegisterFieldRule = {
  enabled: true,
  required: true,
  acceptedPattern: registerPatterns[22]!.acceptedPattern,
  patternId: 22,
  minLength: 13,
  maxLength: 17,
};

describe('the texts a member reads, TH and EN, min and max substituted', () => {
  test.each([
    ['TH', 'abc', username, 'ตัวอักษรภาษาอังกฤษและตัวเลข ขึ้นต้นด้วยตัวอักษร (4-16 ตัวอักษร)'],
    ['EN', '1abcd', username, 'Letters and digits, starting with a letter (4-16 characters)'],
    ['TH', '12345', code, 'ตัวเลขเท่านั้น (6 ตัวอักษร)'],
    ['EN', '12a456', code, 'Digits only (6 characters)'],
    ['TH', 'x'.repeat(256), anyText, 'ข้อความใดก็ได้ (0-255 ตัวอักษร)'],
    ['EN', '1-2345-6789', nationalId, 'A 13-digit Thai national ID number, with or without dashes (13-17 characters)'],
    ['TH', '1-2345-6789', nationalId, 'เลขประจำตัวประชาชน 13 หลัก จะมีขีดคั่นหรือไม่ก็ได้ (13-17 ตัวอักษร)'],
    ['TH', '', username, 'กรุณากรอกชื่อผู้ใช้'],
    ['EN', 'ab<c', username, 'ชื่อผู้ใช้ contains characters that are not allowed'],
    ['TH', 'ab\u0007cd', username, 'ชื่อผู้ใช้ มีอักขระที่ไม่อนุญาต'],
  ] as const)('%s: %j', (language, value, rule, message) => {
    expect(checkRule(value, rule, 'ชื่อผู้ใช้', translators[language])).toBe(message);
  });

  test.each([
    ['TH', 'ตามรูปแบบที่กำหนด (4-16 ตัวอักษร)'],
    ['EN', 'In the accepted format (4-16 characters)'],
  ] as const)('a pattern id outside 0-23 gets the general text, in %s', (language, message) => {
    for (const patternId of [24, 99, -1])
      expect(describeRule({ ...username, patternId }, translators[language])).toBe(message);
  });

  test('a sent value for a field the merchant has no rule for is refused, as the server refuses it', () => {
    expect(checkRule('123', undefined, 'QQ', translators.EN)).toBe('This site does not accept QQ');
    expect(checkRule('', undefined, 'QQ', translators.EN)).toBeNull();
  });

  const ids = registerPatterns.flatMap((pattern) =>
    (['TH', 'EN'] as const).map((language) => [pattern.id, pattern.name, language] as const),
  );
  test.each(ids)('pattern %i (%s) has its own %s text', (id, _name, language) => {
    const catalogue: Record<string, string> = language === 'TH' ? th : en;
    const text = catalogue[`register_pattern_${id}`];
    expect(text).toBeTruthy();
    expect(text).not.toBe(catalogue.register_pattern_other);
    expect(describeRule({ ...username, patternId: id, minLength: 2, maxLength: 9 }, translators[language])).toBe(
      language === 'TH' ? `${text} (2-9 ตัวอักษร)` : `${text} (2-9 characters)`,
    );
  });

  test('the hint of a rule without limits still says the cap', () => {
    expect(describeRule(anyText, translators.EN)).toBe('Any text (0-255 characters)');
    expect(describeRule({ ...anyText, minLength: 255 }, translators.TH)).toBe('ข้อความใดก็ได้ (255 ตัวอักษร)');
  });
});
