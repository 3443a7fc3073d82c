// @vitest-environment jsdom
import { lotteryNearNumerosSchema, type LotteryGame, type LotteryNumero } from '@lotus/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { switchLanguage } from '../../money/testing';
import { playTabsOf, takesBets } from '../bet-slip';
import { drawNumero, installGamePageApi, officialGame, renderLotteryPage, setUpLotteryPageTests } from '../testing';
import { prizeTiersOf } from './vn-prize-table';

/**
 * The central and southern Vietnamese provinces on the site (migration 0073, family VN_SOUTH): a
 * province's panel takes bets with the Vietnamese pads, its prize table is the 18-number one (ĐB to
 * Giải Tám) in EN and TH. /vnlottery's days and regions: vn-lobby.test.tsx.
 */
setUpLotteryPageTests();

const vnNorth = officialGame(9, 'VN_NORTH', 'Northern Vietnam', 'VN_NORTH', 'VN');
const hcm = officialGame(60, 'VNS_HCM', 'Southern Vietnam lottery: TP.HCM', 'VN_SOUTH', 'VN_SOUTH');
const daNang = officialGame(44, 'VNC_DANANG', 'Central Vietnam lottery: Đà Nẵng', 'VN_SOUTH', 'VN_CENTRAL');

const numero = (value: string, overrides: Partial<LotteryNumero> = {}): LotteryNumero =>
  drawNumero(value, {
    remainTime: 3 * 3600 * 1000,
    lockTime: 1800,
    drawTime: Date.UTC(2026, 10, 30, 9, 15),
    ...overrides,
  });

// A southern result as the server lists it (tier after tier): Vĩnh Long, 21 March 2025
// (Dominicushuy/VinLot docs/schema_demo.sql; the server test settles bets on it).
const southWinNoStr = [
  '884933',
  '47822',
  '52562',
  ...['02697', '41921'],
  ...['43112', '00396', '40790', '06774', '13233', '01640', '92891'],
  '8740',
  ...['2134', '0135', '2862'],
  '268',
  '43',
];

function installApi(target: LotteryGame, previous: LotteryNumero | null = null) {
  return installGamePageApi({
    games: [vnNorth, daNang, hcm],
    game: target,
    near: lotteryNearNumerosSchema.parse({
      currentNumero: numero('20261130'),
      nextNumero: null,
      previousNumero: previous,
    }),
  });
}

describe('a southern province', { timeout: 20_000 }, () => {
  test('takes bets with the Vietnamese pads: bao lô 2 counts its 18 slots', async () => {
    expect(takesBets(hcm)).toBe(true);
    expect(playTabsOf('VN_SOUTH').map((tab) => tab.key)).toEqual(playTabsOf('VN_NORTH').map((tab) => tab.key));
    installApi(hcm);
    renderLotteryPage('/lottery?gameCode=VNS_HCM');
    const panel = await screen.findByRole('region', { name: 'Place a bet' }, { timeout: 5_000 });
    expect(screen.queryByText('Results only · betting soon')).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Bao lô 2' }));
    fireEvent.change(within(panel).getByLabelText('Number (2 digits)'), { target: { value: '33' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add' }));
    // One number × 18 lô of a southern draw (27 in the north).
    expect(within(panel).getByText('Combinations: 18')).toBeTruthy();
  });

  test('its prize table has the 18 numbers, Giải Đặc Biệt to Giải Tám, in EN and TH', async () => {
    const drawn = numero('20261128', { isSale: false, remainTime: 0, status: 'settled', winNoStr: southWinNoStr });
    installApi(hcm, drawn);
    renderLotteryPage('/lottery?gameCode=VNS_HCM');
    const table = await screen.findByRole('region', { name: 'Prize table, draw 20261128' }, { timeout: 5_000 });
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
      'Eighth prize (Giải Tám)',
    ]);
    expect(within(rows[0]!).getByRole('cell').textContent).toBe('884933');
    expect(within(rows[4]!).getAllByText(/^\d{5}$/)).toHaveLength(7);
    expect(within(rows[8]!).getByRole('cell').textContent).toBe('43');
    cleanup();

    await switchLanguage('TH');
    installApi(hcm, drawn);
    renderLotteryPage('/lottery?gameCode=VNS_HCM');
    const thai = await screen.findByRole('region', { name: 'ตารางรางวัล งวด 20261128' }, { timeout: 5_000 });
    expect(within(thai).getAllByRole('row')).toHaveLength(9);
    expect(within(thai).getByRole('rowheader', { name: 'รางวัลพิเศษ (Giải Đặc Biệt)' })).toBeTruthy();
  });

  test('the 18-number table is not the northern one: a northern count does not fit it', () => {
    expect(prizeTiersOf('VN_SOUTH', southWinNoStr)?.map(({ numbers }) => numbers.length)).toEqual([
      1, 1, 1, 2, 7, 1, 3, 1, 1,
    ]);
    expect(prizeTiersOf('VN_NORTH', southWinNoStr)).toBeNull();
  });
});
