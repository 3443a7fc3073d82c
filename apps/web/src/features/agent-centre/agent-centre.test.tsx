// @vitest-environment jsdom
import {
  affiliateLinkPaths,
  agentAnnouncementListSchema,
  agentAnnouncementsPath,
  agentCentrePagesPath,
  apiPaths,
  defaultAgentCentrePagesConfig,
  type AffiliateLink,
} from '@lotus/contract';
import { create as createQrCode } from 'qrcode';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import agentsEn from '../../locales/agents/en.json';
import agentTeamEn from '../../locales/agent-team/en.json';
import agentMoneyEn from '../../locales/agent-money/en.json';
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

/** The dark modules an SVG drawn by QrCode shows, as "row,column" (its path's runs, the quiet zone taken off). */
function darkModulesOf(svg: HTMLElement): string[] {
  const path = svg.querySelector('path')!.getAttribute('d')!;
  const cells: string[] = [];
  for (const [, x, y, length] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g))
    for (let column = Number(x); column < Number(x) + Number(length); column += 1)
      cells.push(`${Number(y) - 4},${column - 4}`);
  return cells.sort();
}

/** The dark modules of `text`'s QR code as the qrcode library computes them. */
function expectedModules(text: string): string[] {
  const { modules } = createQrCode(text, { errorCorrectionLevel: 'M' });
  const cells: string[] = [];
  for (let row = 0; row < modules.size; row += 1)
    for (let column = 0; column < modules.size; column += 1)
      if (modules.get(row, column)) cells.push(`${row},${column}`);
  return cells.sort();
}

const announcement = (id: string, title: string, isPinned = false) => ({
  id,
  type: 'PL' as const,
  title,
  content: `<p>${title}: details</p><script>alert(1)</script>`,
  publishedAt: Date.UTC(2026, 10, Number(id)),
  isPinned,
  imageUrl: null,
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
  i18next.addResources('en', 'translation', { ...agentsEn, ...agentTeamEn, ...agentMoneyEn });
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
      link({
        id: '12',
        affiliateCode: 'OLD1',
        status: 'expired',
        expireTime: Date.UTC(2026, 10, 2),
        registerCount: 0,
        domain: 'play.lotus88.test',
      }),
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
    // A code bound to a domain: its address (and QR code) is on that domain, the only one it registers on.
    expect(cards[1]!.textContent).toContain(
      `${window.location.protocol}//play.lotus88.test/register?affiliateCode=OLD1`,
    );

    // The QR code: drawn on demand, as inline SVG, of exactly the address the card shows.
    expect(within(cards[0]!).queryByRole('img')).toBeNull();
    fireEvent.click(within(cards[0]!).getByRole('button', { name: 'QR code' }));
    const qr = within(cards[0]!).getByRole('img', { name: 'QR code of the link FORUM24' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(darkModulesOf(qr)).toEqual(expectedModules(`${window.location.origin}/register?affiliateCode=FORUM24`));

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

  test('the menu: pages in groups, the announcement first; the centre opens on the team overview', async () => {
    installFakeApi({ [`GET ${apiPaths.memberInfo}`]: () => ok(memberInfo) });
    render();
    const menu = await screen.findByRole('navigation', { name: 'Agent centre pages' });
    const groups = within(menu).getAllByRole('group');
    expect(
      groups.map(
        (group) => group.getAttribute('aria-labelledby') && within(group).getAllByRole('button')[0]!.textContent,
      ),
    ).toEqual(['Announcements', 'Register downline', 'My contracts', 'Dividend', 'My income']);
    expect(within(menu).getByRole('group', { name: 'Overview' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Team overview');
  });

  test('on a phone the menu folds into one bar: it opens the groups, and choosing a page folds it again', async () => {
    installFakeApi({ [`GET ${apiPaths.memberInfo}`]: () => ok(memberInfo) });
    render('/agentCenter?page=affiliateLinks');
    const menu = await screen.findByRole('navigation', { name: 'Agent centre pages' });
    const toggle = within(menu).getByRole('button', { expanded: false });
    expect(toggle.textContent).toContain('Affiliate links');
    expect(toggle.textContent).toContain('Team');
    const groups = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(groups.hasAttribute('data-open')).toBe(false);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(groups.hasAttribute('data-open')).toBe(true);
    fireEvent.keyDown(groups, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    fireEvent.click(toggle);
    fireEvent.click(within(menu).getByRole('button', { name: 'Register downline' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() =>
      expect(screen.getByTestId('current-path').textContent).toBe('/agentCenter?page=registerCenter'),
    );
    expect(toggle.textContent).toContain('Register downline');
  });

  test('announcements: pinned first as the server orders them, the first open, content drawn safely', async () => {
    installFakeApi({
      [`GET ${apiPaths.memberInfo}`]: () => ok(memberInfo),
      [`GET ${agentAnnouncementsPath}`]: () =>
        ok(
          agentAnnouncementListSchema.parse({
            list: [announcement('20', 'New rates', true), announcement('21', 'Holiday payouts')],
          }),
        ),
    });
    render('/agentCenter?page=announcement');
    const items = await screen.findAllByTestId('agent-announcement');
    expect(items.map((item) => item.querySelector('summary')!.textContent)).toEqual([
      'PinnedNew rates20/11/2026',
      'Holiday payouts21/11/2026',
    ]);
    expect(items[0]!.querySelector('details')!.open).toBe(true);
    expect(items[1]!.querySelector('details')!.open).toBe(false);
    expect(items[0]!.textContent).toContain('New rates: details');
    expect(items[0]!.querySelector('script')).toBeNull();
  });

  test('announcements: none yet, and the page is not in the menu when the merchant switched it off', async () => {
    installFakeApi({
      [`GET ${apiPaths.memberInfo}`]: () => ok(memberInfo),
      [`GET ${agentAnnouncementsPath}`]: () => ok({ list: [] }),
    });
    render('/agentCenter?page=announcement');
    expect(await screen.findByText('There are no announcements for agents right now.')).toBeTruthy();
    cleanup();

    installFakeApi({
      [`GET ${apiPaths.memberInfo}`]: () => ok(memberInfo),
      [`GET ${agentCentrePagesPath}`]: () => ok({ ...defaultAgentCentrePagesConfig, AGENTANNOUNCE3: false }),
    });
    render('/agentCenter?page=announcement');
    const menu = await screen.findByRole('navigation', { name: 'Agent centre pages' });
    await waitFor(() => expect(within(menu).queryByRole('button', { name: 'Announcements' })).toBeNull());
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Team overview');
  });
});
