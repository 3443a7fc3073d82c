// @vitest-environment jsdom
import {
  adminAdjustmentBodySchema,
  adminApiPaths,
  adminMemberLedgerPageSchema,
  adminMemberPageSchema,
  adminPath,
  memberDeskPaths,
  type AdminMemberRow,
} from '@lotus/contract';
import { memberProfile } from './member-desk.fixtures';
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

afterEach(closeBackOffice);

const adjustmentsPath = adminPath(adminApiPaths.memberAdjustments, { memberId: '1001' });

function member(main: string): AdminMemberRow {
  return {
    id: '1001',
    username: 'somchai88',
    mobile: '0812345678',
    email: null,
    status: 'active',
    isAgent: 0,
    createdAt: Date.UTC(2026, 9, 1),
    currency: 'THB',
    balances: { main, held: '0.00', bonus: '0.00', vendors: '0.00', trial: '0.00' },
  };
}

/** The member search and somchai88's ledger, whose main balance follows the adjustments answered. */
function memberRoutes(adjust: FakeRoute) {
  let main = '1250.00';
  return {
    [`GET ${memberDeskPaths.search}`]: () =>
      ok(adminMemberPageSchema.parse({ items: [member(main)], page: 1, pageSize: 20, total: 1 })),
    [`GET ${adminPath(memberDeskPaths.profile, { memberId: '1001' })}`]: () => ok(memberProfile(member(main))),
    [`GET ${adminPath(adminApiPaths.memberLedger, { memberId: '1001' })}`]: () =>
      ok(adminMemberLedgerPageSchema.parse({ items: [], page: 1, pageSize: 20, total: 0, member: member(main) })),
    [`POST ${adjustmentsPath}`]: async (call) => {
      const answer = await adjust(call);
      if (answer.envelope.success) main = (answer.envelope.value as { balanceAfter: string }).balanceAfter;
      return answer;
    },
  } satisfies Record<string, FakeRoute>;
}

async function openAdjust() {
  const user = await openBackOffice('Members');
  await user.click(await screen.findByRole('link', { name: 'somchai88' }));
  await user.click(await screen.findByRole('button', { name: 'Adjust balance' }));
  const dialog = await findDialog('Adjust the balance of somchai88');
  return { user, dialog };
}

describe('balance adjustment', () => {
  test('the amount and the reason are checked as typed; nothing is sent until both are valid and the operator confirmed what will happen', async () => {
    const { calls } = installFakeApi(memberRoutes(() => refuse(500, 'unexpected', 'must not be called')));
    const { user, dialog } = await openAdjust();
    expect(within(dialog).getByText('1,250.00')).toBeTruthy();
    const amount = within(dialog).getByLabelText('Amount (THB)');
    const reason = within(dialog).getByLabelText('Reason');
    const review = within(dialog).getByRole('button', { name: 'Review' });

    for (const wrong of ['12.345', '0', '-5', 'ten']) {
      await user.clear(amount);
      await user.type(amount, wrong);
      expect(within(dialog).getByText('Enter an amount above 0 with at most two decimals')).toBeTruthy();
    }
    await user.type(reason, 'ab');
    expect(within(dialog).getByText('The reason needs at least 3 characters')).toBeTruthy();
    expect((review as HTMLButtonElement).disabled).toBe(true);

    await user.clear(amount);
    await user.type(amount, '300.50');
    await user.type(reason, 'c');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'Debit' }));
    await user.click(review);
    expect(within(dialog).getByRole('status').textContent).toBe('Debit 300.50 THB from the main wallet of somchai88');
    // Back returns to the form with what was typed; nothing was sent.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect((within(dialog).getByLabelText('Amount (THB)') as HTMLInputElement).value).toBe('300.50');
    expect(callsTo(calls, 'POST', adjustmentsPath)).toHaveLength(0);
  });

  test('credit: confirmed, sent with the amount, the trimmed reason and an Idempotency-Key; a lost answer is retried under the same key; the new balance is shown', async () => {
    let attempts = 0;
    const { calls } = installFakeApi(
      memberRoutes((call) => {
        attempts += 1;
        // The first answer is lost on the way back (the connection drops).
        if (attempts === 1) throw new TypeError('Failed to fetch');
        const body = call.body as { amount: string };
        return ok({ transferId: '88001', direction: 'credit', amount: body.amount, balanceAfter: '1750.00' });
      }),
    );
    const { user, dialog } = await openAdjust();
    await user.type(within(dialog).getByLabelText('Amount (THB)'), '500.00');
    await user.type(within(dialog).getByLabelText('Reason'), '  Goodwill for ticket 4471 ');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByRole('status').textContent).toBe('Credit 500.00 THB to the main wallet of somchai88');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm adjustment' }));
    expect(await within(dialog).findByText('Could not reach the server, please try again.')).toBeTruthy();

    // The operator tries again: the same action, so the same key (the server answers a repeat once).
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm adjustment' }));
    expect(await screen.findByText('Balance adjusted; it is now 1,750.00')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const sent = callsTo(calls, 'POST', adjustmentsPath);
    expect(sent.map((call) => call.body)).toEqual([
      { direction: 'credit', amount: '500.00', reason: 'Goodwill for ticket 4471' },
      { direction: 'credit', amount: '500.00', reason: 'Goodwill for ticket 4471' },
    ]);
    expect(adminAdjustmentBodySchema.safeParse(sent[0]!.body).success).toBe(true);
    const keys = sent.map((call) => call.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  test('debit refused by the server (more than the balance): its message shows, no balance changes, and a new action gets a new key', async () => {
    const { calls } = installFakeApi(
      memberRoutes(() => refuse(409, 'wallet.insufficient', 'The main wallet holds less than this amount')),
    );
    const { user, dialog } = await openAdjust();
    await user.click(within(dialog).getByRole('radio', { name: 'Debit' }));
    await user.type(within(dialog).getByLabelText('Amount (THB)'), '5000');
    await user.type(within(dialog).getByLabelText('Reason'), 'Chargeback of deposit #39');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm adjustment' }));
    expect(await within(dialog).findByText('The main wallet holds less than this amount')).toBeTruthy();
    expect(within(dialog).getByText('1,250.00')).toBeTruthy();

    const amount = within(dialog).getByLabelText('Amount (THB)');
    await user.clear(amount);
    await user.type(amount, '1250');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm adjustment' }));
    await waitFor(() => expect(callsTo(calls, 'POST', adjustmentsPath)).toHaveLength(2));
    const sent = callsTo(calls, 'POST', adjustmentsPath);
    expect(sent.map((call) => call.body)).toEqual([
      { direction: 'debit', amount: '5000', reason: 'Chargeback of deposit #39' },
      { direction: 'debit', amount: '1250', reason: 'Chargeback of deposit #39' },
    ]);
    // A refusal is a final answer: the next, different action is a new one.
    expect(sent[1]!.headers.get('Idempotency-Key')).not.toBe(sent[0]!.headers.get('Idempotency-Key'));
  });
});
