// @vitest-environment jsdom
import { gamePaths, launchPaths } from '@lotus/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import type { CategoryPageKey } from '../../../config/paths';
import { session } from '../../../lib/session';
import { launchedGameStore } from '../../../stores/launched-game-store';
import { closeModal, modalStore } from '../../../stores/modal-store';
import {
  callsTo,
  catalogueRoutes,
  gameItem,
  gameListPage,
  initTestI18n,
  installFakeApi,
  LocationProbe,
  ok,
  renderWithProviders,
} from '../testing';

let CategoryPage: ComponentType<{ pageKey: CategoryPageKey }>;

beforeAll(async () => {
  await initTestI18n();
  ({ CategoryPage } = await import('./category-page'));
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

const sportsbook = gameItem('sportsbook', {
  vassalage: 'LTSPORT',
  nodeId: 'ltsport-sportsbook',
  gameType: 'SPORTS',
  gameCategory: 'SPORTS',
  displayName: 'Lotus Sportsbook',
});
const routes = () =>
  catalogueRoutes({
    [`GET ${gamePaths.gameList}`]: () => ok(gameListPage([sportsbook])),
    [`POST ${launchPaths.launchGame}`]: () =>
      ok({
        game_url: 'https://house.example/play/sportsbook',
        gameId: 'sportsbook',
        vassalage: 'LTSPORT',
        displayName: 'Lotus Sportsbook',
        walletMode: 'seamless',
      }),
  });

describe('category page', () => {
  test("a vendor card's Play launches the vendor's first game and opens /game", async () => {
    session.logIn('token-1');
    const { calls } = installFakeApi(routes());
    renderWithProviders(
      <>
        <CategoryPage pageKey="sports" />
        <LocationProbe />
      </>,
      { route: '/sports' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Play now' }));
    await waitFor(() => expect(screen.getByLabelText('location').textContent).toBe('/game'));
    expect(Object.fromEntries(callsTo(calls, 'GET', gamePaths.gameList)[0]!.query)).toMatchObject({
      vassalage: 'LTSPORT',
      pageSize: '1',
    });
    expect(callsTo(calls, 'POST', launchPaths.launchGame)[0]?.body).toMatchObject({
      gameId: 'sportsbook',
      vassalage: 'LTSPORT',
      accountType: 1,
    });
    expect(launchedGameStore.get()).toEqual({
      url: 'https://house.example/play/sportsbook',
      title: 'Lotus Sportsbook',
    });
  });

  test('logged out, Play opens the login modal and asks the server nothing', async () => {
    const { calls } = installFakeApi(routes());
    renderWithProviders(<CategoryPage pageKey="sports" />, { route: '/sports' });
    fireEvent.click(await screen.findByRole('button', { name: 'Play now' }));
    expect(modalStore.get()).toEqual({ kind: 'login' });
    expect(callsTo(calls, 'GET', gamePaths.gameList)).toEqual([]);
    expect(callsTo(calls, 'POST', launchPaths.launchGame)).toEqual([]);
  });
});
