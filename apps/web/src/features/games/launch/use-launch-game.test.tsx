// @vitest-environment jsdom
import { apiPaths, gamePaths, launchErrorCodes, launchPaths, type LaunchGameResult } from '@lotus/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { session } from '../../../lib/session';
import { launchedGameStore } from '../../../stores/launched-game-store';
import { closeModal, modalStore } from '../../../stores/modal-store';
import {
  callsTo,
  gameItem,
  gameListPage,
  initTestI18n,
  installFakeApi,
  LocationProbe,
  ok,
  renderWithProviders,
  type FakeAnswer,
} from '../testing';
import { buildLaunchRequest } from './launch-request';
import { useLaunchGame } from './use-launch-game';

const game = { gameId: 'lucky-lotus', nodeId: 'ltslot-lucky-lotus', vassalage: 'LTSLOT' };
const launched: LaunchGameResult = {
  game_url: 'https://house.example/play/lucky-lotus?session=abc',
  gameId: 'lucky-lotus',
  vassalage: 'LTSLOT',
  displayName: 'Lucky Lotus',
  walletMode: 'seamless',
};

function Launcher() {
  const { launch, launchVendor, dialog } = useLaunchGame();
  return (
    <>
      <button type="button" onClick={() => launch(game)}>
        launch game
      </button>
      <button type="button" onClick={() => launchVendor('LTSPORT')}>
        launch vendor
      </button>
      {dialog}
      <LocationProbe />
    </>
  );
}

function NavigationKey() {
  return <output aria-label="navigation key">{useLocation().key}</output>;
}

const refusal = (status: number, errorCode: string, message: string, value: unknown = null): FakeAnswer => ({
  status,
  envelope: { success: false, value, errorCode, message },
});

function launchWith(answer: () => FakeAnswer, extra = {}) {
  const api = installFakeApi({ [`POST ${launchPaths.launchGame}`]: answer, ...extra });
  return api;
}

const location = () => screen.getByLabelText('location').textContent;

