// @vitest-environment jsdom
import {
  lotteryNearNumerosSchema,
  lotteryYeekeePaths,
  lotteryYeekeeShootResultSchema,
  lotteryYeekeeSubmissionsSchema,
  type LotteryGame,
  type LotteryNumero,
  type LotteryYeekeeSubmissions,
} from '@lotus/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { session } from '../../../lib/session';
import { modalStore } from '../../../stores/modal-store';
import { ok, type FakeAnswer, type FakeCall, type FakeRoute } from '../../auth/testing';
import { switchLanguage } from '../../money/testing';
import { drawNumero, gameSettingOf, installGamePageApi, renderLotteryPage, setUpLotteryPageTests } from '../testing';

/**
 * The Yee-Kee board on a Yee-Kee game's page, against a fake API whose answers are parsed with the
 * contract's schemas: the live round's shots, count and sum; the last round's sum minus the 16th shot
 * written out with the 16th marked, or the round void; shooting a number (checked to 5 digits, sent,
 * its place and the 5-second wait shown; a refusal's wait taken from the server); a visitor asked to
 * log in; the texts in Thai.
 */
setUpLotteryPageTests();

const yeekee: LotteryGame = {
  gameId: 15,
  gameCode: 'YEEKEE_15M',
  gameName: 'Yee-Kee 15 minutes',
  family: 'THAI_STYLE',
  prizeModeId: 5,
  gameGroupCode: 'YEEKEE',
  defaultPlayType: 1,
  drawInterval: 900,
  lockTime: 60,
  liveVideoSwitch: false,
  isHouseDrawn: false,
  drawWeekdays: [],
};

const drawAt = Date.UTC(2026, 10, 27, 7, 30);
const numero = (value: string, overrides: Partial<LotteryNumero> = {}): LotteryNumero =>
  drawNumero(value, { remainTime: 600_000, lockTime: 60, drawTime: drawAt, ...overrides });

const near = lotteryNearNumerosSchema.parse({
  currentNumero: numero('20261127-0058'),
  nextNumero: numero('20261127-0059', { remainTime: 1_500_000 }),
  previousNumero: numero('20261127-0057', { isSale: false, status: 'settled', winNoStr: ['014', '16'] }),
});

const setting = gameSettingOf(yeekee, {
  minSeries: 1800,
  plays: [
    { playId: 2055, playCode: 'THAI_3TOP', odds: '800.00' },
    { playId: 2060, playCode: 'THAI_2BOTTOM', odds: '90.00' },
  ],
});

const shot = (seq: number, number: string) => ({
  seq,
  member: seq === 16 ? 'ab****yz' : `me****${String(seq).padStart(2, '0')}`,
  number,
  shotTime: drawAt - 900_000 + seq * 7_000,
});

const liveRound: LotteryYeekeeSubmissions = lotteryYeekeeSubmissionsSchema.parse({
  gameId: 15,
  numero: '20261127-0058',
  status: 'open',
  opensAt: drawAt - 900_000,
  locksAt: drawAt - 60_000,
  drawTime: drawAt,
  remainTime: 600_000,
  isShooting: true,
  shotCount: 25,
  sum: '1234567',
  subtractedSeq: 16,
  minShots: 20,
  outcome: null,
  list: [shot(25, '99999'), shot(24, '00420'), shot(23, '51876')],
  page: 1,
  pageSize: 20,
});

const lastRound: LotteryYeekeeSubmissions = lotteryYeekeeSubmissionsSchema.parse({
  ...liveRound,
  numero: '20261127-0057',
  status: 'settled',
  remainTime: 0,
  isShooting: false,
  shotCount: 20,
  sum: '1234567890',
  outcome: {
    status: 'drawn',
    sum: '1234567890',
    subtracted: shot(16, '51876'),
    number: '1234516014',
    top3: '014',
    bottom2: '16',
    drawnTime: drawAt - 900_000,
  },
  list: Array.from({ length: 20 }, (_, index) => shot(index + 1, index === 15 ? '51876' : '12345')),
  pageSize: 50,
});

function installYeekeeApi(routes: Record<string, FakeRoute> = {}, last: LotteryYeekeeSubmissions = lastRound) {
  return installGamePageApi(
    { games: [yeekee], game: yeekee, near, setting },
    {
      [`GET ${lotteryYeekeePaths.submissions}`]: (call: FakeCall) =>
        ok(call.query.get('numero') === '20261127-0057' ? last : liveRound),
      ...routes,
    },
  );
}

async function openBoard() {
  renderLotteryPage('/lottery?gameCode=YEEKEE_15M');
  return screen.findByRole('region', { name: 'Yee-Kee: shoot a number' }, { timeout: 5_000 });
}

