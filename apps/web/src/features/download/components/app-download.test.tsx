// @vitest-environment jsdom
import { apiPaths } from '@lotus/contract';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import downloadEn from '../../../locales/download/en.json';
import { initTestI18n, installFakeApi, ok, renderWithProviders } from '../../auth/testing';
import { AppDownload } from './app-download';

const iPhone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

beforeAll(async () => {
  await initTestI18n();
  i18next.addResourceBundle('en', 'translation', downloadEn, true, false);
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'userAgent');
});

async function renderPage(userAgent: string) {
  Object.defineProperty(navigator, 'userAgent', { configurable: true, value: userAgent });
  installFakeApi({
    [`GET ${apiPaths.whitelabel}`]: () =>
      ok({ merchantCode: 'demo', brand: { name: 'Lotus' }, switches: {}, resources: [] }),
  });
  renderWithProviders(<AppDownload />, { route: '/down' });
  return screen.findByRole('region', { name: downloadEn.download_webapp_title });
}

/** The web app card's guides and note, in the order the page shows them. */
const order = (card: HTMLElement) =>
  Array.from(card.querySelectorAll('[data-guide], .app-card__note')).map((element) =>
    element.matches('[data-guide]') ? element.getAttribute('data-guide') : 'note',
  );

describe('the iPhone notifications note goes with the iOS steps', () => {
  test('on an iPhone: iOS steps first, the note right after them, then Android', async () => {
    const card = await renderPage(iPhone);
    expect(order(card)).toEqual(['ios', 'note', 'android']);
    expect(within(card).getByText(downloadEn.download_webapp_ios_note)).toBeTruthy();
  });

  test('elsewhere: Android steps first, then the iOS steps and the note', async () => {
    const card = await renderPage(android);
    expect(order(card)).toEqual(['android', 'ios', 'note']);
  });
});

/** Chromium's install offer as the test wants it answered. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

// In this order: once `appinstalled` has fired the module remembers the app is installed.
describe("Android's install prompt", () => {
  test('dismissed: the member is told so and nothing says it is installing', async () => {
    const card = await renderPage(android);
    const event = offerInstall('dismissed');
    await act(async () =>
      fireEvent.click(within(card).getByRole('button', { name: downloadEn.download_webapp_install })),
    );
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(within(card).getByRole('status').textContent).toBe(downloadEn.download_webapp_dismissed);
    expect(within(card).queryByText(downloadEn.download_webapp_installing)).toBeNull();

    offerInstall('dismissed');
    expect(within(card).getByRole('button', { name: downloadEn.download_webapp_install })).toBeTruthy();
  });

  test('accepted: "installing" in place of the button until appinstalled, then the installed message', async () => {
    const card = await renderPage(android);
    offerInstall('accepted');
    await act(async () =>
      fireEvent.click(within(card).getByRole('button', { name: downloadEn.download_webapp_install })),
    );
    expect(within(card).queryByRole('button', { name: downloadEn.download_webapp_install })).toBeNull();
    expect(within(card).getByRole('status').textContent).toBe(downloadEn.download_webapp_installing);

    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(
      within(card)
        .getAllByRole('status')
        .map((element) => element.textContent),
    ).toEqual([downloadEn.download_webapp_installed]);
  });
});
