// @vitest-environment jsdom
import { rebatePaths, type CustomerRebateSetting, type RebateHistory, type RebateRemaining } from '@lotus/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { session } from '../../../lib/session';
import rebatesEn from '../../../locales/rebates/en.json';
import rebatesTh from '../../../locales/rebates/th.json';
import {
  callsTo,
  initMoneyI18n,
  installMoneyApi,
  ok,
  refuse,
  renderWithProviders,
  switchLanguage,
} from '../../money/testing';

let RebatePage: ComponentType;

beforeAll(async () => {
  await initMoneyI18n();
  i18next.addResourceBundle('en', 'translation', rebatesEn, true, false);
  i18next.addResourceBundle('th', 'translation', rebatesTh, true, false);
  ({ RebatePage } = await import('./rebate-page'));
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

const setting = (mode: 'automatic' | 'manual'): CustomerRebateSetting => ({
  enabled: true,
  mode,
  minPayout: '1.00',
  dailyCap: null,
  turnoverMultiplier: '0',
  claimDays: 7,
  settings: [
    { productType: 'LIVE', rebateValue: '0.5' },
    { productType: 'RNG', rebateValue: '0' },
  ],
});
const remaining: RebateRemaining = {
  lottRemain: '5.00',
  elottRemain: '2.50',
  fishRemain: '0.00',
  liveRemain: '100.00',
  pvpRemain: '0.00',
  rngRemain: '0.00',
  sportsRemain: '0.00',
};
const history: RebateHistory = {
  rows: [
    {
      day: '2026-11-26',
      productType: 'LIVE',
      validBet: '20000.00',
      rebateValue: '0.5',
      rebate: '100.00',
      paid: '100.00',
      paidAt: 1,
    },
  ],
  totalRebate: '100.00',
  totalPaid: '100.00',
};

describe('rebate page', () => {
  test('manual: what is left per product, claimed all at once with lottery folded into e-lottery; a refusal in the server’s words', async () => {
    let claims = 0;
    const { calls } = installMoneyApi({
      [`GET ${rebatePaths.settings}`]: () => ok(setting('manual')),
      [`GET ${rebatePaths.remaining}`]: () => ok(remaining),
      [`GET ${rebatePaths.history}`]: () => ok({ rows: [], totalRebate: '0.00', totalPaid: '0.00' }),
      [`POST ${rebatePaths.disburse}`]: () =>
        ++claims === 1
          ? ok({ payoutId: '1', amount: '107.50', turnoverRequired: '0.00', remaining })
          : refuse(409, 'rebate.amount.exceeds.remaining', 'That is more than the rebate left (0.00).'),
    });
    renderWithProviders(<RebatePage />);
    expect(await screen.findByText('Claim your rebate of any of the last 7 days here.')).toBeTruthy();
    // Only rated products are listed among the rates.
    expect(screen.getByRole('list', { name: 'Rebate rates' }).textContent).not.toContain('Slots');
    expect(await screen.findByText('Left to claim:')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Claim all' }));
    expect(await screen.findByText('107.50 credited to your account.')).toBeTruthy();
    const [claim] = callsTo(calls, 'POST', rebatePaths.disburse);
    expect(claim!.body).toMatchObject({ rebateAmount: { live: '100.00', elott: '7.50' } });
    expect(Object.keys((claim!.body as { rebateAmount: object }).rebateAmount).sort()).toEqual(['elott', 'live']);
    fireEvent.click(screen.getByRole('button', { name: 'Claim all' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('That is more than the rebate left (0.00).'),
    );
  });

  test('automatic: no claim, the last days with what was paid, in Thai too', async () => {
    const { calls } = installMoneyApi({
      [`GET ${rebatePaths.settings}`]: () => ok(setting('automatic')),
      [`GET ${rebatePaths.history}`]: () => ok(history),
    });
    renderWithProviders(<RebatePage />);
    expect(
      await screen.findByText('Your rebate is credited automatically every morning for the day before.'),
    ).toBeTruthy();
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Claim all' })).toBeNull();
    expect(callsTo(calls, 'GET', rebatePaths.remaining)).toEqual([]);
    await switchLanguage('TH');
    expect(await screen.findByText('ระบบจ่ายเงินคืนของเมื่อวานให้อัตโนมัติทุกเช้า')).toBeTruthy();
  });
});
