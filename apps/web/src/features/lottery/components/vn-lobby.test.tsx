// @vitest-environment jsdom
import { lotteryPaths, lotteryVnGameMenuSchema, type LotteryDrawResult, type LotteryGame } from '@lotus/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { installFakeApi, ok } from '../../auth/testing';
import { switchLanguage } from '../../money/testing';
import { officialGame, renderLotteryPage, setUpLotteryPageTests } from '../testing';
import { vietnamDayOf } from './vn-lobby';

/**
 * /vnlottery: today's provinces first (by the Vietnam day), by region (Miền Bắc, Miền Trung, Miền
 * Nam) with their countdowns, and a day picker for the rest of the week, in EN and TH.
 */
setUpLotteryPageTests();
// Saturday 28 November 2026, 11:00 in Vietnam (04:00 UTC). Only Date is faked: the queries' timers run.
const nowMs = Date.UTC(2026, 10, 28, 4, 0);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(nowMs);
});

/** A Vietnamese game of a menu group: the north's own family, the provinces' VN_SOUTH. */
const game = (gameId: number, gameCode: string, gameName: string, group: string): LotteryGame =>
  officialGame(gameId, gameCode, gameName, group === 'VN' ? 'VN_NORTH' : 'VN_SOUTH', group);
const north = game(9, 'VN_NORTH', 'Northern Vietnam', 'VN');
// Saturday: Đà Nẵng (central), TP.HCM (south, also Monday); Thursday: Bình Định; Tuesday: Bến Tre.
// Đà Nẵng's calendar says Wednesday and Saturday; only its Saturday draw is known here.
const daNang = { ...game(44, 'VNC_DANANG', 'Central Vietnam lottery: Đà Nẵng', 'VN_CENTRAL'), drawWeekdays: [3, 6] };
const binhDinh = game(47, 'VNC_BINHDINH', 'Central Vietnam lottery: Bình Định', 'VN_CENTRAL');
const hcm = game(60, 'VNS_HCM', 'Southern Vietnam lottery: TP.HCM', 'VN_SOUTH');
const benTre = game(63, 'VNS_BENTRE', 'Southern Vietnam lottery: Bến Tre', 'VN_SOUTH');
/** The catalogue's order is region after region, south before central here to show the page sorts. */
const games = [hcm, benTre, north, binhDinh, daNang];
/** A province (it has no draw and no result yet): not listed on any day. */
const quiet = game(70, 'VNS_QUIET', 'Southern Vietnam lottery: Quiet', 'VN_SOUTH');

/** 16:15 (south), 17:15 (central) or 18:15 (north) Vietnam time on a day of November or December 2026. */
const drawAt = (month: number, day: number, hour: number) => Date.UTC(2026, month, day, hour - 7, 15);
const opened = (target: LotteryGame, drawTime: number) => ({
  gameId: target.gameId,
  gameCode: target.gameCode,
  remark: target.gameName,
  numero: vietnamDayOf(drawTime).replaceAll('-', ''),
  remainTime: drawTime - nowMs,
  lockTime: 900,
  defaultPlayType: 1,
  liveVideoSwitch: false,
  drawTime,
  serverSeedHash: null,
  clientSeed: null,
});
const result = (target: LotteryGame, drawTime: number, special: string): LotteryDrawResult => ({
  gameId: target.gameId,
  gameCode: target.gameCode,
  gameName: target.gameName,
  family: target.family,
  numero: vietnamDayOf(drawTime).replaceAll('-', ''),
  winNoStr: [special],
  drawTime,
  drawnTime: drawTime + 60_000,
  serverSeedHash: null,
  serverSeed: null,
  clientSeed: null,
});

