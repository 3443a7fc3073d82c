// @vitest-environment jsdom
import {
  adminApiPaths,
  adminAgentDebtorPageSchema,
  adminAgentTransferPageSchema,
  adminTopContractPageSchema,
  agentContractAdminPaths,
  agentContractSchema,
  rerunResultSchema,
  settlementDeskPaths,
  settlementDetailSchema,
  settlementPageSchema,
  type SettlementDetail,
} from '@lotus/contract';
import { configure, screen, waitFor, within } from '@testing-library/dom';
import { afterEach, describe, expect, test } from 'vitest';
import {
  callsTo,
  closeBackOffice,
  entryOf,
  findDialog,
  installFakeApi,
  ok,
  openBackOffice,
  operatorMe,
  refuse,
} from '../../testing/back-office';

afterEach(closeBackOffice);
// Each page is several fake calls away; a loaded machine (2 cores shared) needs more than the default 1 s.
configure({ asyncUtilTimeout: 5_000 });

const statement = (over: Partial<SettlementDetail> = {}): SettlementDetail =>
  settlementDetailSchema.parse({
    id: '31',
    contractId: '9',
    kind: 'daily_salary',
    productType: 'LIVE',
    periodKey: '2026-11-20',
    holderId: '501',
    holderUsername: 'agent.somchai',
    payerId: '500',
    payerUsername: 'top.malee',
    amount: '27.50',
    paid: '0.00',
    status: 'P',
    note: 'upline.short',
    computedAt: Date.UTC(2026, 10, 21, 3, 25),
    paidAt: null,
    changes: 0,
    inputs: { teamValidBet: '550000', activeMembers: 4, teamSize: 7, tierIndex: 1, terms: { type: 'salary' } },
    history: [],
    debt: null,
    recovered: '0.00',
    holderCarriedDebt: '0.00',
    payerCarriedDebt: '0.00',
    ...over,
  });

const page = (items: SettlementDetail[]) =>
  settlementPageSchema.parse({
    items,
    page: 1,
    pageSize: 20,
    total: items.length,
    totals: {
      count: items.length,
      amount: '27.50',
      paid: '0.00',
      waiting: '27.50',
      advanced: '0.00',
      carriedDebt: '0.00',
    },
    agentTotals: [
      { holderId: '501', holderUsername: 'agent.somchai', count: 1, amount: '27.50', paid: '0.00', waiting: '27.50' },
    ],
  });

const detailPath = settlementDeskPaths.settlement.replace(':settlementId', '31');
const approvePath = settlementDeskPaths.approve.replace(':settlementId', '31');
const adjustPath = settlementDeskPaths.adjust.replace(':settlementId', '31');