beforeAll(async () => {
  await initTestI18n();
});
beforeEach(() => {
  window.sessionStorage.clear();
  launchedGameStore.set(null);
  closeModal();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useLaunchGame', () => {
  test('logged out: the login modal opens and the server is not asked', async () => {
    const { calls } = launchWith(() => ok(launched));
    renderWithProviders(<Launcher />, { route: '/rng' });
    fireEvent.click(screen.getByRole('button', { name: 'launch game' }));
    fireEvent.click(screen.getByRole('button', { name: 'launch vendor' }));
    expect(modalStore.get()).toEqual({ kind: 'login' });
    await act(async () => {});
    expect(calls).toEqual([]);
    expect(launchedGameStore.get()).toBeNull();
    expect(location()).toBe('/rng');
  });

  test('a real account launches with the spec request, keeps the address and goes to /game', async () => {
    session.logIn('token-1');
    session.setIsAgent(0);
    const { calls } = launchWith(() => ok(launched));
    renderWithProviders(<Launcher />, { route: '/rng' });
    fireEvent.click(screen.getByRole('button', { name: 'launch game' }));
    await waitFor(() => expect(location()).toBe('/game'));
    const [call] = callsTo(calls, 'POST', launchPaths.launchGame);
    expect(call?.headers.get('Authorization')).toBe('token-1');
    expect(call?.body).toEqual({
      gameId: 'lucky-lotus',
      nodeId: 'ltslot-lucky-lotus',
      vassalage: 'LTSLOT',
      accountType: 1,
      confirmTrans: 0,
      launchMode: 'GLS',
      platform: 'html5-desktop',
      clientType: 3,
      language: 'EN',
    });
    expect(launchedGameStore.get()).toEqual({ url: launched.game_url, title: 'Lucky Lotus' });
    expect(modalStore.get()).toBeNull();
  });

  test('already on /game: the new address replaces the old one without another navigation', async () => {
    session.logIn('token-1');
    launchedGameStore.set({ url: 'https://house.example/play/old', title: 'Old game' });
    launchWith(() => ok(launched));
    renderWithProviders(
      <>
        <Launcher />
        <NavigationKey />
      </>,
      { route: '/game' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'launch game' }));
    await waitFor(() => expect(launchedGameStore.get()?.url).toBe(launched.game_url));
    expect(location()).toBe('/game');
    // Every navigation gets a new key; the first entry's is 'default'.
    expect(screen.getByLabelText('navigation key').textContent).toBe('default');
  });

  test('a trial account plays free-play money (accountType 0)', async () => {
    session.logIn('trial-token');
    session.setIsAgent(4);
    const { calls } = launchWith(() => ok(launched));
    renderWithProviders(<Launcher />, { route: '/rng' });
    fireEvent.click(screen.getByRole('button', { name: 'launch game' }));
    await waitFor(() => expect(location()).toBe('/game'));
    expect(callsTo(calls, 'POST', launchPaths.launchGame)[0]?.body).toMatchObject({ accountType: 0 });
  });

  test('vendor_under_maintenance shows the window, start and end in local time', async () => {
    session.logIn('token-1');
    const startMs = Date.UTC(2026, 10, 22, 2, 0);
    const endMs = Date.UTC(2026, 10, 22, 4, 30);
    launchWith(() =>
      refusal(409, launchErrorCodes.vendorUnderMaintenance, 'Under maintenance', {
        maintainStartTime: startMs,
        maintainEndTime: endMs,
      }),
    );
    renderWithProviders(<Launcher />, { route: '/rng' });
    fireEvent.click(screen.getByRole('button', { name: 'launch game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Under maintenance' });
    expect(dialog.textContent).toContain(`from ${formatDateTime(startMs)} to ${formatDateTime(endMs)}`);
    expect(location()).toBe('/rng');
    expect(launchedGameStore.get()).toBeNull();
  });

  test('a maintenance refusal lists the games suggested instead; choosing one launches it', async () => {
    session.logIn('token-1');
    const suggestion = {
      gameId: 'golden-elephant',
      nodeId: 'g-1',
      vassalage: 'GOLDENELE',
      gameType: 'RNG',
      gameCategory: 'RNG',
      gameClassify: 'SC',
      displayName: 'Golden Elephant',
      thumbnailUrl: null,
      isHot: 1,
      isNew: false,
    };
    const { calls } = launchWith(() => {
      const asked = (calls.at(-1)?.body ?? {}) as { gameId?: string };
      return asked.gameId === 'golden-elephant'
        ? ok({ ...launched, gameId: 'golden-elephant', vassalage: 'GOLDENELE', displayName: 'Golden Elephant' })
        : refusal(409, launchErrorCodes.vendorUnderMaintenance, 'Under maintenance', {
            maintainStartTime: 1,
            maintainEndTime: 2,
            suggestions: [suggestion, { broken: true }],
          });
    });
    renderWithProviders(<Launcher />, { route: '/rng' });
    fireEvent.click(screen.getByRole('button', { name: 'launch game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Under maintenance' });
    // What does not look like a game is left out.
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Golden Elephant' }));
    await waitFor(() => expect(launchedGameStore.get()).toEqual({ url: launched.game_url, title: 'Golden Elephant' }));
    expect(screen.queryByRole('dialog', { name: 'Under maintenance' })).toBeNull();
    expect(
      callsTo(calls, 'POST', launchPaths.launchGame).map((call) => (call.body as { gameId: string }).gameId),
    ).toEqual(['lucky-lotus', 'golden-elephant']);
  });

  test('launch_game_balance_not_enough offers a real account the deposit page of the member centre', async () => {
    session.logIn('token-1');
    session.setIsAgent(0);
    launchWith(() =>
      refusal(409, launchErrorCodes.balanceNotEnough, 'Balance not enough', { balance: '0.50', minBet: '1.00' }),
    );
    renderWithProviders(<Launcher />, { route: '/rng' });
    fireEvent.click(screen.getByRole('button', { name: 'launch game' }));
    await screen.findByRole('dialog', { name: 'Balance too low' });
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(modalStore.get()).toEqual({ kind: 'memberCentre', page: 'depositv2' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Balance too low' })).toBeNull());
  });

  test('a trial account short of free-play money gets no deposit offer (it cannot deposit)', async () => {
    session.logIn('trial-token');
    session.setIsAgent(4);
    launchWith(() => refusal(409, launchErrorCodes.balanceNotEnough, 'Balance not enough'));
    renderWithProviders(<Launcher />, { route: '/rng' });
    fireEvent.click(screen.getByRole('button', { name: 'launch game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Balance too low' });
    expect(dialog.textContent).toContain('Register a real account');
    expect(screen.queryByRole('button', { name: 'Deposit' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(modalStore.get()).toBeNull();
  });

  test('launch_game_trial_not_allowed explains that free play cannot open this game', async () => {
    session.logIn('trial-token');
    session.setIsAgent(4);
    launchWith(() => refusal(403, launchErrorCodes.trialNotAllowed, 'Trial not allowed'));
    renderWithProviders(<Launcher />, { route: '/rng' });
    fireEvent.click(screen.getByRole('button', { name: 'launch game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not available in free play' });
    expect(dialog.textContent).toContain('Free-play accounts cannot play this game');
  });

  test.each([
    [
      'another refusal shows the server message',
      () => refusal(503, launchErrorCodes.vendorUnavailable, 'The provider did not answer'),
      'The provider did not answer',
    ],
    [
      'a dropped connection shows the network text',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'Network link abnormal, please try again.',
    ],
  ])('%s in the generic popup', async (_name, answer, text) => {
    session.logIn('token-1');
    launchWith(answer as () => FakeAnswer);
    renderWithProviders(<Launcher />, { route: '/rng' });
    fireEvent.click(screen.getByRole('button', { name: 'launch game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notice' });
    expect(dialog.textContent).toContain(text);
    expect(launchedGameStore.get()).toBeNull();
  });

  test("launching a vendor opens its first game from the vendor's game list", async () => {
    session.logIn('token-1');
    const sportsbook = gameItem('sportsbook', {
      vassalage: 'LTSPORT',
      nodeId: 'ltsport-sportsbook',
      gameType: 'SPORTS',
      gameCategory: 'SPORTS',
    });
    const { calls } = launchWith(
      () => ok({ ...launched, gameId: 'sportsbook', vassalage: 'LTSPORT', displayName: 'Lotus Sportsbook' }),
      {
        [`GET ${gamePaths.gameList}`]: () => ok(gameListPage([sportsbook])),
      },
    );
    renderWithProviders(<Launcher />, { route: '/sports' });
    fireEvent.click(screen.getByRole('button', { name: 'launch vendor' }));
    await waitFor(() => expect(location()).toBe('/game'));
    const [listCall] = callsTo(calls, 'GET', gamePaths.gameList);
    expect(Object.fromEntries(listCall!.query)).toMatchObject({ vassalage: 'LTSPORT', pageNo: '1', pageSize: '1' });
    expect(callsTo(calls, 'POST', launchPaths.launchGame)[0]?.body).toMatchObject({
      gameId: 'sportsbook',
      nodeId: 'ltsport-sportsbook',
      vassalage: 'LTSPORT',
    });
  });

  test('a vendor without a playable game says so and launches nothing', async () => {
    session.logIn('token-1');
    const { calls } = launchWith(() => ok(launched), {
      [`GET ${gamePaths.gameList}`]: () => ok(gameListPage([], 1, 0)),
    });
    renderWithProviders(<Launcher />, { route: '/sports' });
    fireEvent.click(screen.getByRole('button', { name: 'launch vendor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notice' });
    expect(dialog.textContent).toContain('This provider has no game open right now.');
    expect(callsTo(calls, 'POST', launchPaths.launchGame)).toEqual([]);
  });
});

describe('useLaunchGame: a transfer-mode game', () => {
  const elephant = {
    gameId: 'golden-elephant',
    nodeId: 'goldenele-golden-elephant',
    vassalage: 'GOLDENELE',
    displayName: 'Golden Elephant',
  };
  const elephantLaunched: LaunchGameResult = {
    game_url: 'https://house.example/play/golden-elephant?token=t',
    gameId: 'golden-elephant',
    vassalage: 'GOLDENELE',
    displayName: 'Golden Elephant',
    walletMode: 'transfer',
  };
  const merchantWallet = {
    isSingle: false,
    vendors: [
      { vassalage: 'LTSLOT', accountTypeId: 3, accountTypeName: 'LTSLOT', isSingle: true },
      { vassalage: 'GOLDENELE', accountTypeId: 4, accountTypeName: 'GOLDENELE', isSingle: false },
    ],
  };
  const balances = (main: string, inGame: string) =>
    ok({
      balance: [
        { accountTypeId: 0, accountTypeName: 'MAIN', availBalance: main, currency: 'THB', currencySymbol: '฿' },
        { accountTypeId: 4, accountTypeName: 'GOLDENELE', availBalance: inGame, currency: 'THB', currencySymbol: '฿' },
      ],
      currency: 'THB',
      currencySymbol: '฿',
    });

  function ElephantLauncher() {
    const { launch, dialog } = useLaunchGame();
    return (
      <>
        <button type="button" onClick={() => launch(elephant)}>
          launch elephant
        </button>
        <button type="button" onClick={() => launch(game)}>
          launch lotus
        </button>
        {dialog}
        <LocationProbe />
      </>
    );
  }

  function transferApi(main = '2000.00', inGame = '0.00') {
    return installFakeApi({
      [`GET ${apiPaths.merchantWallet}`]: () => ok(merchantWallet),
      [`GET ${apiPaths.walletBalance}`]: () => balances(main, inGame),
      [`POST ${launchPaths.launchGame}`]: (call) =>
        ok((call.body as { gameId: string }).gameId === 'golden-elephant' ? elephantLaunched : launched),
      [`POST ${launchPaths.walletReturn}`]: () => ok({ transfers: [] }),
    });
  }

  test('the dialog shows both wallets; "move all" launches with confirmTrans 1 and the game keeps its return key', async () => {
    session.logIn('token-1');
    session.setIsAgent(0);
    const { calls } = transferApi();
    renderWithProviders(<ElephantLauncher />, { route: '/rng' });
    fireEvent.click(screen.getByRole('button', { name: 'launch elephant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Play Golden Elephant' });
    expect(within(dialog).getByText('Main wallet').nextElementSibling?.textContent).toBe('฿2,000.00');
    // Nothing is launched before the member chooses.
    expect(callsTo(calls, 'POST', launchPaths.launchGame)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move and play' }));
    await waitFor(() => expect(location()).toBe('/game'));
    expect(callsTo(calls, 'POST', launchPaths.launchGame)[0]?.body).toMatchObject({
      gameId: 'golden-elephant',
      vassalage: 'GOLDENELE',
      confirmTrans: 1,
    });
    expect(callsTo(calls, 'POST', launchPaths.launchGame)[0]?.body).not.toHaveProperty('transferAmount');
    expect(launchedGameStore.get()).toEqual({
      url: elephantLaunched.game_url,
      title: 'Golden Elephant',
      transfer: { vassalage: 'GOLDENELE', returnKey: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('"move an amount" launches with that amount', async () => {
    session.logIn('token-1');
    const { calls } = transferApi();
    renderWithProviders(<ElephantLauncher />, { route: '/rng' });
    fireEvent.click(screen.getByRole('button', { name: 'launch elephant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Play Golden Elephant' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Move an amount' }));
    fireEvent.change(within(dialog).getByLabelText('Amount to move into GOLDENELE'), { target: { value: '250' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move and play' }));
    await waitFor(() => expect(location()).toBe('/game'));
    expect(callsTo(calls, 'POST', launchPaths.launchGame)[0]?.body).toMatchObject({
      confirmTrans: 1,
      transferAmount: '250.00',
    });
  });

  test('a refusal of the move (the balance changed meanwhile) shows the server words and opens nothing', async () => {
    session.logIn('token-1');
    installFakeApi({
      [`GET ${apiPaths.merchantWallet}`]: () => ok(merchantWallet),
      [`GET ${apiPaths.walletBalance}`]: () => balances('2000.00', '0.00'),
      [`POST ${launchPaths.launchGame}`]: () =>
        refusal(
          409,
          launchErrorCodes.transferBalanceNotEnough,
          'The amount to move into the game (transferAmount) is more than your main wallet holds (available 10.00).',
          { available: '10.00' },
        ),
    });
    renderWithProviders(<ElephantLauncher />, { route: '/rng' });
    fireEvent.click(screen.getByRole('button', { name: 'launch elephant' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Play Golden Elephant' })).getByRole('button', {
        name: 'Move and play',
      }),
    );
    const notice = await screen.findByRole('dialog', { name: 'Notice' });
    expect(notice.textContent).toContain('transferAmount');
    expect(launchedGameStore.get()).toBeNull();
    expect(location()).toBe('/rng');
  });

  test("leaving the transfer game for another vendor's game brings its money back first, once", async () => {
    session.logIn('token-1');
    const { calls } = transferApi();
    launchedGameStore.set({
      url: elephantLaunched.game_url,
      title: 'Golden Elephant',
      transfer: { vassalage: 'GOLDENELE', returnKey: 'key-of-the-elephant' },
    });
    renderWithProviders(<ElephantLauncher />, { route: '/game' });
    fireEvent.click(screen.getByRole('button', { name: 'launch lotus' }));
    await waitFor(() => expect(launchedGameStore.get()?.url).toBe(launched.game_url));
    const [returned] = callsTo(calls, 'POST', launchPaths.walletReturn);
    expect(returned?.headers.get('Idempotency-Key')).toBe('key-of-the-elephant');
    expect(calls.indexOf(returned!)).toBeLessThan(calls.indexOf(callsTo(calls, 'POST', launchPaths.launchGame)[0]!));
    expect(launchedGameStore.get()).toEqual({ url: launched.game_url, title: 'Lucky Lotus' });
  });

  test("the same vendor's game again plays on from its wallet: nothing is returned, the return key stays", async () => {
    session.logIn('token-1');
    const { calls } = transferApi('0.00', '500.00');
    launchedGameStore.set({
      url: 'https://house.example/play/golden-elephant?token=old',
      title: 'Golden Elephant',
      transfer: { vassalage: 'GOLDENELE', returnKey: 'key-of-the-elephant' },
    });
    renderWithProviders(<ElephantLauncher />, { route: '/game' });
    fireEvent.click(screen.getByRole('button', { name: 'launch elephant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Play Golden Elephant' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(launchedGameStore.get()?.url).toBe(elephantLaunched.game_url));
    expect(callsTo(calls, 'POST', launchPaths.launchGame)[0]?.body).toMatchObject({ confirmTrans: 0 });
    expect(callsTo(calls, 'POST', launchPaths.walletReturn)).toEqual([]);
    expect(launchedGameStore.get()?.transfer).toEqual({ vassalage: 'GOLDENELE', returnKey: 'key-of-the-elephant' });
  });

  test('a trial account is not offered a move (it has no transfer wallets)', async () => {
    session.logIn('trial-token');
    session.setIsAgent(4);
    const { calls } = transferApi();
    renderWithProviders(<ElephantLauncher />, { route: '/rng' });
    fireEvent.click(screen.getByRole('button', { name: 'launch elephant' }));
    await waitFor(() => expect(callsTo(calls, 'POST', launchPaths.launchGame)).toHaveLength(1));
    expect(callsTo(calls, 'GET', apiPaths.merchantWallet)).toEqual([]);
  });
});

describe('buildLaunchRequest', () => {
  test('phones ask for the html5 build', () => {
    expect(buildLaunchRequest(game, 'TH', false, true)).toMatchObject({
      platform: 'html5',
      accountType: 1,
      language: 'TH',
    });
    expect(buildLaunchRequest(game, 'TH', true, false)).toMatchObject({ platform: 'html5-desktop', accountType: 0 });
  });

  test("a transfer-mode game's move: all is confirmTrans 1, an amount adds transferAmount, none is confirmTrans 0", () => {
    expect(buildLaunchRequest(game, 'EN', false, false, { kind: 'all' })).toMatchObject({ confirmTrans: 1 });
    expect(buildLaunchRequest(game, 'EN', false, false, { kind: 'amount', amount: '12.50' })).toMatchObject({
      confirmTrans: 1,
      transferAmount: '12.50',
    });
    expect(buildLaunchRequest(game, 'EN', false, false, { kind: 'none' })).toMatchObject({ confirmTrans: 0 });
  });
});

describe('useLaunchGame: the house lottery (vendor LTLOTTO)', () => {
  function LotteryLauncher() {
    const { launch, launchVendor } = useLaunchGame();
    return (
      <>
        <button type="button" onClick={() => launch({ gameId: 'yeekee', vassalage: 'LTLOTTO' })}>
          launch lottery game
        </button>
        <button type="button" onClick={() => launchVendor('LTLOTTO')}>
          launch lottery vendor
        </button>
        <LocationProbe />
      </>
    );
  }

  test.each([['launch lottery game'], ['launch lottery vendor']])(
    '%s opens /lottery, for a visitor too, and asks nothing of the server',
    async (button) => {
      const { calls } = launchWith(() => ok(launched));
      renderWithProviders(<LotteryLauncher />, { route: '/elott' });
      fireEvent.click(screen.getByRole('button', { name: button }));
      await waitFor(() => expect(location()).toBe('/lottery'));
      expect(modalStore.get()).toBeNull();
      expect(calls).toEqual([]);
    },
  );
});
