// @vitest-environment jsdom
import { apiPaths } from '@lotus/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { session } from '../../../lib/session';
import tabBarEn from '../../../locales/tab-bar/en.json';
import { modalStore, type OpenModal } from '../../../stores/modal-store';
import { initTestI18n, installFakeApi, ok, renderWithProviders } from '../../auth/testing';
import { currentTab, TabBar, type TabKey } from './tab-bar';

function api({ memberCentre = true }: { memberCentre?: boolean } = {}) {
  return installFakeApi({
    [`GET ${apiPaths.whitelabel}`]: () => ok({ merchantCode: 'demo', switches: { memberCentre } }),
  });
}

/** The tab bar with a service list whose open state lives here, as the page frame keeps it. */
function WithServiceList({ onOpenChange = () => {} }: { onOpenChange?: (isOpen: boolean) => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const change = (next: boolean) => {
    setIsOpen(next);
    onOpenChange(next);
  };
  return (
    <TabBar
      serviceList={{ id: 'service-bar-list', isOpen, onToggle: () => change(!isOpen), onClose: () => change(false) }}
    />
  );
}

/** Waits until the merchant's settings have arrived and been drawn. */
async function settingsArrived(calls: { path: string }[]) {
  await waitFor(() => expect(calls.some((call) => call.path === apiPaths.whitelabel)).toBe(true));
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeAll(async () => {
  await initTestI18n();
  i18next.addResourceBundle('en', 'translation', tabBarEn, true, false);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  modalStore.set(null);
});

const tabs = () => within(screen.getByRole('navigation', { name: 'Quick menu' }));

describe('which tab is current', () => {
  test.each<[string, string, OpenModal | null, boolean, TabKey | null]>([
    ['the home page', '/', null, false, 'home'],
    ['an old home address', '/index.html', null, false, 'home'],
    ['the promotions', '/promotions', null, false, 'promotions'],
    ['a promotion', '/promoDetail', null, false, 'promotions'],
    ['a lobby (no tab of its own)', '/rng', null, false, null],
    [
      'the member centre on deposit, over any page',
      '/rng',
      { kind: 'memberCentre', page: 'depositv2' },
      false,
      'deposit',
    ],
    ['the member centre on its default page', '/', { kind: 'memberCentre' }, false, 'member'],
    ['the member centre on withdrawal', '/promotions', { kind: 'memberCentre', page: 'withdraw' }, false, 'member'],
    ['the open service list', '/', null, true, 'service'],
    ['another modal (login): the page decides', '/promotions', { kind: 'login' }, false, 'promotions'],
  ])('%s', (_what, pathname, modal, isServiceListOpen, expected) => {
    expect(currentTab(pathname, modal, isServiceListOpen)).toBe(expected);
  });
});

describe("the phones' tab bar", () => {
  test("five tabs with their names; the page's own tab is marked current", async () => {
    api();
    renderWithProviders(<WithServiceList />, { route: '/promotions' });
    expect(await tabs().findByRole('button', { name: 'Contact us' })).toBeTruthy();
    expect(tabs().getAllByRole('listitem')).toHaveLength(5);
    expect(tabs().getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(tabs().getByRole('link', { name: 'Promotions' }).getAttribute('aria-current')).toBe('page');
    expect(tabs().getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    expect(tabs().getByRole('button', { name: 'Deposit' })).toBeTruthy();
    expect(tabs().getByRole('button', { name: 'Member' })).toBeTruthy();
  });

  test('logged out, Deposit and Member open the login modal (the login gate)', () => {
    api();
    renderWithProviders(<WithServiceList />);
    fireEvent.click(tabs().getByRole('button', { name: 'Deposit' }));
    expect(modalStore.get()).toEqual({ kind: 'login' });
    modalStore.set(null);
    fireEvent.click(tabs().getByRole('button', { name: 'Member' }));
    expect(modalStore.get()).toEqual({ kind: 'login' });
  });

  test('logged in, Deposit opens the member centre on deposit and Member on its default page, and each is then current', () => {
    api();
    session.logIn('token-1');
    renderWithProviders(<WithServiceList />);
    act(() => fireEvent.click(tabs().getByRole('button', { name: 'Deposit' })));
    expect(modalStore.get()).toEqual({ kind: 'memberCentre', page: 'depositv2' });
    expect(tabs().getByRole('button', { name: 'Deposit' }).getAttribute('aria-current')).toBe('page');
    act(() => fireEvent.click(tabs().getByRole('button', { name: 'Member' })));
    expect(modalStore.get()).toEqual({ kind: 'memberCentre', page: undefined });
    expect(tabs().getByRole('button', { name: 'Member' }).getAttribute('aria-current')).toBe('page');
  });

  test('a free-play account is asked to register first', () => {
    api();
    session.logIn('token-1');
    session.setIsAgent(4);
    renderWithProviders(<WithServiceList />);
    fireEvent.click(tabs().getByRole('button', { name: 'Deposit' }));
    expect(modalStore.get()).toEqual({
      kind: 'notice',
      titleKey: 'in_popup_prompt',
      messageKey: 'in_need_real_account',
    });
  });

  test('a merchant without the member centre: a notice instead of the centre', async () => {
    const { calls } = api({ memberCentre: false });
    session.logIn('token-1');
    renderWithProviders(<WithServiceList />);
    await settingsArrived(calls);
    // Pressed until the settings are drawn: before that the switch reads as on.
    await waitFor(() => {
      fireEvent.click(tabs().getByRole('button', { name: 'Member' }));
      expect(modalStore.get()).toEqual({
        kind: 'notice',
        titleKey: 'in_popup_prompt',
        messageKey: 'tab_member_centre_off',
      });
    });
  });

  test('Contact us opens and closes the service list, and says so; Deposit closes it', () => {
    api();
    const onOpenChange = vi.fn();
    renderWithProviders(<WithServiceList onOpenChange={onOpenChange} />);
    const service = tabs().getByRole('button', { name: 'Contact us' });
    expect(service.getAttribute('aria-expanded')).toBe('false');
    expect(service.getAttribute('aria-controls')).toBe('service-bar-list');
    act(() => fireEvent.click(service));
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
    expect(service.getAttribute('aria-expanded')).toBe('true');
    expect(service.getAttribute('aria-current')).toBeNull();
    expect(service.className).toContain('tab-bar__tab--current');
    act(() => fireEvent.click(service));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    act(() => fireEvent.click(service));
    act(() => fireEvent.click(tabs().getByRole('button', { name: 'Deposit' })));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(modalStore.get()).toEqual({ kind: 'login' });
  });

  test('without a service list (a page without the service bar, a merchant without customer service) Contact us leads to the help page', () => {
    api();
    renderWithProviders(<TabBar serviceList={null} />, { route: '/help' });
    const service = tabs().getByRole('link', { name: 'Contact us' });
    expect(service.getAttribute('href')).toBe('/help');
    expect(service.getAttribute('aria-current')).toBe('page');
  });
});
