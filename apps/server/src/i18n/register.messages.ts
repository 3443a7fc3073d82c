import { registerPatterns, type RegisterPatternId } from '@lotus/contract';

/**
 * The register rule messages (spec §5), merged into the catalogue by messages.ts: the 24 pattern
 * texts (`register.pattern.{id}`, the same words as the site's `register_pattern_{id}`, checked by
 * register-rules.test.ts) and the message a rule break answers, built from them. The break's message
 * is one key per pattern because the catalogue substitutes parameters as they are and does not
 * translate them, so the pattern text cannot be a parameter.
 */
const patternTexts: Record<'th' | 'en', Record<RegisterPatternId | 'other', string>> = {
  th: {
    0: 'ข้อความใดก็ได้',
    1: 'ตัวอักษรภาษาอังกฤษเท่านั้น',
    2: 'ตัวอักษรภาษาอังกฤษและตัวเลข ขึ้นต้นด้วยตัวอักษร',
    3: 'ตัวเลขเท่านั้น',
    4: 'อีเมลที่ถูกต้อง',
    5: 'ห้ามมีช่องว่าง',
    6: 'ต้องมีตัวพิมพ์ใหญ่',
    7: 'ตัวพิมพ์เล็ก ตัวพิมพ์ใหญ่ ตัวเลข และสัญลักษณ์',
    8: 'ชื่อและนามสกุล คั่นด้วยช่องว่าง',
    9: 'ภาษาไทยเท่านั้น',
    10: 'ตัวอักษรภาษาอังกฤษหรือตัวเลข',
    11: 'ตัวอักษรภาษาอังกฤษพิมพ์เล็กหรือตัวเลข',
    12: 'ตัวอักษรภาษาอังกฤษ ตัวเลข หรือขีดล่าง (_)',
    13: 'ตัวอักษรภาษาไทยหรือภาษาอังกฤษเท่านั้น',
    14: 'ตัวอักษรภาษาไทยหรือภาษาอังกฤษ เว้นวรรคระหว่างคำได้',
    15: 'เบอร์มือถือไทย ขึ้นต้นด้วย 06, 08 หรือ 09',
    16: 'ขึ้นต้นด้วยตัวอักษรภาษาอังกฤษ',
    17: 'ต้องมีทั้งตัวอักษรภาษาอังกฤษและตัวเลข',
    18: 'ห้ามมีอักขระพิเศษ ใช้ได้เฉพาะตัวอักษร ตัวเลข และช่องว่าง',
    19: 'ตัวอักษรภาษาอังกฤษพิมพ์ใหญ่หรือตัวเลข',
    20: 'LINE ID: ตัวอักษรภาษาอังกฤษ ตัวเลข จุด (.) ขีดล่าง (_) หรือขีดกลาง (-)',
    21: 'วันที่ในรูปแบบ ปี ค.ศ.-เดือน-วัน เช่น 1990-12-31',
    22: 'เลขประจำตัวประชาชน 13 หลัก จะมีขีดคั่นหรือไม่ก็ได้',
    23: 'เลขที่บัญชีธนาคาร เป็นตัวเลข จะมีขีดคั่นหรือไม่ก็ได้',
    other: 'ตามรูปแบบที่กำหนด',
  },
  en: {
    0: 'Any text',
    1: 'Letters only',
    2: 'Letters and digits, starting with a letter',
    3: 'Digits only',
    4: 'A valid e-mail address',
    5: 'No spaces',
    6: 'At least one uppercase letter',
    7: 'Lower and upper case letters, a digit and a symbol',
    8: 'First and last name separated by a space',
    9: 'Thai only',
    10: 'Letters or digits',
    11: 'Lowercase letters or digits',
    12: 'Letters, digits or underscores (_)',
    13: 'Thai or English letters only',
    14: 'Thai or English letters, with single spaces between words',
    15: 'A Thai mobile number starting with 06, 08 or 09',
    16: 'Starting with a letter',
    17: 'At least one letter and one digit',
    18: 'No special characters: letters, digits and spaces only',
    19: 'Uppercase letters or digits',
    20: 'A LINE ID: letters, digits, dots (.), underscores (_) or hyphens (-)',
    21: 'A date as YYYY-MM-DD, e.g. 1990-12-31',
    22: 'A 13-digit Thai national ID number, with or without dashes',
    23: 'A bank account number: digits, with or without dashes',
    other: 'In the accepted format',
  },
};

type RegisterMessageKey =
  | `register.pattern.${RegisterPatternId | 'other'}`
  | 'register.field.invalid'
  | 'register.field.invalid.exact'
  | `register.field.invalid.${RegisterPatternId}`
  | `register.field.invalid.exact.${RegisterPatternId}`;

/** The same shape as the site's register_rule_range and register_rule_exact, with the field named first. */
function buildMessages(
  texts: Record<RegisterPatternId | 'other', string>,
  characters: string,
): Record<RegisterMessageKey, string> {
  const range = (pattern: string) => `{field}: ${pattern} ({minimum}-{maximum} ${characters})`;
  const exact = (pattern: string) => `{field}: ${pattern} ({length} ${characters})`;
  const messages: Record<string, string> = {
    'register.pattern.other': texts.other,
    'register.field.invalid': range(texts.other),
    'register.field.invalid.exact': exact(texts.other),
  };
  for (const { id } of registerPatterns) {
    messages[`register.pattern.${id}`] = texts[id];
    messages[`register.field.invalid.${id}`] = range(texts[id]);
    messages[`register.field.invalid.exact.${id}`] = exact(texts[id]);
  }
  return messages as Record<RegisterMessageKey, string>;
}

export const th = buildMessages(patternTexts.th, 'ตัวอักษร');

export const en: Record<keyof typeof th, string> = buildMessages(patternTexts.en, 'characters');
