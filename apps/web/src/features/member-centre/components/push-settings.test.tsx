// @vitest-environment jsdom
import { pushPaths, type PushSettings } from '@lotus/contract';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { session } from '../../../lib/session';
import pushEn from '../../../locales/push/en.json';
import { initTestI18n, installFakeApi, ok, renderWithProviders } from '../../auth/testing';
import { pushSubscribeTimeoutMs } from '../api/push';
import { PushSettingsPanel } from './push-settings';

const settings: PushSettings = {
  vapidPublicKey: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
  consented: false,
  switches: { depositApproved: true, withdrawalPaid: true, promotionIssued: true, contractOffered: true },
  endpoints: [],
  staleEndpoints: [],
};

/**
 * This browser as the test wants it: the permission the member gives when asked (`answer`), and what
 * the push service does with a subscription (`subscribe`: never settles when it cannot be reached).
 */
function fakeBrowser(answer: NotificationPermission, subscribe: () => Promise<PushSubscription>) {
  const notification = { permission: 'default' as NotificationPermission, requestPermission: vi.fn() };
  notification.requestPermission.mockImplementation(async () => {
    notification.permission = answer;
    return answer;
  });
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  const registration = { pushManager: { getSubscription: async () => null, subscribe: vi.fn(subscribe) } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, register: async () => registration, ready: Promise.resolve() },
  });
  return { notification, registration };
}

