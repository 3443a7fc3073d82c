// @vitest-environment jsdom
import {
  adminMemberPageSchema,
  adminPath,
  memberDeskPaths,
  memberNoteListSchema,
  memberStatusValueSchema,
  type AdminMemberRow,
  type MemberProfile,
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
  refuse,
  type FakeRoute,
} from '../../testing/back-office';
import { memberProfile } from './member-desk.fixtures';

afterEach(closeBackOffice);

const member: AdminMemberRow = {
  id: '1001',
  username: 'somchai88',
  mobile: '+66 812345678',
  email: 'somchai@example.com',
  status: 'active',
  isAgent: 0,
  createdAt: Date.UTC(2026, 9, 1),
  currency: 'THB',
  balances: { main: '1250.00', held: '0.00', bonus: '0.00', vendors: '0.00', trial: '0.00' },
};

const at = (template: string) => adminPath(template, { memberId: '1001' });

/** The search and somchai88's page; `profile` answers the profile read (it changes after a status change). */
function deskRoutes(routes: Record<string, FakeRoute>, profile: () => MemberProfile = () => memberProfile(member)) {
  return {
    [`GET ${memberDeskPaths.search}`]: () =>
      ok(adminMemberPageSchema.parse({ items: [member], page: 1, pageSize: 20, total: 1 })),
    [`GET ${at(memberDeskPaths.profile)}`]: () => ok(profile()),
    [`GET ${memberDeskPaths.tagOptions}`]: () => ok({ items: ['VIP', 'Watch'] }),
    [`GET ${at(memberDeskPaths.notes)}`]: () => ok({ items: [] }),
    ...routes,
  } satisfies Record<string, FakeRoute>;
}

async function openMember() {
  const user = await openBackOffice('Members');
  await user.click(await screen.findByRole('link', { name: 'somchai88' }));
  await screen.findByRole('heading', { name: 'somchai88' });
  return user;
}

describe('member desk', () => {
  test('search by a chosen handle sends it as `by`; a row opens the member', async () => {
    const { calls } = installFakeApi(deskRoutes({}));
    const user = await openBackOffice('Members');
    await user.selectOptions(await screen.findByLabelText('Search by'), 'Bank account');
    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), '777-123-4567');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(callsTo(calls, 'GET', memberDeskPaths.search).some((call) => call.query.get('by') === 'bank')).toBe(true),
    );
    const sent = callsTo(calls, 'GET', memberDeskPaths.search).at(-1)!;
    expect(sent.query.get('q')).toBe('777-123-4567');
    await user.click(await screen.findByRole('link', { name: 'somchai88' }));
    expect(await screen.findByText('Turnover requirement')).toBeTruthy();
    expect(screen.getByText('1,100.00')).toBeTruthy();
  });

  test('lock: a reason is required, the version read goes along, a stale version is told and nothing else sent', async () => {
    let locked = false;
    const statusCalls: unknown[] = [];
    const { calls } = installFakeApi(
      deskRoutes(
        {
          [`PUT ${at(memberDeskPaths.status)}`]: (call) => {
            statusCalls.push(call.body);
            if (statusCalls.length === 1)
              return refuse(409, 'members.version.conflict', 'Another operator changed this member meanwhile.');
            locked = true;
            return ok(
              memberStatusValueSchema.parse({
                status: 'locked',
                loginForbidden: false,
                gamesForbidden: false,
                deskVersion: 4,
                sessionsEnded: 2,
              }),
            );
          },
        },
        () =>
          locked
            ? memberProfile(
                { ...member, status: 'locked' },
                {
                  restrictions: { status: 'locked', loginForbidden: false, gamesForbidden: false },
                  deskVersion: 4,
                },
              )
            : memberProfile(member),
      ),
    );
    const user = await openMember();
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    const dialog = await findDialog('Change the status of somchai88');
    expect(within(dialog).getByText('The member is logged out everywhere at once.')).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Lock' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Reason'), 'chargeback');
    await user.click(confirm);
    expect(await within(dialog).findByText('Another operator changed this member meanwhile.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(statusCalls).toEqual([
      { action: 'lock', reason: 'chargeback', version: 3 },
      { action: 'lock', reason: 'chargeback', version: 3 },
    ]);
    expect(await screen.findByText('Locked')).toBeTruthy();
    expect(callsTo(calls, 'POST', at(memberDeskPaths.passwordReset))).toHaveLength(0);
  });

  test('password reset shows the temporary password once; tags are saved with their version; a note is appended', async () => {
    const { calls } = installFakeApi(
      deskRoutes({
        [`POST ${at(memberDeskPaths.passwordReset)}`]: () =>
          ok({ temporaryPassword: 'Kq7mZp3xTa9w', sessionsEnded: 1 }),
        [`PUT ${at(memberDeskPaths.tags)}`]: (call) =>
          ok({ names: (call.body as { tags: string[] }).tags, version: 3 }),
        [`POST ${at(memberDeskPaths.notes)}`]: () =>
          ok(
            memberNoteListSchema.parse({
              items: [{ id: '1', body: 'Called back', operator: 'ops.anna', createdAt: Date.UTC(2026, 10, 21) }],
            }),
          ),
      }),
    );
    const user = await openMember();
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const confirm = await findDialog('Reset the password of somchai88?');
    await user.type(within(confirm).getByLabelText('Reason'), 'verified by phone');
    await user.click(within(confirm).getByRole('button', { name: 'Reset password' }));
    const shown = await findDialog('Temporary password');
    expect(within(shown).getByTestId('temporary-password').textContent).toBe('Kq7mZp3xTa9w');
    await user.click(within(shown).getByRole('button', { name: 'I have passed it on' }));
    expect(callsTo(calls, 'POST', at(memberDeskPaths.passwordReset)).map((call) => call.body)).toEqual([
      { reason: 'verified by phone' },
    ]);
    expect(screen.queryByText('Kq7mZp3xTa9w')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Tags & notes' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Watch' }));
    await user.click(screen.getByRole('button', { name: 'Save tags' }));
    await waitFor(() => expect(callsTo(calls, 'PUT', at(memberDeskPaths.tags))).toHaveLength(1));
    expect(callsTo(calls, 'PUT', at(memberDeskPaths.tags))[0]!.body).toEqual({ tags: ['VIP', 'Watch'], version: 2 });
    await user.type(screen.getByLabelText(/New note/), 'Called back');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Called back')).toBeTruthy();
    expect(callsTo(calls, 'POST', at(memberDeskPaths.notes))[0]!.body).toEqual({ body: 'Called back' });
  });
});
