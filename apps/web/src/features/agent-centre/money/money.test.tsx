// @vitest-environment jsdom
import {
  agentContractPaths,
  agentContractSchema,
  agentIncomeSchema,
  agentMoneyPaths,
  agentSettlementPaths,
  agentStatementListSchema,
  agentTransferPaths,
  agentTransferResultSchema,
  apiPaths,
  consolidatedContractsSchema,
  consolidatedFundsPath,
  downlineContractsSchema,
  subordinateListSchema,
  type AgentContract,
  type ConsolidatedContracts,
} from '@lotus/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import agentsEn from '../../../locales/agents/en.json';
import moneyEn from '../../../locales/agent-money/en.json';
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

/** A contract as the server answers it (checked against the contract's schema). */
const contract = (overrides: Partial<AgentContract> = {}): AgentContract =>
  agentContractSchema.parse({
    id: '21',
    contractId: '21',
    kind: 'daily_salary',
    productType: 'LIVE',
    computationPeriod: '',
    status: 'A',
    downlineHigherRate: 'N',
    carryForward: null,
    details: [
      { betVolume: '1000.00', activeMember: 1, rate: 0.01, rateType: 'P' },
      { betVolume: '5000.00', activeMember: 3, rate: 0.015, rateType: 'P' },
    ],
    createTime: Date.UTC(2026, 10, 1),
    updateTime: Date.UTC(2026, 10, 1),
    ...overrides,
  });

function consolidated(signed: AgentContract[], requests: AgentContract[]): ConsolidatedContracts {
  const byProduct = (list: AgentContract[]) =>
    Object.fromEntries(list.map((item) => [item.productType, { agent: [item] }]));
  return consolidatedContractsSchema.parse({
    dailysalinfotype: byProduct(signed.filter((item) => item.kind === 'daily_salary')),
    contractmrdailysalinfotype: {},
    contracthoursalinfo: byProduct(signed.filter((item) => item.kind === 'hourly_salary')),
    realtimesalinfotype: {},
    divtypeinfo: {},
    divtypecompperiodinfo: {},
    dailysalreqtype: byProduct(requests.filter((item) => item.kind === 'daily_salary')),
    contracthoursalreq: byProduct(requests.filter((item) => item.kind === 'hourly_salary')),
    realtimesalreqtype: {},
    divtypereq: byProduct(requests.filter((item) => item.kind === 'dividend')),
    divtypecompperiodreq: {},
  });
}

const downlines = subordinateListSchema.parse({
  list: [
    { customerId: 31, customerName: 'subagent1', isAgent: 1, depth: 1 },
    { customerId: 32, customerName: 'player9', isAgent: 0, depth: 2 },
  ],
  totalElements: 2,
});

function render(route: string) {
  return renderWithProviders(<AgentCentre />, { route });
}

