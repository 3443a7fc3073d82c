// @vitest-environment jsdom
import { apiPaths } from '@lotus/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ComponentProps, ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { setApiLanguage } from '../../../lib/api-client';
import coreTh from '../../../locales/th.json';
import gamesEn from '../../../locales/games/en.json';
import gamesTh from '../../../locales/games/th.json';
import { closeModal, modalStore } from '../../../stores/modal-store';
import { initTestI18n, installFakeApi, ok, renderWithProviders } from '../testing';
import type { TransferLaunchDialog as DialogType } from './transfer-launch-dialog';
import type { TransferWallet } from './transfer-move';

let TransferLaunchDialog: ComponentType<ComponentProps<typeof DialogType>>;

beforeAll(async () => {
  await initTestI18n();
  i18next.addResourceBundle('en', 'translation', gamesEn, true, false);
  i18next.addResourceBundle('th', 'translation', { ...coreTh, ...gamesTh }, true, false);
  ({ TransferLaunchDialog } = await import('./transfer-launch-dialog'));
});
beforeEach(async () => {
  closeModal();
  setApiLanguage('EN');
  await i18next.changeLanguage('en');
  // The whitelabel answer says whether the member centre (and so the deposit page) exists.
  installFakeApi({ [`GET ${apiPaths.whitelabel}`]: () => ok({ switches: { memberCentre: true } }) });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wallet = (main: string, inGame: string): TransferWallet => ({
  vassalage: 'GOLDENELE',
  vendorName: 'Golden Elephant',
  main,
  inGame,
  symbol: '฿',
});

function renderDialog(walletShown: TransferWallet) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <TransferLaunchDialog wallet={walletShown} gameName="Golden Elephant" onClose={onClose} onConfirm={onConfirm} />,
  );
  return { onConfirm, onClose, dialog: screen.getByRole('dialog', { name: 'Play Golden Elephant' }) };
}

