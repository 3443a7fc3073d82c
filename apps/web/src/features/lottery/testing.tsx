/**
 * For the lottery pages' component tests only (never imported by the site): the hooks every file of
 * /lottery needs, the page itself, and contract-shaped answers of a game's page (its draws, settings
 * and the member's balance) that each file varies only where its test is about.
 */
import {
  apiPaths,
  lotteryGameSettingSchema,
  lotteryOrderPaths,
  lotteryPaths,
  walletBalanceSchema,
  type LotteryGame,
  type LotteryGameSetting,
  type LotteryNearNumeros,
  type LotteryNumero,
} from '@lotus/contract';
import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import lotteryEn from '../../locales/lottery/en.json';
import lotteryTh from '../../locales/lottery/th.json';
import { closeModal } from '../../stores/modal-store';
import { installFakeApi, ok, renderWithProviders, type FakeRoute } from '../auth/testing';
import { initMoneyI18n, switchLanguage } from '../money/testing';
import type { LotteryLobbyKind } from './components/lottery-page';

let LotteryPage: ComponentType<{ lobby?: LotteryLobbyKind }> | undefined;

/**
 * The hooks of a test file that renders /lottery: before all, the money texts (the page shows the
 * balance) and the lottery's in EN and TH, then the page; before each, an empty session, no modal
 * left open by the previous test and English; after each, the page unmounted and any faked timers
 * or stubbed globals put back.
 */
export function setUpLotteryPageTests(): void {
  beforeAll(async () => {
    await initMoneyI18n();
    i18next.addResourceBundle('en', 'translation', lotteryEn, true, false);
    i18next.addResourceBundle('th', 'translation', lotteryTh, true, false);
    // The page's module loads its catalogue when it is evaluated, so it is imported once i18n runs.
    ({ LotteryPage } = await import('./components/lottery-page'));
  });
  beforeEach(async () => {
    window.sessionStorage.clear();
    closeModal();
    await switchLanguage('EN');
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

/** /lottery (or one of its lobbies) at `route`, with the app's providers. */
export function renderLotteryPage(route: string, lobby?: LotteryLobbyKind) {
  if (!LotteryPage) throw new Error('setUpLotteryPageTests() loads the page before the tests');
  return renderWithProviders(<LotteryPage lobby={lobby} />, { route });
}

/** An official game (drawn elsewhere, bets closing 30 minutes before the draw) of the catalogue. */
export const officialGame = (
  gameId: number,
  gameCode: string,
  gameName: string,
  family: string,
  gameGroupCode: string,
): LotteryGame => ({
  gameId,
  gameCode,
  gameName,
  family,
  prizeModeId: 1,
  gameGroupCode,
  defaultPlayType: 1,
  drawInterval: null,
  lockTime: 1800,
  liveVideoSwitch: false,
  isHouseDrawn: false,
  drawWeekdays: [],
});

/**
 * A draw open for bets, with no result and no seeds; `fields` gives the timing each file's draws
 * have, and anything else its test turns (a settled draw's numbers, a house draw's seeds).
 */
export const drawNumero = (
  numero: string,
  fields: Pick<LotteryNumero, 'remainTime' | 'lockTime' | 'drawTime'> & Partial<LotteryNumero>,
): LotteryNumero => ({
  numero,
  isSale: true,
  status: 'open',
  winNoStr: [],
  serverSeedHash: null,
  serverSeed: null,
  clientSeed: null,
  ...fields,
});

/** A game's betting settings as the server answers them: no plays of its own, no fee, no closed numbers. */
export const gameSettingOf = (target: LotteryGame, overrides: Partial<LotteryGameSetting> = {}): LotteryGameSetting =>
  lotteryGameSettingSchema.parse({
    gameId: target.gameId,
    gameCode: target.gameCode,
    platformSettings: [{ allowLottDrawback: '1', allowElottDrawback: '1' }],
    isEnableAutomaticOddsSetting: false,
    cancelFeePercent: '0',
    minStakePerUnit: '1.00',
    maxOrderAmount: '50000.00',
    maxMemberDrawAmount: '200000.00',
    maxMultiple: 1000,
    minSeries: 1,
    maxSeries: 2000,
    maxProfit: null,
    plays: [],
    closedNumbers: [],
    ...overrides,
  });

/** The member's wallet: ฿1,000.00, nothing held. */
export const memberBalance = walletBalanceSchema.parse({
  sumBalance: '1000.00',
  currency: 'THB',
  currencySymbol: '฿',
  balance: [],
  heldBalance: '0.00',
  bonusBalance: '0.00',
  isTrial: false,
});

/**
 * The answers a game's page reads when it opens: the catalogue, the game's near draws, its (empty)
 * draw history, its settings and the balance; `routes` adds or replaces answers for the test.
 */
export function installGamePageApi(
  page: { games: LotteryGame[]; game: LotteryGame; near: LotteryNearNumeros; setting?: LotteryGameSetting },
  routes: Record<string, FakeRoute> = {},
) {
  const setting = page.setting ?? gameSettingOf(page.game);
  return installFakeApi({
    [`GET ${lotteryPaths.games}`]: () => ok(page.games),
    [`GET ${lotteryPaths.nearNumeros}`]: () => ok(page.near),
    [`GET /lgw/draw/code/${page.game.gameCode}`]: () => ok({ list: [], pageNo: 1, pageSize: 10, totalCount: 0 }),
    [`GET ${lotteryOrderPaths.gameSetting}`]: () => ok(setting),
    [`GET ${apiPaths.walletBalance}`]: () => ok(memberBalance),
    ...routes,
  });
}
