// @vitest-environment jsdom
import {
  dailySummaryReportSchema,
  gameReportSchema,
  memberReportSchema,
  paymentReportSchema,
  reportsPaths,
} from '@lotus/contract';
import { screen, waitFor, within } from '@testing-library/dom';
import { afterEach, describe, expect, test } from 'vitest';
import { callsTo, closeBackOffice, installFakeApi, ok, openBackOffice, refuse } from '../../testing/back-office';

afterEach(closeBackOffice);

const line = {
  registrations: 1,
  firstDeposits: 1,
  activePlayers: 2,
  depositCount: 2,
  deposits: '131.22',
  withdrawalCount: 1,
  withdrawals: '200.00',
  rounds: 2,
  bets: '250.01',
  validBets: '240.01',
  payouts: '199.99',
  ggr: '50.02',
  bonuses: '10.00',
  rebates: '2.50',
  ngr: '37.52',
};

const daily = dailySummaryReportSchema.parse({
  timezone: 'Asia/Bangkok',
  from: '2026-03-08',
  to: '2026-03-09',
  days: [
    { ...line, day: '2026-03-08', live: false, ggr: '-150.50', ngr: '-150.50', activePlayers: 1 },
    { ...line, day: '2026-03-09', live: true },
  ],
  totals: { ...line, ggr: '-100.48', ngr: '-112.98', activePlayers: 3, bets: '1234567.89' },
});

const games = gameReportSchema.parse({
  timezone: 'Asia/Bangkok',
  from: '2026-03-08',
  to: '2026-03-09',
  vendors: [
    {
      vendor: 'BRHOUSE',
      vendorName: 'House Games',
      rounds: 3,
      players: 3,
      bets: '153.34',
      validBets: '153.34',
      payouts: '251.50',
      ggr: '-98.16',
      rtp: '164.01',
    },
  ],
  games: [
    {
      vendor: 'BRHOUSE',
      vendorName: 'House Games',
      gameId: 'br-slot',
      gameName: 'Lucky Slot',
      rounds: 3,
      players: 3,
      bets: '153.34',
      validBets: '153.34',
      payouts: '251.50',
      ggr: '-98.16',
      rtp: '164.01',
    },
  ],
  totals: {
    rounds: 3,
    players: 3,
    bets: '153.34',
    validBets: '153.34',
    payouts: '251.50',
    ggr: '-98.16',
    rtp: '164.01',
  },
});

const payments = paymentReportSchema.parse({
  timezone: 'Asia/Bangkok',
  from: '2026-03-08',
  to: '2026-03-09',
  deposits: [{ channel: 'DEMOPAY', status: 'approved', count: 2, amount: '623.45', avgProcessingSeconds: 330 }],
  depositTotals: { count: 2, amount: '623.45', avgProcessingSeconds: 330 },
  withdrawals: [],
  withdrawalTotals: { count: 0, amount: '0.00', avgProcessingSeconds: null },
});

const members = memberReportSchema.parse({
  timezone: 'Asia/Bangkok',
  from: '2026-03-08',
  to: '2026-03-09',
  winners: [
    {
      memberId: '1',
      username: 'rep_alice',
      rounds: 2,
      bets: '300.00',
      payouts: '450.49',
      profit: '150.49',
      deposits: '507.77',
      withdrawals: '200.00',
      bonuses: '10.00',
    },
  ],
  losers: [],
  totals: {
    members: 1,
    rounds: 2,
    bets: '300.00',
    payouts: '450.49',
    profit: '150.49',
    deposits: '507.77',
    withdrawals: '200.00',
    bonuses: '10.00',
  },
});

function routes(extra: Record<string, () => ReturnType<typeof ok>> = {}) {
  return {
    [`GET ${reportsPaths.daily}`]: () => ok(daily),
    [`GET ${reportsPaths.games}`]: () => ok(games),
    [`GET ${reportsPaths.payments}`]: () => ok(payments),
    [`GET ${reportsPaths.members}`]: () => ok(members),
    [`GET ${reportsPaths.gamesCsv}`]: () => ok('csv'),
    ...extra,
  };
}

describe('reports page', () => {
  test('the daily summary with its totals line, the range sent as typed, the tabs and the CSV of the shown tab', async () => {
    const { calls } = installFakeApi(routes());
    const user = await openBackOffice('Reports');
    // The page is a lazy chunk (recharts): its first load may take a while.
    const table = await screen.findByRole('table', { name: 'Daily summary' }, { timeout: 20_000 });
    expect(await screen.findByText('Days in Asia/Bangkok')).toBeTruthy();
    const rows = within(table).getAllByRole('row');
    // Header, newest day first, then the totals line.
    expect(rows).toHaveLength(4);
    expect(rows[1]!.textContent).toContain('2026-03-09 · live');
    expect(rows[2]!.textContent).toContain('-150.50');
    expect(rows[3]!.textContent).toContain('Total');
    expect(rows[3]!.textContent).toContain('1,234,567.89');
    expect(rows[3]!.textContent).toContain('-112.98');

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-03-09');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => {
      const sent = callsTo(calls, 'GET', reportsPaths.daily).at(-1)!;
      expect([sent.query.get('from'), sent.query.get('to')]).toEqual(['2026-03-01', '2026-03-09']);
    });

    await user.click(screen.getByRole('tab', { name: 'Vendors and games' }));
    const byGame = await screen.findByRole('table', { name: 'By game' });
    expect(await within(byGame).findByText('Lucky Slot')).toBeTruthy();
    expect(within(byGame).getAllByText('164.01%')).toHaveLength(2);
    expect(callsTo(calls, 'GET', reportsPaths.games).at(-1)!.query.get('from')).toBe('2026-03-01');

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(callsTo(calls, 'GET', reportsPaths.gamesCsv)).toHaveLength(1));
    expect(callsTo(calls, 'GET', reportsPaths.gamesCsv)[0]!.query.get('to')).toBe('2026-03-09');

    await user.click(screen.getByRole('tab', { name: 'Deposits and withdrawals' }));
    const deposits = await screen.findByRole('table', { name: 'Deposits' });
    expect(await within(deposits).findAllByText('6 min')).toHaveLength(2);
    await user.click(screen.getByRole('tab', { name: 'Members' }));
    const winners = await screen.findByRole('table', { name: 'Top winners' });
    expect(await within(winners).findByText('rep_alice')).toBeTruthy();
    expect(within(winners).getByText('+150.49')).toBeTruthy();
  }, 90_000);

  test("a refused range shows the server's message", async () => {
    installFakeApi(
      routes({
        [`GET ${reportsPaths.daily}`]: () => refuse(400, 'validation.failed', 'To: the range is too long', 'to'),
      }),
    );
    await openBackOffice('Reports');
    expect(await screen.findByText('To: the range is too long', {}, { timeout: 20_000 })).toBeTruthy();
  });
});
