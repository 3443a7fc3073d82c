// @vitest-environment jsdom
import { apiPaths, bonusPaths, type BonusDetail, type WalletBalance } from '@lotus/contract';
import { cleanup, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { session } from '../../../lib/session';
import bonusEn from '../../../locales/bonus/en.json';
import bonusTh from '../../../locales/bonus/th.json';
import { initMoneyI18n, installMoneyApi, ok, renderWithProviders, switchLanguage } from '../../money/testing';

let BonusDetailsPage: ComponentType;

beforeAll(async () => {
  await initMoneyI18n();
  i18next.addResourceBundle('en', 'translation', bonusEn, true, false);
  i18next.addResourceBundle('th', 'translation', bonusTh, true, false);
  ({ BonusDetailsPage } = await import('./bonus-details-page'));
});
beforeEach(async () => {
  window.sessionStorage.clear();
  session.logIn('token-1');
  await switchLanguage('EN');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const bonus = (bonusId: string, overrides: Partial<BonusDetail> = {}): BonusDetail => ({
  bonusId,
  sourceKind: 'promotion',
  transferKind: 'promotion_bonus',
  sourceName: null,
  status: 'active',
  amount: '100.00',
  remaining: '80.00',
  requiredTurnover: '2000.00',
  actualTurnover: '500.00',
  progressPercent: 25,
  productTypes: null,
  grantedAt: Date.UTC(2026, 10, 20),
  expiresAt: null,
  closedAt: null,
  ...overrides,
});

const balance: WalletBalance = {
  sumBalance: '300.00',
  currency: 'THB',
  currencySymbol: '฿',
  balance: [],
  heldBalance: '0.00',
  bonusBalance: '80.00',
  isTrial: false,
};

function install(list: BonusDetail[]) {
  return installMoneyApi({
    [`GET ${apiPaths.walletBalance}`]: () => ok(balance),
    [`GET ${bonusPaths.turnoverInfo}`]: () =>
      ok({ status: 'N', totalRequiredTurnover: '2000.00', totalActualTurnover: '500.00', details: [] }),
    [`GET ${bonusPaths.bonusDetails}`]: () => ok({ currency: 'THB', bonusBalance: '80.00', list }),
  });
}

/** Each card's name and the kind shown under it (null: none), in the page's order. */
const namesShown = () =>
  [...document.querySelectorAll('.bonus-item')].map((card) => [
    card.querySelector('.bonus-item__name')?.textContent,
    card.querySelector('.bonus-item__kind')?.textContent ?? null,
  ]);

/** The bonus's card, found by the text of its name. */
const cardOf = async (name: string) => (await screen.findByText(name)).closest('li')!;

describe('bonusDetails: names and money', () => {
  test("a promotion's bonus is named by its promotion, its kind below; others keep their kind's name", async () => {
    install([
      bonus('b1', { sourceName: 'Welcome 100%' }),
      bonus('b2', { sourceKind: 'rebate', transferKind: 'rebate_auto' }),
      // A promotion no longer found: the server sends no name.
      bonus('b3'),
    ]);
    renderWithProviders(<BonusDetailsPage />);
    await screen.findByText('Welcome 100%');
    expect(namesShown()).toEqual([
      ['Welcome 100%', 'Promotion bonus'],
      ['Rebate', null],
      ['Promotion bonus', null],
    ]);
    // The name is the server's (already in the member's language); the kind follows the site's.
    await switchLanguage('TH');
    await screen.findByText('เงินคืน');
    expect(namesShown()).toEqual([
      ['Welcome 100%', 'โบนัสโปรโมชั่น'],
      ['เงินคืน', null],
      ['โบนัสโปรโมชั่น', null],
    ]);
  });

  test("amounts carry the merchant's currency sign, as on the other money pages", async () => {
    install([bonus('b1', { sourceName: 'Welcome 100%' })]);
    renderWithProviders(<BonusDetailsPage />);
    const card = await cardOf('Welcome 100%');
    expect(await within(card).findByText('฿100.00')).toBeTruthy();
    expect(within(card).getByText('฿80.00')).toBeTruthy();
    expect(within(card).getByText('฿500.00 / ฿2,000.00')).toBeTruthy();
    expect(screen.getByText('Bonus balance').textContent).toContain('฿80.00');
    expect(screen.getByRole('alert').textContent).toContain('฿500.00 of ฿2,000.00');
  });
});
