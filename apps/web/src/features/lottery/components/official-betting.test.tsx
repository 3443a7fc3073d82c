// @vitest-environment jsdom
import {
  lotteryNearNumerosSchema,
  lotteryPaths,
  lotteryVnGameMenuSchema,
  type LotteryGame,
  type LotteryNumero,
} from '@lotus/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { installFakeApi, ok } from '../../auth/testing';
import { switchLanguage } from '../../money/testing';
import { playTabsOf } from '../bet-slip';
import { drawNumero, installGamePageApi, officialGame, renderLotteryPage, setUpLotteryPageTests } from '../testing';
import { prizeTiersOf } from './vn-prize-table';

/**
 * The official games on sale (issue 18): the government draw's panel with its plays and a countdown
 * days long, the northern Vietnamese draw's xiên and đầu/đuôi pads and its prize table by tier, and
 * the /vnlottery lobby from the Vietnamese menu.
 */
setUpLotteryPageTests();

const thaiGov = officialGame(6, 'THAI_GOV', 'Thai government lottery', 'THAI_GOV', 'THAI');
const vnNorth = officialGame(9, 'VN_NORTH', 'Northern Vietnam', 'VN_NORTH', 'VN');

// Bets close 3 days 4:05:06 from the answer (the draw 30 minutes later).
const closesInSeconds = 3 * 86_400 + 4 * 3600 + 5 * 60 + 6;
const numero = (value: string, overrides: Partial<LotteryNumero> = {}): LotteryNumero =>
  drawNumero(value, {
    remainTime: (closesInSeconds + 1800) * 1000,
    lockTime: 1800,
    drawTime: Date.UTC(2026, 11, 1, 8, 30),
    ...overrides,
  });

const vnWinNoStr = [
  '12345',
  '67890',
  ...['11111', '22222'],
  ...['30001', '30002', '30003', '30004', '30005', '30006'],
  ...['4001', '4002', '4003', '4004'],
  ...['5001', '5002', '5003', '5004', '5005', '5006'],
  ...['601', '602', '603'],
  ...['71', '72', '73', '74'],
];

const nearOf = (previous: LotteryNumero | null) =>
  lotteryNearNumerosSchema.parse({ currentNumero: numero('20261201'), nextNumero: null, previousNumero: previous });

function installApi(target: LotteryGame, previous: LotteryNumero | null = null) {
  return installGamePageApi({ games: [thaiGov, vnNorth], game: target, near: nearOf(previous) });
}

async function openPanel(target: LotteryGame) {
  renderLotteryPage(`/lottery?gameCode=${target.gameCode}`);
  return screen.findByRole('region', { name: 'Place a bet' }, { timeout: 5_000 });
}

