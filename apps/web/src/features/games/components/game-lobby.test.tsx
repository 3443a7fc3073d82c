// @vitest-environment jsdom
import { gamePaths } from '@lotus/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { useFavoriteIds, useSetFavorite } from '../../../api/games';
import type { LobbyKey } from '../../../config/paths';
import { session } from '../../../lib/session';
import { closeModal, modalStore } from '../../../stores/modal-store';
import {
  callsTo,
  catalogueRoutes,
  gameItem,
  gameListPage,
  initTestI18n,
  installFakeApi,
  installFakeIntersectionObserver,
  ok,
  refuse,
  renderWithProviders,
  type FakeAnswer,
  type FakeCall,
} from '../testing';

let GameLobby: ComponentType<{ lobbyKey: LobbyKey }>;

beforeAll(async () => {
  await initTestI18n();
  // The lobby's module loads the games catalogue as it is imported: after i18n has started.
  ({ GameLobby } = await import('./game-lobby'));
});
beforeEach(() => {
  window.sessionStorage.clear();
  closeModal();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const listCalls = (calls: FakeCall[]) =>
  callsTo(calls, 'GET', gamePaths.gameList).map((call) => Object.fromEntries(call.query));
const tileNames = () => screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

/** A promise the test settles when it wants the server to answer. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe('game lobby: logged out', () => {
  test('a visitor sees the public hot games and an invitation to log in; no token call is made', async () => {
    const { calls } = installFakeApi(catalogueRoutes());
    renderWithProviders(<GameLobby lobbyKey="rng" />, { route: '/rng' });
    expect(await screen.findByText('Lucky Lotus')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(modalStore.get()).toEqual({ kind: 'login' });
    expect(calls.map((call) => call.path)).not.toContain(gamePaths.gameList);
    expect(screen.queryByRole('searchbox')).toBeNull();
  });
});

describe('game lobby: the list of a member', () => {
  beforeEach(() => {
    session.logIn('token-1');
  });

  test('the lobby asks for its game type over every vendor, a vendor tab for that vendor', async () => {
    installFakeIntersectionObserver();
    const { calls } = installFakeApi(
      catalogueRoutes({
        [`GET ${gamePaths.gameList}`]: () =>
          ok(gameListPage([gameItem('lucky-lotus', { displayName: 'Lucky Lotus' })])),
      }),
    );
    renderWithProviders(<GameLobby lobbyKey="rng" />, { route: '/rng' });
    await screen.findByRole('heading', { name: 'Lucky Lotus', level: 3 });
    expect(listCalls(calls)[0]).toMatchObject({ vassalage: 'ALL', gameType: 'RNG', pageNo: '1', pageSize: '24' });
    cleanup();

    const second = installFakeApi(
      catalogueRoutes({ [`GET ${gamePaths.gameList}`]: () => ok(gameListPage([gameItem('naga-treasure')])) }),
    );
    renderWithProviders(<GameLobby lobbyKey="rng" />, { route: '/rng?page=NAGA' });
    await screen.findByRole('heading', { name: 'Game naga-treasure', level: 3 });
    const query = listCalls(second.calls)[0]!;
    expect(query).toMatchObject({ vassalage: 'NAGA', pageNo: '1', pageSize: '24' });
    expect(query.gameType).toBeUndefined();
  });

  test('the name search (after the typing pauses) and the classify chips are sent to the server; JP asks 50 a page', async () => {
    installFakeIntersectionObserver();
    const { calls } = installFakeApi(
      catalogueRoutes({ [`GET ${gamePaths.gameList}`]: () => ok(gameListPage([gameItem('lucky-lotus')])) }),
    );
    renderWithProviders(<GameLobby lobbyKey="rng" />, { route: '/rng' });
    await screen.findByRole('heading', { name: 'Game lucky-lotus', level: 3 });

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search games by name' }), { target: { value: 'lo' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search games by name' }), { target: { value: 'lotus ' } });
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ gameName: 'lotus' }));
    // One call for the settled text, none for the keys typed on the way.
    expect(listCalls(calls).filter((query) => query.gameName === 'lo')).toEqual([]);

    // The chips are the classifies of the lobby's vendors (LTSLOT: AC, TG; NAGA: JP), not LIVE's.
    const chips = within(screen.getByRole('group', { name: 'Game type' }))
      .getAllByRole('button')
      .map((chip) => chip.textContent);
    expect(chips).toEqual(['All types', 'Arcade', 'Jackpot', 'Table games']);
    fireEvent.click(screen.getByRole('button', { name: 'Arcade' }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toMatchObject({ gameName: 'lotus', gameClassify: 'AC', pageSize: '24' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Jackpot' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ gameClassify: 'JP', pageSize: '50' }));
    expect(screen.getByRole('button', { name: 'Jackpot' }).getAttribute('aria-pressed')).toBe('true');
  });

  test('scrolling to the end loads the next page, and stops after the last one', async () => {
    const observer = installFakeIntersectionObserver();
    const pages: Record<string, FakeAnswer> = {
      '1': ok(gameListPage([gameItem('a1'), gameItem('a2')], 1, 2)),
      '2': ok(gameListPage([gameItem('b1')], 2, 2)),
    };
    const { calls } = installFakeApi(
      catalogueRoutes({ [`GET ${gamePaths.gameList}`]: (call) => pages[call.query.get('pageNo')!]! }),
    );
    renderWithProviders(<GameLobby lobbyKey="rng" />, { route: '/rng' });
    await screen.findByRole('heading', { name: 'Game a2', level: 3 });
    expect(listCalls(calls).map((query) => query.pageNo)).toEqual(['1']);

    await observer.intersect();
    await screen.findByRole('heading', { name: 'Game b1', level: 3 });
    expect(listCalls(calls).map((query) => query.pageNo)).toEqual(['1', '2']);
    expect(tileNames()).toEqual(['Game a1', 'Game a2', 'Game b1']);

    // The last page is in: the sentinel is no longer watched, so nothing more is asked.
    await observer.intersect();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 250)));
    expect(listCalls(calls).map((query) => query.pageNo)).toEqual(['1', '2']);
  });

  test('the favourite heart changes at once and goes back when the server refuses', async () => {
    installFakeIntersectionObserver();
    const answer = deferred<FakeAnswer>();
    const { calls } = installFakeApi(
      catalogueRoutes({
        [`GET ${gamePaths.gameList}`]: () =>
          ok(gameListPage([gameItem('lucky-lotus', { displayName: 'Lucky Lotus' })])),
        [`POST ${gamePaths.addFavoriteGame}`]: () => answer.promise,
      }),
    );
    renderWithProviders(<GameLobby lobbyKey="rng" />, { route: '/rng' });
    const heart = await screen.findByRole('button', { name: 'Favourite: Lucky Lotus' });
    await waitFor(() => expect(callsTo(calls, 'GET', gamePaths.favoriteGames)).toHaveLength(1));
    expect(heart.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    expect(callsTo(calls, 'POST', gamePaths.addFavoriteGame).map((call) => call.body)).toEqual([
      { gameId: 'lucky-lotus' },
    ]);

    answer.resolve(refuse(404, 'game.unknown', 'Unknown game'));
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));
  });

  test('the Favourites and Recent views show the member’s games of this lobby only', async () => {
    installFakeIntersectionObserver();
    installFakeApi(
      catalogueRoutes({
        [`GET ${gamePaths.gameList}`]: () => ok(gameListPage([gameItem('lucky-lotus')])),
        [`GET ${gamePaths.favoriteGamesList}`]: () =>
          ok({
            content: [
              gameItem('naga-treasure', { vassalage: 'NAGA', displayName: 'Naga Treasure' }),
              gameItem('baccarat', { vassalage: 'LTLIVE', displayName: 'Lotus Baccarat' }),
            ],
            pageNo: 1,
            pageSize: 50,
            totalElements: 2,
            totalPages: 1,
          }),
        [`GET ${gamePaths.recentGames}`]: () => ok({ content: [] }),
      }),
    );
    renderWithProviders(<GameLobby lobbyKey="rng" />, { route: '/rng' });
    await screen.findByRole('heading', { name: 'Game lucky-lotus', level: 3 });
    fireEvent.click(screen.getByRole('tab', { name: 'Favourites' }));
    await screen.findByRole('heading', { name: 'Naga Treasure', level: 3 });
    expect(tileNames()).toEqual(['Naga Treasure']);
    fireEvent.click(screen.getByRole('tab', { name: 'Recent' }));
    expect(await screen.findByText('You have not played a game here yet')).toBeTruthy();
  });

  test('a list that cannot load says so and tries again', async () => {
    installFakeIntersectionObserver();
    let isDown = true;
    installFakeApi(
      catalogueRoutes({
        [`GET ${gamePaths.gameList}`]: () =>
          isDown ? refuse(503, 'service.unavailable', 'Down') : ok(gameListPage([gameItem('lucky-lotus')])),
      }),
    );
    renderWithProviders(<GameLobby lobbyKey="rng" />, { route: '/rng' });
    expect(await screen.findByText('The games could not be loaded')).toBeTruthy();
    isDown = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Game lucky-lotus', level: 3 })).toBeTruthy();
  });
});

describe('useSetFavorite', () => {
  test('adding a game that is already a favourite does nothing, not even a call', async () => {
    session.logIn('token-1');
    const removal = deferred<FakeAnswer>();
    const { calls } = installFakeApi({
      [`GET ${gamePaths.favoriteGames}`]: () => ok({ nodeIds: ['ltslot-lucky-lotus'], gameIds: ['lucky-lotus'] }),
      [`POST ${gamePaths.addFavoriteGame}`]: () => ok({ gameId: 'lucky-lotus', isFavorite: true }),
      [`DELETE ${gamePaths.removeFavoriteGame}`]: () => removal.promise,
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => ({ ids: useFavoriteIds().data, setFavorite: useSetFavorite() }), { wrapper });
    await waitFor(() => expect(result.current.ids).toEqual(['lucky-lotus']));

    act(() => result.current.setFavorite({ gameId: 'lucky-lotus', isFavorite: true }));
    await act(async () => {});
    expect(callsTo(calls, 'POST', gamePaths.addFavoriteGame)).toEqual([]);

    // Removing: the local list changes while the server has not answered yet.
    act(() => result.current.setFavorite({ gameId: 'lucky-lotus', isFavorite: false }));
    await waitFor(() =>
      expect(callsTo(calls, 'DELETE', gamePaths.removeFavoriteGame).map((call) => call.body)).toEqual([
        { gameId: 'lucky-lotus' },
      ]),
    );
    expect(result.current.ids).toEqual([]);
    removal.resolve(ok({ gameId: 'lucky-lotus', isFavorite: false }));
  });
});