function installApi() {
  installFakeApi({
    [`GET ${lotteryPaths.games}`]: () => ok([...games, quiet]),
    [`GET ${lotteryPaths.vnGameMenu}`]: () =>
      ok(
        lotteryVnGameMenuSchema.parse([
          { groupCode: 'VN_SOUTH', groupName: 'S', accountTypeName: 'TCG_LOTTO_VN', gameMenus: [hcm, benTre, quiet] },
          { groupCode: 'VN_NORTH', groupName: 'N', accountTypeName: 'TCG_LOTTO_VN', gameMenus: [north] },
          { groupCode: 'VN_CENTRAL', groupName: 'C', accountTypeName: 'TCG_LOTTO_VN', gameMenus: [binhDinh, daNang] },
        ]),
      ),
    [`GET ${lotteryPaths.openedNumeros}`]: () =>
      ok([
        opened(north, drawAt(10, 28, 18)),
        opened(daNang, drawAt(10, 28, 17)),
        opened(hcm, drawAt(10, 28, 16)),
        opened(binhDinh, drawAt(11, 3, 17)),
        opened(benTre, drawAt(11, 1, 16)),
      ]),
    [`GET ${lotteryPaths.latestDraws}`]: () =>
      ok([
        result(north, drawAt(10, 27, 18), '12345'),
        result(hcm, drawAt(10, 23, 16), '884933'),
        result(benTre, drawAt(10, 24, 16), '507311'),
      ]),
  });
}

