// @vitest-environment jsdom
import {
  agentCentrePagesPath,
  agentTeamPaths,
  apiPaths,
  type TeamBetList,
  type TeamMember,
  type TeamOverview,
} from '@lotus/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import agentsEn from '../../../locales/agents/en.json';
import teamEn from '../../../locales/agent-team/en.json';
import { session } from '../../../lib/session';
import { initTestI18n, installFakeApi, ok, refuse, renderWithProviders } from '../../auth/testing';
import { AgentCentre } from '../agent-centre';

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

const allOn = {
  AGEINFO3: true,
  REGCEN: true,
  DOWNMAN: true,
  TEAMBETTING3: true,
  AGETEAMPNL3: true,
  AGEDOWNTRANS3: true,
};

const figures = { deposit: '0.00', withdrawal: '0.00', bet: '0.00', validBet: '0.00', win: '0.00', betCount: 0 };
const overview: TeamOverview = {
  teamSize: 12,
  directCount: 3,
  todayLogins: 5,
  todayRegistrations: 2,
  todayFirstDeposits: 1,
  todayFirstBets: 4,
  online: 6,
  teamBalance: '1234.50',
  startDate: '2026-11-22',
  endDate: '2026-11-23',
  totals: { ...figures, deposit: '500.00', bet: '250.00', betCount: 3 },
  days: [
    { day: '2026-11-22', registrations: 1, ...figures, bet: '100.00' },
    { day: '2026-11-23', registrations: 1, ...figures, bet: '150.00' },
  ],
};

const teamMember = (overrides: Partial<TeamMember> = {}): TeamMember => ({
  id: '21',
  username: 'player21',
  isAgent: 0,
  depth: 1,
  directUpline: 'agent01',
  teamSize: 0,
  status: 'active',
  registerMethod: 'WEB',
  createTime: Date.UTC(2026, 10, 1),
  lastLoginTime: null,
  balance: '10.00',
  deposited: false,
  ...overrides,
});

function render(route: string) {
  return renderWithProviders(<AgentCentre />, { route });
}

