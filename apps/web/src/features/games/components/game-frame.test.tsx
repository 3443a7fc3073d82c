// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { launchedGameStore } from '../../../stores/launched-game-store';
import { initTestI18n, renderWithProviders } from '../testing';

let GameFrame: ComponentType;

beforeAll(async () => {
  await initTestI18n();
  ({ GameFrame } = await import('./game-frame'));
});
beforeEach(() => launchedGameStore.set(null));
afterEach(cleanup);

describe('/game', () => {
  test('without a launched game (a reload) the friendly panel shows', () => {
    renderWithProviders(<GameFrame />, { route: '/game' });
    expect(screen.getByRole('heading', { name: 'No game is open' })).toBeTruthy();
    expect(screen.queryByTitle('Lucky Lotus')).toBeNull();
  });

  test('the launched address fills the frame under a bar with the name, back and reload', () => {
    launchedGameStore.set({ url: 'https://house.example/play/lucky-lotus', title: 'Lucky Lotus' });
    renderWithProviders(<GameFrame />, { route: '/game' });
    expect(screen.getByRole('heading', { name: 'Lucky Lotus' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    const frame = screen.getByTitle('Lucky Lotus');
    expect(frame.getAttribute('src')).toBe('https://house.example/play/lucky-lotus');

    fireEvent.click(screen.getByRole('button', { name: 'Reload game' }));
    // A new iframe element: the game loads again from its address.
    expect(screen.getByTitle('Lucky Lotus')).not.toBe(frame);
    expect(screen.getByTitle('Lucky Lotus').getAttribute('src')).toBe('https://house.example/play/lucky-lotus');
  });
});