describe('the transfer-mode launch dialog', () => {
  test('shows both wallets; "move all" is chosen first and moves the whole main wallet', () => {
    const { dialog, onConfirm } = renderDialog(wallet('2000.00', '0.00'));
    expect(within(dialog).getByText('Main wallet').nextElementSibling?.textContent).toBe('฿2,000.00');
    expect(within(dialog).getByText('Golden Elephant wallet').nextElementSibling?.textContent).toBe('฿0.00');
    const all = within(dialog).getByRole('radio', { name: 'Move all (฿2,000.00)' }) as HTMLInputElement;
    expect(all.checked).toBe(true);
    // Nothing in the game wallet: no "move nothing" choice.
    expect(within(dialog).getAllByRole('radio')).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move and play' }));
    expect(onConfirm).toHaveBeenCalledWith({ kind: 'all' });
  });

  test('"move an amount" checks the amount before anything is sent, then sends it as a wire amount', () => {
    const { dialog, onConfirm } = renderDialog(wallet('2000.00', '0.00'));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Move an amount' }));
    const amount = within(dialog).getByLabelText('Amount to move into Golden Elephant');
    expect(within(dialog).getByText('Your main wallet holds ฿2,000.00')).toBeTruthy();
    const submit = within(dialog).getByRole('button', { name: 'Move and play' });
    const expectProblem = (typed: string, message: string) => {
      fireEvent.change(amount, { target: { value: typed } });
      fireEvent.click(submit);
      expect(within(dialog).getByRole('alert').textContent).toBe(message);
      expect(amount.getAttribute('aria-invalid')).toBe('true');
    };
    expectProblem('', 'Please enter an amount to move');
    expectProblem('0', 'Please enter an amount to move');
    expectProblem('12.345', 'Enter an amount in numbers with at most 2 decimal places');
    expectProblem('abc', 'Enter an amount in numbers with at most 2 decimal places');
    expectProblem('2,000.01', 'That is more than your main wallet holds (฿2,000.00)');
    expect(onConfirm).not.toHaveBeenCalled();
    // Typing again clears the problem.
    fireEvent.change(amount, { target: { value: '1,500.5' } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    fireEvent.click(submit);
    expect(onConfirm).toHaveBeenCalledWith({ kind: 'amount', amount: '1500.50' });
  });

  test('a rule message shows under the amount field (its described note), and is worded again on a language switch', async () => {
    const { dialog, onConfirm } = renderDialog(wallet('2000.00', '0.00'));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Move an amount' }));
    const amount = within(dialog).getByLabelText('Amount to move into Golden Elephant');
    fireEvent.change(amount, { target: { value: '3000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move and play' }));
    const note = () => document.getElementById(amount.getAttribute('aria-describedby')!)!;
    expect(note().className).toBe('auth-field__error');
    expect(note().textContent).toBe('That is more than your main wallet holds (฿2,000.00)');
    expect(onConfirm).not.toHaveBeenCalled();
    setApiLanguage('TH');
    await act(async () => {
      await i18next.changeLanguage('th');
    });
    await waitFor(() => expect(note().textContent).toBe('จำนวนเงินมากกว่ายอดในกระเป๋าหลัก (฿2,000.00)'));
    expect(note().className).toBe('auth-field__error');
  });

  test('the problems are in Thai for a Thai member', async () => {
    setApiLanguage('TH');
    await i18next.changeLanguage('th');
    const onConfirm = vi.fn();
    renderWithProviders(
      <TransferLaunchDialog
        wallet={wallet('2000.00', '0.00')}
        gameName="ช้างทองมหาโชค"
        onClose={() => {}}
        onConfirm={onConfirm}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'เล่น ช้างทองมหาโชค' });
    expect(within(dialog).getByText('กระเป๋าหลัก')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'ระบุจำนวนเงิน' }));
    const amount = within(dialog).getByLabelText('จำนวนเงินที่จะโอนเข้า Golden Elephant');
    fireEvent.change(amount, { target: { value: '3000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'โอนและเล่น' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('จำนวนเงินมากกว่ายอดในกระเป๋าหลัก (฿2,000.00)');
    fireEvent.change(amount, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'โอนและเล่น' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('กรุณากรอกจำนวนเงินที่จะโอน');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  test('money already in the game wallet may be played without moving more', () => {
    const { dialog, onConfirm } = renderDialog(wallet('2000.00', '350.00'));
    expect(within(dialog).getByText('Golden Elephant wallet').nextElementSibling?.textContent).toBe('฿350.00');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Move nothing: play with the game wallet (฿350.00)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Play' }));
    expect(onConfirm).toHaveBeenCalledWith({ kind: 'none' });
  });

  test('an empty main wallet with money in the game wallet plays that money', () => {
    const { dialog, onConfirm } = renderDialog(wallet('0.00', '350.00'));
    expect(within(dialog).queryAllByRole('radio')).toEqual([]);
    expect(
      within(dialog).getByText(
        'Your main wallet is empty: you will play with the ฿350.00 in your Golden Elephant wallet.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Play' }));
    expect(onConfirm).toHaveBeenCalledWith({ kind: 'none' });
  });

  test('nothing in either wallet: a clear message and the deposit page instead of a launch', async () => {
    const { dialog, onConfirm, onClose } = renderDialog(wallet('0.00', '0.00'));
    expect(
      within(dialog).getByText(
        "There is no money in your main wallet or in this game's wallet yet. Deposit to start playing.",
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /play/i })).toBeNull();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Deposit' }));
    expect(onClose).toHaveBeenCalled();
    expect(modalStore.get()).toEqual({ kind: 'memberCentre', page: 'depositv2' });
    expect(onConfirm).not.toHaveBeenCalled();
  });

  test('Cancel closes without launching', () => {
    const { dialog, onConfirm, onClose } = renderDialog(wallet('2000.00', '0.00'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
