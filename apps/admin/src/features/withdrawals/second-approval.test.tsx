// @vitest-environment jsdom
import {
  adminReturnSecondApprovalRequestSchema,
  adminSecondApprovalPageSchema,
  adminWithdrawalListSchema,
  adminWithdrawalSchema,
  moneyApprovalPageSchema,
  rolesPaths,
  withdrawalPaths,
  type AdminWithdrawal,
  type WithdrawalSecondApproval,
} from '@lotus/contract';
import { screen, within } from '@testing-library/dom';
import { afterEach, describe, expect, test } from 'vitest';
import {
  callsTo,
  closeBackOffice,
  findDialog,
  installFakeApi,
  ok,
  openBackOffice,
  refuse,
} from '../../testing/back-office';

afterEach(closeBackOffice);

const createdAt = Date.UTC(2026, 10, 24, 6, 0);

/** ops.ben asked to pay somchai01's 80,000.00 (above the merchant's 50,000.00 threshold). */
function request(overrides: Partial<WithdrawalSecondApproval> = {}): WithdrawalSecondApproval {
  return {
    id: '5',
    status: 'pending',
    thresholdAmount: '50000.00',
    payoutReference: 'FT24137BIG01',
    hasPayoutSlip: false,
    requestedBy: 'ops.ben',
    requestedAt: createdAt + 600_000,
    decidedBy: null,
    decidedAt: null,
    decisionReason: null,
    ...overrides,
  };
}

function withdrawal(overrides: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  return adminWithdrawalSchema.parse({
    withdrawalId: 91,
    amount: '80000.00',
    feeAmount: '0.00',
    payoutAmount: '80000.00',
    status: 'pending',
    bankCode: 'KBANK',
    bankName: 'Kasikornbank',
    accountNumber: '1234567890',
    accountName: 'Somchai Jaidee',
    createdAt,
    reviewedAt: null,
    rejectReason: null,
    confirmDeadline: null,
    receivedAt: null,
    receivedBy: null,
    payoutReference: null,
    hasPayoutSlip: false,
    memberId: 1001,
    account: 'somchai01',
    hasProof: false,
    notReceivedRemark: null,
    notReceivedAt: null,
    reviewedBy: null,
    secondApproval: null,
    ...overrides,
  });
}

const queueOf = (rows: AdminWithdrawal[]) =>
  ok(
    adminWithdrawalListSchema.parse({
      content: rows,
      pageNo: 1,
      pageSize: 20,
      totalElements: rows.length,
      totalPages: 1,
    }),
  );

describe('the withdrawal desk', () => {
  test('paying above the threshold: the toast says it waits; the queue shows "awaiting second approval" and who asked; no pay or reject is offered', async () => {
    let current = withdrawal();
    const { calls } = installFakeApi({
      [`GET ${withdrawalPaths.adminList}`]: () => queueOf([current]),
      [`POST ${withdrawalPaths.adminApprove}`]: () => {
        current = withdrawal({ secondApproval: request({ requestedBy: 'ops.anna' }) });
        return ok(current);
      },
    });
    const user = await openBackOffice('Withdrawal review');
    const queue = await screen.findByRole('table', { name: 'Withdrawal review' });
    await user.click(
      within((await within(queue).findByText('somchai01')).closest('tr')!).getByRole('button', { name: 'Review' }),
    );
    const detail = await findDialog('Withdrawal #91');
    await user.click(within(detail).getByRole('button', { name: 'Pay…' }));
    const confirm = await findDialog('Pay withdrawal #91?');
    await user.type(within(confirm).getByLabelText('Bank reference'), 'FT24137BIG01');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm payment (80,000.00)' }));

    expect(
      await screen.findByText("Withdrawal #91 is above the threshold: it now waits for a second operator's approval"),
    ).toBeTruthy();
    expect(callsTo(calls, 'POST', withdrawalPaths.adminApprove)).toHaveLength(1);
    const row = (await within(queue).findByText('Awaiting second approval')).closest('tr')!;
    expect(within(row).getByText('asked by ops.anna')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'Review' }));
    const again = await findDialog('Withdrawal #91');
    expect(within(again).queryByRole('button', { name: 'Pay…' })).toBeNull();
    expect(within(again).queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(
      within(again).getByText(/Waiting for a second operator \(asked by ops\.anna, reference FT24137BIG01\)/),
    ).toBeTruthy();
    expect(within(again).getByRole('link', { name: 'Open Approvals' }).getAttribute('href')).toBe('/admin/approvals');
  });

  test('sent back: pending again with the reason, and pay and reject are offered again', async () => {
    const returned = withdrawal({
      secondApproval: request({
        status: 'returned',
        decidedBy: 'ops.chai',
        decidedAt: Date.now(),
        decisionReason: 'Wrong reference',
      }),
    });
    installFakeApi({ [`GET ${withdrawalPaths.adminList}`]: () => queueOf([returned]) });
    const user = await openBackOffice('Withdrawal review');
    const queue = await screen.findByRole('table', { name: 'Withdrawal review' });
    const row = (await within(queue).findByText('somchai01')).closest('tr')!;
    expect(within(row).getByText('Sent back')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Review' }));
    const detail = await findDialog('Withdrawal #91');
    expect(within(detail).getByText('Sent back by ops.chai: Wrong reference')).toBeTruthy();
    expect(within(detail).getByRole('button', { name: 'Pay…' })).toBeTruthy();
    expect(within(detail).getByRole('button', { name: 'Reject' })).toBeTruthy();
  });
});

