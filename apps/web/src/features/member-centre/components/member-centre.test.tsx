// @vitest-environment jsdom
import { agentTransferPaths, agentTransferResultSchema, apiPaths } from '@lotus/contract';
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
  refuse,
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

function api(info = memberInfo, extraRoutes: Parameters<typeof installMoneyApi>[0] = {}) {
  return installMoneyApi({
    ...depositRoutes(),
    ...withdrawRoutes(),
    ...extraRoutes,
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

// The first render loads the centre's and the deposit page's chunks: more than the 5 s default on a busy machine.
describe('member centre', { timeout: 20_000 }, () => {
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

describe('transfer to upline (the original member centre transferUpline)', () => {
  const openCentre = async () => {
    renderWithProviders(<ModalHost />);
    act(() => modalStore.set({ kind: 'memberCentre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Member centre' });
    return { dialog, nav: within(dialog).getByRole('navigation', { name: 'Member centre' }) };
  };

  test('not in the navigation when the member may not transfer up (toUpline off)', async () => {
    session.logIn('token-6');
    api();
    const { dialog, nav } = await openCentre();
    expect(await within(dialog).findByText('somchai88')).toBeTruthy();
    expect(within(nav).queryByRole('button', { name: 'Transfer to upline' })).toBeNull();
  });

  test('with toUpline on: the page sends amount and payment password sealed, with an Idempotency-Key', async () => {
    session.logIn('token-7');
    let attempts = 0;
    const { calls } = api(
      { ...memberInfo, toUpline: true },
      {
        [`POST ${agentTransferPaths.toUpline}`]: () => {
          attempts += 1;
          return attempts === 1
            ? refuse(400, 'agent.transfer.password.invalid', 'The payment password is wrong.', 'password')
            : ok(
                agentTransferResultSchema.parse({
                  transfers: [
                    {
                      transactionId: 5,
                      txTypeId: 6233,
                      kind: 'agent.transfer.upline',
                      amount: '-25.00',
                      subordinateName: 'demoagent',
                      counterpartyId: 3,
                      remark: 'thanks',
                      time: Date.UTC(2026, 10, 26),
                    },
                  ],
                  balance: '2775.50',
                }),
              );
        },
      },
    );
    const { dialog, nav } = await openCentre();
    fireEvent.click(within(nav).getByRole('button', { name: 'Transfer to upline' }));
    expect(modalStore.get()).toEqual({ kind: 'memberCentre', page: 'transferUpline' });
    expect(await within(dialog).findByText(/goes from your main wallet to your direct upline/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '25' } });
    fireEvent.change(within(dialog).getByLabelText('Payment password'), { target: { value: '111111' } });
    fireEvent.change(within(dialog).getByLabelText('Remark'), { target: { value: 'thanks' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    // The refusal names the password: it shows under that field. Sealing takes a while in jsdom.
    expect(await within(dialog).findByText('The payment password is wrong.', {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Payment password'), { target: { value: '135790' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect((await within(dialog).findByRole('status', {}, { timeout: 10_000 })).textContent).toContain('2,775.50');
    const sent = calls.filter((call) => call.path === agentTransferPaths.toUpline);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.isSealed).toBe(true);
    expect(sent[1]!.body).toEqual({ transferAmount: '25', password: '135790', remark: 'thanks' });
    expect(sent[1]!.headers.get('Idempotency-Key')).toBeTruthy();
    expect(sent[1]!.headers.get('Idempotency-Key')).not.toBe(sent[0]!.headers.get('Idempotency-Key'));
  }, 30_000);
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