beforeAll(async () => {
  await initTestI18n();
  i18next.addResourceBundle('en', 'translation', pushEn, true, false);
});
beforeEach(() => {
  window.sessionStorage.clear();
  session.logIn('token-1');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const panel = () => screen.getByTestId('push-settings');

/** Ticks the consent box (once the settings have come) and presses the button. */
async function turnOn() {
  fireEvent.click(within(panel()).getByRole('checkbox', { name: /I agree to receive notifications/ }));
  await act(async () => fireEvent.click(within(panel()).getByRole('button', { name: 'Turn on for this device' })));
}

describe('turning notifications on for this device when the browser does not go along', () => {
  test('a refusal is said once, and the button that cannot work any more is disabled', async () => {
    const { calls } = installFakeApi({ [`GET ${pushPaths.settings}`]: () => ok(settings) });
    fakeBrowser('denied', () => Promise.reject(new Error('not reached')));
    renderWithProviders(<PushSettingsPanel />);
    await within(panel()).findByRole('checkbox', { name: /I agree/ });
    await turnOn();
    expect(within(panel()).getByRole('alert').textContent).toBe(pushEn.push_blocked);
    expect(within(panel()).getAllByText(pushEn.push_blocked)).toHaveLength(1);
    expect(within(panel()).getByRole('button', { name: 'Turn on for this device' })).toHaveProperty('disabled', true);
    expect(calls.filter((call) => call.path === pushPaths.subscribe)).toHaveLength(0);
  });

  test("the browser's question closed without an answer: the member is told to press again and allow", async () => {
    installFakeApi({ [`GET ${pushPaths.settings}`]: () => ok(settings) });
    fakeBrowser('default', () => Promise.reject(new Error('not reached')));
    renderWithProviders(<PushSettingsPanel />);
    await within(panel()).findByRole('checkbox', { name: /I agree/ });
    await turnOn();
    expect(within(panel()).getByRole('alert').textContent).toBe(pushEn.push_dismissed);
    expect(within(panel()).getByRole('button', { name: 'Turn on for this device' })).toHaveProperty('disabled', false);
  });

  test("the push service refuses (a private window): said so, not 'please try again'", async () => {
    installFakeApi({ [`GET ${pushPaths.settings}`]: () => ok(settings) });
    fakeBrowser('granted', () => Promise.reject(new DOMException('Registration failed', 'AbortError')));
    renderWithProviders(<PushSettingsPanel />);
    await within(panel()).findByRole('checkbox', { name: /I agree/ });
    await turnOn();
    expect(within(panel()).getByRole('alert').textContent).toBe(pushEn.push_browser_unavailable);
  });

  test('the push service never answers: the panel says it is working, then gives up with an explanation and frees its switches', async () => {
    const { calls } = installFakeApi({ [`GET ${pushPaths.settings}`]: () => ok(settings) });
    const { registration } = fakeBrowser('granted', () => new Promise<PushSubscription>(() => {}));
    renderWithProviders(<PushSettingsPanel />);
    await within(panel()).findByRole('checkbox', { name: /I agree/ });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await turnOn();
    expect(registration.pushManager.subscribe).toHaveBeenCalledOnce();
    expect(within(panel()).getByRole('status').textContent).toBe(pushEn.push_turning_on);
    expect(
      within(panel())
        .getAllByRole('switch')
        .every((element) => element.matches(':disabled')),
    ).toBe(true);

    await act(async () => vi.advanceTimersByTimeAsync(pushSubscribeTimeoutMs));
    expect(within(panel()).getByRole('alert').textContent).toBe(pushEn.push_browser_unavailable);
    expect(within(panel()).queryByRole('status')).toBeNull();
    expect(
      within(panel())
        .getAllByRole('switch')
        .some((element) => element.matches(':disabled')),
    ).toBe(false);
    expect(calls.filter((call) => call.path === pushPaths.subscribe)).toHaveLength(0);
  });
});

/** The Permissions API's answer for notifications, whose `change` the test fires. */
function fakePermissions(query: () => Promise<PermissionStatus>) {
  Object.defineProperty(navigator, 'permissions', { configurable: true, value: { query: vi.fn(query) } });
}
afterEach(() => {
  Reflect.deleteProperty(navigator, 'permissions');
});

describe('the member changes the permission in the browser while the panel is open', () => {
  const turnOnButton = () => within(panel()).getByRole('button', { name: 'Turn on for this device' });

  test('unblocking in the site settings clears the blocked state at once', async () => {
    installFakeApi({ [`GET ${pushPaths.settings}`]: () => ok(settings) });
    const { notification } = fakeBrowser('granted', () => Promise.reject(new Error('not reached')));
    notification.permission = 'denied';
    const status = Object.assign(new EventTarget(), { state: 'denied' }) as unknown as PermissionStatus;
    fakePermissions(async () => status);
    renderWithProviders(<PushSettingsPanel />);
    await within(panel()).findByText(pushEn.push_blocked);
    expect(turnOnButton()).toHaveProperty('disabled', true);
    expect(navigator.permissions.query).toHaveBeenCalledWith({ name: 'notifications' });

    notification.permission = 'default';
    await act(async () => status.dispatchEvent(new Event('change')));
    expect(within(panel()).queryByText(pushEn.push_blocked)).toBeNull();
    expect(turnOnButton()).toHaveProperty('disabled', false);

    notification.permission = 'denied';
    await act(async () => status.dispatchEvent(new Event('change')));
    expect(within(panel()).getAllByText(pushEn.push_blocked)).toHaveLength(1);
    expect(turnOnButton()).toHaveProperty('disabled', true);
  });

  test("a refusal's alert goes when the member unblocks the site", async () => {
    installFakeApi({ [`GET ${pushPaths.settings}`]: () => ok(settings) });
    const { notification } = fakeBrowser('denied', () => Promise.reject(new Error('not reached')));
    const status = Object.assign(new EventTarget(), { state: 'prompt' }) as unknown as PermissionStatus;
    fakePermissions(async () => status);
    renderWithProviders(<PushSettingsPanel />);
    await within(panel()).findByRole('checkbox', { name: /I agree/ });
    await turnOn();
    expect(within(panel()).getByRole('alert').textContent).toBe(pushEn.push_blocked);

    notification.permission = 'default';
    await act(async () => status.dispatchEvent(new Event('change')));
    expect(within(panel()).queryByRole('alert')).toBeNull();
    expect(within(panel()).queryByText(pushEn.push_blocked)).toBeNull();
    expect(turnOnButton()).toHaveProperty('disabled', false);
  });

  test('a browser that refuses the query, or throws, or has no Permissions API: the panel works as before', async () => {
    for (const install of [
      () => fakePermissions(() => Promise.reject(new TypeError('notifications is not a valid permission name'))),
      () =>
        fakePermissions(() => {
          throw new TypeError('not supported');
        }),
      () => Object.defineProperty(navigator, 'permissions', { configurable: true, value: undefined }),
    ]) {
      installFakeApi({ [`GET ${pushPaths.settings}`]: () => ok(settings) });
      const { notification } = fakeBrowser('granted', () => Promise.reject(new Error('not reached')));
      notification.permission = 'denied';
      install();
      renderWithProviders(<PushSettingsPanel />);
      await within(panel()).findByText(pushEn.push_blocked);
      expect(turnOnButton()).toHaveProperty('disabled', true);
      cleanup();
      Reflect.deleteProperty(navigator, 'permissions');
    }
  });
});
