// @vitest-environment jsdom
import { apiPaths } from '@lotus/contract';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { receiveClaimableRewards } from '../../../api/promotions';
import { session } from '../../../lib/session';
import { modalStore } from '../../../stores/modal-store';
import { initTestI18n, installFakeApi, ok, renderWithProviders } from '../testing';
import { AccountMenu, AccountStrip } from './account-strip';

/** Hands the provider's query client to the test (the stream's events write to it). */
function TakeClient({ onClient }: { onClient: (client: QueryClient) => void }) {
  const client = useQueryClient();
  useEffect(() => {
    onClient(client);
  }, [client, onClient]);
  return null;
}

const memberInfo = {
  id: 7,
  account: 'somchai88',
  userName: null,
  nickname: null,
  type: 0,
  toUpline: false,
  clubLabel: { labelName: 'VIP0', rankLevel: 0 },
  memberLabel: [],
  mobile: null,
  email: null,
  regDate: 0,
  language: 'EN',
  lastLoginAt: null,
};

function api(type: number) {
  return installFakeApi({
    [`GET ${apiPaths.memberInfo}`]: () => ok({ ...memberInfo, account: type === 4 ? 'trial_8x2k' : 'somchai88', type }),
    [`GET ${apiPaths.whitelabel}`]: () => ok({ merchantCode: 'demo', switches: { memberCentre: true } }),
  });
}

beforeAll(initTestI18n);
beforeEach(() => {
  window.sessionStorage.clear();
  session.logIn('token-1');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  modalStore.set(null);
});

/** Where the router is, for the buttons that navigate. */
function CurrentPath() {
  return <output data-testid="current-path">{useLocation().pathname}</output>;
}