describe('the approvals page', () => {
  function routes(
    items: Array<ReturnType<typeof request>>,
    decide: Record<string, Parameters<typeof installFakeApi>[0][string]> = {},
  ) {
    return {
      [`GET ${rolesPaths.approvals}`]: () => ok(moneyApprovalPageSchema.parse({ items: [], pending: 0 })),
      [`GET ${rolesPaths.approvalThreshold}`]: () => ok({ amount: '50000.00', version: 1 }),
      [`GET ${withdrawalPaths.adminSecondApprovals}`]: () =>
        ok(
          adminSecondApprovalPageSchema.parse({
            items: items.map((item, index) => ({
              ...item,
              withdrawal: withdrawal({ withdrawalId: 91 + index, secondApproval: item }),
            })),
            pending: items.length,
          }),
        ),
      ...decide,
    };
  }

  test("confirm pays once, after showing whom, how much and the first operator's reference; one's own request offers no action", async () => {
    const { calls } = installFakeApi(
      routes([request(), request({ id: '6', requestedBy: 'ops.anna' })], {
        [`POST ${withdrawalPaths.adminConfirmSecondApproval}`]: () =>
          ok(
            withdrawal({
              status: 'approved',
              payoutReference: 'FT24137BIG01',
              secondApproval: request({ status: 'confirmed', decidedBy: 'ops.anna' }),
            }),
          ),
      }),
    );
    const user = await openBackOffice('Approvals');
    const panel = (await screen.findByRole('tablist', { name: 'Withdrawals awaiting a second approval' })).closest(
      'section',
    )!;
    expect(await within(panel).findByRole('tab', { name: 'Waiting (2)' })).toBeTruthy();
    expect(await within(panel).findByText('Your own request: another operator decides it.')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Confirm and pay' }));
    const dialog = await findDialog('Confirm the payout of withdrawal #91');
    expect(
      within(dialog).getByText(
        'Pay 80,000.00 to somchai01 (Kasikornbank 1234567890), reference FT24137BIG01, as asked by ops.ben?',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and pay' }));
    expect(await screen.findByText('Withdrawal #91 paid')).toBeTruthy();
    expect(callsTo(calls, 'POST', withdrawalPaths.adminConfirmSecondApproval).map((call) => call.body)).toEqual([
      { withdrawalId: 91 },
    ]);
  });

  test('send back needs a reason and sends it trimmed; a refusal of the server shows in the dialog', async () => {
    let attempt = 0;
    const { calls } = installFakeApi(
      routes([request()], {
        [`POST ${withdrawalPaths.adminReturnSecondApproval}`]: () =>
          ++attempt === 1
            ? refuse(409, 'withdrawal.approval.none', 'Nothing is waiting for a second approval on this withdrawal')
            : ok(
                withdrawal({
                  secondApproval: request({
                    status: 'returned',
                    decidedBy: 'ops.anna',
                    decisionReason: 'Wrong reference',
                  }),
                }),
              ),
      }),
    );
    const user = await openBackOffice('Approvals');
    const panel = (await screen.findByRole('tablist', { name: 'Withdrawals awaiting a second approval' })).closest(
      'section',
    )!;
    await user.click(await within(panel).findByRole('button', { name: 'Send back' }));
    const dialog = await findDialog('Send withdrawal #91 back to review');
    const send = within(dialog).getByRole('button', { name: 'Send back' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Why is it sent back?'), '  Wrong reference  ');
    expect(send.disabled).toBe(false);
    await user.click(send);
    expect(await within(dialog).findByText('Nothing is waiting for a second approval on this withdrawal')).toBeTruthy();
    await user.click(send);
    expect(await screen.findByText('Withdrawal #91 sent back to review')).toBeTruthy();
    const sent = callsTo(calls, 'POST', withdrawalPaths.adminReturnSecondApproval).map((call) => call.body);
    expect(sent).toEqual([
      { withdrawalId: 91, reason: 'Wrong reference' },
      { withdrawalId: 91, reason: 'Wrong reference' },
    ]);
    expect(adminReturnSecondApprovalRequestSchema.safeParse(sent[0]).success).toBe(true);
  });
});
