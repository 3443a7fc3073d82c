// @vitest-environment jsdom
import {
  apiPaths,
  lotteryCancelResultSchema,
  lotteryNearNumerosSchema,
  lotteryOrderDetailSchema,
  lotteryOrderPaths,
  lotteryOrdersSchema,
  lotteryPaths,
  lotteryPlaceOrderResultSchema,
  type LotteryGame,
  type LotteryNumero,
  type LotteryOrderRow,
} from '@lotus/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { session } from '../../../lib/session';
import { modalStore } from '../../../stores/modal-store';
import { ok, refuse, type FakeCall, type FakeRoute } from '../../auth/testing';
import { switchLanguage } from '../../money/testing';
import { drawNumero, gameSettingOf, installGamePageApi, renderLotteryPage, setUpLotteryPageTests } from '../testing';

/**
 * The bet slip and the member's lottery bets against a fake API whose answers are parsed with the
 * contract's schemas: the slip's count and total (counted with @lotus/fair) and the request it sends,
 * a refusal shown at the field it names, a visitor asked to log in, the records with their statuses
 * in words and the cancellation asked first with its fee.
 */
setUpLotteryPageTests();

const fast5d: LotteryGame = {
  gameId: 1,
  gameCode: 'FAST5D_1M',
  gameName: 'Fast 5D 1 minute',
  family: 'FAST5D',
  prizeModeId: 3,
  gameGroupCode: 'FAST5D',
  defaultPlayType: 2,
  drawInterval: 60,
  lockTime: 5,
  liveVideoSwitch: false,
  isHouseDrawn: true,
  drawWeekdays: [],
};

const numero = (value: string, overrides: Partial<LotteryNumero> = {}): LotteryNumero =>
  drawNumero(value, {
    remainTime: 65_000,
    lockTime: 5,
    drawTime: Date.UTC(2026, 10, 27, 14, 5),
    serverSeedHash: 'a'.repeat(64),
    clientSeed: `FAST5D_1M:${value}`,
    ...overrides,
  });

const near = lotteryNearNumerosSchema.parse({
  currentNumero: numero('20261127-0845'),
  nextNumero: numero('20261127-0846', { remainTime: 125_000 }),
  previousNumero: null,
});

const setting = gameSettingOf(fast5d, {
  cancelFeePercent: '2.5',
  minSeries: 1800,
  plays: [
    { playId: 9001, playCode: 'FAST5D_POS', odds: '9.80' },
    { playId: 9003, playCode: 'FAST5D_SUM_BSOE', odds: '1.96' },
  ],
});

function installLotteryApi(routes: Record<string, FakeRoute> = {}) {
  return installGamePageApi({ games: [fast5d], game: fast5d, near, setting }, routes);
}

const callsTo = (calls: FakeCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

async function openBetPanel() {
  renderLotteryPage('/lottery?gameCode=FAST5D_1M');
  const panel = await screen.findByRole('region', { name: 'Place a bet' }, { timeout: 5_000 });
  await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('Betting on draw 20261127-0845'));
  return panel;
}

/** Position 1's "All" and a stake of 2.00 at multiple 3, added to the slip: 10 combinations, 60.00. */
function addAllDigitsAtFirst(panel: HTMLElement) {
  fireEvent.click(within(panel).getByRole('button', { name: 'All: position 1' }));
  expect(within(panel).getByText('Combinations: 10')).toBeTruthy();
  fireEvent.change(within(panel).getByLabelText('Stake per combination'), { target: { value: '2' } });
  fireEvent.change(within(panel).getByLabelText('Multiple'), { target: { value: '3' } });
  fireEvent.click(within(panel).getByRole('button', { name: 'Add to slip' }));
}

