// @vitest-environment jsdom
import {
  adminApproveWithdrawalRequestSchema,
  adminRejectWithdrawalRequestSchema,
  adminWithdrawalListSchema,
  adminWithdrawalSchema,
  withdrawalPaths,
  type AdminWithdrawal,
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
  pngFile,
  type FakeRoute,
} from '../../testing/back-office';

afterEach(closeBackOffice);

const createdAt = Date.UTC(2026, 10, 24, 6, 0);

/** malee77 asks for 2,000.00 (fee 20.00) to her SCB account. */
function withdrawal(overrides: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  return adminWithdrawalSchema.parse({
    withdrawalId: 73,
    amount: '2000.00',
    feeAmount: '20.00',
    payoutAmount: '1980.00',
    status: 'pending',
    bankCode: 'SCB',
    bankName: 'Siam Commercial Bank',
    accountNumber: '4021234567',
    accountName: 'Malee Suksai',
    createdAt,
    reviewedAt: null,
    rejectReason: null,
    confirmDeadline: null,
    receivedAt: null,
    receivedBy: null,
    payoutReference: null,
    hasPayoutSlip: false,
    memberId: 1002,
    account: 'malee77',
    hasProof: false,
    notReceivedRemark: null,
    notReceivedAt: null,
    reviewedBy: null,
    ...overrides,
  });
}

/** The queue holds `first`; `decide` answers the operator's calls (and becomes the queue's row). */
function withdrawalRoutes(first: AdminWithdrawal, decide: Record<string, FakeRoute>) {
  let current = first;
  // The default queue, as the server lists it: pending and not received.
  const queue = () => (['pending', 'not_received'].includes(current.status) ? [current] : []);
  return {
    [`GET ${withdrawalPaths.adminList}`]: () =>
      ok(
        adminWithdrawalListSchema.parse({
          content: queue(),
          pageNo: 1,
          pageSize: 20,
          totalElements: queue().length,
          totalPages: 1,
        }),
      ),
    ...Object.fromEntries(
      Object.entries(decide).map(([key, route]) => [
        key,
        (async (call) => {
          const answer = await route(call);
          if (answer.envelope.success) current = answer.envelope.value as AdminWithdrawal;
          return answer;
        }) satisfies FakeRoute,
      ]),
    ),
  };
}

async function openReview(account = 'malee77', id = 73) {
  const user = await openBackOffice('Withdrawal review');
  const queue = await screen.findByRole('table', { name: 'Withdrawal review' });
  const row = (await within(queue).findByText(account)).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: 'Review' }));
  const detail = await findDialog(`Withdrawal #${id}`);
  return { user, detail };
}

const paid = (call: Parameters<FakeRoute>[0]) => {
  const body = call.body as { payoutReference: string; payoutSlip?: string };
  return ok(
    withdrawal({
      status: 'approved',
      reviewedAt: Date.now(),
      reviewedBy: 'ops.anna',
      payoutReference: body.payoutReference,
      hasPayoutSlip: body.payoutSlip !== undefined,
      confirmDeadline: Date.now() + 86_400_000,
    }),
  );
};

