import { ledgerTransferKinds } from '@lotus/contract';
import { describe, expect, test } from 'vitest';
import en from '../../locales/en.json';
import th from '../../locales/th.json';
import { ledgerKindKey, ledgerKindLabel, ledgerKinds } from './ledger-kinds';

type Catalogue = Record<string, string>;
const catalogues = { th: th as Catalogue, en: en as Catalogue };
/** i18next's t over one catalogue: the text with {{placeholders}} filled, else the default. */
const translator =
  (catalogue: Catalogue) =>
  (key: string, options: Record<string, unknown> = {}) => {
    const text = catalogue[key];
    if (text === undefined) return String(options.defaultValue ?? key);
    return text.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => String(options[name]));
  };

describe('ledger transfer kinds in the back-office', () => {
  test.each(ledgerTransferKinds)('%s has a text in TH and EN, and the Thai one is Thai', (kind) => {
    const key = ledgerKindKey(kind);
    expect(catalogues.th[key]?.trim(), `${key} (TH)`).toBeTruthy();
    expect(catalogues.en[key]?.trim(), `${key} (EN)`).toBeTruthy();
    expect(catalogues.th[key]).toMatch(/[\u0E00-\u0E7F]/);
  });

  test('the type filter offers every kind the platform writes, bets and wins included', () => {
    expect(ledgerKinds).toEqual(ledgerTransferKinds);
    expect(ledgerKinds).toEqual(
      expect.arrayContaining([
        'vendor.bet',
        'vendor.win',
        'vendor.rollback',
        'wallet.transfer.in',
        'wallet.transfer.out',
      ]),
    );
  });

  test('rows read as words in each language, and a kind nobody listed yet as "Other (kind)", not a bare key', () => {
    expect(ledgerKindLabel(translator(catalogues.th), 'vendor.bet')).toBe('เดิมพันเกม');
    expect(ledgerKindLabel(translator(catalogues.en), 'vendor.bet')).toBe('Game bet');
    expect(ledgerKindLabel(translator(catalogues.en), 'jackpot.share')).toBe('Other (jackpot.share)');
    expect(ledgerKindLabel(translator(catalogues.th), 'jackpot.share')).toBe('อื่น ๆ (jackpot.share)');
  });
});