describe('the Yee-Kee board', { timeout: 20_000 }, () => {
  test("shows the live round's shots, count and running sum, and how the last round's result was computed", async () => {
    installYeekeeApi();
    const board = await openBoard();
    await waitFor(() => expect(within(board).getByTestId('yeekee-count').textContent).toBe('25'));
    expect(within(board).getByTestId('yeekee-sum').textContent).toBe('1,234,567');
    expect(within(board).getByText('Round 20261127-0058')).toBeTruthy();
    const live = within(board).getByRole('table', { name: 'Latest numbers of this round' });
    const row24 = within(live).getByText('00420').closest('tr')!;
    expect([...row24.cells].map((cell) => cell.textContent)).toEqual(['24', 'me****24', '00420', '14:17:48']);

    const last = within(board).getByRole('region', { name: 'Last round 20261127-0057' });
    const how = await within(last).findByLabelText('How the result was computed');
    expect(within(how).getByText('Sum of 20 numbers').nextElementSibling?.textContent).toBe('1,234,567,890');
    expect(within(how).getByText('Minus shot #16 (ab****yz)').nextElementSibling?.textContent).toBe('− 51876');
    expect(within(how).getByTestId('yeekee-number').textContent).toBe('1,234,516,014');
    expect(within(how).getByTestId('yeekee-top3').textContent).toBe('014');
    expect(within(how).getByTestId('yeekee-bottom2').textContent).toBe('16');
    // Every shot in order, the 16th marked: what a visitor adds up to check.
    const all = within(last).getByRole('table', { name: 'Every number of the round, in order' });
    const rows = within(all).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(20);
    expect(rows[15]!.className).toBe('yeekee__row--subtracted');
    expect(rows[15]!.textContent).toContain('51876');
  });

  test('a void round says so', async () => {
    installYeekeeApi(
      {},
      lotteryYeekeeSubmissionsSchema.parse({
        ...lastRound,
        status: 'cancelled',
        shotCount: 12,
        outcome: { status: 'void', shotCount: 12 },
        list: lastRound.list.slice(0, 12),
      }),
    );
    const board = await openBoard();
    expect(
      await within(board).findByText('Void: 12 numbers shot, 20 needed. Bets on this round were refunded.'),
    ).toBeTruthy();
  });

  test('shooting: 5 digits checked, sent to the round, its place and the 5-second wait shown', async () => {
    session.logIn('token-1');
    const { calls } = installYeekeeApi({
      [`POST ${lotteryYeekeePaths.shoot}`]: () =>
        ok(
          lotteryYeekeeShootResultSchema.parse({
            numero: '20261127-0058',
            seq: 26,
            number: '00420',
            shotTime: 1_000_000,
            nextShotAt: 1_005_000,
          }),
        ),
    });
    const board = await openBoard();
    const input = await within(board).findByLabelText('Your 5-digit number');
    fireEvent.change(input, { target: { value: '42a0' } });
    expect((input as HTMLInputElement).value).toBe('420');
    fireEvent.click(within(board).getByRole('button', { name: 'Shoot' }));
    expect(within(board).getByRole('alert').textContent).toBe('Enter exactly 5 digits.');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.change(input, { target: { value: '00420' } });
    fireEvent.click(within(board).getByRole('button', { name: 'Shoot' }));
    await waitFor(() => expect(within(board).getByText(/^Next shot in [56] s$/)).toBeTruthy());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      gameId: 15,
      numero: '20261127-0058',
      number: '00420',
    });
    expect((within(board).getByRole('button', { name: 'Shoot' }) as HTMLButtonElement).disabled).toBe(true);
    expect((input as HTMLInputElement).value).toBe('');
  });

  test("a refusal shows the server's words and its wait", async () => {
    session.logIn('token-1');
    const tooSoon: FakeAnswer = {
      status: 429,
      envelope: {
        success: false,
        value: { nextShotAt: 2_000, retryAfterMs: 3_000 },
        errorCode: 'lottery.yeekee.shot.too.soon',
        message: 'You can shoot one number every 5 seconds. Please wait 3 more seconds.',
      },
    };
    installYeekeeApi({ [`POST ${lotteryYeekeePaths.shoot}`]: () => tooSoon });
    const board = await openBoard();
    fireEvent.change(await within(board).findByLabelText('Your 5-digit number'), { target: { value: '12345' } });
    fireEvent.click(within(board).getByRole('button', { name: 'Shoot' }));
    expect((await within(board).findByRole('alert')).textContent).toBe(
      'You can shoot one number every 5 seconds. Please wait 3 more seconds.',
    );
    expect(within(board).getByText(/^Next shot in [34] s$/)).toBeTruthy();
  });

  test('a visitor is asked to log in; the board reads in Thai', async () => {
    installYeekeeApi();
    const board = await openBoard();
    fireEvent.change(await within(board).findByLabelText('Your 5-digit number'), { target: { value: '12345' } });
    fireEvent.click(within(board).getByRole('button', { name: 'Log in to shoot' }));
    expect(modalStore.get()).toEqual({ kind: 'login' });
    cleanup();

    await switchLanguage('TH');
    renderLotteryPage('/lottery?gameCode=YEEKEE_15M');
    const thai = await screen.findByRole('region', { name: 'ยี่กี: ยิงเลข' }, { timeout: 5_000 });
    expect(await within(thai).findByText('วิธีคำนวณผล')).toBeTruthy();
    expect(within(thai).getByRole('button', { name: 'เข้าสู่ระบบเพื่อยิงเลข' })).toBeTruthy();
  });
});
