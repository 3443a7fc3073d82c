// @vitest-environment jsdom
import {
  lotteryPaths,
  type LotteryDrawHistory,
  type LotteryDrawResult,
  type LotteryGame,
  type LotteryNearNumeros,
  type LotteryNumero,
  type LotteryOpenedNumero,
} from '@lotus/contract';
import { drawLotteryResult, hashServerSeed } from '@lotus/fair';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import lotteryEn from '../../../locales/lottery/en.json';
import lotteryTh from '../../../locales/lottery/th.json';
import { initTestI18n, installFakeApi, ok, renderWithProviders, type FakeRoute } from '../../auth/testing';
import { switchLanguage } from '../../money/testing';
import { winNoStrOf } from '../verify-draw';

let LotteryPage: ComponentType;

beforeAll(async () => {
  await initTestI18n();
  i18next.addResourceBundle('en', 'translation', lotteryEn, true, false);
  i18next.addResourceBundle('th', 'translation', lotteryTh, true, false);
  ({ LotteryPage } = await import('./lottery-page'));
});
beforeEach(async () => {
  await switchLanguage('EN');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

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
const thaiGov: LotteryGame = {
  ...fast5d,
  gameId: 6,
  gameCode: 'THAI_GOV',
  gameName: 'Thai government lottery',
  family: 'THAI_GOV',
  prizeModeId: 1,
  gameGroupCode: 'THAI',
  drawInterval: null,
  lockTime: 1800,
  isHouseDrawn: false,
  drawWeekdays: [],
};

const serverSeed = '4f3c2a1b9e8d7c6b5a4938271605f4e3d2c1b0a99887766554433221100ffee0';
const serverSeedHash = hashServerSeed(serverSeed);
const clientSeedOf = (numero: string) => `FAST5D_1M:${numero}`;

/** A drawn result made with the house's own maths, so it verifies. */
function drawnResult(numero: string, overrides: Partial<LotteryDrawResult> = {}): LotteryDrawResult {
  const clientSeed = clientSeedOf(numero);
  return {
    gameId: 1,
    gameCode: 'FAST5D_1M',
    gameName: 'Fast 5D 1 minute',
    family: 'FAST5D',
    numero,
    winNoStr: winNoStrOf(drawLotteryResult('FAST5D', { serverSeed, clientSeed, nonce: 0 })),
    drawTime: Date.UTC(2026, 10, 27, 14, 4),
    drawnTime: Date.UTC(2026, 10, 27, 14, 4, 1),
    serverSeedHash,
    serverSeed,
    clientSeed,
    ...overrides,
  };
}

const numero = (overrides: Partial<LotteryNumero> & Pick<LotteryNumero, 'numero'>): LotteryNumero => ({
  isSale: true,
  remainTime: 65_000,
  lockTime: 5,
  drawTime: Date.UTC(2026, 10, 27, 14, 5),
  status: 'open',
  winNoStr: [],
  serverSeedHash,
  serverSeed: null,
  clientSeed: clientSeedOf(overrides.numero),
  ...overrides,
});

const opened = (overrides: Partial<LotteryOpenedNumero> = {}): LotteryOpenedNumero => ({
  gameId: 1,
  gameCode: 'FAST5D_1M',
  remark: 'Fast 5D 1 minute',
  numero: '202611272105',
  remainTime: 65_000,
  lockTime: 5,
  defaultPlayType: 2,
  liveVideoSwitch: false,
  drawTime: Date.UTC(2026, 10, 27, 14, 5),
  serverSeedHash,
  clientSeed: clientSeedOf('202611272105'),
  ...overrides,
});

const history = (list: LotteryDrawResult[]): LotteryDrawHistory => ({
  list,
  pageNo: 1,
  pageSize: 10,
  totalCount: list.length,
});

function installLotteryApi(routes: Record<string, FakeRoute> = {}) {
  return installFakeApi({
    [`GET ${lotteryPaths.games}`]: () => ok([fast5d, thaiGov]),
    [`GET ${lotteryPaths.openedNumeros}`]: () => ok([opened()]),
    [`GET ${lotteryPaths.latestDraws}`]: () => ok([drawnResult('202611272104')]),
    [`GET /lgw/draw/code/FAST5D_1M`]: () => ok(history([drawnResult('202611272104')])),
    ...routes,
  });
}

/** Only the clock and the countdown's interval are fake: the fake API's promises still resolve. */
const useFakeClock = () => vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('lottery lobby', () => {
  test('house games by menu group with the betting countdown and the latest result; an official lottery without draws is left out', async () => {
    useFakeClock();
    installLotteryApi();
    renderWithProviders(<LotteryPage />, { route: '/lottery' });

    const group = await screen.findByRole('region', { name: 'Fast 5 digits' });
    expect(screen.queryByText('Thai government lottery')).toBeNull();
    const card = within(group).getByRole('listitem');
    expect(within(card).getByRole('heading', { name: 'Fast 5D 1 minute' })).toBeTruthy();
    expect(within(card).getByText('Draw 202611272105')).toBeTruthy();
    await waitFor(() => expect(within(card).getByRole('timer', { name: 'Closes in' }).textContent).toBe('1:00'));
    tick(1_000);
    expect(within(card).getByRole('timer', { name: 'Closes in' }).textContent).toBe('0:59');

    const latest = drawnResult('202611272104');
    expect(within(card).getByText('Latest result · 202611272104')).toBeTruthy();
    expect(within(card).getByRole('list', { name: `Result: ${latest.winNoStr.join(' ')}` })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Fast 5D 1 minute: results and proof' }).getAttribute('href')).toBe(
      '/lottery?gameCode=FAST5D_1M',
    );
  });

  test('at the close the card says so and reads the opened draws again', async () => {
    useFakeClock();
    const { calls } = installLotteryApi();
    renderWithProviders(<LotteryPage />, { route: '/lottery' });
    const card = (await screen.findByRole('heading', { name: 'Fast 5D 1 minute' })).closest('li')!;
    await waitFor(() => expect(within(card).getByRole('timer').textContent).toBe('1:00'));
    const openedReads = () => calls.filter((call) => call.path === lotteryPaths.openedNumeros).length;
    expect(openedReads()).toBe(1);
    tick(60_000);
    expect(within(card).getByText('Closed, drawing…')).toBeTruthy();
    await waitFor(() => expect(openedReads()).toBe(2));
  });

  test('an official lottery on sale with a result is listed without the "betting soon" badge', async () => {
    installLotteryApi({
      [`GET ${lotteryPaths.latestDraws}`]: () =>
        ok([
          drawnResult('202611272104'),
          {
            ...drawnResult('20261116'),
            gameId: 6,
            gameCode: 'THAI_GOV',
            gameName: 'Thai government lottery',
            family: 'THAI_GOV',
            winNoStr: ['123456'],
            serverSeed: null,
            serverSeedHash: null,
            clientSeed: null,
          },
        ]),
    });
    renderWithProviders(<LotteryPage />, { route: '/lottery' });
    const group = await screen.findByRole('region', { name: 'Thai government lottery' });
    expect(within(group).queryByText('Results only · betting soon')).toBeNull();
    expect(within(group).getByText('No draw scheduled')).toBeTruthy();
  });

  test('in Thai', async () => {
    await switchLanguage('TH');
    installLotteryApi();
    renderWithProviders(<LotteryPage />, { route: '/lottery' });
    expect(await screen.findByRole('heading', { name: 'หวย', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'หวยด่วน 5 ตัว' })).toBeTruthy();
    expect(await screen.findByRole('timer', { name: 'ปิดรับใน' })).toBeTruthy();
    expect(screen.getByText('งวด 202611272105')).toBeTruthy();
  });
});

describe('a game’s panel (?gameCode=)', () => {
  const near = (overrides: Partial<LotteryNearNumeros> = {}): LotteryNearNumeros => ({
    currentNumero: numero({ numero: '202611272105' }),
    nextNumero: numero({ numero: '202611272106', remainTime: 125_000, drawTime: Date.UTC(2026, 10, 27, 14, 6) }),
    previousNumero: {
      ...numero({ numero: '202611272104', status: 'drawn', isSale: false, remainTime: 0 }),
      winNoStr: drawnResult('202611272104').winNoStr,
      serverSeed,
    },
    ...overrides,
  });

  test('open, then closed (drawing) at the lock, then drawn: the countdowns and the status line follow', async () => {
    useFakeClock();
    const drawn = drawnResult('202611272105');
    let reads = 0;
    const { calls } = installLotteryApi({
      [`GET ${lotteryPaths.nearNumeros}`]: () => {
        reads += 1;
        if (reads === 1) return ok(near());
        // The draw's time came and the server drew it: the next draw is now the current one.
        return ok(
          near({
            currentNumero: numero({ numero: '202611272106' }),
            nextNumero: null,
            previousNumero: {
              ...numero({ numero: '202611272105', status: 'drawn', remainTime: 0 }),
              winNoStr: drawn.winNoStr,
              serverSeed,
            },
          }),
        );
      },
    });
    renderWithProviders(<LotteryPage />, { route: '/lottery?gameCode=FAST5D_1M' });

    expect(await screen.findByRole('heading', { name: 'Fast 5D 1 minute', level: 2 })).toBeTruthy();
    const current = await screen.findByRole('region', { name: 'Current draw' });
    await waitFor(() => expect(within(current).getByRole('status').textContent).toBe('Open for bets'));
    expect(within(current).getByRole('timer', { name: 'Closes in' }).textContent).toBe('1:00');
    expect(within(current).getByRole('timer', { name: 'Draws in' }).textContent).toBe('1:05');
    expect(screen.getByRole('region', { name: 'Next draw' }).textContent).toContain('202611272106');
    expect(within(screen.getByRole('region', { name: 'Previous result' })).getByText('202611272104')).toBeTruthy();

    tick(30_000);
    expect(within(current).getByRole('timer', { name: 'Closes in' }).textContent).toBe('0:30');
    tick(30_000);
    // Closed: no betting countdown, the draw's still running; the near draws are read again.
    expect(within(current).getByRole('status').textContent).toBe('Closed, drawing…');
    expect(within(current).queryByRole('timer', { name: 'Closes in' })).toBeNull();
    expect(within(current).getByRole('timer', { name: 'Draws in' }).textContent).toBe('0:05');
    await waitFor(() => expect(calls.filter((call) => call.path === lotteryPaths.nearNumeros).length).toBe(2));
    expect(calls.find((call) => call.path === lotteryPaths.nearNumeros)!.query.get('gameId')).toBe('1');

    // The second answer already has 202611272105 drawn.
    const previous = screen.getByRole('region', { name: 'Previous result' });
    await waitFor(() => expect(within(previous).getByText('202611272105')).toBeTruthy());
    expect(within(previous).getByRole('list', { name: `Result: ${drawn.winNoStr.join(' ')}` })).toBeTruthy();
  });

  test('the history’s verify view: a real seed and result match, a tampered result does not', async () => {
    const real = drawnResult('202611272104');
    const tampered = drawnResult('202611272103');
    tampered.winNoStr = [...tampered.winNoStr.slice(0, 4), String((Number(tampered.winNoStr[4]) + 1) % 10)];
    installLotteryApi({
      [`GET ${lotteryPaths.nearNumeros}`]: () => ok(near()),
      [`GET /lgw/draw/code/FAST5D_1M`]: () => ok(history([real, tampered])),
    });
    renderWithProviders(<LotteryPage />, { route: '/lottery?gameCode=FAST5D_1M' });

    const table = await screen.findByRole('table');
    const verifyReal = within(table).getByRole('button', { name: 'Verify draw 202611272104' });
    expect(verifyReal.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(verifyReal);
    expect(verifyReal.getAttribute('aria-expanded')).toBe('true');
    const view = screen.getByRole('region', { name: 'Verify this draw' });
    expect(within(view).getByText(serverSeedHash)).toBeTruthy();
    expect(within(view).getByText(serverSeed)).toBeTruthy();
    expect(within(view).getByText(real.clientSeed!)).toBeTruthy();
    expect(within(view).getByText(/SHA-256 of the server seed equals the hash/)).toBeTruthy();
    expect(within(view).getByText(/The recomputed result matches the result shown/)).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: 'Verify draw 202611272103' }));
    const tamperedView = screen.getByRole('region', { name: 'Verify this draw' });
    expect(within(tamperedView).getByText(/The recomputed result does not match the result shown/)).toBeTruthy();
    expect(within(tamperedView).getByText(/SHA-256 of the server seed equals the hash/)).toBeTruthy();
  });

  test('in Thai: the status and the verify verdicts', async () => {
    await switchLanguage('TH');
    installLotteryApi({ [`GET ${lotteryPaths.nearNumeros}`]: () => ok(near()) });
    renderWithProviders(<LotteryPage />, { route: '/lottery?gameCode=FAST5D_1M' });
    expect(await screen.findByRole('region', { name: 'งวดปัจจุบัน' })).toBeTruthy();
    expect(await screen.findByText('เปิดรับแทง')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'ตรวจสอบงวด 202611272104' }));
    expect(screen.getByText(/ผลที่คำนวณใหม่ตรงกับผลที่แสดง/)).toBeTruthy();
  });

  test('an unknown game code shows the lobby with a note', async () => {
    installLotteryApi();
    renderWithProviders(<LotteryPage />, { route: '/lottery?gameCode=NOPE' });
    expect(await screen.findByText('This game is not available; here are the others.')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Fast 5 digits' })).toBeTruthy();
  });
});