const cardNames = () => screen.getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent);
const regionNames = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('/vnlottery', { timeout: 20_000 }, () => {
  test("today's provinces first, by region with their countdowns; the other days from the picker", async () => {
    installApi();
    renderLotteryPage('/vnlottery', 'vn');
    expect(await screen.findByRole('heading', { level: 2, name: "Today's draws · 28/11" })).toBeTruthy();
    expect(regionNames()).toEqual(['North (Miền Bắc)', 'Central (Miền Trung)', 'South (Miền Nam)']);
    // Saturday's three, not Thursday's Bình Định nor Tuesday's Bến Tre nor a province without draws.
    expect(cardNames()).toEqual([
      'Northern Vietnam',
      'Central Vietnam lottery: Đà Nẵng',
      'Southern Vietnam lottery: TP.HCM',
    ]);
    // TP.HCM draws at 16:15 and closes 15 minutes before: 5 hours from 11:00.
    const hcmCard = screen.getByRole('heading', { level: 4, name: /TP\.HCM/ }).closest('li')!;
    expect(within(hcmCard).getByRole('timer', { name: 'Closes in' }).textContent).toBe('5:00:00');
    expect(within(hcmCard).getByText('Latest result · 20261123')).toBeTruthy();
    expect(within(hcmCard).getByRole('link').getAttribute('href')).toBe('/lottery?gameCode=VNS_HCM');

    const days = screen.getByRole('group', { name: 'Draw day' });
    expect(
      within(days)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Today', 'Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
    expect(within(days).getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('true');

    // Monday: TP.HCM (its latest result was a Monday) and the north, which draws every day.
    fireEvent.click(within(days).getByRole('button', { name: 'Monday 30/11' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Draws on Monday · 30/11' })).toBeTruthy();
    expect(cardNames()).toEqual(['Northern Vietnam', 'Southern Vietnam lottery: TP.HCM']);

    fireEvent.click(within(days).getByRole('button', { name: 'Tuesday 01/12' }));
    expect(cardNames()).toEqual(['Northern Vietnam', 'Southern Vietnam lottery: Bến Tre']);
    fireEvent.click(within(days).getByRole('button', { name: 'Thursday 03/12' }));
    expect(cardNames()).toEqual(['Northern Vietnam', 'Central Vietnam lottery: Bình Định']);
    expect(regionNames()).toEqual(['North (Miền Bắc)', 'Central (Miền Trung)']);
    // Wednesday: Đà Nẵng by its calendar, though no draw of it on a Wednesday is known yet.
    fireEvent.click(within(days).getByRole('button', { name: 'Wednesday 02/12' }));
    expect(cardNames()).toEqual(['Northern Vietnam', 'Central Vietnam lottery: Đà Nẵng']);
  });

  test('in Thai: the day picker, the day and the regions', async () => {
    await switchLanguage('TH');
    installApi();
    renderLotteryPage('/vnlottery', 'vn');
    expect(await screen.findByRole('heading', { level: 2, name: 'หวยที่ออกวันนี้ · 28/11' })).toBeTruthy();
    expect(regionNames()).toEqual(['ภาคเหนือ (Miền Bắc)', 'ภาคกลาง (Miền Trung)', 'ภาคใต้ (Miền Nam)']);
    const days = screen.getByRole('group', { name: 'วันออกผล' });
    expect(within(days).getByRole('button', { name: 'วันนี้' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(days).getByRole('button', { name: /^วันจันทร์ 30\/11$/ }));
    expect(screen.getByRole('heading', { level: 2, name: 'หวยที่ออกวันจันทร์ · 30/11' })).toBeTruthy();
  });

  test("after today's close and before its result, a province stays under today", async () => {
    // 17:40 in Vietnam: TP.HCM closed at 16:00, its current draw is Monday's, its latest result last
    // Saturday's; its calendar (Monday and Saturday) still puts it under today.
    vi.setSystemTime(Date.UTC(2026, 10, 28, 10, 40));
    const hcmWeekly = { ...hcm, drawWeekdays: [1, 6] };
    installFakeApi({
      [`GET ${lotteryPaths.games}`]: () => ok([north, hcmWeekly, benTre]),
      [`GET ${lotteryPaths.vnGameMenu}`]: () =>
        ok(
          lotteryVnGameMenuSchema.parse([
            { groupCode: 'VN_SOUTH', groupName: 'S', accountTypeName: 'TCG_LOTTO_VN', gameMenus: [hcmWeekly, benTre] },
            { groupCode: 'VN_NORTH', groupName: 'N', accountTypeName: 'TCG_LOTTO_VN', gameMenus: [north] },
          ]),
        ),
      [`GET ${lotteryPaths.openedNumeros}`]: () =>
        ok([
          opened(north, drawAt(10, 28, 18)),
          opened(hcmWeekly, drawAt(10, 30, 16)),
          opened(benTre, drawAt(11, 1, 16)),
        ]),
      [`GET ${lotteryPaths.latestDraws}`]: () =>
        ok([result(hcmWeekly, drawAt(10, 21, 16), '884933'), result(benTre, drawAt(10, 24, 16), '507311')]),
    });
    renderLotteryPage('/vnlottery', 'vn');
    expect(await screen.findByRole('heading', { level: 2, name: "Today's draws · 28/11" })).toBeTruthy();
    expect(cardNames()).toEqual(['Northern Vietnam', 'Southern Vietnam lottery: TP.HCM']);
    const hcmCard = screen.getByRole('heading', { level: 4, name: /TP\.HCM/ }).closest('li')!;
    expect(within(hcmCard).getByText("Today's draw has closed: the result comes soon")).toBeTruthy();
    // Its next draw, Monday's, is still there to bet on; the north's card has no such line.
    expect(within(hcmCard).getByText('Draw 20261130')).toBeTruthy();
    const northCard = screen.getByRole('heading', { level: 4, name: 'Northern Vietnam' }).closest('li')!;
    expect(within(northCard).queryByText("Today's draw has closed: the result comes soon")).toBeNull();
  });

  test('a day without draws says so', async () => {
    installFakeApi({
      [`GET ${lotteryPaths.games}`]: () => ok([daNang]),
      [`GET ${lotteryPaths.vnGameMenu}`]: () =>
        ok(
          lotteryVnGameMenuSchema.parse([
            { groupCode: 'VN_CENTRAL', groupName: 'C', accountTypeName: 'TCG_LOTTO_VN', gameMenus: [daNang] },
          ]),
        ),
      [`GET ${lotteryPaths.openedNumeros}`]: () => ok([opened(daNang, drawAt(10, 28, 17))]),
      [`GET ${lotteryPaths.latestDraws}`]: () => ok([]),
    });
    renderLotteryPage('/vnlottery', 'vn');
    const days = await screen.findByRole('group', { name: 'Draw day' });
    fireEvent.click(within(days).getByRole('button', { name: 'Sunday 29/11' }));
    expect(screen.getByText('No Vietnamese draw on this day.')).toBeTruthy();
  });
});
