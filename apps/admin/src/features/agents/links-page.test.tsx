// @vitest-environment jsdom
import {
  adminAgentLinkPageSchema,
  adminAgentLinkSchema,
  adminApiPaths,
  adminTopContractPageSchema,
  agentLinkAdminPaths,
  settlementDeskPaths,
  type AdminAgentLink,
  type OperatorPermission,
} from '@lotus/contract';
import { configure, screen, waitFor, within } from '@testing-library/dom';
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
  type FakeAnswer,
} from '../../testing/back-office';

afterEach(closeBackOffice);
configure({ asyncUtilTimeout: 5_000 });

const link = (over: Partial<AdminAgentLink> = {}): AdminAgentLink =>
  adminAgentLinkSchema.parse({
    id: '71',
    code: 'FORUM24',
    channel: 'LINE group',
    domain: null,
    agentId: '501',
    agentUsername: 'agent.somchai',
    status: 'active',
    registrations: 12,
    createdAt: Date.UTC(2026, 10, 1, 3),
    expiresAt: null,
    removedAt: null,
    ...over,
  });

async function openLinks(permissions: OperatorPermission[], onDisable: () => FakeAnswer = () => ok(link())) {
  let current = [link(), link({ id: '72', code: 'OLDFB', channel: '', status: 'removed', registrations: 3 })];
  const { calls } = installFakeApi({
    [`GET ${adminApiPaths.me}`]: () => ok(operatorMe(permissions)),
    [`GET ${settlementDeskPaths.topContracts}`]: () =>
      ok(adminTopContractPageSchema.parse({ items: [], page: 1, pageSize: 20, total: 0 })),
    [`GET ${agentLinkAdminPaths.links}`]: () =>
      ok(adminAgentLinkPageSchema.parse({ items: current, page: 1, pageSize: 20, total: current.length })),
    [`POST ${agentLinkAdminPaths.disable.replace(':linkId', '71')}`]: () => {
      const answer = onDisable();
      if (answer.status === 200) current = [link({ status: 'disabled' }), current[1]!];
      return answer;
    },
  });
  const user = await openBackOffice('Agents');
  await user.click(await screen.findByRole('link', { name: 'Affiliate links' }));
  const table = await screen.findByRole('table', { name: "Agents' affiliate links" });
  return { user, table, calls };
}

describe("agents' affiliate links", () => {
  test('lists the links with their registrations; disabling one asks a reason, then shows it disabled', async () => {
    const { user, table, calls } = await openLinks(['members.read', 'agents.manage']);
    expect(await within(table).findByText('FORUM24')).toBeTruthy();
    expect(within(table).getByText('LINE group')).toBeTruthy();
    expect(within(table).getByText('12')).toBeTruthy();
    expect(within(table).getAllByText('Never')).toHaveLength(2);
    expect(within(table).getByText('Removed by the agent')).toBeTruthy();
    // Only the active link can be disabled.
    expect(within(table).getAllByRole('button', { name: 'Disable' })).toHaveLength(1);

    await user.click(within(table).getByRole('button', { name: 'Disable' }));
    const dialog = await findDialog('Disable this link?');
    expect(within(dialog).getByText(/Link FORUM24 of agent\.somchai \(12 registrations so far\)/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(callsTo(calls, 'POST', agentLinkAdminPaths.disable.replace(':linkId', '71'))).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason'), 'Spam in a public forum');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Link FORUM24 disabled')).toBeTruthy();
    expect(
      callsTo(calls, 'POST', agentLinkAdminPaths.disable.replace(':linkId', '71')).map((call) => call.body),
    ).toEqual([{ reason: 'Spam in a public forum' }]);
    await waitFor(() => expect(within(table).getByText('Disabled')).toBeTruthy());
    expect(within(table).queryByRole('button', { name: 'Disable' })).toBeNull();
  });

  test('a refusal naming the reason shows under it', async () => {
    const { user, table } = await openLinks(['members.read', 'agents.manage'], () =>
      refuse(400, 'validation.failed', 'Between 3 and 200 characters.', 'reason'),
    );
    await user.click(await within(table).findByRole('button', { name: 'Disable' }));
    const dialog = await findDialog('Disable this link?');
    await user.type(within(dialog).getByLabelText('Reason'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await within(dialog).findByText('Between 3 and 200 characters.')).toBeTruthy();
  });

  test('an operator without agents.manage reads the links but has no Disable', async () => {
    const { table } = await openLinks(['members.read']);
    expect(await within(table).findByText('FORUM24')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Disable' })).toBeNull();
  });
});
