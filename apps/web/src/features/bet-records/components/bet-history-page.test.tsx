// @vitest-environment jsdom
import { apiPaths, betRecordPaths, type BetRecord, type BetTotals, type GameMenu } from '@lotus/contract';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { ModalHost } from '../../../app/modal-host';
import { session } from '../../../lib/session';
import { modalStore } from '../../../stores/modal-store';
import betRecordsEn from '../../../locales/bet-records/en.json';
import betRecordsTh from '../../../locales/bet-records/th.json';
import { callsTo, initMoneyI18n, installMoneyApi, ok, renderWithProviders, switchLanguage } from '../../money/testing';

let BetHistoryPage: ComponentType;

beforeAll(async () => {
  await initMoneyI18n();
  i18next.addResourceBundle('en', 'translation', betRecordsEn, true, false);
  i18next.addResourceBundle('th', 'translation', betRecordsTh, true, false);
  ({ BetHistoryPage } = await import('./bet-history-page'));
});
beforeEach(async () => {
  window.sessionStorage.clear();
  session.logIn('token-1');
  await switchLanguage('EN');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  modalStore.set(null);
});

const vendor = (vassalage: string, displayName: string, gameType: string) => ({
  vassalage,
  gameType,
  gameCategory: gameType as GameMenu['gameCategory'],
  displayName,
  accountTypeName: vassalage,
  isHot: 0 as const,
  logoUrl: '',
  logoKind: 'SLOT' as const,
  sort: 1,
});
const menus: GameMenu[] = [
  {
    gameCategory: 'LIVE',
    name: 'nav_live',
    gameType: 'LIVE',
    page: '/live',
    enName: 'Live Casino',
    pointRate: null,
    vendors: [vendor('ACMELIVE', 'Acme Live', 'LIVE')],
  },
  {
    gameCategory: 'RNG',
    name: 'nav_rng',
    gameType: 'RNG',
    page: '/rng',
    enName: 'Slots',
    pointRate: null,
    vendors: [vendor('HOUSE', 'House Games', 'RNG')],
  },
];

const record = (recordId: number, overrides: Partial<BetRecord>): BetRecord => ({
  recordId,
  vassalage: 'HOUSE',
  vendorName: 'House Games',
  gameId: 'slot-1',
  gameName: 'Lucky Slot',
  gameType: 'RNG',
  gameCategory: 'RNG',
  roundId: `round-${recordId}`,
  stake: '10.00',
  validBet: '10.00',
  payout: '25.00',
  profit: '15.00',
  result: 'win',
  status: 'settled',
  betCount: 1,
  betTime: Date.UTC(2026, 10, 20, 3, recordId),
  settledTime: Date.UTC(2026, 10, 20, 3, recordId),
  fairness: null,
  ...overrides,
});
const totals: BetTotals = {
  recordCount: 3,
  stakeAmount: '38.00',
  validBetAmount: '38.00',
  payoutAmount: '25.00',
  profitAmount: '-5.00',
};
const answer = (pageNo: number, content: BetRecord[], totalPages = 2) =>
  ok({ content, pageNo, pageSize: 15, totalElements: 3, totalPages, currency: 'THB', totals });

