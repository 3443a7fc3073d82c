// @vitest-environment jsdom
import { bonusPaths, type TurnoverInfo } from '@lotus/contract';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { session } from '../../../lib/session';
import { modalStore } from '../../../stores/modal-store';
import {
  callsTo,
  initMoneyI18n,
  installMoneyApi,
  ok,
  renderWithProviders,
  switchLanguage,
  withdrawRoutes,
} from '../testing';

let WithdrawPage: ComponentType;

beforeAll(async () => {
  await initMoneyI18n();
  ({ WithdrawPage } = await import('./withdraw-page'));
}, 30_000);
beforeEach(async () => {
  window.sessionStorage.clear();
  session.logIn('token-1');
  modalStore.set(null);
  await switchLanguage('EN');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const turnover = (status: TurnoverInfo['status'], required: string, actual: string): TurnoverInfo => ({
  status,
  totalRequiredTurnover: required,
  totalActualTurnover: actual,
  details: [],
});

async function renderWith(info: TurnoverInfo) {
  const { calls } = installMoneyApi(withdrawRoutes({ [`GET ${bonusPaths.turnoverInfo}`]: () => ok(info) }));
  renderWithProviders(<WithdrawPage />);
  // The form is there once the page's reads are in; the turnover answer too.
  await screen.findByRole('form', { name: 'Withdraw' });
  await waitFor(() => expect(callsTo(calls, 'GET', bonusPaths.turnoverInfo)).toHaveLength(1));
  await act(async () => {});
}

describe('withdraw: the bonus turnover notice above the form', () => {
  test('status N: what is left to play, before any attempt, and the way to bonus details; in TH too', async () => {
    await renderWith(turnover('N', '2000.00', '750.50'));
    const notice = (await screen.findByText('Bonus turnover not yet reached')).closest('.money-callout')!;
    expect(notice.textContent).toContain('Play ฿1,249.50 more in games to meet your bonus turnover');
    // Above the form: it comes before the amount field in the page.
    const amount = screen.getByLabelText(/Amount/);
    expect(notice.compareDocumentPosition(amount) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'See bonus details' }));
    expect(modalStore.get()).toEqual({ kind: 'memberCentre', page: 'bonusDetails' });
    await switchLanguage('TH');
    expect((await screen.findByText('ยอดเทิร์นโอเวอร์โบนัสยังไม่ครบ')).closest('.money-callout')!.textContent).toContain(
      'ต้องมียอดเล่นเกมอีก ฿1,249.50',
    );
    expect(screen.getByRole('button', { name: 'ดูรายละเอียดโบนัส' })).toBeTruthy();
  });

  test('status I: a withdrawal would forfeit the bonus, said with the turnover left', async () => {
    await renderWith(turnover('I', '500.00', '100.00'));
    const notice = (await screen.findByText('Bonus turnover not yet reached')).closest('.money-callout')!;
    expect(notice.textContent).toContain('฿400.00 of bonus turnover is still left');
    expect(notice.textContent).toContain('your remaining bonus is forfeited');
  });

  test.each([
    ['A: no bonus', turnover('A', '0.00', '0.00')],
    ['D: every bonus done', turnover('D', '0.00', '0.00')],
  ])('status %s: no notice', async (_name, info) => {
    await renderWith(info);
    expect(screen.queryByText('Bonus turnover not yet reached')).toBeNull();
  });
});
