// @vitest-environment jsdom
import {
  adminApiPaths,
  adminLotteryBookSchema,
  adminLotteryDrawPageSchema,
  adminLotteryErrorCodes,
  adminLotteryGamesSchema,
  adminLotteryNumberRulesSchema,
  adminLotteryOrderPageSchema,
  adminLotteryPaths,
  operatorPermissions,
} from '@lotus/contract';
import { screen, waitFor, within } from '@testing-library/dom';
import { afterEach, describe, expect, test } from 'vitest';
import {
  callsTo,
  closeBackOffice,
  findDialog,
  installFakeApi,
  ok,
  openBackOffice,
  operatorMe,
  refuse,
} from '../../testing/back-office';

afterEach(closeBackOffice);

const setting = {
  enabled: true,
  minStakePerUnit: '1.00',
  maxOrderAmount: '50000.00',
  maxMemberDrawAmount: '200000.00',
  maxMultiple: 1000,
  minSeries: 1800,
  maxSeries: 2000,
  maxNumberPayout: '2400.00',
  overLimitMode: 'refuse',
  maxProfit: null,
  allowCancel: true,
  cancelFeeBps: 250,
  version: 3,
  updatedAt: Date.UTC(2026, 10, 27, 7),
};
const games = adminLotteryGamesSchema.parse({
  items: [
    {
      gameId: 4,
      gameCode: 'FAST3D_5M',
      nameTh: 'หวยด่วน 3 ตัว',
      nameEn: 'Fast 3D',
      family: 'FAST3D',
      kind: 'house',
      isGameEnabled: true,
      setting,
      plays: [
        { playId: 2055, playCode: 'THAI_3TOP', isNumberPlay: true },
        { playId: 2060, playCode: 'THAI_2TOP', isNumberPlay: true },
      ],
    },
  ],
});
const drawsAt = Date.UTC(2026, 10, 27, 7, 5);
const openDraw = {
  drawId: '77',
  numero: '20261127-0169',
  status: 'open',
  locksAt: drawsAt - 15_000,
  drawsAt,
  winningNumber: null,
  waitingOrders: 3,
  waitingStake: '5.00',
  refundedOrders: 0,
  isCancellable: false,
};
const book = adminLotteryBookSchema.parse({
  gameId: 4,
  gameCode: 'FAST3D_5M',
  draw: openDraw,
  totals: { orders: 3, stake: '5.00', members: 2, maxPayout: '2400.00' },
  numbers: [
    { playCode: 'THAI_3TOP', number: '456', stake: '3.00', payout: '2400.00', limit: '2400.00', isClosed: false },
    { playCode: 'THAI_3TOP', number: '457', stake: '1.00', payout: '800.00', limit: null, isClosed: false },
  ],
  numberCount: 2,
  plays: [{ playCode: 'THAI_3TOP', isNumberPlay: true, orders: 3, stake: '5.00' }],
});
const lockedDraw = { ...openDraw, drawId: '70', numero: '20261127-0160', status: 'locked', isCancellable: true };

