// @vitest-environment jsdom
import { adminApiPaths, rolesPaths, roleListSchema, moneyApprovalPageSchema, rolePermissions } from '@lotus/contract';
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

afterEach(closeBackOffice);

const builtin = (code: 'admin' | 'finance', nameEn: string) => ({
  code,
  nameTh: nameEn,
  nameEn,
  permissions: [...rolePermissions[code]],
  builtin: true,
  ipAllowList: [],
  idleMinutes: 30,
  absoluteHours: 12,
  operators: 1,
  version: 1,
});

describe('roles page', () => {
  test('a new role sends the permissions ticked in their groups, its allow-list and timeouts; built-ins are read-only', async () => {
    const { calls } = installFakeApi({
      [`GET ${rolesPaths.roles}`]: () =>
        ok(roleListSchema.parse({ items: [builtin('admin', 'Administrator'), builtin('finance', 'Finance')] })),
      [`POST ${rolesPaths.roles}`]: (call) =>
        ok({ ...builtin('finance', 'x'), ...(call.body as object), builtin: false }),
    });
    const user = await openBackOffice('Roles');
    await screen.findByText('Administrator');
    await user.click(within(screen.getByText('Administrator').closest('tr')!).getByRole('button', { name: 'View' }));
    const view = await findDialog('Administrator');
    expect(within(view).queryByRole('button', { name: 'Save role' })).toBeNull();
    expect(within(view).getByLabelText('Read reports').matches(':disabled')).toBe(true);
    await user.click(within(view).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'New role' }));
    const dialog = await findDialog('New role');
    const money = within(dialog).getByRole('group', { name: 'Money' });
    expect(within(money).getByLabelText('Approve money actions (four-eyes)')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Code'), 'cashier');
    await user.type(within(dialog).getByLabelText('Name (Thai)'), 'แคชเชียร์');
    await user.type(within(dialog).getByLabelText('Name (English)'), 'Cashier');
    await user.click(within(dialog).getByLabelText('View members'));
    await user.click(within(money).getByLabelText('Review deposits'));
    await user.type(within(dialog).getByLabelText('IP allow-list'), '10.0.0.0/8{enter}203.0.113.7');
    await user.clear(within(dialog).getByLabelText('Idle timeout (minutes)'));
    await user.type(within(dialog).getByLabelText('Idle timeout (minutes)'), '15');
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(callsTo(calls, 'POST', rolesPaths.roles)).toHaveLength(1));
    expect(callsTo(calls, 'POST', rolesPaths.roles)[0]!.body).toEqual({
      code: 'cashier',
      nameTh: 'แคชเชียร์',
      nameEn: 'Cashier',
      permissions: ['deposits.review', 'members.read'],
      ipAllowList: ['10.0.0.0/8', '203.0.113.7'],
      idleMinutes: 15,
      absoluteHours: 12,
    });
  });

  test('permissions the operator does not hold are not offered, except those the role has already (which may go)', async () => {
    const custom = {
      ...builtin('finance', 'Pay desk'),
      code: 'paydesk',
      builtin: false,
      permissions: ['audit.read', 'deposits.review'],
    };
    const { calls } = installFakeApi({
      [`GET ${adminApiPaths.me}`]: () => ok(operatorMe(['operators.manage', 'roles.manage', 'audit.read'])),
      [`GET ${rolesPaths.roles}`]: () => ok(roleListSchema.parse({ items: [custom] })),
      [`PUT /admin-api/roles/paydesk`]: (call) => ok({ ...custom, ...(call.body as object), version: 2 }),
    });
    const user = await openBackOffice('Roles');
    await user.click(
      within((await screen.findByText('Pay desk')).closest('tr')!).getByRole('button', { name: 'Edit role' }),
    );
    const dialog = await findDialog('Edit role');
    const money = within(dialog).getByRole('group', { name: 'Money' });
    expect(within(money).getByLabelText('Review withdrawals').matches(':disabled')).toBe(true);
    expect(within(dialog).getByLabelText('View members').matches(':disabled')).toBe(true);
    // Held already by the role: may be taken away.
    const deposits = within(money).getByLabelText('Review deposits');
    expect(deposits.matches(':disabled')).toBe(false);
    await user.click(deposits);
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ permissions: ['audit.read'] });
  });

  test('a refused deletion (operators still hold the role) says so and keeps the dialog', async () => {
    installFakeApi({
      [`GET ${rolesPaths.roles}`]: () =>
        ok(roleListSchema.parse({ items: [{ ...builtin('finance', 'Night desk'), code: 'night', builtin: false }] })),
      [`DELETE /admin-api/roles/night`]: () => refuse(409, 'role.in.use', '2 operators still hold this role'),
    });
    const user = await openBackOffice('Roles');
    await screen.findByText('Night desk');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await findDialog('Delete');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('2 operators still hold this role')).toBeTruthy();
  });
});

describe('approvals page', () => {
  const approval = {
    id: '41',
    kind: 'adjustment',
    status: 'pending',
    memberId: '9',
    memberUsername: 'somchai01',
    direction: 'credit',
    amount: '1500.00',
    currency: 'THB',
    reason: 'VIP goodwill',
    requestedBy: 'ops.bee',
    requestedAt: Date.UTC(2026, 5, 1),
    decidedBy: null,
    decidedAt: null,
    decisionReason: null,
    transferId: null,
  };
  test('approve posts once; another operator’s own request cannot be approved by its author', async () => {
    const { calls } = installFakeApi({
      [`GET ${rolesPaths.approvals}`]: () =>
        ok(
          moneyApprovalPageSchema.parse({
            items: [approval, { ...approval, id: '42', requestedBy: 'ops.anna' }],
            pending: 2,
          }),
        ),
      [`GET ${rolesPaths.approvalThreshold}`]: () => ok({ amount: '1000.00', version: 1 }),
      [`POST /admin-api/approvals/41/approve`]: () => ok({ ...approval, status: 'approved', decidedBy: 'ops.anna' }),
    });
    const user = await openBackOffice('Approvals');
    expect(await screen.findByRole('tab', { name: 'Pending (2)' })).toBeTruthy();
    expect((screen.getByLabelText('Threshold') as HTMLInputElement).value).toBe('1000.00');
    expect(screen.getByText('Your own request: another operator approves it.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await findDialog('Approve');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/admin-api/approvals/41/approve')).toHaveLength(1));
  });
});
