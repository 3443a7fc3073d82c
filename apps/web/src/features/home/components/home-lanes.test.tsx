// @vitest-environment jsdom
import { siteContentPaths } from '@lotus/contract';
import { cleanup, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { catalogueRoutes, gameItem, initTestI18n, installFakeApi, ok, renderWithProviders } from '../../games/testing';

let HomeLanes: ComponentType;

beforeAll(async () => {
  await initTestI18n();
  ({ HomeLanes } = await import('./home-lanes'));
});
afterEach(cleanup);

const card = (gameId: string, displayName: string) => {
  const {
    minBet: _minBet,
    isJackpot: _isJackpot,
    isFavorite: _isFavorite,
    ...game
  } = gameItem(gameId, { displayName });
  return game;
};

describe('HomeLanes', () => {
  test("draws the operator's lanes in order, each titled, with its games", async () => {
    installFakeApi(
      catalogueRoutes({
        [`GET ${siteContentPaths.homeLanes}`]: () =>
          ok({
            lanes: [
              { code: 'slots', title: 'Slots on fire', category: 'RNG', games: [card('g1', 'Dragon Gold')] },
              {
                code: 'picks',
                title: "Editor's picks",
                category: null,
                games: [card('g2', 'Tiger Way'), card('g3', 'Moon')],
              },
            ],
          }),
      }),
    );
    renderWithProviders(<HomeLanes />);
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['Slots on fire', "Editor's picks"]);
    const picks = screen.getByRole('region', { name: "Editor's picks" });
    expect(
      within(picks)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Tiger Way'), expect.stringContaining('Moon')]);
    expect(screen.queryByText('Lucky Lotus')).toBeNull();
  });

  test('without lanes, the one grid of hot games the page always had', async () => {
    installFakeApi(catalogueRoutes({ [`GET ${siteContentPaths.homeLanes}`]: () => ok({ lanes: [] }) }));
    renderWithProviders(<HomeLanes />);
    expect(await screen.findByText('Lucky Lotus')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1);
  });
});