describe('the lottery page', () => {
  test('lottery.manage opens the book of the current draw, highest payout first with its limit, read again while open', async () => {
    const { calls } = installFakeApi({
      [`GET ${adminApiPaths.me}`]: () => ok(operatorMe(['lottery.manage'])),
      [`GET ${adminLotteryPaths.games}`]: () => ok(games),
      [`GET ${adminLotteryPaths.book}`]: () => ok(book),
    });
    await openBackOffice('Lottery');
    const numbers = await screen.findByRole('table', { name: 'Payout if each number wins' });
    const rows = within(numbers).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/THAI_3TOP456.*3\.00.*2,400\.00.*2,400\.00.*100 % used/),
      expect.stringMatching(/THAI_3TOP457.*1\.00.*800\.00.*No limit/),
    ]);
    expect(screen.getByTestId('lottery-book-stake').textContent).toContain('5.00');
    expect(screen.getByText('Live: refreshed every 3 s')).toBeTruthy();
    const first = callsTo(calls, 'GET', adminLotteryPaths.book)[0]!;
    expect(first.query.get('gameId')).toBe('4');
    expect(first.query.get('numero')).toBeNull();
    await waitFor(() => expect(callsTo(calls, 'GET', adminLotteryPaths.book).length).toBeGreaterThan(1), {
      timeout: 6_000,
    });
  });

  test("a game's setting is saved with the version read; limits out of order are refused under the field, and a stale form says so", async () => {
    const settingPath = adminLotteryPaths.gameSetting.replace(':gameId', '4');
    let stale = false;
    const { calls } = installFakeApi({
      [`GET ${adminLotteryPaths.games}`]: () => ok(games),
      [`GET ${adminLotteryPaths.book}`]: () => ok(book),
      [`PUT ${settingPath}`]: () =>
        stale
          ? refuse(
              409,
              adminLotteryErrorCodes.settingStale,
              'Someone changed this game’s settings meanwhile.',
              'version',
            )
          : ok({ ...setting, maxNumberPayout: null, version: 4 }),
    });
    const user = await openBackOffice('Lottery');
    await user.click(await screen.findByRole('link', { name: 'Games and limits' }));
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await findDialog('Settings: Fast 3D');
    const maxOrder = within(dialog).getByLabelText('Maximum per bet');
    await user.clear(maxOrder);
    await user.type(maxOrder, '0.50');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Must not be below the minimum stake')).toBeTruthy();
    expect(callsTo(calls, 'PUT', settingPath)).toHaveLength(0);

    await user.clear(maxOrder);
    await user.type(maxOrder, '50000');
    await user.clear(within(dialog).getByLabelText('Payout limit per number'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'PUT', settingPath)).toHaveLength(1));
    expect(callsTo(calls, 'PUT', settingPath)[0]!.body).toEqual({
      ...setting,
      updatedAt: undefined,
      maxOrderAmount: '50000',
      maxNumberPayout: null,
    });

    expect(await screen.findByText('Game settings saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Settings: Fast 3D' })).toBeNull());
    stale = true;
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const again = await findDialog('Settings: Fast 3D');
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    expect(await within(again).findByText(/Someone changed this game’s settings/)).toBeTruthy();
  });

  test('a draw past its lock is cancelled only with a reason, after a confirmation that says what is refunded', async () => {
    const draws = adminLotteryDrawPageSchema.parse({ items: [openDraw, lockedDraw], page: 1, pageSize: 20, total: 2 });
    const { calls } = installFakeApi({
      [`GET ${adminLotteryPaths.games}`]: () => ok(games),
      [`GET ${adminLotteryPaths.book}`]: () => ok(book),
      [`GET ${adminLotteryPaths.draws}`]: () => ok(draws),
      [`POST ${adminLotteryPaths.cancelDraw}`]: () =>
        ok({ drawId: '70', refundedOrders: 3, refundedAmount: '5.00', members: 2 }),
    });
    const user = await openBackOffice('Lottery');
    await user.click(await screen.findByRole('link', { name: 'Draws' }));
    const table = await screen.findByRole('table', { name: 'Draws' });
    await within(table).findByText('20261127-0160');
    // Only the draw whose bets are closed offers the action.
    const buttons = within(table).getAllByRole('button', { name: 'Cancel draw' });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]!);
    const dialog = await findDialog('Cancel this draw?');
    expect(dialog.textContent).toContain('20261127-0160 (3 bets, 5.00)');
    const confirm = within(dialog).getByRole('button', { name: 'Cancel draw' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Reason'), 'No result from the source');
    await user.click(confirm);
    await waitFor(() => expect(callsTo(calls, 'POST', adminLotteryPaths.cancelDraw)).toHaveLength(1));
    expect(callsTo(calls, 'POST', adminLotteryPaths.cancelDraw)[0]!.body).toEqual({
      gameId: 4,
      numero: '20261127-0160',
      reason: 'No result from the source',
    });
    expect(await screen.findByText('Draw cancelled: 3 bets refunded (5.00) to 2 members')).toBeTruthy();
  });

  test('blocked numbers: a number is added for a number play, a server refusal shows under its field', async () => {
    const rulesPath = adminLotteryPaths.numberRules.replace(':gameId', '4');
    const { calls } = installFakeApi({
      [`GET ${adminLotteryPaths.games}`]: () => ok(games),
      [`GET ${adminLotteryPaths.book}`]: () => ok(book),
      [`GET ${rulesPath}`]: () => ok(adminLotteryNumberRulesSchema.parse({ items: [] })),
      [`POST ${rulesPath}`]: (call) =>
        (call.body as { number: string }).number === '777'
          ? refuse(409, adminLotteryErrorCodes.numberRuleExists, 'This number already has a rule.', 'number')
          : ok({
              ruleId: '5',
              playCode: 'THAI_2TOP',
              number: '12',
              closed: false,
              maxPayout: '100.00',
              numero: null,
              createdAt: Date.now(),
            }),
    });
    const user = await openBackOffice('Lottery');
    await user.click(await screen.findByRole('link', { name: 'Blocked numbers' }));
    expect(await screen.findByText('No blocked numbers')).toBeTruthy();
    await user.type(screen.getByLabelText('Number'), '777');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('This number already has a rule.')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Play'), 'THAI_2TOP');
    await user.clear(screen.getByLabelText('Number'));
    await user.type(screen.getByLabelText('Number'), '12');
    await user.selectOptions(screen.getByLabelText('Rule'), 'limit');
    await user.type(screen.getByLabelText('Limit'), '100');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(callsTo(calls, 'POST', rulesPath)).toHaveLength(2));
    expect(callsTo(calls, 'POST', rulesPath)[1]!.body).toEqual({
      playCode: 'THAI_2TOP',
      number: '12',
      closed: false,
      maxPayout: '100',
      numero: null,
    });
  });

  test('orders are searched by member and status; an operator without lottery.manage has no menu entry', async () => {
    const { calls } = installFakeApi({
      [`GET ${adminLotteryPaths.games}`]: () => ok(games),
      [`GET ${adminLotteryPaths.book}`]: () => ok(book),
      [`GET ${adminLotteryPaths.orders}`]: () =>
        ok(adminLotteryOrderPageSchema.parse({ items: [], page: 1, pageSize: 20, total: 0 })),
    });
    const user = await openBackOffice('Lottery');
    await user.click(await screen.findByRole('link', { name: 'Bets' }));
    await user.type(await screen.findByLabelText('Member'), 'somchai01');
    await user.selectOptions(screen.getByLabelText('Status'), '12');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(
        callsTo(calls, 'GET', adminLotteryPaths.orders).some(
          (call) => call.query.get('username') === 'somchai01' && call.query.get('status') === '12',
        ),
      ).toBe(true),
    );
    await closeBackOffice();

    installFakeApi({
      [`GET ${adminApiPaths.me}`]: () => ok(operatorMe(operatorPermissions.filter((p) => p !== 'lottery.manage'))),
    });
    await openBackOffice('Dashboard');
    const menu = screen.getByRole('complementary', { name: 'Main menu' });
    expect(within(menu).queryByRole('link', { name: 'Lottery' })).toBeNull();
  });
});