describe('agent statements', () => {
  test('lists statements with totals, filters them, shows the stored inputs and approves once after confirming', async () => {
    let current = statement();
    const { calls } = installFakeApi({
      [`GET ${settlementDeskPaths.settlements}`]: () => ok(page([current])),
      [`GET ${detailPath}`]: () => ok(current),
      [`POST ${approvePath}`]: () => {
        current = statement({
          status: 'A',
          paid: '27.50',
          note: null,
          paidAt: Date.now(),
          changes: 1,
          history: [
            {
              id: '1',
              action: 'approve',
              fromStatus: 'P',
              toStatus: 'A',
              fromAmount: '27.50',
              toAmount: '27.50',
              posted: '27.50',
              inputs: null,
              reason: null,
              operatorUsername: 'ops.anna',
              time: Date.now(),
            },
          ],
        });
        return ok(current);
      },
    });
    const user = await openBackOffice('Agents');
    const table = await screen.findByRole('table', { name: 'Agent statements' });
    expect(await within(table).findByText('agent.somchai')).toBeTruthy();
    expect(within(table).getByText('paid by top.malee')).toBeTruthy();
    expect(within(table).getByText("Payer's wallet too low")).toBeTruthy();
    expect(entryOf(screen.getByLabelText('Totals'), 'Not paid')).toContain('27.50');
    expect(screen.getByRole('table', { name: 'Totals per agent' })).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Status'), 'P');
    await user.type(screen.getByLabelText('Agent username'), ' agent.somchai ');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => {
      const last = callsTo(calls, 'GET', settlementDeskPaths.settlements).at(-1)!;
      expect(Object.fromEntries(last.query)).toMatchObject({ status: 'P', agent: 'agent.somchai' });
    });

    await user.click(within(table).getByRole('button', { name: 'Details' }));
    const dialog = await findDialog('Statement');
    expect(await within(dialog).findByText('Team valid bet')).toBeTruthy();
    expect(entryOf(dialog, 'Team valid bet')).toBe('5500.00');
    expect(entryOf(dialog, 'Active members')).toBe('4');
    await user.click(within(dialog).getByRole('button', { name: 'Approve and pay' }));
    const confirm = await findDialog('Approve this statement?');
    expect(within(confirm).getByText('27.50 will be paid to agent.somchai by top.malee, once.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Approve and pay' }));
    expect(await screen.findByText('27.50 paid to agent.somchai')).toBeTruthy();
    expect(callsTo(calls, 'POST', approvePath)).toHaveLength(1);
    expect(await within(dialog).findByText('Approved')).toBeTruthy();
  });

  test("a statement the brand advanced shows the payer's carried debt; the totals show what is still owed", async () => {
    const advanced = statement({
      status: 'A',
      paid: '27.50',
      note: 'upline.advanced',
      paidAt: Date.now(),
      debt: {
        debtorId: '500',
        debtorUsername: 'top.malee',
        amount: '7.50',
        recovered: '2.50',
        outstanding: '5.00',
        createdAt: Date.now(),
        recoveredAt: null,
      },
      payerCarriedDebt: '5.00',
    });
    const { calls } = installFakeApi({
      [`GET ${settlementDeskPaths.settlements}`]: () =>
        ok({ ...page([advanced]), totals: { ...page([advanced]).totals, advanced: '7.50', carriedDebt: '5.00' } }),
      [`GET ${detailPath}`]: () => ok(advanced),
      [`GET ${settlementDeskPaths.debtors}`]: () =>
        ok(
          adminAgentDebtorPageSchema.parse({
            items: [
              {
                memberId: '500',
                username: 'top.malee',
                debts: 2,
                advanced: '7.50',
                recovered: '2.50',
                outstanding: '5.00',
                oldestOutstandingAt: Date.UTC(2026, 10, 20, 3),
                lastRecoveryAt: null,
              },
            ],
            page: 1,
            pageSize: 20,
            total: 1,
            totals: { debtors: 1, outstanding: '5.00' },
          }),
        ),
    });
    const user = await openBackOffice('Agents');
    let table = await screen.findByRole('table', { name: 'Agent statements' });
    expect(await within(table).findByText("Paid with the brand's advance (the payer owes it)")).toBeTruthy();
    expect(entryOf(screen.getByLabelText('Totals'), 'Still owed by uplines')).toContain('5.00');
    expect(entryOf(screen.getByLabelText('Totals'), 'Advanced by the brand')).toContain('7.50');

    // The Debts tab: who owes what; a username filter; a row's link opens the statements paid to the agent.
    await user.click(screen.getByRole('link', { name: 'Debts' }));
    const debtors = await screen.findByRole('table', { name: "Uplines' carried debt" });
    expect(await within(debtors).findByText('top.malee')).toBeTruthy();
    expect(within(debtors).getByText('2.50')).toBeTruthy();
    expect(entryOf(screen.getByLabelText('Totals'), 'Still owed by uplines')).toContain('5.00');
    expect(entryOf(screen.getByLabelText('Totals'), 'Agents owing')).toBe('1');
    await user.type(screen.getByLabelText('Agent username'), 'top.malee');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(callsTo(calls, 'GET', settlementDeskPaths.debtors)[0]!.query.get('agent')).toBeNull();
    await waitFor(() =>
      expect(callsTo(calls, 'GET', settlementDeskPaths.debtors).at(-1)!.query.get('agent')).toBe('top.malee'),
    );
    await user.click(within(debtors).getByRole('link', { name: 'Statements paid to top.malee' }));
    table = await screen.findByRole('table', { name: 'Agent statements' });
    await waitFor(() =>
      expect(callsTo(calls, 'GET', settlementDeskPaths.settlements).at(-1)!.query.get('agent')).toBe('top.malee'),
    );
    expect((screen.getByLabelText('Agent username') as HTMLInputElement).value).toBe('top.malee');

    await user.click(await within(table).findByRole('button', { name: 'Details' }));
    const dialog = await findDialog('Statement');
    expect(await within(dialog).findByText('top.malee still owes 5.00 (2.50 given back)')).toBeTruthy();
    expect(entryOf(dialog, 'Payer owes now')).toContain('5.00');
    expect(entryOf(dialog, 'Agent owes now')).toContain('0.00');
  });

  test('adjust shows the difference to post and sends the amount and reason; a wallet refusal is shown', async () => {
    const paid = statement({ status: 'A', paid: '27.50', note: null, paidAt: Date.now() });
    const { calls } = installFakeApi({
      [`GET ${settlementDeskPaths.settlements}`]: () => ok(page([paid])),
      [`GET ${detailPath}`]: () => ok(paid),
      [`POST ${adjustPath}`]: (call) =>
        (call.body as { amount: string }).amount === '0'
          ? refuse(409, 'agent.settlement.wallet.short', 'The wallet does not hold the difference (27.50).')
          : ok(statement({ status: 'M', amount: '30.00', paid: '30.00', note: null, paidAt: Date.now() })),
    });
    const user = await openBackOffice('Agents');
    await user.click(await screen.findByRole('button', { name: 'Details' }));
    const detail = await findDialog('Statement');
    expect(within(detail).queryByRole('button', { name: 'Approve and pay' })).toBeNull();
    await user.click(await within(detail).findByRole('button', { name: 'Adjust' }));
    const dialog = await findDialog('Adjust this statement');
    const amount = within(dialog).getByLabelText('New amount');
    await user.clear(amount);
    await user.type(amount, '0');
    expect(within(dialog).getByText('Difference to post: -27.50')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'voided rounds');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    expect(await within(dialog).findByText('The wallet does not hold the difference (27.50).')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '30.00');
    expect(within(dialog).getByText('Difference to post: 2.50')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    expect(await screen.findByText('Statement of agent.somchai adjusted to 30.00')).toBeTruthy();
    expect(callsTo(calls, 'POST', adjustPath).map((call) => call.body)).toEqual([
      { amount: '0', reason: 'voided rounds' },
      { amount: '30.00', reason: 'voided rounds' },
    ]);
  });

  test('a manual-claim record waiting for its claim offers only reject: the agent claims it', async () => {
    const claimable = statement({ kind: 'mr_daily_salary', note: null });
    installFakeApi({
      [`GET ${settlementDeskPaths.settlements}`]: () => ok(page([claimable])),
      [`GET ${detailPath}`]: () => ok(claimable),
    });
    const user = await openBackOffice('Agents');
    await user.click(await screen.findByRole('button', { name: 'Details' }));
    const detail = await findDialog('Statement');
    expect(await within(detail).findByText(/The agent claims this record itself/)).toBeTruthy();
    expect(within(detail).getByRole('button', { name: 'Reject' })).toBeTruthy();
    expect(within(detail).queryByRole('button', { name: 'Approve and pay' })).toBeNull();
    expect(within(detail).queryByRole('button', { name: 'Adjust' })).toBeNull();
  });

  test('re-runs a period and tells what changed', async () => {
    const { calls } = installFakeApi({
      [`GET ${settlementDeskPaths.settlements}`]: () => ok(page([statement()])),
      [`POST ${settlementDeskPaths.rerun}`]: () =>
        ok(
          rerunResultSchema.parse({
            kind: 'daily_salary',
            periodKey: '2026-11-20',
            computed: 12,
            created: 1,
            changed: 3,
            skipped: 0,
            short: [],
            posted: '41.20',
          }),
        ),
    });
    const user = await openBackOffice('Agents');
    await user.click(await screen.findByRole('button', { name: 'Re-run a period' }));
    const dialog = await findDialog('Re-run a period');
    await user.type(within(dialog).getByLabelText('Period'), '2026-11-20');
    await user.click(within(dialog).getByRole('button', { name: 'Re-run' }));
    expect(
      await within(dialog).findByText(
        '12 contracts computed: 1 new, 3 changed, 0 rejected left as they are. Posted: 41.20.',
      ),
    ).toBeTruthy();
    expect(callsTo(calls, 'POST', settlementDeskPaths.rerun).map((call) => call.body)).toEqual([
      { kind: 'daily_salary', periodKey: '2026-11-20' },
    ]);
  });
});

