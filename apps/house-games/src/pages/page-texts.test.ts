import { describe, expect, test } from 'vitest';
import type { ErrorPageKind } from './page-error.ts';
import { baccaratTexts, commonTexts, errorTexts, slotTexts, translator } from './page-texts.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe.each([
  ['common', commonTexts],
  ['slot', slotTexts],
  ['baccarat', baccaratTexts],
  ['error page', errorTexts],
] as const)('the %s catalogue', (_name, catalogue) => {
  test('TH and EN have the same keys', () => {
    expect(Object.keys(catalogue.th).sort()).toEqual(Object.keys(catalogue.en).sort());
  });

  test('no text is empty and both languages use the same placeholders', () => {
    for (const key of Object.keys(catalogue.th) as Array<keyof typeof catalogue.th>) {
      const th: string = catalogue.th[key];
      const en: string = catalogue.en[key];
      expect(th.trim(), `${key} (TH)`).not.toBe('');
      expect(en.trim(), `${key} (EN)`).not.toBe('');
      expect(placeholders(th), key).toEqual(placeholders(en));
    }
  });

  test('Thai texts are written in Thai (not left in English)', () => {
    const untranslated = Object.entries(catalogue.th).filter(
      ([key, text]) =>
        text === catalogue.en[key as keyof typeof catalogue.en] && /[a-z]{3}/.test(text.replace(/\{\w+\}/g, '')),
    );
    expect(untranslated).toEqual([]);
  });
});

test('a page catalogue does not redefine a common key (the page would silently win)', () => {
  for (const own of [slotTexts, baccaratTexts])
    expect(Object.keys(own.th).filter((key) => key in commonTexts.th)).toEqual([]);
});

test.each(['INSUFFICIENT_FUNDS', 'INVALID_BET', 'WALLET_UNAVAILABLE', 'NETWORK'])(
  'the error %s the APIs answer has a text',
  (code) => {
    for (const lang of ['th', 'en'] as const)
      expect(translator(lang, commonTexts, slotTexts).has(`error_${code}`)).toBe(true);
  },
);

test('game-specific errors have texts: INVALID_CLIENT_SEED for the slot, BETTING_CLOSED for baccarat', () => {
  expect(translator('th', commonTexts, slotTexts).has('error_INVALID_CLIENT_SEED')).toBe(true);
  expect(translator('en', commonTexts, baccaratTexts).has('error_BETTING_CLOSED')).toBe(true);
});

test('translator fills placeholders in the chosen language and reports unknown keys', () => {
  const th = translator('th', commonTexts, slotTexts);
  const en = translator('en', commonTexts, slotTexts);
  expect(en('freeSpinCounter', { current: 3, total: 10 })).toBe('Free spin 3/10');
  expect(th('freeSpinCounter', { current: 3, total: 10 })).toBe('ฟรีสปิน 3/10');
  expect(th.has('error_SOMETHING_NEW')).toBe(false);
});

test('every kind of error page has a title and a message in both languages', () => {
  const kinds: ErrorPageKind[] = [
    'GAME_UNKNOWN',
    'SESSION',
    'WALLET_UNAVAILABLE',
    'INSUFFICIENT_FUNDS',
    'NETWORK',
    'GENERIC',
  ];
  for (const lang of ['th', 'en'] as const) {
    const t = translator(lang, errorTexts, { th: {}, en: {} });
    for (const kind of kinds)
      expect(t.has(`errorPage_title_${kind}`) && t.has(`errorPage_message_${kind}`), `${kind} (${lang})`).toBe(true);
  }
});
