// @vitest-environment jsdom
import {
  adminMemberPageSchema,
  adminPath,
  agentMovePaths,
  memberDeskPaths,
  type AdminMemberRow,
  type UplineHistory,
} from '@lotus/contract';
import { screen, waitFor, within } from '@testing-library/dom';
import { afterEach, describe, expect, test } from 'vitest';
import {
  callsTo,
  closeBackOffice,
  findDialog,
  installFakeApi,
  ok,
  openBackOffice,
  operatorMe,
  refuse,
} from '../../testing/back-office';
import { adminApiPaths } from '@lotus/contract';
import { memberProfile } from './member-desk.fixtures';

afterEach(closeBackOffice);

const row = (
  id: string,
  username: string,
  isAgent: number,
  status: AdminMemberRow['status'] = 'active',
): AdminMemberRow => ({
  id,
  username,
  mobile: null,
  email: null,
  status,
  isAgent,
  createdAt: Date.UTC(2026, 9, 1),
  currency: 'THB',
  balances: { main: '0.00', held: '0.00', bonus: '0.00', vendors: '0.00', trial: '0.00' },
});
const member = row('1001', 'somchai88', 0);
const at = (template: string) => adminPath(template, { memberId: '1001' });

function routes(history: () => UplineHistory) {
  return {
    [`GET ${memberDeskPaths.search}`]: (call: { query: URLSearchParams }) =>
      ok(
        adminMemberPageSchema.parse({
          items:
            call.query.get('by') === 'username'
              ? [row('2001', 'agentnorth', 1), row('2002', 'agentlocked', 1, 'locked'), row('2003', 'agentplayer', 0)]
              : [member],
          page: 1,
          pageSize: 20,
          total: 1,
        }),
      ),
    [`GET ${at(memberDeskPaths.profile)}`]: () => ok(memberProfile(member)),
    [`GET ${memberDeskPaths.tagOptions}`]: () => ok({ items: [] }),
    [`GET ${at(memberDeskPaths.notes)}`]: () => ok({ items: [] }),
    [`GET ${at(memberDeskPaths.agentTree)}`]: () =>
      ok({ uplines: [{ id: '3001', username: 'agentsouth', isAgent: 1 }], items: [], total: 0, page: 1, pageSize: 20 }),
    [`GET ${at(agentMovePaths.history)}`]: () => ok(history()),
  };
}

async function openTree() {
  const user = await openBackOffice('Members');
  await user.click(await screen.findByRole('link', { name: 'somchai88' }));
  await screen.findByRole('heading', { name: 'somchai88' });
  await user.click(screen.getByRole('tab', { name: 'Agent tree' }));
  return user;
}

describe('agent tree tab: upline history and moving to another upline', () => {
  test('the history is listed; an active agent found by username is chosen, a reason given, the move sent', async () => {
    let moved = false;
    const { calls } = installFakeApi({
      ...routes(() => ({
        items: moved
          ? [
              { upline: { id: '2001', username: 'agentnorth' }, validFrom: '2026-11-20T10:00:00.000Z', validTo: null },
              {
                upline: { id: '3001', username: 'agentsouth' },
                validFrom: '2026-10-01T00:00:00.000Z',
                validTo: '2026-11-20T10:00:00.000Z',
              },
            ]
          : [{ upline: { id: '3001', username: 'agentsouth' }, validFrom: '2026-10-01T00:00:00.000Z', validTo: null }],
      })),
      [`PUT ${at(agentMovePaths.move)}`]: () => {
        moved = true;
        return ok({
          before: { id: '3001', username: 'agentsouth' },
          after: { id: '2001', username: 'agentnorth' },
          movedMembers: 4,
        });
      },
    });
    const user = await openTree();
    const history = await screen.findByTestId('upline-history');
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(1));
    expect(history.textContent).toContain('agentsouth');

    await user.click(screen.getByRole('button', { name: 'Move to another upline' }));
    const dialog = await findDialog('Move somchai88 to another upline');
    expect(within(dialog).getByRole('button', { name: 'Move' })).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText(/New upline's username/), 'agent');
    // Only active agents are offered.
    const choice = await within(dialog).findByRole('radio', { name: 'agentnorth' });
    expect(within(dialog).queryByRole('radio', { name: 'agentlocked' })).toBeNull();
    expect(within(dialog).queryByRole('radio', { name: 'agentplayer' })).toBeNull();
    await user.click(choice);
    await user.type(within(dialog).getByLabelText(/Reason/), 'teams merged');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(callsTo(calls, 'PUT', at(agentMovePaths.move))).toHaveLength(1));
    expect(callsTo(calls, 'PUT', at(agentMovePaths.move))[0]!.body).toEqual({
      uplineId: '2001',
      reason: 'teams merged',
    });
    await waitFor(() => expect(within(screen.getByTestId('upline-history')).getAllByRole('listitem')).toHaveLength(2));
  });

  test('a refusal (a cycle) stays in the dialog; without members.manage there is no move button', async () => {
    installFakeApi({
      ...routes(() => ({ items: [] })),
      [`PUT ${at(agentMovePaths.move)}`]: () =>
        refuse(
          409,
          'agent.move.cycle',
          'A member cannot be moved under itself or one of its own downlines.',
          'uplineId',
        ),
    });
    const user = await openTree();
    await user.click(await screen.findByRole('button', { name: 'Move to another upline' }));
    const dialog = await findDialog('Move somchai88 to another upline');
    await user.type(within(dialog).getByLabelText(/New upline's username/), 'agentnorth');
    await user.click(await within(dialog).findByRole('radio', { name: 'agentnorth' }));
    await user.type(within(dialog).getByLabelText(/Reason/), 'try');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText(/cannot be moved under itself/)).toBeTruthy();
    await closeBackOffice();

    installFakeApi({
      ...routes(() => ({ items: [] })),
      [`GET ${adminApiPaths.me}`]: () => ok(operatorMe(['members.read'])),
    });
    await openTree();
    await screen.findByTestId('upline-history');
    expect(screen.queryByRole('button', { name: 'Move to another upline' })).toBeNull();
  });
});