// The panel draws five rows of ten digits and their quick picks: the first render is slow in jsdom.
describe('the bet slip', { timeout: 20_000 }, () => {
  test('counts and totals each bet as the server does, with a chase; sends it and shows the orders and balance', async () => {
    session.logIn('token-1');
    const placed = lotteryPlaceOrderResultSchema.parse({
      masterNo: 'AB12CD',
      chaseNo: 'CH12CD',
      orders: ['0845', '0846', '0847'].map((draw, index) => ({
        orderId: String(100 + index),
        orderNo: `AB12CD-00${index + 1}`,
        numero: `20261127-${draw}`,
        playId: 9001,
        betNum: 10,
        betAmount: '60.00',
        reducedNumbers: [],
      })),
      totalAmount: '216.00',
      balance: '784.00',
    });
    const { calls } = installLotteryApi({ [`POST ${lotteryOrderPaths.place}`]: () => ok(placed) });
    const panel = await openBetPanel();

    addAllDigitsAtFirst(panel);
    const slip = within(panel).getByRole('list', { name: 'Bet slip' });
    expect(within(slip).getByText('0,1,2,3,4,5,6,7,8,9|-|-|-|-')).toBeTruthy();
    expect(within(panel).getByTestId('slip-total').textContent).toBe('฿60.00');

    // Sum big and odd: 2 combinations at the same stake and multiple, 12.00 more.
    fireEvent.click(within(panel).getByRole('button', { name: 'Sum big/small/odd/even' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Big' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Odd' }));
    expect(within(panel).getByText('Combinations: 2')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Add to slip' }));
    expect(within(panel).getByTestId('slip-total').textContent).toBe('฿72.00');

    // A chase of 3 draws pays each draw now.
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Chase' }));
    fireEvent.change(within(panel).getByLabelText('Draws (2-120)'), { target: { value: '3' } });
    expect(within(panel).getByTestId('slip-total').textContent).toBe('฿216.00');

    const balanceReads = () => callsTo(calls, 'GET', apiPaths.walletBalance).length;
    const readsBefore = balanceReads();
    fireEvent.click(within(panel).getByRole('button', { name: 'Place bets' }));
    expect(await within(panel).findByText('Bets placed · orders: 3')).toBeTruthy();
    expect(callsTo(calls, 'POST', lotteryOrderPaths.place)[0]!.body).toEqual({
      gameId: 1,
      numero: '20261127-0845',
      bets: [
        {
          playId: 9001,
          betContent: '0,1,2,3,4,5,6,7,8,9|-|-|-|-',
          betNum: 10,
          stakePerUnit: '2.00',
          multiple: 3,
          series: 2000,
        },
        { playId: 9003, betContent: 'BIG,ODD', betNum: 2, stakePerUnit: '2.00', multiple: 3, series: 2000 },
      ],
      totalAmount: '216.00',
      chase: { phases: 3, stopOnWin: true },
    });
    expect(within(panel).getByText('AB12CD-001 · draw 20261127-0845')).toBeTruthy();
    expect(within(panel).getByText(/Balance ฿784\.00/)).toBeTruthy();
    // The header's balance is read again, as after any money move.
    await waitFor(() => expect(balanceReads()).toBeGreaterThan(readsBefore));
    expect(within(panel).getByText('Your slip is empty.')).toBeTruthy();
  });

  test('a refusal naming a bet is shown on that bet of the slip, in the member language the server answers', async () => {
    await switchLanguage('TH');
    session.logIn('token-1');
    installLotteryApi({
      [`POST ${lotteryOrderPaths.place}`]: () =>
        refuse(400, 'LGS_BETTING_MULTIPLE_OVER_LIMITS', 'จำนวนเท่าเกินกว่าที่เกมกำหนด (สูงสุด 1000)', 'bets[1].multiple'),
    });
    renderLotteryPage('/lottery?gameCode=FAST5D_1M');
    const panel = await screen.findByRole('region', { name: 'แทงหวย' }, { timeout: 5_000 });
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('แทงงวด 20261127-0845'));
    fireEvent.click(within(panel).getByRole('button', { name: 'ทั้งหมด: หลักที่ 1' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'เพิ่มลงโพย' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'สูง/ต่ำ/คี่/คู่ ตามหลัก' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'หลักที่ 2' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'คู่' }));
    expect(within(panel).getByText('จำนวนชุด: 1')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'เพิ่มลงโพย' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'ยืนยันการแทง' }));

    const [first, second] = within(within(panel).getByRole('list', { name: 'โพย' })).getAllByRole('listitem');
    await waitFor(() =>
      expect(within(second!).getByRole('alert').textContent).toBe('จำนวนเท่าเกินกว่าที่เกมกำหนด (สูงสุด 1000)'),
    );
    expect(second!.getAttribute('aria-invalid')).toBe('true');
    expect(within(first!).queryByRole('alert')).toBeNull();
  });

  test('a stake that is not an amount is refused at its field before anything is sent', async () => {
    session.logIn('token-1');
    installLotteryApi();
    const panel = await openBetPanel();
    fireEvent.click(within(panel).getByRole('button', { name: '7 at position 3' }));
    fireEvent.change(within(panel).getByLabelText('Stake per combination'), { target: { value: '0' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add to slip' }));
    const stake = within(panel).getByLabelText('Stake per combination');
    expect(stake.getAttribute('aria-invalid')).toBe('true');
    expect(within(panel).getByRole('alert').textContent).toBe('Enter a stake such as 1.00');
    expect(within(panel).getByText('Your slip is empty.')).toBeTruthy();
  });

  test('at the lock the panel says the draw closed and the slip goes to the next draw', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    session.logIn('token-1');
    let nearReads = 0;
    const { calls } = installLotteryApi({
      // Read again at the lock: the current draw is no longer sold, the next one is.
      [`GET ${lotteryPaths.nearNumeros}`]: () =>
        ok(
          (nearReads += 1) === 1
            ? near
            : {
                ...near,
                currentNumero: numero('20261127-0845', { isSale: false, remainTime: 5_000 }),
                nextNumero: numero('20261127-0846', { remainTime: 65_000 }),
              },
        ),
      [`POST ${lotteryOrderPaths.place}`]: () => refuse(409, 'LGS_BETTING_GAME_CLOSED_ERROR', 'Betting is closed'),
    });
    const panel = await openBetPanel();
    addAllDigitsAtFirst(panel);
    act(() => vi.advanceTimersByTime(60_000));
    await waitFor(() =>
      expect(within(panel).getAllByRole('status')[0]!.textContent).toBe(
        'Draw 20261127-0845 is closed: bets go to draw 20261127-0846',
      ),
    );
    await waitFor(() => expect(nearReads).toBe(2));
    fireEvent.click(within(panel).getByRole('button', { name: 'Place bets' }));
    // A refusal without a field is shown on the panel.
    expect((await within(panel).findByRole('alert')).textContent).toBe('Betting is closed');
    expect(callsTo(calls, 'POST', lotteryOrderPaths.place)[0]!.body).toMatchObject({ numero: '20261127-0846' });
  });

  test('a visitor sees the panel and is asked to log in when placing', async () => {
    const { calls } = installLotteryApi();
    const panel = await openBetPanel();
    addAllDigitsAtFirst(panel);
    expect(within(panel).getByText('Log in to place bets.')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Log in to bet' }));
    expect(modalStore.get()).toEqual({ kind: 'login' });
    expect(callsTo(calls, 'POST', lotteryOrderPaths.place)).toEqual([]);
  });
});

describe('my lottery bets', () => {
  const row = (overrides: Partial<LotteryOrderRow>): LotteryOrderRow => ({
    orderId: '501',
    orderNo: 'XY34ZZ-001',
    abbrOrderNo: 'XY34ZZ',
    gameId: 1,
    gameCode: 'FAST5D_1M',
    gameName: 'Fast 5D 1 minute',
    prizeModeId: 3,
    numero: '20261127-0844',
    playId: 9001,
    playCode: 'FAST5D_POS',
    betContent: '0,1,2,3,4,5,6,7,8,9|-|-|-|-',
    betNum: 10,
    multiple: 1,
    series: 2000,
    stakePerUnit: '1.00',
    betAmount: '10.00',
    validBetAmount: '10.00',
    winAmount: '9.80',
    status: 4,
    chase: null,
    chaseStatus: null,
    reducedNumbers: [],
    betTimeInTimestamp: Date.UTC(2026, 10, 27, 7, 43),
    settleTimeInTimestamp: Date.UTC(2026, 10, 27, 7, 44),
    winningNumber: ['3', '1', '4', '1', '5'],
    cancellable: false,
    ...overrides,
  });
  const waiting = row({
    orderId: '502',
    orderNo: 'QW56ER-001',
    numero: '20261127-0846',
    status: 2,
    winAmount: null,
    validBetAmount: '0.00',
    settleTimeInTimestamp: null,
    winningNumber: null,
    cancellable: true,
  });

  test('the orders with statuses in words, the result once drawn, the totals; the filters reach the server', async () => {
    session.logIn('token-1');
    const { calls } = installLotteryApi({
      [`GET ${lotteryOrderPaths.list}`]: () =>
        ok(
          lotteryOrdersSchema.parse({ list: [waiting, row({})], totalCount: 2, betAmount: '20.00', winAmount: '9.80' }),
        ),
    });
    renderLotteryPage('/lottery?view=bets');
    const table = await screen.findByRole('table', { name: 'My lottery bets' });
    const [, waitingRow, wonRow] = within(table).getAllByRole('row');
    expect(within(waitingRow!).getByText('Waiting for the draw')).toBeTruthy();
    expect(within(wonRow!).getByText('Won')).toBeTruthy();
    expect(within(wonRow!).getByRole('list', { name: 'Result: 3 1 4 1 5' })).toBeTruthy();
    expect(within(wonRow!).getByText('Position digit')).toBeTruthy();
    const totals = document.querySelector('.lottery-totals')!;
    expect(totals.textContent).toContain('Total bet฿20.00');
    expect(totals.textContent).toContain('Total win฿9.80');

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '4' } });
    await waitFor(() => expect(callsTo(calls, 'GET', lotteryOrderPaths.list).at(-1)!.query.get('status')).toBe('4'));
    const last = callsTo(calls, 'GET', lotteryOrderPaths.list).at(-1)!.query;
    expect(last.get('page')).toBe('1');
    expect(Number(last.get('startDate'))).toBeGreaterThan(0);
  });

  test('an order’s detail; Cancel says the fee first, then refunds and reads the balance again', async () => {
    session.logIn('token-1');
    let isCancelled = false;
    const detailOf = () =>
      lotteryOrderDetailSchema.parse({
        ...waiting,
        ...(isCancelled ? { status: 8, cancellable: false } : {}),
        odds: '9.80',
        cancelFee: '0.25',
        drawTime: Date.UTC(2026, 10, 27, 7, 46),
        lockTime: Date.UTC(2026, 10, 27, 7, 45, 55),
      });
    const { calls } = installLotteryApi({
      [`GET ${lotteryOrderPaths.list}`]: () =>
        ok(lotteryOrdersSchema.parse({ list: [waiting], totalCount: 1, betAmount: '10.00', winAmount: '0.00' })),
      [`GET ${lotteryOrderPaths.detail}`]: () => ok(detailOf()),
      [`POST ${lotteryOrderPaths.cancel}`]: () => {
        isCancelled = true;
        return ok(
          lotteryCancelResultSchema.parse({
            cancelled: [{ orderId: '502', refund: '9.75', fee: '0.25' }],
            balance: '999.75',
          }),
        );
      },
    });
    renderLotteryPage('/lottery?view=bets');
    fireEvent.click(await screen.findByRole('button', { name: 'Details of order QW56ER-001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order details' });
    expect(await within(dialog).findByText('9.80')).toBeTruthy();
    expect(within(dialog).getByText('Not drawn yet')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel this order' }));
    const confirm = within(dialog).getByRole('group', { name: 'Cancel the order?' });
    expect(confirm.textContent).toContain('Cancelling keeps a fee of ฿0.25; ฿9.75 comes back to your balance.');
    expect(callsTo(calls, 'POST', lotteryOrderPaths.cancel)).toEqual([]);
    const balanceReads = callsTo(calls, 'GET', apiPaths.walletBalance).length;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, cancel' }));

    expect(await within(dialog).findByText('Cancelled: ฿9.75 returned. Balance ฿999.75.')).toBeTruthy();
    expect(callsTo(calls, 'POST', lotteryOrderPaths.cancel)[0]!.body).toEqual({ orderDetailId: ['502'] });
    await waitFor(() => expect(within(dialog).getByText('Cancelled')).toBeTruthy());
    await waitFor(() => expect(callsTo(calls, 'GET', apiPaths.walletBalance).length).toBeGreaterThan(balanceReads));
  });

  test('a chase order refunded by a stop whose win a corrected result took back says why', async () => {
    session.logIn('token-1');
    const refunded = row({
      orderId: '503',
      orderNo: 'CH45SE-002',
      status: 6,
      chase: 'CH45SE',
      chaseStatus: 'win_corrected',
      winAmount: null,
      validBetAmount: '0.00',
      winningNumber: null,
    });
    installLotteryApi({
      [`GET ${lotteryOrderPaths.list}`]: () =>
        ok(lotteryOrdersSchema.parse({ list: [refunded], totalCount: 1, betAmount: '0.00', winAmount: '0.00' })),
      [`GET ${lotteryOrderPaths.detail}`]: () =>
        ok(
          lotteryOrderDetailSchema.parse({
            ...refunded,
            odds: '9.80',
            cancelFee: '0.00',
            drawTime: Date.UTC(2026, 10, 27, 7, 46),
            lockTime: Date.UTC(2026, 10, 27, 7, 45, 55),
          }),
        ),
    });
    renderLotteryPage('/lottery?view=bets');
    const table = await screen.findByRole('table', { name: 'My lottery bets' });
    expect(within(table).getByText('Win corrected: stake refunded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Details of order CH45SE-002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order details' });
    expect(await within(dialog).findByText('CH45SE · stopped by a win later corrected')).toBeTruthy();
    expect(within(dialog).getByText(/no bet was placed again in your name/)).toBeTruthy();
  });

  test('a visitor is asked to log in', async () => {
    installLotteryApi();
    renderLotteryPage('/lottery?view=bets');
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(modalStore.get()).toEqual({ kind: 'login' });
  });
});
