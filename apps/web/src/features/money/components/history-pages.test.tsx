// @vitest-environment jsdom
import {
  apiPaths,
  withdrawalPaths,
  type GameMenu,
  type HistoryDetail,
  type HistoryEntry,
  type PersonalProfit,
} from '@lotus/contract';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { session } from '../../../lib/session';
import betRecordsEn from '../../../locales/bet-records/en.json';
import betRecordsTh from '../../../locales/bet-records/th.json';
import { callsTo, initMoneyI18n, installMoneyApi, ok, renderWithProviders, switchLanguage } from '../testing';

let TransactionHistoryPage: ComponentType;
let PersonalProfitPage: ComponentType;

beforeAll(async () => {
  await initMoneyI18n();
  // The profit page's games part speaks the betting record's words.
  i18next.addResourceBundle('en', 'translation', betRecordsEn, true, false);
  i18next.addResourceBundle('th', 'translation', betRecordsTh, true, false);
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

/** The record a reference names, as the server describes it (`detail`). */
function detailOf(reference: string): HistoryDetail | null {
  const [kind, id] = reference.split(':');
  if (kind === 'deposit') return { kind: 'deposit', depositId: Number(id), isFee: false };
  if (kind === 'withdrawal') return { kind: 'withdrawal', withdrawalId: Number(id), isFee: false };
  return null;
}

const entry = (
  transactionId: number,
  type: string,
  amount: string,
  balanceAfter: string,
  status: string | null,
  reference: string,
): HistoryEntry => ({
  transactionId,
  type: type as HistoryEntry['type'],
  amount,
  balanceAfter,
  wallet: 'main',
  walletVendorName: null,
  status,
  reference,
  game: null,
  detail: detailOf(reference),
  time: Date.UTC(2026, 10, 20, 3, transactionId),
});

describe('transactionHistory', () => {
  test('every movement with type, signed amount, balance after and status; filters by type and dates; paging', async () => {
    const pages = {
      1: [
        entry(3, 'withdrawal', '-700.00', '2800.50', 'pending', 'withdrawal:2'),
        entry(2, 'deposit', '2500.50', '3500.50', 'approved', 'deposit:2'),
      ],
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
    // The record by the id the member knows it by, never the raw reference.
    expect(await within(screen.getByRole('table')).findByText('Deposit #1')).toBeTruthy();
    expect(within(screen.getByRole('table')).queryByText('deposit:1')).toBeNull();
    const last = callsTo(calls, 'GET', withdrawalPaths.transactionHistory).at(-1)!;
    expect(last.query.get('type')).toBe('deposit');
    expect(last.query.get('pageNo')).toBe('2');
    expect(Number(last.query.get('startTime'))).toBe(new Date(2026, 10, 1).getTime());
    expect(Number(last.query.get('endTime'))).toBe(new Date(2026, 10, 21).getTime());
  });

  test('a game row names its game and round as the server sends them (not the raw HOUSE:<uuid> reference), in Thai too', async () => {
    const roundId = '414133db-5c1e-4a8f-9a59-1f0b8c2d7e11';
    const gameRow = (name: string) => ({
      ...entry(4, 'bet', '-10.00', '990.00', null, `HOUSE:${roundId}`),
      game: { gameId: 'lucky-lotus', name, roundId, shortRoundId: '414133db' },
    });
    let name = 'Lucky Lotus';
    installMoneyApi({
      [`GET ${withdrawalPaths.transactionHistory}`]: () =>
        ok({ content: [gameRow(name)], pageNo: 1, pageSize: 15, totalElements: 1, totalPages: 1 }),
    });
    renderWithProviders(<TransactionHistoryPage />);
    const shown = await screen.findByText('Lucky Lotus · round 414133db');
    expect(shown.getAttribute('title')).toBe(roundId);
    expect(screen.queryByText(`HOUSE:${roundId}`)).toBeNull();
    cleanup();
    name = 'ดอกบัวนำโชค';
    await switchLanguage('TH');
    renderWithProviders(<TransactionHistoryPage />);
    expect(await screen.findByText('ดอกบัวนำโชค · รอบ 414133db')).toBeTruthy();
  });

  test("transfer rows name the vendor's wallet and the direction with a short id (the full one on hover), in Thai too; fees and a vendor's result say what they are", async () => {
    const transferId = '1a2b3c4d5e6f708192a3b4c5d6e7f801';
    const refusedId = '99aa88bb77cc66dd55ee44ff33001122';
    const vendorWallet = (name: string) => ({ wallet: 'vendor:GOLDENELE', walletVendorName: name });
    const transfer = (
      name: string,
      id: string,
      direction: 'IN' | 'OUT',
      status: 'succeeded' | 'failed',
      isReturned = false,
    ): HistoryDetail => ({
      kind: 'transfer',
      vendor: { vassalage: 'GOLDENELE', name },
      direction,
      status,
      isReturned,
      transferId: id,
      shortTransferId: id.slice(0, 8),
    });
    const rows = (name: string): HistoryEntry[] => [
      {
        ...entry(7, 'transfer', '50.00', '450.00', null, `transfer:${refusedId}`),
        detail: transfer(name, refusedId, 'IN', 'failed', true),
      },
      {
        ...entry(6, 'transfer', '130.50', '400.00', null, `transfer:${transferId}`),
        detail: transfer(name, transferId, 'OUT', 'succeeded'),
      },
      {
        ...entry(5, 'win', '30.00', '130.50', null, 'vendor:GOLDENELE'),
        ...vendorWallet(name),
        detail: { kind: 'vendor_result', vendor: { vassalage: 'GOLDENELE', name } },
      },
      {
        ...entry(4, 'transfer', '100.50', '100.50', null, `transfer:${transferId}`),
        ...vendorWallet(name),
        detail: transfer(name, transferId, 'IN', 'succeeded'),
      },
      {
        ...entry(3, 'transfer', '-100.50', '269.50', null, `transfer:${transferId}`),
        detail: transfer(name, transferId, 'IN', 'succeeded'),
      },
      {
        ...entry(2, 'deposit', '-10.00', '370.00', 'approved', 'deposit:9'),
        detail: { kind: 'deposit', depositId: 9, isFee: true },
      },
    ];
    let name = 'Golden Elephant';
    installMoneyApi({
      [`GET ${withdrawalPaths.transactionHistory}`]: () =>
        ok({ content: rows(name), pageNo: 1, pageSize: 15, totalElements: 6, totalPages: 1 }),
    });
    renderWithProviders(<TransactionHistoryPage />);
    const table = await screen.findByRole('table', { name: 'Wallet movements' });
    const [, refused, out, result, intoVendor, outOfMain, fee] = within(table).getAllByRole('row');
    expect(
      within(refused!).getByText('Move to Golden Elephant refused, money back · no. 99aa88bb').getAttribute('title'),
    ).toBe(refusedId);
    expect(within(refused!).getByText('Failed')).toBeTruthy();
    expect(within(out!).getByText('Returned from Golden Elephant · no. 1a2b3c4d').getAttribute('title')).toBe(
      transferId,
    );
    expect(within(out!).getByText('Main wallet')).toBeTruthy();
    expect(within(out!).getByText('Completed')).toBeTruthy();
    expect(within(result!).getByText('Play result at Golden Elephant')).toBeTruthy();
    expect(within(result!).getByText('Golden Elephant wallet')).toBeTruthy();
    expect(within(intoVendor!).getByText('Moved to Golden Elephant · no. 1a2b3c4d')).toBeTruthy();
    expect(within(intoVendor!).getByText('Golden Elephant wallet')).toBeTruthy();
    expect(within(outOfMain!).getByText('Moved to Golden Elephant · no. 1a2b3c4d')).toBeTruthy();
    expect(within(outOfMain!).getByText('Wallet transfer')).toBeTruthy();
    expect(within(fee!).getByText('Fee of deposit #9')).toBeTruthy();
    // No raw reference or vendor code anywhere.
    expect(table.textContent).not.toMatch(/transfer:|vendor:|deposit:|GOLDENELE|1a2b3c4d5e/);
    cleanup();

    name = 'ช้างทอง';
    await switchLanguage('TH');
    renderWithProviders(<TransactionHistoryPage />);
    const thaiTable = await screen.findByRole('table', { name: 'รายการเคลื่อนไหวของกระเป๋าเงิน' });
    expect(within(thaiTable).getAllByText('ย้ายเงินเข้า ช้างทอง · เลขที่ 1a2b3c4d')).toHaveLength(2);
    expect(within(thaiTable).getByText('ย้ายเงินกลับจาก ช้างทอง · เลขที่ 1a2b3c4d')).toBeTruthy();
    expect(within(thaiTable).getByText('ย้ายเงินเข้า ช้างทอง ไม่สำเร็จ ได้เงินคืน · เลขที่ 99aa88bb')).toBeTruthy();
    expect(within(thaiTable).getByText('ผลการเล่นที่ ช้างทอง')).toBeTruthy();
    expect(within(thaiTable).getAllByText('กระเป๋า ช้างทอง')).toHaveLength(2);
    expect(within(thaiTable).getAllByText('สำเร็จ')).toHaveLength(3);
    expect(thaiTable.textContent).not.toMatch(/transfer:|vendor:|GOLDENELE/);
  });

  test('an empty period says so, in Thai too', async () => {
    installMoneyApi({
      [`GET ${withdrawalPaths.transactionHistory}`]: () =>
        ok({ content: [], pageNo: 1, pageSize: 15, totalElements: 0, totalPages: 0 }),
    });
    await switchLanguage('TH');
    renderWithProviders(<TransactionHistoryPage />);
    expect(await screen.findByText('ไม่มีรายการในช่วงเวลานี้')).toBeTruthy();
  });
});

describe('personalProfit', () => {
  const noGames = {
    betAmount: '0.00',
    winAmount: '0.00',
    validBetAmount: '0.00',
    gameProfitAmount: '0.00',
    gameByDay: [],
    gameByType: [],
  };
  const liveMenu: GameMenu = {
    gameCategory: 'LIVE',
    name: 'nav_live',
    gameType: 'LIVE',
    page: '/live',
    enName: 'Live Casino',
    pointRate: null,
    vendors: [],
  };
  const line = (recordCount: number, betAmount: string, winAmount: string, profitAmount: string) => ({
    recordCount,
    betAmount,
    validBetAmount: betAmount,
    winAmount,
    profitAmount,
  });

  test('deposits, withdrawals and their difference for the chosen range, with the browser’s offset', async () => {
    const { calls } = installMoneyApi({
      [`GET ${withdrawalPaths.personalProfit}`]: () =>
        ok({
          currency: 'THB',
          depositAmount: '4000.50',
          withdrawalAmount: '1200.00',
          profitAmount: '-2800.50',
          ...noGames,
        } satisfies PersonalProfit),
    });
    renderWithProviders(<PersonalProfitPage />);
    expect(await screen.findByText('4,000.50')).toBeTruthy();
    expect(screen.getByText('1,200.00')).toBeTruthy();
    expect(screen.getByText('−2,800.50')).toBeTruthy();
    expect(screen.getByText('No settled rounds in this period.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    const last = callsTo(calls, 'GET', withdrawalPaths.personalProfit).at(-1)!;
    expect(Number(last.query.get('endTime')) - Number(last.query.get('startTime'))).toBeGreaterThanOrEqual(
      23 * 3600_000,
    );
    expect(Number(last.query.get('endTime')) - Number(last.query.get('startTime'))).toBeLessThanOrEqual(25 * 3600_000);
    expect(Number(last.query.get('utcOffsetMinutes'))).toBe(0 - new Date().getTimezoneOffset());
  });

  test('the games’ profit and loss in total, by day and by game type, coloured', async () => {
    installMoneyApi({
      [`GET ${apiPaths.gameMenus}`]: () => ok([liveMenu]),
      [`GET ${withdrawalPaths.personalProfit}`]: () =>
        ok({
          currency: 'THB',
          depositAmount: '0.00',
          withdrawalAmount: '0.00',
          profitAmount: '0.00',
          betAmount: '35.00',
          winAmount: '30.00',
          validBetAmount: '35.00',
          gameProfitAmount: '-5.00',
          gameByDay: [
            { day: '2026-11-21', ...line(1, '5.00', '5.00', '0.00') },
            { day: '2026-11-20', ...line(2, '30.00', '25.00', '-5.00') },
          ],
          gameByType: [
            { gameType: 'LIVE', ...line(1, '20.00', '0.00', '-20.00') },
            { gameType: null, ...line(2, '15.00', '30.00', '15.00') },
          ],
        } satisfies PersonalProfit),
    });
    renderWithProviders(<PersonalProfitPage />);
    const byDay = await screen.findByRole('table', { name: 'Games by day' });
    const dayRows = within(byDay).getAllByRole('row');
    expect(within(dayRows[1]!).getByText('21/11/2026')).toBeTruthy();
    expect(within(dayRows[2]!).getByText('20/11/2026')).toBeTruthy();
    expect(within(dayRows[2]!).getByText('−5.00').className).toContain('money-amount--out');
    const typeRows = within(screen.getByRole('table', { name: 'Games by type' })).getAllByRole('row');
    expect(await within(typeRows[1]!).findByText('Live Casino')).toBeTruthy();
    expect(within(typeRows[1]!).getByText('−20.00')).toBeTruthy();
    expect(within(typeRows[2]!).getByText('Other')).toBeTruthy();
    expect(within(typeRows[2]!).getByText('+15.00').className).toContain('money-amount--in');
    expect(screen.getByText('35.00', { selector: '.money-profit__value' })).toBeTruthy();
    expect(screen.getByText('−5.00', { selector: '.money-profit__value' }).className).toContain('money-amount--out');
  });

  test('the games’ part in Thai', async () => {
    installMoneyApi({
      [`GET ${withdrawalPaths.personalProfit}`]: () =>
        ok({
          currency: 'THB',
          depositAmount: '0.00',
          withdrawalAmount: '0.00',
          profitAmount: '0.00',
          ...noGames,
        } satisfies PersonalProfit),
    });
    await switchLanguage('TH');
    renderWithProviders(<PersonalProfitPage />);
    expect(await screen.findByText('ไม่มีรอบที่ออกผลแล้วในช่วงเวลานี้')).toBeTruthy();
    expect(screen.getByText('ได้/เสียจากเกม')).toBeTruthy();
  });
});
