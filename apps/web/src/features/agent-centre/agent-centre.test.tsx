// @vitest-environment jsdom
import { affiliateLinkPaths, apiPaths, type AffiliateLink } from '@lotus/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import agentsEn from '../../locales/agents/en.json';
import { session } from '../../lib/session';
import { initTestI18n, installFakeApi, ok, refuse, renderWithProviders } from '../auth/testing';
import { AgentCentre } from './agent-centre';

const memberInfo = {
  id: 7,
  account: 'agent01',
  userName: null,
  nickname: null,
  type: 1,
  toUpline: false,
  clubLabel: { labelName: 'VIP0', rankLevel: 0 },
  memberLabel: [],
  mobile: null,
  email: null,
  regDate: 0,
  language: 'EN',
  lastLoginAt: null,
};

const link = (overrides: Partial<AffiliateLink> = {}): AffiliateLink => ({
  id: '11',
  affiliateCode: 'FORUM24',
  channel: 'Forum',
  createTime: Date.UTC(2026, 10, 1),
  expireTime: null,
  status: 'normal',
  registerCount: 3,
  domain: null,
  ...overrides,
});

function CurrentPath() {
  const location = useLocation();
  return <output data-testid="current-path">{location.pathname + location.search}</output>;
}

function render(route = '/agentCenter') {
  return renderWithProviders(
    <>
      <AgentCentre />
      <CurrentPath />
    </>,
    { route },
  );
}

beforeAll(async () => {
  await initTestI18n();
  i18next.addResources('en', 'translation', agentsEn);
});
beforeEach(() => {
  window.sessionStorage.clear();
  session.logIn('token-1');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/agentCenter', () => {
  test('a member who is not an agent is sent home', async () => {
    installFakeApi({ [`GET ${apiPaths.memberInfo}`]: () => ok({ ...memberInfo, type: 0 }) });
    render();
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Agent centre' })).toBeNull();
  });

  test('an agent sees the menu of built pages; ?page= opens register downline', async () => {
    installFakeApi({ [`GET ${apiPaths.memberInfo}`]: () => ok(memberInfo) });
    render('/agentCenter?page=registerCenter');
    const menu = await screen.findByRole('navigation', { name: 'Agent centre pages' });
    expect(
      within(menu)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(expect.arrayContaining(['Register downline', 'Affiliate links']));
    expect(within(menu).getByRole('button', { name: 'Register downline' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByLabelText('Username')).toBeTruthy();
  }, 20_000);

  test('affiliate links: listed with their facts; a new one is sent with the chosen expiry, channel and code', async () => {
    let links = [
      link(),
      link({ id: '12', affiliateCode: 'OLD1', status: 'expired', expireTime: Date.UTC(2026, 10, 2), registerCount: 0 }),
    ];
    const { calls } = installFakeApi({
      [`GET ${apiPaths.memberInfo}`]: () => ok(memberInfo),
      [`GET ${affiliateLinkPaths.list}`]: () => ok({ content: links }),
      [`POST ${affiliateLinkPaths.create}`]: (call) => {
        if (call.body?.affiliateCode === 'TAKEN1')
          return refuse(409, 'affiliate.code.taken', 'This invitation code is taken.', 'affiliateCode');
        const created = link({
          id: '13',
          affiliateCode: String(call.body?.affiliateCode),
          channel: 'LINE',
          registerCount: 0,
        });
        links = [created, ...links];
        return ok(created);
      },
    });
    render('/agentCenter?page=affiliateLinks');
    const cards = await screen.findAllByTestId('affiliate-link');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain('FORUM24');
    expect(cards[0]!.textContent).toContain('No expiry');
    expect(within(cards[0]!).getByTestId('affiliate-link-count').textContent).toBe('3');
    expect(cards[0]!.textContent).toContain('/register?affiliateCode=FORUM24');
    expect(cards[1]!.textContent).toContain('Expired');

    fireEvent.change(screen.getByLabelText('Valid for'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Channel'), { target: { value: 'LINE' } });
    fireEvent.change(screen.getByLabelText('Invitation code'), { target: { value: 'TAKEN1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('This invitation code is taken.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Invitation code'), { target: { value: 'LINE2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(screen.getAllByTestId('affiliate-link')).toHaveLength(3));
    expect(calls.filter((call) => call.path === affiliateLinkPaths.create).at(-1)?.body).toEqual({
      validType: 4,
      channel: 'LINE',
      affiliateCode: 'LINE2026',
    });
  });
});
