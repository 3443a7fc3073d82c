// @vitest-environment jsdom
import {
  adminApiPaths,
  adminMemberPageSchema,
  adminTopContractPageSchema,
  agentContractAdminPaths,
  agentContractSchema,
  settlementDeskPaths,
  type AgentContract,
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
  type User,
} from '../../testing/back-office';

afterEach(closeBackOffice);
configure({ asyncUtilTimeout: 5_000 });

const offered = (kind: AgentContract['kind']): AgentContract =>
  agentContractSchema.parse({
    id: '12',
    contractId: '12',
    kind,
    productType: 'LIVE',
    computationPeriod: '',
    status: 'P',
    downlineHigherRate: 'N',
    carryForward: null,
    details: [],
    createTime: Date.UTC(2026, 10, 1),
    updateTime: Date.UTC(2026, 10, 1),
  });

/** The brand contracts page with one top agent to find; `onOffer` answers the offer call. */
async function openOffer(onOffer: (body: Record<string, unknown>) => FakeAnswer) {
  const { calls } = installFakeApi({
    [`GET ${adminApiPaths.me}`]: () => ok(operatorMe(['members.read', 'agents.manage'])),
    [`GET ${settlementDeskPaths.topContracts}`]: () =>
      ok(adminTopContractPageSchema.parse({ items: [], page: 1, pageSize: 20, total: 0 })),
    [`GET ${adminApiPaths.members}`]: () =>
      ok(
        adminMemberPageSchema.parse({
          items: [
            {
              id: '500',
              username: 'top.malee',
              mobile: null,
              email: null,
              status: 'active',
              isAgent: 1,
              createdAt: Date.UTC(2026, 9, 1),
              currency: 'THB',
              balances: { main: '0.00', held: '0.00', bonus: '0.00', vendors: '0.00', trial: '0.00' },
            },
          ],
          page: 1,
          pageSize: 10,
          total: 1,
        }),
      ),
    [`POST ${agentContractAdminPaths.offer}`]: (call) => onOffer(call.body as Record<string, unknown>),
  });
  const user = await openBackOffice('Agents');
  await user.click(await screen.findByRole('button', { name: 'Offer a contract' }));
  const dialog = await findDialog('Offer a top agent a contract');
  await user.type(within(dialog).getByLabelText("Top agent's username"), 'top.malee');
  return { user, dialog, calls };
}

async function fill(user: User, dialog: HTMLElement, label: string, value: string, index = 0) {
  const input = within(dialog).getAllByLabelText(label)[index]!;
  await user.clear(input);
  await user.type(input, value);
}

describe('offer a top agent a contract of any kind', () => {
  test('a dividend: period, carry-forward and tiers with net loss; a falling tier is shown at its field and not sent', async () => {
    const { user, dialog, calls } = await openOffer(() => ok(offered('dividend')));
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'Dividend');
    await user.selectOptions(within(dialog).getByLabelText('Period'), 'Monthly');
    await user.selectOptions(within(dialog).getByLabelText('Carry forward'), 'Loss carried forward, reset each month');
    await fill(user, dialog, 'Tier 1: team valid bet from', '10000');
    await fill(user, dialog, 'Team net loss from', '1000');
    await fill(user, dialog, 'Active members', '2');
    await fill(user, dialog, 'Dividend rate (%)', '20');
    await user.click(within(dialog).getByRole('button', { name: 'Add a tier' }));
    await fill(user, dialog, 'Tier 2: team valid bet from', '50000');
    await fill(user, dialog, 'Team net loss from', '800', 1);
    await fill(user, dialog, 'Active members', '5', 1);
    await fill(user, dialog, 'Dividend rate (%)', '30', 1);

    const netLoss = within(dialog).getAllByLabelText('Team net loss from')[1]!;
    expect(netLoss.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText(/Must be higher than the tier before/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send the offer' }));
    expect(within(dialog).getByText('Fix the tier fields marked above, then send again.')).toBeTruthy();
    expect(callsTo(calls, 'POST', agentContractAdminPaths.offer)).toEqual([]);

    await fill(user, dialog, 'Team net loss from', '5000', 1);
    expect(netLoss.getAttribute('aria-invalid')).toBe('false');
    await user.click(within(dialog).getByRole('button', { name: 'Send the offer' }));
    expect(await screen.findByText('Offer sent to top.malee')).toBeTruthy();
    expect(callsTo(calls, 'POST', agentContractAdminPaths.offer).map((call) => call.body)).toEqual([
      {
        kind: 'dividend',
        downlineId: '500',
        productType: 'LIVE',
        computationPeriod: 'M',
        carryForward: 'loss_monthly',
        tiers: [
          { minimumBet: '10000', netLoss: '1000', activeMember: 2, contractRate: 0.2 },
          { minimumBet: '50000', netLoss: '5000', activeMember: 5, contractRate: 0.3 },
        ],
      },
    ]);
  });

  test("real-time salary: lottery only, single bet and both rates; the server's refusal shows under the field it names", async () => {
    const { user, dialog, calls } = await openOffer(() =>
      refuse(
        400,
        'agent.contract.tier.zero',
        'The rate or amount must be above 0 (tiers.0.winRate).',
        'tiers.0.winRate',
      ),
    );
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'Real-time salary');
    const product = within(dialog).getByLabelText('Product') as HTMLSelectElement;
    expect([...product.options].map((option) => option.value)).toEqual(['LOTT']);
    await fill(user, dialog, 'Tier 1: a single bet from', '10');
    await fill(user, dialog, 'Rate when the player loses (%)', '1');
    await fill(user, dialog, 'Rate when the player wins (%)', '0.5');
    await user.click(within(dialog).getByRole('button', { name: 'Send the offer' }));
    const win = within(dialog).getByLabelText('Rate when the player wins (%)');
    await waitFor(() => expect(win.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('The rate or amount must be above 0 (tiers.0.winRate).')).toBeTruthy();
    expect(callsTo(calls, 'POST', agentContractAdminPaths.offer).map((call) => call.body)).toEqual([
      {
        kind: 'realtime_salary',
        downlineId: '500',
        productType: 'LOTT',
        tiers: [{ betAmount: '10', lossRate: 0.01, winRate: 0.005 }],
      },
    ]);
  });

  test('an hourly salary with its frequency; a fixed amount tier', async () => {
    const { user, dialog, calls } = await openOffer(() => ok(offered('hourly_salary')));
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'Hourly salary');
    await user.selectOptions(within(dialog).getByLabelText('Product'), 'SPORTS');
    await user.selectOptions(within(dialog).getByLabelText('Frequency'), 'Every 30 minutes');
    await fill(user, dialog, 'Tier 1: team valid bet from', '500');
    await fill(user, dialog, 'Active members', '1');
    await user.selectOptions(within(dialog).getByLabelText('Pays'), 'Fixed amount');
    await fill(user, dialog, 'Amount', '25');
    await user.click(within(dialog).getByRole('button', { name: 'Send the offer' }));
    expect(await screen.findByText('Offer sent to top.malee')).toBeTruthy();
    expect(callsTo(calls, 'POST', agentContractAdminPaths.offer).map((call) => call.body)).toEqual([
      {
        kind: 'hourly_salary',
        downlineId: '500',
        productType: 'SPORTS',
        frequency: 'BH',
        tiers: [{ minimumBet: '500', activeMember: 1, rateType: 'F', amount: '25' }],
      },
    ]);
  });
});
