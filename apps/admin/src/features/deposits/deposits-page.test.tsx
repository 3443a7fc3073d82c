// @vitest-environment jsdom
import {
  adminApproveDepositBodySchema,
  adminDepositPageSchema,
  adminDepositSchema,
  adminRejectDepositBodySchema,
  depositPaths,
  type AdminDeposit,
} from '@lotus/contract';
import { screen, waitFor, within } from '@testing-library/dom';
import { afterEach, describe, expect, test } from 'vitest';
import {
  callsTo,
  closeBackOffice,
  entryOf,
  findDialog,
  installFakeApi,
  ok,
  openBackOffice,
  refuse,
  type FakeRoute,
} from '../../testing/back-office';

afterEach(closeBackOffice);

const createdAt = Date.UTC(2026, 10, 24, 3, 15);

/** A member's bank transfer of 1,500.00 with its slip, waiting for review. */
function bankDeposit(overrides: Partial<AdminDeposit> = {}): AdminDeposit {
  return adminDepositSchema.parse({
    depositId: 41,
    methodCode: 'BANK',
    status: 'pending',
    amount: '1500.00',
    feeAmount: '15.00',
    creditAmount: '1485.00',
    currency: 'THB',
    createdAt,
    expiresAt: createdAt + 30 * 60_000,
    paidAt: createdAt,
    proofId: 9,
    settledAt: null,
    rejectReason: null,
    bank: {
      target: {
        bankAccountId: 'kbank-main',
        bankCode: 'KBANK',
        bankNameTh: 'ธนาคารกสิกรไทย',
        bankNameEn: 'Kasikornbank',
        accountName: 'Lotus88 Co., Ltd.',
        accountNumber: '0123456789',
      },
      transferReference: 'SCB x1234 Somchai',
      proofId: 9,
    },
    questions: [],
    memberId: '1001',
    username: 'somchai88',
    gatewayPaymentId: null,
    reviewedBy: null,
    reviewRemark: null,
    isFirstDeposit: true,
    isOverdue: false,
    openQuestionCount: 0,
    ...overrides,
  });
}

/** The queue and the detail of deposit 41 as the server has it; `decide` answers approve and reject. */
function depositRoutes(decide: Record<string, FakeRoute>) {
  let current = bankDeposit();
  const settle = (route: FakeRoute): FakeRoute => {
    return async (call) => {
      const answer = await route(call);
      if (answer.envelope.success) current = answer.envelope.value as AdminDeposit;
      return answer;
    };
  };
  return {
    [`GET ${depositPaths.adminList}`]: () => {
      const items = current.status === 'pending' ? [current] : [];
      return ok(adminDepositPageSchema.parse({ items, page: 1, pageSize: 20, total: items.length }));
    },
    [`GET ${depositPaths.adminDetail}`]: () => ok(current),
    ...Object.fromEntries(Object.entries(decide).map(([key, route]) => [key, settle(route)])),
  };
}

async function openReview() {
  const user = await openBackOffice('Deposit review');
  const queue = await screen.findByRole('table', { name: 'Deposit review' });
  const row = (await within(queue).findByText('somchai88')).closest('tr')!;
  expect(within(row).getByText('#41')).toBeTruthy();
  expect(within(row).getByText('Paid, to review')).toBeTruthy();
  await user.click(within(row).getByRole('button', { name: 'Review' }));
  const detail = await findDialog('Deposit #41');
  return { user, detail };
}