beforeAll(async () => {
  await initTestI18n();
  i18next.addResources('en', 'translation', agentsEn);
  i18next.addResources('en', 'translation', moneyEn);
});
beforeEach(() => {
  window.sessionStorage.clear();
  session.logIn('token-1');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Each test renders the whole centre (menu, page, its queries): more than the 5 s default on a busy machine.
describe('agent centre money pages', { timeout: 30_000 }, () => {
  test('the menu lists the contract and money pages; transfer to upline only when toUpline is on', async () => {
    installFakeApi({ [`GET ${apiPaths.memberInfo}`]: () => ok(memberInfo) });
    render('/agentCenter');
    const menu = await screen.findByRole('navigation', { name: 'Agent centre pages' });
    const labels = within(menu)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(labels).toEqual(
      expect.arrayContaining(['My contracts', 'Downline contracts', 'My income', 'Daily salary', 'Lucky bag']),
    );
    expect(labels).not.toContain('Transfer to upline');
    cleanup();
    installFakeApi({ [`GET ${apiPaths.memberInfo}`]: () => ok({ ...memberInfo, toUpline: true }) });
    render('/agentCenter');
    const again = await screen.findByRole('navigation', { name: 'Agent centre pages' });
    expect(within(again).getByRole('button', { name: 'Transfer to upline' })).toBeTruthy();
  });

  test('my contracts: signed tiers shown; an offer that ends downline contracts is confirmed first, then accepted with the original body', async () => {
    const offer = contract({ id: '40', contractId: '40', status: 'P', downlineHigherRate: 'Y' });
    const termination = contract({
      id: '41',
      contractId: '41',
      kind: 'hourly_salary',
      productType: 'RNG',
      computationPeriod: 'H',
      status: 'V',
      details: [{ minimumBet: '100.00', activeMember: 1, rate: 0.002, rateType: 'P' }],
    });
    const { calls } = installFakeApi({
      [`GET ${apiPaths.memberInfo}`]: () => ok(memberInfo),
      [`GET ${consolidatedFundsPath}`]: () => ok(consolidated([contract()], [offer, termination])),
      [`POST ${agentContractPaths.processDailySalary}`]: () => ok(contract({ id: '40', contractId: '40' })),
      [`POST ${agentContractPaths.processHourSalary}`]: () => ok({ ...termination, status: 'A' }),
    });
    render('/agentCenter?page=myContracts');
    const cards = await screen.findAllByTestId('agent-contract');
    expect(cards).toHaveLength(3);
    const signed = cards[2]!;
    expect(signed.textContent).toContain('Daily salary');
    expect(signed.textContent).toContain('1,000.00');
    expect(signed.textContent).toContain('1.50 %');

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    fireEvent.click(within(cards[0]!).getByRole('button', { name: 'Accept' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('higher rate'));
    expect(calls.some((call) => call.path === agentContractPaths.processDailySalary)).toBe(false);
    fireEvent.click(within(cards[0]!).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === agentContractPaths.processDailySalary)?.body).toEqual({
        id: '40',
        status: 'A',
      }),
    );
    expect(await screen.findByRole('status')).toBeTruthy();

    // The hourly salary's termination request: Keep sends R (the original's difference), with the product.
    fireEvent.click(
      within(screen.getAllByTestId('agent-contract')[1]!).getByRole('button', { name: 'Keep the contract' }),
    );
    await waitFor(() =>
      expect(calls.find((call) => call.path === agentContractPaths.processHourSalary)?.body).toEqual({
        contractId: '41',
        status: 'R',
        productType: 'RNG',
      }),
    );
  });

  test('downline contracts: the offer editor enforces rising tiers and my ceiling, shows a server tier error under its field, sends the offer', async () => {
    let offers = 0;
    const { calls } = installFakeApi({
      [`GET ${apiPaths.memberInfo}`]: () => ok(memberInfo),
      [`GET ${agentMoneyPaths.subordinates}`]: () =>
        ok(subordinateListSchema.parse({ list: [downlines.list[0]], totalElements: 1 })),
      [`GET ${consolidatedFundsPath}`]: () => ok(consolidated([contract()], [])),
      [`GET ${agentContractPaths.downlineContracts}`]: () =>
        ok(
          downlineContractsSchema.parse({
            list: [
              {
                ...contract({
                  id: '50',
                  contractId: '50',
                  details: [{ betVolume: '1000.00', activeMember: 1, rate: 0.005, rateType: 'P' }],
                }),
                history: [{ fromStatus: 'P', toStatus: 'A', actor: 'downline', time: Date.UTC(2026, 10, 2) }],
              },
            ],
          }),
        ),
      [`POST ${agentContractPaths.offer}`]: () => {
        offers += 1;
        return offers === 1
          ? refuse(400, 'agent.contract.tier.above.upline', 'Above your upline’s rate.', 'tiers.1.rate')
          : ok(contract({ id: '51', contractId: '51', status: 'E' }));
      },
    });
    render('/agentCenter?page=downlineContracts');
    fireEvent.change(await screen.findByLabelText('Downline'), { target: { value: '31' } });
    expect(await screen.findByText('Contracts with this downline')).toBeTruthy();
    expect(screen.getByText(/Pending → Signed \(downline\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Modify' }));
    // The form starts from the signed tiers; my own highest rate is the ceiling.
    expect(screen.getAllByText('Your own highest: 1.50 %').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Add a tier' }));
    const rows = screen.getAllByTestId('tier-row');
    expect(rows).toHaveLength(2);
    // An empty new tier is not an error before the offer is tried.
    expect(screen.queryByTestId('error-tiers.1.rate')).toBeNull();
    const second = within(rows[1]!);
    fireEvent.change(second.getByLabelText('Team valid bet ≥'), { target: { value: '500' } });
    fireEvent.change(second.getByLabelText('Rate (%)'), { target: { value: '2' } });
    expect(screen.getByTestId('error-tiers.1.minimumBet').textContent).toBe(
      'Each level must be higher than the previous.',
    );
    expect(screen.getByTestId('error-tiers.1.rate').textContent).toBe('Above your own rate.');
    // With a rule broken nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Send the offer' }));
    expect(calls.some((call) => call.path === agentContractPaths.offer)).toBe(false);

    fireEvent.change(second.getByLabelText('Team valid bet ≥'), { target: { value: '3000' } });
    fireEvent.change(second.getByLabelText('Active members ≥'), { target: { value: '2' } });
    fireEvent.change(second.getByLabelText('Rate (%)'), { target: { value: '1.2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the offer' }));
    expect((await screen.findByTestId('error-tiers.1.rate')).textContent).toBe('Above your upline’s rate.');
    expect(calls.find((call) => call.path === agentContractPaths.offer)?.body).toEqual({
      downlineId: '31',
      productType: 'LIVE',
      kind: 'daily_salary',
      tiers: [
        { minimumBet: '1000.00', activeMember: 1, rateType: 'P', rate: 0.005 },
        { minimumBet: '3000', activeMember: 2, rateType: 'P', rate: 0.012 },
      ],
    });
    fireEvent.change(second.getByLabelText('Rate (%)'), { target: { value: '1.1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the offer' }));
    expect(await screen.findByText("The offer is sent; it waits for the downline's answer.")).toBeTruthy();
  });

  test('statements: lines of each statement, the filters sent, the manual-claim button claims with an Idempotency-Key', async () => {
    const statement = {
      id: '70',
      contractId: '21',
      kind: 'mr_daily_salary',
      productType: 'LIVE',
      periodKey: '2026-11-20',
      side: 'SELF',
      holderId: '7',
      holderName: 'agent01',
      payerName: 'boss',
      amount: '12.50',
      status: 'P',
      note: null,
      computeTime: Date.UTC(2026, 10, 21),
      payoutTime: null,
      lines: [
        { group: 'input', name: 'teamValidBet', format: 'money', value: '1250.00' },
        { group: 'input', name: 'activeMembers', format: 'count', value: '3' },
        { group: 'input', name: 'tier', format: 'tier', value: '2' },
        { group: 'input', name: 'rate', format: 'rate', value: '0.01' },
        { group: 'deduction', name: 'bonuses', format: 'money', value: '5.00' },
      ],
    };
    const { calls } = installFakeApi({
      [`GET ${apiPaths.memberInfo}`]: () => ok(memberInfo),
      [`GET ${agentMoneyPaths.statements}`]: () =>
        ok(
          agentStatementListSchema.parse({
            list: [statement],
            totalElements: 1,
            page: 1,
            size: 20,
            totalAmount: '12.50',
          }),
        ),
      [`POST ${agentSettlementPaths.claimMrDailySalary}`]: () => ok({ id: 70, amount: '12.50', status: 1 }),
    });
    render('/agentCenter?page=mrDailySalary');
    const card = await screen.findByTestId('agent-statement');
    expect(card.textContent).toContain('Team valid bet');
    expect(card.textContent).toContain('1,250.00');
    expect(card.textContent).toContain('1.00 %');
    expect(card.textContent).toContain('Promotion bonuses');
    expect(card.textContent).toContain('Paid by boss');
    expect(screen.getByTestId('statements-total').textContent).toBe('1 statements, total 12.50');
    const first = calls.find((call) => call.path === agentMoneyPaths.statements)!;
    expect(first.query.get('kind')).toBe('mr_daily_salary');
    expect(first.query.get('subordinateType')).toBe('SELF');

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'A' } });
    await waitFor(() =>
      expect(
        calls
          .filter((call) => call.path === agentMoneyPaths.statements)
          .at(-1)
          ?.query.get('status'),
      ).toBe('A'),
    );

    fireEvent.click(within(await screen.findByTestId('agent-statement')).getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(calls.some((call) => call.path === agentSettlementPaths.claimMrDailySalary)).toBe(true));
    const claim = calls.find((call) => call.path === agentSettlementPaths.claimMrDailySalary)!;
    expect(claim.body).toEqual({ id: 70 });
    expect(claim.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('transfer to a downline: ?downlineId= preselects it; sealed with the payment password and an Idempotency-Key; a refusal naming the amount shows under it', async () => {
    let attempts = 0;
    const { calls } = installFakeApi({
      [`GET ${apiPaths.memberInfo}`]: () => ok(memberInfo),
      [`GET ${agentMoneyPaths.subordinates}`]: () => ok(downlines),
      [`POST ${agentTransferPaths.toDownline}`]: () => {
        attempts += 1;
        return attempts === 1
          ? refuse(400, 'agent.transfer.balance.not.enough', 'Your balance is not enough.', 'transferAmount')
          : ok(
              agentTransferResultSchema.parse({
                transfers: [
                  {
                    transactionId: 1,
                    txTypeId: 6207,
                    kind: 'agent.transfer.downline',
                    amount: '-50.00',
                    subordinateName: 'player9',
                    counterpartyId: 32,
                    remark: '',
                    time: Date.UTC(2026, 10, 26),
                  },
                ],
                balance: '950.00',
              }),
            );
      },
    });
    render('/agentCenter/transfer?downlineId=32');
    const picker = (await screen.findByLabelText('Downline')) as HTMLSelectElement;
    expect(picker.value).toBe('32');
    expect(within(picker).getByRole('option', { name: 'player9 (level 2)' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '5000' } });
    fireEvent.change(screen.getByLabelText('Payment password'), { target: { value: '135790' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    // Sealing (an RSA key made for the test, then WebCrypto) takes a while in jsdom.
    expect(await screen.findByText('Your balance is not enough.', {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect((await screen.findByRole('status', {}, { timeout: 10_000 })).textContent).toContain('950.00');
    const sent = calls.filter((call) => call.path === agentTransferPaths.toDownline);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.isSealed).toBe(true);
    expect(sent[1]!.body).toEqual({ downlineId: 32, transferAmount: '50', password: '135790' });
    // Two actions, two keys: the refused first request is final, the second is a new action.
    expect(sent[0]!.headers.get('Idempotency-Key')).toBeTruthy();
    expect(sent[1]!.headers.get('Idempotency-Key')).not.toBe(sent[0]!.headers.get('Idempotency-Key'));
  });

  test('lucky bag: chosen direct downlines, random shares', async () => {
    const { calls } = installFakeApi({
      [`GET ${apiPaths.memberInfo}`]: () => ok(memberInfo),
      [`GET ${agentMoneyPaths.subordinates}`]: () =>
        ok(
          subordinateListSchema.parse({
            list: [downlines.list[0], { customerId: 33, customerName: 'direct2', isAgent: 0, depth: 1 }],
            totalElements: 2,
          }),
        ),
      [`POST ${agentTransferPaths.luckyBag}`]: () => ok({ transfers: [], balance: '900.00' }),
    });
    render('/agentCenter?page=luckyBag');
    fireEvent.click(await screen.findByLabelText('Chosen downlines'));
    fireEvent.click(screen.getByLabelText('direct2'));
    fireEvent.click(screen.getByLabelText('Random shares'));
    fireEvent.change(screen.getByLabelText('Total amount'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Payment password'), { target: { value: '135790' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the lucky bag' }));
    await waitFor(() => expect(calls.some((call) => call.path === agentTransferPaths.luckyBag)).toBe(true));
    const sent = calls.find((call) => call.path === agentTransferPaths.luckyBag)!;
    expect(sent.body).toEqual({
      recipients: 'SELECTED',
      downlineIds: [33],
      type: 'FIGHTING',
      totalAmount: '100',
      password: '135790',
    });
    expect(sent.headers.get('Idempotency-Key')).toBeTruthy();
  });

  test('carried debt: my income shows what I owe; a statement the merchant advanced and one that paid my debt back say so', async () => {
    installFakeApi({
      [`GET ${apiPaths.memberInfo}`]: () => ok(memberInfo),
      [`GET ${agentMoneyPaths.income}`]: () =>
        ok(
          agentIncomeSchema.parse({
            startDate: '2026-10-28',
            endDate: '2026-11-27',
            byKind: [],
            transfersReceived: '0.00',
            transfersSent: '0.00',
            totalIncome: '20.00',
            carriedDebt: '3.00',
          }),
        ),
    });
    render('/agentCenter?page=income');
    expect((await screen.findByTestId('income-carried-debt')).textContent).toBe('3.00');
    expect(screen.getByText(/the merchant advanced the rest/)).toBeTruthy();
    cleanup();

    installFakeApi({
      [`GET ${apiPaths.memberInfo}`]: () => ok(memberInfo),
      [`GET ${agentMoneyPaths.statements}`]: () =>
        ok(
          agentStatementListSchema.parse({
            list: [
              {
                id: '80',
                contractId: '21',
                kind: 'daily_salary',
                productType: 'LIVE',
                periodKey: '2026-11-26',
                side: 'SELF',
                holderId: '7',
                holderName: 'agent01',
                payerName: null,
                amount: '20.00',
                status: 'A',
                note: 'upline.advanced',
                computeTime: Date.UTC(2026, 10, 27),
                payoutTime: Date.UTC(2026, 10, 27),
                lines: [
                  { group: 'input', name: 'advancedByMerchant', format: 'money', value: '5.00' },
                  { group: 'deduction', name: 'debtRecovered', format: 'money', value: '3.00' },
                ],
              },
            ],
            totalElements: 1,
            page: 1,
            size: 20,
            totalAmount: '20.00',
          }),
        ),
    });
    render('/agentCenter?page=dailySalary');
    const card = await screen.findByTestId('agent-statement');
    expect(card.textContent).toContain('Advanced by the merchant');
    expect(card.textContent).toContain('Carried debt paid back');
    expect(card.textContent).toContain("the merchant advanced what the payer's balance did not cover");
  });
});