describe('logged-in strip', () => {
  test('a trial account (isAgent 4) wears the Trial badge; deposit and member centre ask to register first', async () => {
    api(4);
    renderWithProviders(<AccountStrip />);
    expect(await screen.findByText('Trial')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(modalStore.get()).toEqual({
      kind: 'notice',
      titleKey: 'in_popup_prompt',
      messageKey: 'in_need_real_account',
    });
    modalStore.set(null);
    fireEvent.click(screen.getByRole('button', { name: 'Member centre: trial_8x2k' }));
    expect(modalStore.get()).toEqual({
      kind: 'notice',
      titleKey: 'in_popup_prompt',
      messageKey: 'in_need_real_account',
    });
  });

  test('a reload during a forced password change (cpw kept) reopens the change at once', async () => {
    api(0);
    session.setPendingPasswordChange('agentkid01');
    renderWithProviders(<AccountStrip />);
    expect(modalStore.get()).toEqual({ kind: 'changePassword', isForced: true, account: 'agentkid01' });
  });

  test('a real member has no badge; the name opens the member centre', async () => {
    api(0);
    renderWithProviders(<AccountStrip />);
    fireEvent.click(await screen.findByRole('button', { name: 'Member centre: somchai88' }));
    expect(screen.queryByText('Trial')).toBeNull();
    expect(modalStore.get()).toEqual({ kind: 'memberCentre' });
  });

  test.each([1, 2, 41, 42])(
    'an agent (isAgent %i) sees the agent centre button, which opens /agentCenter',
    async (type) => {
      api(type);
      renderWithProviders(
        <>
          <AccountStrip />
          <CurrentPath />
        </>,
      );
      fireEvent.click(await screen.findByRole('button', { name: 'Agent centre' }));
      // spec §2 /agentCenter: a page of the site, not a notice.
      expect(await screen.findByTestId('current-path')).toHaveProperty('textContent', '/agentCenter');
      expect(modalStore.get()).toBeNull();
    },
  );

  test.each([0, 4])('no agent centre for isAgent %i', async (type) => {
    api(type);
    renderWithProviders(<AccountStrip />);
    await screen.findByRole('button', { name: /^Member centre/ });
    expect(screen.queryByRole('button', { name: 'Agent centre' })).toBeNull();
  });
});

describe('the inbox envelope', () => {
  const withUnread = (type: number, unread: number) =>
    installFakeApi({
      [`GET ${apiPaths.memberInfo}`]: () => ok({ ...memberInfo, type }),
      [`GET ${apiPaths.whitelabel}`]: () => ok({ merchantCode: 'demo', switches: { memberCentre: true } }),
      [`GET ${apiPaths.unreadMessage}`]: () => ok(unread),
    });

  test('shows the unread count as a badge and opens the member centre’s messages', async () => {
    const { calls } = withUnread(0, 3);
    renderWithProviders(<AccountStrip />);
    const envelope = await screen.findByRole('button', { name: 'Messages: 3 unread' });
    expect(envelope.textContent).toBe('3');
    fireEvent.click(envelope);
    expect(modalStore.get()).toEqual({ kind: 'memberCentre', page: 'messageV2' });
    expect(calls.filter((call) => call.path === apiPaths.unreadMessage)).toHaveLength(1);
  });

  test('no badge at 0; a trial account has no envelope and never asks', async () => {
    withUnread(0, 0);
    renderWithProviders(<AccountStrip />);
    expect(await screen.findByRole('button', { name: 'Messages' })).toHaveProperty('textContent', '');
    cleanup();
    const { calls } = withUnread(4, 0);
    renderWithProviders(<AccountStrip />);
    await screen.findByText('Trial');
    expect(screen.queryByRole('button', { name: /^Messages/ })).toBeNull();
    expect(calls.filter((call) => call.path === apiPaths.unreadMessage)).toEqual([]);
  });
});

describe("the member's buttons in the phones' side menu", () => {
  test.each<[string, unknown]>([
    ['Member centre: somchai88', { kind: 'memberCentre' }],
    ['Deposit', { kind: 'memberCentre', page: 'depositv2' }],
    ['Withdraw', { kind: 'memberCentre', page: 'withdraw' }],
    ['Betting record', { kind: 'memberCentre', page: 'personalHistoryCopy' }],
    ['Log out', { kind: 'logout' }],
  ])('%s opens its modal and closes the menu', async (name, modal) => {
    api(0);
    const onChoose = vi.fn();
    renderWithProviders(<AccountMenu onChoose={onChoose} />);
    await screen.findByRole('button', { name: 'Member centre: somchai88' });
    fireEvent.click(screen.getByRole('button', { name }));
    expect(modalStore.get()).toEqual(modal);
    expect(onChoose).toHaveBeenCalledOnce();
  });

  test('the reward centre shows the rewards to claim that the balance stream counts, and none at 0', async () => {
    api(0);
    let client: QueryClient | undefined;
    renderWithProviders(
      <>
        <TakeClient onClient={(taken) => (client = taken)} />
        <AccountMenu onChoose={() => {}} />
      </>,
    );
    expect(await screen.findByRole('button', { name: 'Reward centre' })).toBeTruthy();
    act(() => receiveClaimableRewards('token-1', 2, client!));
    const rewards = await screen.findByRole('button', { name: 'Reward centre', description: '2 to claim' });
    expect(rewards.querySelector('.count-badge')?.textContent).toBe('2');
    act(() => receiveClaimableRewards('token-1', 0, client!));
    await waitFor(() => expect(rewards.querySelector('.count-badge')).toBeNull());
    expect(rewards.getAttribute('aria-describedby')).toBeNull();
  });

  test('a trial account wears the badge; its withdrawal asks to register first', async () => {
    api(4);
    session.setIsAgent(4);
    renderWithProviders(<AccountMenu onChoose={() => {}} />);
    expect(await screen.findByText('Trial')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(modalStore.get()).toEqual({
      kind: 'notice',
      titleKey: 'in_popup_prompt',
      messageKey: 'in_need_real_account',
    });
  });
});