describe('brand contracts and transfers', () => {
  test('an operator without agents.settle sees no statements tab; lists brand contracts and ends one after confirming', async () => {
    const contract = agentContractSchema.parse({
      id: '9',
      contractId: '9',
      kind: 'daily_salary',
      productType: 'LIVE',
      computationPeriod: '',
      status: 'A',
      downlineHigherRate: 'N',
      carryForward: null,
      details: [{ minimumBet: '1000.00', activeMember: 3, rateType: 'P', rate: 0.012 }],
      createTime: Date.UTC(2026, 9, 1),
      updateTime: Date.UTC(2026, 9, 2),
    });
    const { calls } = installFakeApi({
      [`GET ${adminApiPaths.me}`]: () => ok(operatorMe(['members.read', 'agents.manage'])),
      [`GET ${settlementDeskPaths.topContracts}`]: () =>
        ok(
          adminTopContractPageSchema.parse({
            items: [{ ...contract, holderUsername: 'top.malee', history: [] }],
            page: 1,
            pageSize: 20,
            total: 1,
          }),
        ),
      [`POST ${agentContractAdminPaths.end}`]: () => ok({ ...contract, status: 'C' }),
      [`GET ${settlementDeskPaths.transfers}`]: () =>
        ok(
          adminAgentTransferPageSchema.parse({
            items: [
              {
                id: '4',
                kind: 'agent.transfer.luckybag',
                senderId: '500',
                senderUsername: 'top.malee',
                receiverId: '501',
                receiverUsername: 'agent.somchai',
                amount: '12.34',
                remark: 'Happy new year',
                postingId: '77',
                time: Date.UTC(2026, 10, 20, 12),
              },
            ],
            page: 1,
            pageSize: 20,
            total: 1,
            totalAmount: '12.34',
          }),
        ),
    });
    const user = await openBackOffice('Agents');
    const table = await screen.findByRole('table', { name: 'Brand contracts with top agents' });
    expect(screen.queryByRole('link', { name: 'Statements' })).toBeNull();
    expect(await within(table).findByText('from 1000.00, 3 active: 1.20 %')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'End' }));
    const confirm = await findDialog('End this contract now?');
    await user.click(within(confirm).getByRole('button', { name: 'End' }));
    expect(await screen.findByText('Contract of top.malee ended')).toBeTruthy();
    expect(callsTo(calls, 'POST', agentContractAdminPaths.end).map((call) => call.body)).toEqual([{ contractId: '9' }]);

    await user.click(screen.getByRole('link', { name: 'Transfers' }));
    const transfers = await screen.findByRole('table', { name: 'Agent transfers' });
    expect(await within(transfers).findByText('Happy new year')).toBeTruthy();
    expect(within(transfers).getByText('Lucky bag')).toBeTruthy();
    expect(screen.getByText('1 transfers, 12.34 in all')).toBeTruthy();
  });
});
