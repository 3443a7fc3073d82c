// @vitest-environment jsdom
import { agentMailPaths, agentTeamPaths, type TeamMember } from '@lotus/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { session } from '../../../lib/session';
import teamEn from '../../../locales/agent-team/en.json';
import teamTh from '../../../locales/agent-team/th.json';
import { initTestI18n, installFakeApi, ok, refuse, renderWithProviders } from '../../auth/testing';
import { TeamMembersPage } from './team-members-page';

const member = (id: string, username: string, depth = 1): TeamMember => ({
  id,
  username,
  isAgent: 0,
  depth,
  directUpline: 'agent01',
  teamSize: 0,
  status: 'active',
  registerMethod: 'WEB',
  createTime: Date.UTC(2026, 10, 1),
  lastLoginTime: null,
  balance: '10.00',
  deposited: false,
});

function installTeam(send = (_body: unknown) => ok({ inboxId: 91, recipientCount: 1 })) {
  return installFakeApi({
    [`GET ${agentTeamPaths.members}`]: () =>
      ok({ list: [member('21', 'player21'), member('35', 'deep35', 2)], totalElements: 2, page: 1, size: 20 }),
    [`POST ${agentMailPaths.send}`]: (call) => send(call.body),
  });
}

beforeAll(async () => {
  await initTestI18n();
  i18next.addResources('en', 'translation', teamEn);
  i18next.addResources('th', 'translation', teamTh);
});
beforeEach(async () => {
  window.sessionStorage.clear();
  session.logIn('token-1');
  await i18next.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rowOf = async (username: string) => (await screen.findByText(username)).closest('tr')!;

describe('team management: send message', () => {
  test('to any member of the team, deeper ones too: subject and text to its inbox', async () => {
    const { calls } = installTeam();
    renderWithProviders(<TeamMembersPage />);
    fireEvent.click(within(await rowOf('deep35')).getByRole('button', { name: 'Send message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message to deep35' });
    fireEvent.change(within(dialog).getByLabelText('Subject'), { target: { value: ' Bonus week ' } });
    fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: 'Starts Monday.\nGood luck!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent to deep35.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.path === agentMailPaths.send).map((call) => call.body)).toEqual([
      { recipients: ['deep35'], sendType: 1, subject: 'Bonus week', content: 'Starts Monday.\nGood luck!' },
    ]);
  });

  test('empty fields are held with their rules; a refusal shows the server’s words; in Thai too', async () => {
    const { calls } = installTeam(() =>
      refuse(404, 'agent.team.member.unknown', 'This member is not in your team', 'recipients'),
    );
    renderWithProviders(<TeamMembersPage />);
    fireEvent.click(within(await rowOf('player21')).getByRole('button', { name: 'Send message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message to player21' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('The subject must be 1 to 100 characters')).toBeTruthy();
    expect(within(dialog).getByText('The message must be 1 to 2000 characters')).toBeTruthy();
    expect(calls.filter((call) => call.path === agentMailPaths.send)).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Subject'), { target: { value: 'Hi' } });
    fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: 'Hello' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('This member is not in your team')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await i18next.changeLanguage('th');
    fireEvent.click(within(await rowOf('player21')).getByRole('button', { name: 'ส่งข้อความ' }));
    expect(await screen.findByRole('dialog', { name: 'ข้อความถึง player21' })).toBeTruthy();
  });
});
