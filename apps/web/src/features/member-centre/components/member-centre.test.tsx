// @vitest-environment jsdom
import { apiPaths } from '@lotus/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { ModalHost } from '../../../app/modal-host';
import { session } from '../../../lib/session';
import { modalStore } from '../../../stores/modal-store';
import { AccountStrip } from '../../auth/components/account-strip';
import {
  depositRoutes,
  initMoneyI18n,
  installMoneyApi,
  ok,
  renderWithProviders,
  switchLanguage,
  withdrawRoutes,
} from '../../money/testing';

const memberInfo = {
  id: 7,
  account: 'somchai88',
  userName: 'Somchai Jaidee',
  nickname: null,
  type: 0,
  toUpline: false,
  clubLabel: { labelName: 'VIP0', rankLevel: 0 },
  memberLabel: [],
  mobile: null,
  email: null,
  regDate: 0,
  language: 'EN',
  lastLoginAt: new Date(2026, 10, 21, 22, 15).getTime() as number | null,
};

function api(info = memberInfo) {
  return installMoneyApi({
    ...depositRoutes(),
    ...withdrawRoutes(),
    [`GET ${apiPaths.memberInfo}`]: () => ok(info),
    [`GET ${apiPaths.whitelabel}`]: () => ok({ merchantCode: 'demo', switches: { memberCentre: true } }),
    [`GET ${apiPaths.walletBalance}`]: () =>
      ok({
        sumBalance: '2800.50',
        currency: 'THB',
        currencySymbol: '฿',
        balance: [],
        heldBalance: '0.00',
        bonusBalance: '0.00',
        isTrial: false,
      }),
    [`GET ${apiPaths.totp}`]: () => ok({ enabled: false }),
  });
}

let lastLoginNoticeMs = 0;

beforeAll(async () => {
  await initMoneyI18n();
  // The notice's module loads its texts as it is imported: after i18n has started.
  ({ lastLoginNoticeMs } = await import('./last-login-notice'));
});
beforeEach(async () => {
  window.sessionStorage.clear();
  await switchLanguage('EN');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  modalStore.set(null);
});

describe('member centre', () => {
  test("the strip's Deposit opens the centre on depositv2; the navigation moves between the money pages", async () => {
    session.logIn('token-1');
    api();
    renderWithProviders(
      <>
        <AccountStrip />
        <ModalHost />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Deposit' }));
    expect(modalStore.get()).toEqual({ kind: 'memberCentre', page: 'depositv2' });
    const dialog = await screen.findByRole('dialog', { name: 'Member centre' });
    expect(await within(dialog).findByRole('radio', { name: /Bank transfer/ })).toBeTruthy();
    const nav = within(dialog).getByRole('navigation', { name: 'Member centre' });
    expect(within(nav).getByRole('button', { name: 'Deposit' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(nav).getByRole('button', { name: 'Withdraw' }));
    expect(modalStore.get()).toEqual({ kind: 'memberCentre', page: 'withdraw' });
    expect(await within(dialog).findByRole('form', { name: 'Withdraw' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Withdraw' })).toBeTruthy();

    fireEvent.click(within(nav).getByRole('button', { name: 'My account' }));
    expect(await within(dialog).findByText('somchai88')).toBeTruthy();
  });
});

describe('the previous-login notice', () => {
  test('after a login: when the previous login was, as a status that closes by its button', async () => {
    api();
    renderWithProviders(<ModalHost />);
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => session.logIn('token-2'));
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('Your previous login was on 21/11/2026 22:15.');
    fireEvent.click(within(notice).getByRole('button', { name: 'Close the login notice' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  test('it hides itself after a few seconds, and says it in Thai', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api();
    await switchLanguage('TH');
    renderWithProviders(<ModalHost />);
    await act(async () => session.logIn('token-3'));
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('เข้าสู่ระบบครั้งก่อนเมื่อ 21/11/2026 22:15');
    await act(async () => vi.advanceTimersByTime(lastLoginNoticeMs - 500));
    expect(screen.getByRole('status')).toBe(notice);
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('status')).toBeNull();
  });

  test('nothing on a first login, nor on a reload with a token', async () => {
    api({ ...memberInfo, lastLoginAt: null });
    renderWithProviders(<ModalHost />);
    await act(async () => session.logIn('token-4'));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    cleanup();

    api();
    session.logIn('token-5');
    renderWithProviders(<ModalHost />);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