describe('the official games on sale', { timeout: 20_000 }, () => {
  test('the government draw: its panel, no "betting soon", days in the countdown, a 6-digit first prize bet', async () => {
    installApi(thaiGov);
    const panel = await openPanel(thaiGov);
    expect(screen.queryByText('Results only · betting soon')).toBeNull();
    const closes = screen.getByRole('timer', { name: 'Closes in' });
    expect(closes.textContent).toMatch(/^3d 4:05:0[5-7]$/);

    fireEvent.click(within(panel).getByRole('button', { name: 'First prize (6 digits)' }));
    fireEvent.change(within(panel).getByLabelText('Number (6 digits)'), { target: { value: '123456' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add' }));
    expect(within(panel).getByText('Combinations: 1')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Add to slip' }));
    const slip = within(panel).getByRole('list', { name: 'Bet slip' });
    expect(within(slip).getByText('123456')).toBeTruthy();
    expect(within(slip).getByText('First prize (6 digits)')).toBeTruthy();
  });

  test('Vietnamese xiên 2: combinations keyed in, a repeat refused, one row each', async () => {
    installApi(vnNorth);
    const panel = await openPanel(vnNorth);
    fireEvent.click(within(panel).getByRole('button', { name: 'Xiên 2' }));
    const type = (number: string) => {
      fireEvent.change(within(panel).getByLabelText('Number (2 digits)'), { target: { value: number } });
      fireEvent.click(within(panel).getByRole('button', { name: 'Add' }));
    };
    type('12');
    expect(within(panel).getByText('This combination: 1 of 2 numbers')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Add combination of 2' }));
    expect(within(panel).getByRole('alert').textContent).toBe('A combination takes 2 numbers');
    type('34');
    fireEvent.click(within(panel).getByRole('button', { name: 'Add combination of 2' }));
    type('34');
    type('12');
    fireEvent.click(within(panel).getByRole('button', { name: 'Add combination of 2' }));
    expect(within(panel).getByRole('alert').textContent).toBe('34-12 is already chosen');
    fireEvent.click(within(panel).getByRole('button', { name: 'Remove 34' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Remove 12' }));
    type('56');
    type('78');
    fireEvent.click(within(panel).getByRole('button', { name: 'Add combination of 2' }));
    expect(within(panel).getByText('Combinations: 2')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Add to slip' }));
    const slip = within(panel).getByRole('list', { name: 'Bet slip' });
    expect(within(slip).getByText('12,34|56,78')).toBeTruthy();
  });

  test('Vietnamese đầu/đuôi: digits of the tens and units rows', async () => {
    installApi(vnNorth);
    const panel = await openPanel(vnNorth);
    fireEvent.click(within(panel).getByRole('button', { name: 'Đầu/đuôi' }));
    fireEvent.click(within(panel).getByRole('button', { name: '3 in Tens (đầu)' }));
    fireEvent.click(within(panel).getByRole('button', { name: '7 in Units (đuôi)' }));
    expect(within(panel).getByText('Combinations: 2')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Add to slip' }));
    expect(within(within(panel).getByRole('list', { name: 'Bet slip' })).getByText('3|7')).toBeTruthy();
  });

  test('every Vietnamese play has its tab', () => {
    expect(playTabsOf('VN_NORTH').map((tab) => [tab.key, tab.pad.kind])).toEqual([
      ['VN_DE', 'numbers'],
      ['VN_DAU_DUOI', 'digits'],
      ['VN_BAO_LO_2', 'numbers'],
      ['VN_BAO_LO_3', 'numbers'],
      ['VN_BAO_LO_4', 'numbers'],
      ['VN_XIEN_2', 'combos'],
      ['VN_XIEN_3', 'combos'],
      ['VN_XIEN_4', 'combos'],
      ['VN_TRUOT_XIEN_4', 'combos'],
      ['VN_TRUOT_XIEN_8', 'combos'],
      ['VN_TRUOT_XIEN_10', 'combos'],
      ['VN_3_CANG', 'numbers'],
      ['VN_4_CANG', 'numbers'],
    ]);
    expect(playTabsOf('LAO').map((tab) => tab.pad)).toContainEqual({ kind: 'numbers', length: 4 });
  });
});

describe('the Vietnamese prize table', { timeout: 20_000 }, () => {
  test('the latest draw by tier, Giải Đặc Biệt to Giải Bảy, in EN and TH', async () => {
    installApi(vnNorth, numero('20261127', { isSale: false, remainTime: 0, status: 'settled', winNoStr: vnWinNoStr }));
    await openPanel(vnNorth);
    const table = screen.getByRole('region', { name: 'Prize table, draw 20261127' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Special prize (Giải Đặc Biệt)',
      'First prize (Giải Nhất)',
      'Second prize (Giải Nhì)',
      'Third prize (Giải Ba)',
      'Fourth prize (Giải Tư)',
      'Fifth prize (Giải Năm)',
      'Sixth prize (Giải Sáu)',
      'Seventh prize (Giải Bảy)',
    ]);
    expect(rows[0]!.textContent).toContain('12345');
    expect(within(rows[7]!).getByRole('cell').textContent).toBe('71727374');
    cleanup();

    await switchLanguage('TH');
    installApi(vnNorth, numero('20261127', { isSale: false, remainTime: 0, status: 'settled', winNoStr: vnWinNoStr }));
    renderLotteryPage('/lottery?gameCode=VN_NORTH');
    const thai = await screen.findByRole('region', { name: 'ตารางรางวัล งวด 20261127' }, { timeout: 5_000 });
    expect(within(thai).getByRole('rowheader', { name: 'รางวัลพิเศษ (Giải Đặc Biệt)' })).toBeTruthy();
  });

  test('a result whose count does not fit the table is not cut', () => {
    expect(prizeTiersOf('VN_NORTH', vnWinNoStr.slice(1))).toBeNull();
    expect(prizeTiersOf('VN_NORTH', vnWinNoStr)?.map(({ numbers }) => numbers.length)).toEqual([
      1, 1, 2, 6, 4, 6, 3, 4,
    ]);
  });
});

describe('/vnlottery', { timeout: 20_000 }, () => {
  test('lists the games of the Vietnamese menu, each opening on /lottery', async () => {
    const { calls } = installFakeApi({
      [`GET ${lotteryPaths.games}`]: () => ok([thaiGov, vnNorth]),
      [`GET ${lotteryPaths.vnGameMenu}`]: () =>
        ok(
          lotteryVnGameMenuSchema.parse([
            {
              groupCode: 'VN_NORTH',
              groupName: 'Northern Vietnam',
              accountTypeName: 'TCG_LOTTO_VN',
              gameMenus: [vnNorth],
            },
          ]),
        ),
      [`GET ${lotteryPaths.openedNumeros}`]: () =>
        ok([
          {
            gameId: 9,
            gameCode: 'VN_NORTH',
            remark: 'Northern Vietnam',
            numero: '20261201',
            remainTime: (closesInSeconds + 1800) * 1000,
            lockTime: 1800,
            defaultPlayType: 1,
            liveVideoSwitch: false,
            drawTime: Date.UTC(2026, 11, 1, 11, 30),
            serverSeedHash: null,
            clientSeed: null,
          },
        ]),
      [`GET ${lotteryPaths.latestDraws}`]: () => ok([]),
    });
    renderLotteryPage('/vnlottery', 'vn');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vietnamese lottery' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: /Northern Vietnam/ });
    expect(link.getAttribute('href')).toBe('/lottery?gameCode=VN_NORTH');
    expect(screen.queryByText('Thai government lottery')).toBeNull();
    expect(screen.queryByText('Results only · betting soon')).toBeNull();
    await waitFor(() => expect(calls.some((call) => call.path === lotteryPaths.vnGameMenu)).toBe(true));
  });
});

describe('/seaLottery', { timeout: 20_000 }, () => {
  test('lists the SEA prize mode games, each opening on /lottery', async () => {
    const hanoi = { ...officialGame(12, 'HANOI', 'Hanoi', 'THAI_STYLE', 'SEA'), prizeModeId: 5 };
    const { calls } = installFakeApi({
      [`GET ${lotteryPaths.games}`]: (call) => ok(call.query.get('prizeMode') === '5' ? [hanoi] : [thaiGov, hanoi]),
      [`GET ${lotteryPaths.openedNumeros}`]: () => ok([]),
      [`GET ${lotteryPaths.latestDraws}`]: () =>
        ok([
          {
            gameId: 12,
            gameCode: 'HANOI',
            gameName: 'Hanoi',
            family: 'THAI_STYLE',
            numero: '20261127',
            winNoStr: ['123', '45'],
            drawTime: Date.UTC(2026, 10, 27, 11, 30),
            drawnTime: Date.UTC(2026, 10, 27, 11, 31),
            serverSeedHash: null,
            serverSeed: null,
            clientSeed: null,
          },
        ]),
    });
    renderLotteryPage('/seaLottery', 'sea');
    expect(await screen.findByRole('heading', { level: 1, name: 'Southeast Asian lottery' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: /Hanoi/ });
    expect(link.getAttribute('href')).toBe('/lottery?gameCode=HANOI');
    expect(screen.queryByText('Thai government lottery')).toBeNull();
    expect(calls.some((call) => call.path === lotteryPaths.games && call.query.get('prizeMode') === '5')).toBe(true);
  });
});