describe('deposit review', () => {
  test('approve: the confirmation shows the member, the amounts and where the money was paid; Cancel sends nothing, Confirm sends the deposit and the remark', async () => {
    const { calls } = installFakeApi(
      depositRoutes({
        [`POST ${depositPaths.adminApprove}`]: () =>
          ok(bankDeposit({ status: 'approved', settledAt: Date.now(), reviewedBy: 'ops.anna' })),
      }),
    );
    const { user, detail } = await openReview();

    await user.click(within(detail).getByRole('button', { name: 'Approve, credit 1,485.00' }));
    let confirm = await findDialog('Approve deposit #41?');
    expect(entryOf(confirm, 'Member')).toBe('somchai88 #1001');
    expect(entryOf(confirm, 'Amount paid')).toBe('1,500.00 THB (Fee 15.00)');
    expect(entryOf(confirm, 'Credited')).toBe('1,485.00 THB');
    expect(entryOf(confirm, 'Paid into')).toBe('KBANK · Kasikornbank Lotus88 Co., Ltd. 0123456789');
    expect(entryOf(confirm, 'Reference / sender')).toBe('SCB x1234 Somchai');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Approve deposit #41?' })).toBeNull());
    expect(callsTo(calls, 'POST', depositPaths.adminApprove)).toHaveLength(0);
    // The deposit is still open for review.
    expect(screen.getByRole('dialog', { name: 'Deposit #41' })).toBeTruthy();

    await user.click(within(detail).getByRole('button', { name: 'Approve, credit 1,485.00' }));
    confirm = await findDialog('Approve deposit #41?');
    await user.type(within(confirm).getByLabelText('Remark (optional)'), '  Seen on the KBANK statement ');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm: credit 1,485.00' }));

    expect(await screen.findByText('Deposit #41 approved')).toBeTruthy();
    const sent = callsTo(calls, 'POST', depositPaths.adminApprove);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ depositId: 41, remark: 'Seen on the KBANK statement' });
    expect(adminApproveDepositBodySchema.safeParse(sent[0]!.body).success).toBe(true);
    // Both dialogs close and the queue, read again, no longer has it.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('No deposit is waiting')).toBeTruthy();
  });

  test('reject: a reason of at least 3 characters is required before anything is sent; the refusal of the server stays in the dialog; the reason is sent trimmed', async () => {
    let isSettledElsewhere = true;
    const { calls } = installFakeApi(
      depositRoutes({
        [`POST ${depositPaths.adminReject}`]: (call) => {
          if (isSettledElsewhere) {
            isSettledElsewhere = false;
            return refuse(409, 'deposit.locked', 'Another operator is reviewing this deposit; try again');
          }
          const { reason } = call.body as { reason: string };
          return ok(bankDeposit({ status: 'rejected', rejectReason: reason, settledAt: Date.now() }));
        },
      }),
    );
    const { user, detail } = await openReview();

    await user.click(within(detail).getByRole('button', { name: 'Reject' }));
    const confirm = await findDialog('Reject deposit #41?');
    expect(entryOf(confirm, 'Member')).toBe('somchai88 #1001');
    expect(entryOf(confirm, 'Amount paid')).toBe('1,500.00 THB (Fee 15.00)');
    // Nothing is credited on a rejection: the summary says no credited amount.
    expect(within(confirm).queryByText('Credited', { selector: 'dt' })).toBeNull();
    expect(entryOf(confirm, 'Paid into')).toBe('KBANK · Kasikornbank Lotus88 Co., Ltd. 0123456789');

    const reason = within(confirm).getByLabelText('Reason for rejection');
    await user.type(reason, 'no');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm rejection' }));
    expect(within(confirm).getByRole('alert').textContent).toBe('The member sees this reason. At least 3 characters.');
    expect(callsTo(calls, 'POST', depositPaths.adminReject)).toHaveLength(0);

    await user.clear(reason);
    await user.type(reason, '  No transfer of this amount arrived  ');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm rejection' }));
    expect(await within(confirm).findByText('Another operator is reviewing this deposit; try again')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Reject deposit #41?' })).toBeTruthy();

    await user.click(within(confirm).getByRole('button', { name: 'Confirm rejection' }));
    expect(await screen.findByText('Deposit #41 rejected')).toBeTruthy();
    const sent = callsTo(calls, 'POST', depositPaths.adminReject);
    expect(sent.map((call) => call.body)).toEqual([
      { depositId: 41, reason: 'No transfer of this amount arrived' },
      { depositId: 41, reason: 'No transfer of this amount arrived' },
    ]);
    expect(adminRejectDepositBodySchema.safeParse(sent[1]!.body).success).toBe(true);
    expect(callsTo(calls, 'POST', depositPaths.adminApprove)).toHaveLength(0);
  });
});