describe('withdrawal review', () => {
  test('pay: the confirmation shows who is paid how much into which account; the bank reference is required and checked; Cancel sends nothing; without a slip none is sent', async () => {
    const { calls } = installFakeApi(
      withdrawalRoutes(withdrawal(), { [`POST ${withdrawalPaths.adminApprove}`]: paid }),
    );
    const { user, detail } = await openReview();

    await user.click(within(detail).getByRole('button', { name: 'Pay…' }));
    let confirm = await findDialog('Pay withdrawal #73?');
    expect(entryOf(confirm, 'Member')).toBe('malee77 #1002');
    expect(entryOf(confirm, 'Amount')).toBe('2,000.00 (Fee 20.00)');
    expect(entryOf(confirm, 'To pay')).toBe('1,980.00');
    expect(entryOf(confirm, 'Pay to')).toBe('Siam Commercial Bank Malee Suksai 4021234567');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pay withdrawal #73?' })).toBeNull());
    expect(callsTo(calls, 'POST', withdrawalPaths.adminApprove)).toHaveLength(0);

    await user.click(within(detail).getByRole('button', { name: 'Pay…' }));
    confirm = await findDialog('Pay withdrawal #73?');
    const pay = within(confirm).getByRole('button', { name: 'Confirm payment (1,980.00)' });
    await user.click(pay);
    expect(within(confirm).getByRole('alert').textContent).toBe("Enter the bank's reference of the transfer");
    const reference = within(confirm).getByLabelText('Bank reference');
    await user.type(reference, '-FT24137');
    await user.click(pay);
    // The allowed symbols are kept on one line with no-break spaces.
    expect(
      within(confirm)
        .getByRole('alert')
        .textContent?.replace(/\u00a0/g, ' '),
    ).toBe('Use up to 64 English letters, digits, spaces and . _ / : # -, starting with a letter or digit');
    expect(callsTo(calls, 'POST', withdrawalPaths.adminApprove)).toHaveLength(0);

    await user.clear(reference);
    await user.type(reference, ' FT24137ABC12 ');
    await user.click(pay);
    expect(await screen.findByText('Withdrawal #73 paid (reference FT24137ABC12)')).toBeTruthy();
    const sent = callsTo(calls, 'POST', withdrawalPaths.adminApprove);
    expect(sent.map((call) => call.body)).toEqual([{ withdrawalId: 73, payoutReference: 'FT24137ABC12' }]);
    expect(adminApproveWithdrawalRequestSchema.safeParse(sent[0]!.body).success).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Paid, it leaves the queue (the list is read again).
    expect(await screen.findByText('No withdrawal is waiting')).toBeTruthy();
  });

  test('pay with a slip: the chosen image is previewed and sent with the reference as a data URL', async () => {
    const { calls } = installFakeApi(
      withdrawalRoutes(withdrawal(), { [`POST ${withdrawalPaths.adminApprove}`]: paid }),
    );
    const { user, detail } = await openReview();
    await user.click(within(detail).getByRole('button', { name: 'Pay…' }));
    const confirm = await findDialog('Pay withdrawal #73?');
    await user.type(within(confirm).getByLabelText('Bank reference'), '2026-11-24 001234');
    await user.upload(within(confirm).getByLabelText('Payout slip (optional)'), pngFile('scb-slip.png'));
    expect(await within(confirm).findByRole('img', { name: 'Preview of the chosen slip' })).toBeTruthy();
    expect(within(confirm).getByText('scb-slip.png')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm payment (1,980.00)' }));

    expect(await screen.findByText('Withdrawal #73 paid (reference 2026-11-24 001234)')).toBeTruthy();
    const [sent] = callsTo(calls, 'POST', withdrawalPaths.adminApprove);
    const body = sent!.body as { withdrawalId: number; payoutReference: string; payoutSlip: string };
    expect(body.withdrawalId).toBe(73);
    expect(body.payoutReference).toBe('2026-11-24 001234');
    expect(body.payoutSlip).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(adminApproveWithdrawalRequestSchema.safeParse(body).success).toBe(true);
  });

  test('reject: the amount going back is shown, a reason is required, and it is sent trimmed', async () => {
    const { calls } = installFakeApi(
      withdrawalRoutes(withdrawal(), {
        [`POST ${withdrawalPaths.adminReject}`]: (call) =>
          ok(withdrawal({ status: 'rejected', rejectReason: (call.body as { reason: string }).reason })),
      }),
    );
    const { user, detail } = await openReview();
    await user.click(within(detail).getByRole('button', { name: 'Reject' }));
    const confirm = await findDialog('Reject withdrawal #73?');
    expect(entryOf(confirm, 'Member')).toBe('malee77 #1002');
    expect(entryOf(confirm, 'Back to the member')).toBe('2,000.00');
    const reject = within(confirm).getByRole('button', { name: 'Reject and return 2,000.00' });
    await user.click(reject);
    expect(within(confirm).getByRole('alert').textContent).toBe('Enter the reason the member will see');
    expect(callsTo(calls, 'POST', withdrawalPaths.adminReject)).toHaveLength(0);

    await user.type(within(confirm).getByLabelText('Reason for rejection'), '  The account name does not match  ');
    await user.click(reject);
    expect(await screen.findByText('Withdrawal #73 rejected')).toBeTruthy();
    const sent = callsTo(calls, 'POST', withdrawalPaths.adminReject);
    expect(sent.map((call) => call.body)).toEqual([{ withdrawalId: 73, reason: 'The account name does not match' }]);
    expect(adminRejectWithdrawalRequestSchema.safeParse(sent[0]!.body).success).toBe(true);
    expect(callsTo(calls, 'POST', withdrawalPaths.adminApprove)).toHaveLength(0);
    expect(await screen.findByText('No withdrawal is waiting')).toBeTruthy();
  });

  test('mark received: a paid withdrawal the member did not confirm is closed with its reference shown and an optional remark', async () => {
    const paidOne = withdrawal({
      status: 'not_received',
      reviewedAt: createdAt + 600_000,
      reviewedBy: 'ops.anna',
      payoutReference: 'FT24137ABC12',
      notReceivedAt: createdAt + 3_600_000,
      notReceivedRemark: 'Nothing arrived yet',
    });
    const { calls } = installFakeApi(
      withdrawalRoutes(paidOne, {
        [`POST ${withdrawalPaths.adminForceReceived}`]: () =>
          ok({ ...paidOne, status: 'received', receivedAt: Date.now(), receivedBy: 'operator' }),
      }),
    );
    const { user, detail } = await openReview();
    expect(within(detail).queryByRole('button', { name: 'Pay…' })).toBeNull();
    await user.click(within(detail).getByRole('button', { name: 'Mark as received' }));
    const confirm = await findDialog('Mark withdrawal #73 as received?');
    expect(entryOf(confirm, 'To pay')).toBe('1,980.00');
    expect(entryOf(confirm, 'Bank reference')).toBe('FT24137ABC12');
    await user.type(within(confirm).getByLabelText('Remark (optional)'), 'Member confirmed by phone');
    await user.click(within(confirm).getByRole('button', { name: 'Mark as received' }));

    expect(await screen.findByText('Withdrawal #73 marked received')).toBeTruthy();
    expect(callsTo(calls, 'POST', withdrawalPaths.adminForceReceived).map((call) => call.body)).toEqual([
      { withdrawalId: 73, remark: 'Member confirmed by phone' },
    ]);
  });
});