beforeAll(async () => {
  await initTestI18n();
  i18next.addResources('en', 'translation', agentsEn);
  i18next.addResources('en', 'translation', teamEn);
});
beforeEach(() => {
  window.sessionStorage.clear();
  session.logIn('token-1');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('agent centre team pages', () => {
  test('the menu leaves out a page the merchant switched off', async () => {
    installFakeApi({
      [`GET ${apiPaths.memberInfo}`]: () => ok(memberInfo),
      [`GET ${agentCentrePagesPath}`]: () => ok({ ...allOn, DOWNMAN: false }),
      [`GET ${agentTeamPaths.overview}`]: () => ok(overview),
    });
    render('/agentCenter');
    const menu = await screen.findByRole('navigation', { name: 'Agent centre pages' });
    await waitFor(() => expect(within(menu).queryByRole('button', { name: 'Team management' })).toBeNull());
    // The pages' entries (the phone's folding bar is a button of the menu too).
    const labels = Array.from(menu.querySelectorAll('[data-page]'), (button) => button.textContent);
    expect(labels).toEqual(
      expect.arrayContaining(['Team overview', 'Team betting', 'Team P&L', 'Downline transactions']),
    );
    expect(labels.slice(0, 2)).toEqual(['Announcements', 'Team overview']);
    // The first render loads every page's code: more than the default 5 s on a busy machine.
  }, 20_000);

  test('overview: today counts, period totals and a bar per day; a period tab asks for its days', async () => {
    const { calls } = installFakeApi({
      [`GET ${apiPaths.memberInfo}`]: () => ok(memberInfo),
      [`GET ${agentCentrePagesPath}`]: () => ok(allOn),
      [`GET ${agentTeamPaths.overview}`]: () => ok(overview),
    });
    const { container } = render('/agentCenter?page=teamOverview');
    await screen.findByText('Team size');
    expect(screen.getByText('12')).toBeTruthy();
    expect(screen.getByText('Online now').nextSibling?.textContent).toBe('6');
    expect(screen.getByText('1234.50')).toBeTruthy();
    expect(container.querySelectorAll('rect.agent-team__bar')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Yesterday' }));
    await waitFor(() => {
      const last = calls.filter((call) => call.path === agentTeamPaths.overview).at(-1)!;
      expect(last.query.get('startDate')).toBe(last.query.get('endDate'));
    });
  });

  test('management: filters go to the server; lock asks, then sends the direct downline', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { calls } = installFakeApi({
      [`GET ${apiPaths.memberInfo}`]: () => ok(memberInfo),
      [`GET ${agentCentrePagesPath}`]: () => ok(allOn),
      [`GET ${agentTeamPaths.members}`]: () =>
        ok({
          list: [teamMember(), teamMember({ id: '22', username: 'deep22', depth: 2, directUpline: 'sub9' })],
          totalElements: 2,
        }),
      [`POST ${agentTeamPaths.memberStatus}`]: (call) => ok({ id: String(call.body?.downlineId), status: 'locked' }),
    });
    render('/agentCenter?page=teamMembers');
    await screen.findByText('player21');
    // Only the direct downline can be locked; both can be transferred to and have a game record.
    expect(screen.getAllByRole('button', { name: 'Lock' })).toHaveLength(1);
    expect(screen.getAllByRole('link', { name: 'Transfer' })[1]!.getAttribute('href')).toBe(
      '/agentCenter/transfer?downlineId=22',
    );
    expect(screen.getAllByRole('link', { name: 'Game record' })[0]!.getAttribute('href')).toBe(
      '/agentCenter?page=teamBetting&subordinateName=player21',
    );
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'AGENT' } });
    fireEvent.change(screen.getByLabelText('Deposits'), { target: { value: 'N' } });
    await waitFor(() => {
      const last = calls.filter((call) => call.path === agentTeamPaths.members).at(-1)!;
      expect(last.query.get('kind')).toBe('AGENT');
      expect(last.query.get('deposited')).toBe('N');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Lock' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === agentTeamPaths.memberStatus)?.body).toEqual({
        downlineId: '21',
        status: 'locked',
      }),
    );
  });

  test("management: unlocking an operator's lock shows the server's refusal", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const message = 'This account was locked by the operator and only the operator can unlock it.';
    installFakeApi({
      [`GET ${apiPaths.memberInfo}`]: () => ok(memberInfo),
      [`GET ${agentCentrePagesPath}`]: () => ok(allOn),
      [`GET ${agentTeamPaths.members}`]: () => ok({ list: [teamMember({ status: 'locked' })], totalElements: 1 }),
      [`POST ${agentTeamPaths.memberStatus}`]: () => refuse(409, 'agent.team.status.operator', message, 'status'),
    });
    render('/agentCenter?page=teamMembers');
    fireEvent.click(await screen.findByRole('button', { name: 'Unlock' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  test('betting: opened for one downline, rows name the bettor and its upline; an unknown name shows the refusal', async () => {
    const bets: TeamBetList = {
      list: [
        {
          customerName: 'player21',
          directAgentName: 'agent01',
          vendor: 'ACME',
          gameId: 'g1',
          gameName: 'Lucky Fruits',
          betAmount: '20.00',
          validBetAmount: '20.00',
          winAmount: '0.00',
          settleTimeInTimestamp: Date.UTC(2026, 10, 23, 3),
        },
      ],
      totalElements: 1,
      footer: { betAmount: '20.00', validBetAmount: '20.00', winAmount: '0.00' },
    };
    const { calls } = installFakeApi({
      [`GET ${apiPaths.memberInfo}`]: () => ok(memberInfo),
      [`GET ${agentCentrePagesPath}`]: () => ok(allOn),
      [`GET ${agentTeamPaths.bets}`]: (call) =>
        call.query.get('subordinateName') === 'stranger'
          ? refuse(404, 'agent.team.member.unknown', 'No member of your team has this name or id.', 'subordinateName')
          : ok(bets),
    });
    render('/agentCenter?page=teamBetting&subordinateName=player21');
    await screen.findByText('Lucky Fruits');
    expect(calls.find((call) => call.path === agentTeamPaths.bets)?.query.get('subordinateName')).toBe('player21');
    expect(screen.getAllByText('agent01').length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText('Downline username'), { target: { value: 'stranger' } });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'No member of your team has this name or id.',
    );
  });
});
