// @vitest-environment jsdom
import { withdrawalPaths } from '@lotus/contract';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsTo, initMoneyI18n, installMoneyApi, ok, renderWithProviders, switchLanguage } from '../testing';

let TransactionHistoryPage: ComponentType;
let PersonalProfitPage: ComponentType;

beforeAll(async () => {
  await initMoneyI18n();
  ({ TransactionHistoryPage } = await import('./transaction-history-page'));
  ({ PersonalProfitPage } = await import('./personal-profit-page'));
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

const entry = (transactionId: number, type: string, amount: string, balanceAfter: string, status: string | null, reference: string) => ({
  transactionId,
  type,
  amount,
  balanceAfter,
  wallet: 'main',
  status,
  reference,
  time: Date.UTC(2026, 10, 20, 3, transactionId),
});

describe('transactionHistory', () => {
  test('every movement with type, signed amount, balance after and status; filters by type and dates; paging', async () => {
    const pages = {
      1: [entry(3, 'withdrawal', '-700.00', '2800.50', 'pending', 'withdrawal:2'), entry(2, 'deposit', '2500.50', '3500.50', 'approved', 'deposit:2')],
      2: [entry(1, 'deposit', '1000.00', '1000.00', null, 'deposit:1')],
    };
    const { calls } = installMoneyApi({
      [`GET ${withdrawalPaths.transactionHistory}`]: (call) => {
        const pageNo = Number(call.query.get('pageNo')) as 1 | 2;
        return ok({ content: pages[pageNo], pageNo, pageSize: 15, totalElements: 3, totalPages: 2 });
      },
    });
    renderWithProviders(<TransactionHistoryPage />);
    const table = await screen.findByRole('table', { name: 'Wallet movements' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Withdrawal (held)')).toBeTruthy();
    expect(within(rows[1]!).getByText('−700.00').className).toContain('money-amount--out');
    expect(within(rows[1]!).getByText('2,800.50')).toBeTruthy();
    expect(within(rows[1]!).getByText('In review')).toBeTruthy();
    expect(within(rows[2]!).getByText('+2,500.50').className).toContain('money-amount--in');
    // "approved" of a deposit reads as a deposit's status, not a withdrawal's "Paid".
    expect(within(rows[2]!).getByText('Approved')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'deposit' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-20' } });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Page 2' })));
    expect(await within(screen.getByRole('table')).findByText('deposit:1')).toBeTruthy();
    const last = callsTo(calls, 'GET', withdrawalPaths.transactionHistory).at(-1)!;
    expect(last.query.get('type')).toBe('deposit');
    expect(last.query.get('pageNo')).toBe('2');
    expect(Number(last.query.get('startTime'))).toBe(new Date(2026, 10, 1).getTime());
    expect(Number(last.query.get('endTime'))).toBe(new Date(2026, 10, 21).getTime());
  });

  test('an empty period says so, in Thai too', async () => {
    installMoneyApi({ [`GET ${withdrawalPaths.transactionHistory}`]: () => ok({ content: [], pageNo: 1, pageSize: 15, totalElements: 0, totalPages: 0 }) });
    await switchLanguage('TH');
    renderWithProviders(<TransactionHistoryPage />);
    expect(await screen.findByText('ไม่มีรายการในช่วงเวลานี้')).toBeTruthy();
  });
});

describe('personalProfit', () => {
  test('deposits, withdrawals and their difference for the chosen range', async () => {
    const { calls } = installMoneyApi({
      [`GET ${withdrawalPaths.personalProfit}`]: () =>
        ok({ currency: 'THB', depositAmount: '4000.50', withdrawalAmount: '1200.00', profitAmount: '-2800.50', betAmount: '0.00', winAmount: '0.00' }),
    });
    renderWithProviders(<PersonalProfitPage />);
    expect(await screen.findByText('4,000.50')).toBeTruthy();
    expect(screen.getByText('1,200.00')).toBeTruthy();
    expect(screen.getByText('−2,800.50')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    const last = callsTo(calls, 'GET', withdrawalPaths.personalProfit).at(-1)!;
    expect(Number(last.query.get('endTime')) - Number(last.query.get('startTime'))).toBeGreaterThanOrEqual(23 * 3600_000);
    expect(Number(last.query.get('endTime')) - Number(last.query.get('startTime'))).toBeLessThanOrEqual(25 * 3600_000);
  });
});
