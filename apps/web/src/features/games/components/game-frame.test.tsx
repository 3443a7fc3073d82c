// @vitest-environment jsdom
import { launchPaths } from '@lotus/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { session } from '../../../lib/session';
import { launchedGameStore } from '../../../stores/launched-game-store';
import { closeModal, modalStore } from '../../../stores/modal-store';
import { callsTo, initTestI18n, installFakeApi, ok, refuse, renderWithProviders } from '../testing';

let GameFrame: ComponentType;

beforeAll(async () => {
  await initTestI18n();
  ({ GameFrame } = await import('./game-frame'));
});
beforeEach(() => {
  launchedGameStore.set(null);
  closeModal();
  window.sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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

  describe('a transfer-mode game', () => {
    const elephant = (returnKey: string) => ({
      url: 'https://house.example/play/golden-elephant',
      title: 'Golden Elephant',
      transfer: { vassalage: 'GOLDENELE', returnKey },
    });

    test("leaving the page brings the game wallet back once, under the launch's key, and closes the game", async () => {
      session.logIn('token-1');
      const { calls } = installFakeApi({
        [`POST ${launchPaths.walletReturn}`]: () =>
          ok({
            transfers: [
              { transferId: 't1', vassalage: 'GOLDENELE', direction: 'OUT', amount: '2000.00', status: 'SUCCESS' },
            ],
          }),
      });
      launchedGameStore.set(elephant('leave-key-1'));
      const view = renderWithProviders(<GameFrame />, { route: '/game' });
      expect(screen.getByTitle('Golden Elephant')).toBeTruthy();
      // Still playing: nothing returned.
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(callsTo(calls, 'POST', launchPaths.walletReturn)).toEqual([]);
      view.unmount();
      await waitFor(() => expect(launchedGameStore.get()).toBeNull());
      // Closing the tab afterwards (pagehide) asks nothing more: that key's return is done.
      window.dispatchEvent(new Event('pagehide'));
      await new Promise((resolve) => setTimeout(resolve, 10));
      const returns = callsTo(calls, 'POST', launchPaths.walletReturn);
      expect(returns).toHaveLength(1);
      expect(returns[0]?.headers.get('Idempotency-Key')).toBe('leave-key-1');
      expect(returns[0]?.headers.get('Authorization')).toBe('token-1');
      expect(modalStore.get()).toBeNull();
    });

    test('closing the tab sends the return (keepalive)', async () => {
      session.logIn('token-1');
      const { calls } = installFakeApi({ [`POST ${launchPaths.walletReturn}`]: () => ok({ transfers: [] }) });
      launchedGameStore.set(elephant('leave-key-2'));
      renderWithProviders(<GameFrame />, { route: '/game' });
      window.dispatchEvent(new Event('pagehide'));
      await waitFor(() => expect(callsTo(calls, 'POST', launchPaths.walletReturn)).toHaveLength(1));
      expect(callsTo(calls, 'POST', launchPaths.walletReturn)[0]?.headers.get('Idempotency-Key')).toBe('leave-key-2');
    });

    test('a return that fails says the money is safe in the game wallet, and where to move it back', async () => {
      session.logIn('token-1');
      installFakeApi({
        [`POST ${launchPaths.walletReturn}`]: () => refuse(503, 'vendor_unavailable', 'The provider did not answer'),
      });
      launchedGameStore.set(elephant('leave-key-3'));
      const view = renderWithProviders(<GameFrame />, { route: '/game' });
      view.unmount();
      await waitFor(() =>
        expect(modalStore.get()).toEqual({
          kind: 'notice',
          titleKey: 'game_frame_return_failed_title',
          messageKey: 'game_frame_return_failed',
        }),
      );
      expect(launchedGameStore.get()).toBeNull();
    });

    test('a seamless game returns nothing', async () => {
      session.logIn('token-1');
      const { calls } = installFakeApi({});
      launchedGameStore.set({ url: 'https://house.example/play/lucky-lotus', title: 'Lucky Lotus' });
      const view = renderWithProviders(<GameFrame />, { route: '/game' });
      view.unmount();
      window.dispatchEvent(new Event('pagehide'));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(calls).toEqual([]);
    });
  });
});