describe('personalHistoryCopy', () => {
  test('each round with game, vendor, round, stake, valid bet, payout, coloured win or loss and status; totals of the filter', async () => {
    installMoneyApi({
      [`GET ${apiPaths.gameMenus}`]: () => ok(menus),
      [`GET ${betRecordPaths.betHistory}`]: () =>
        answer(
          1,
          [
            record(3, {
              vassalage: 'ACMELIVE',
              vendorName: 'Acme Live',
              gameName: 'Baccarat A',
              gameType: 'LIVE',
              stake: '20.00',
              validBet: '20.00',
              payout: '0.00',
              profit: '-20.00',
              result: 'loss',
              betCount: 2,
            }),
            record(2, {
              stake: '8.00',
              validBet: '8.00',
              payout: '0.00',
              profit: null,
              result: null,
              status: 'open',
              settledTime: null,
            }),
            record(1, {}),
          ],
          1,
        ),
    });
    renderWithProviders(<BetHistoryPage />);
    const table = await screen.findByRole('table', { name: 'Betting record' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Baccarat A')).toBeTruthy();
    expect(await within(rows[1]!).findByText('Acme Live · Live Casino')).toBeTruthy();
    expect(within(rows[1]!).getByText('Round round-3')).toBeTruthy();
    expect(within(rows[1]!).getByText('Bets: 2')).toBeTruthy();
    expect(within(rows[1]!).getByText('−20.00').className).toContain('money-amount--out');
    expect(within(rows[1]!).getByText('Loss').className).toContain('bets-result--loss');
    expect(within(rows[1]!).getByText('Settled')).toBeTruthy();
    expect(within(rows[2]!).getByText('Waiting for result')).toBeTruthy();
    expect(within(rows[2]!).getByText('—')).toBeTruthy();
    expect(within(rows[3]!).getByText('+15.00').className).toContain('money-amount--in');
    expect(within(rows[3]!).getByText('Win')).toBeTruthy();
    expect(within(rows[3]!).getByText('25.00')).toBeTruthy();
    const summary = screen.getByLabelText('Totals of the filter');
    const total = (label: string) =>
      within(summary).getByText(label).closest('.bets-totals__item')!.querySelector('dd')!;
    expect(total('Rounds').textContent).toBe('3');
    expect(total('Total stake').textContent).toBe('38.00');
    expect(total('Total valid bet').textContent).toBe('38.00');
    expect(total('Total payout').textContent).toBe('25.00');
    expect(total('Win/loss (settled)').textContent).toBe('−5.00');
    expect(total('Win/loss (settled)').firstElementChild!.className).toContain('money-amount--out');
  });

  test('filters by vendor, game type and dates, back to page 1; paging asks the next page', async () => {
    const { calls } = installMoneyApi({
      [`GET ${apiPaths.gameMenus}`]: () => ok(menus),
      [`GET ${betRecordPaths.betHistory}`]: (call) => {
        const pageNo = Number(call.query.get('pageNo'));
        return answer(
          pageNo,
          pageNo === 1 ? [record(3, {}), record(2, {})] : [record(1, { roundId: 'the-last-round' })],
        );
      },
    });
    renderWithProviders(<BetHistoryPage />);
    await screen.findByRole('table', { name: 'Betting record' });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Page 2' })));
    expect(await screen.findByText('Round the-last-round')).toBeTruthy();
    expect(callsTo(calls, 'GET', betRecordPaths.betHistory).at(-1)!.query.get('pageNo')).toBe('2');

    await screen.findByRole('option', { name: 'Acme Live' });
    fireEvent.change(screen.getByLabelText('Vendor'), { target: { value: 'ACMELIVE' } });
    fireEvent.change(screen.getByLabelText('Game type'), { target: { value: 'LIVE' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-20' } });
    await screen.findByText('Round round-3');
    const last = callsTo(calls, 'GET', betRecordPaths.betHistory).at(-1)!;
    expect(last.query.get('vassalage')).toBe('ACMELIVE');
    expect(last.query.get('gameType')).toBe('LIVE');
    expect(last.query.get('pageNo')).toBe('1');
    expect(Number(last.query.get('startTime'))).toBe(new Date(2026, 10, 1).getTime());
    expect(Number(last.query.get('endTime'))).toBe(new Date(2026, 10, 21).getTime());
  });

  test('an empty period says so, in Thai too', async () => {
    installMoneyApi({
      [`GET ${apiPaths.gameMenus}`]: () => ok(menus),
      [`GET ${betRecordPaths.betHistory}`]: () =>
        ok({
          content: [],
          pageNo: 1,
          pageSize: 15,
          totalElements: 0,
          totalPages: 0,
          currency: 'THB',
          totals: { ...totals, recordCount: 0 },
        }),
    });
    await switchLanguage('TH');
    renderWithProviders(<BetHistoryPage />);
    expect(await screen.findByText('ไม่มีรายการเดิมพันในช่วงเวลานี้')).toBeTruthy();
  });

  test("a house game's round links to /fair with its seeds and nonce; the member centre closes on the way", async () => {
    const fairness = {
      serverSeedHash: 'ab'.repeat(32),
      clientSeed: 'lucky',
      nonce: 7,
      outcome: JSON.stringify({ stops: [1, 2, 3, 4, 5], freeSpins: 0 }),
    };
    installMoneyApi({
      [`GET ${apiPaths.gameMenus}`]: () => ok(menus),
      [`GET ${betRecordPaths.betHistory}`]: () => answer(1, [record(2, { stake: '2.00', fairness }), record(1, {})], 1),
    });
    modalStore.set({ kind: 'memberCentre', page: 'personalHistoryCopy' });
    renderWithProviders(<BetHistoryPage />);
    const rows = within(await screen.findByRole('table', { name: 'Betting record' })).getAllByRole('row');
    const link = within(rows[1]!).getByRole('link', { name: 'Verify this round' });
    expect(link.getAttribute('href')).toBe(
      `/fair?game=slot&hash=${'ab'.repeat(32)}&clientSeed=lucky&nonce=7&betPerLine=10`,
    );
    expect(within(rows[2]!).queryByRole('link')).toBeNull();
    fireEvent.click(link);
    expect(modalStore.get()).toBeNull();
  });
});

describe('in the member centre', () => {
  test('the navigation has the betting record between the transaction history and profit and loss', async () => {
    installMoneyApi({
      [`GET ${apiPaths.whitelabel}`]: () => ok({ merchantCode: 'demo', switches: { memberCentre: true } }),
      [`GET ${apiPaths.gameMenus}`]: () => ok(menus),
      [`GET ${betRecordPaths.betHistory}`]: () => answer(1, [record(1, {})], 1),
    });
    renderWithProviders(<ModalHost />);
    act(() => modalStore.set({ kind: 'memberCentre', page: 'transactionHistory' }));
    const dialog = await screen.findByRole('dialog', { name: 'Member centre' });
    const nav = within(dialog).getByRole('navigation', { name: 'Member centre' });
    const names = within(nav)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(names.slice(names.indexOf('Transaction history'), names.indexOf('Profit and loss') + 1)).toEqual([
      'Transaction history',
      'Betting record',
      'Profit and loss',
    ]);
    fireEvent.click(within(nav).getByRole('button', { name: 'Betting record' }));
    expect(modalStore.get()).toEqual({ kind: 'memberCentre', page: 'personalHistoryCopy' });
    expect(await within(dialog).findByRole('table', { name: 'Betting record' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Betting record' }).getAttribute('aria-current')).toBe('page');
  });
});
