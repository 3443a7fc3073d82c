import { randomUUID } from 'node:crypto';
import {
  apiPaths,
  depositPaths,
  encryptionHeaderName,
  withdrawalPaths,
  type PublicKey,
  type WithdrawAccountInfo,
} from '@lotus/contract';
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { sealForTest } from '../apps/server/src/testing/seal-payload.ts';
import { apiHeaders, callApi, callSealed } from './support/api.ts';
import { memberPassword, registerMember } from './support/members.ts';
import { createOperator, creditMember, firstOperatorLogin, operatorToken } from './support/operator.ts';

/**
 * An operator's day in the back-office, as one journey of an admin: the dashboard's waiting work,
 * the deposit queue narrowed to one member (one PromptPay deposit approved, one rejected with a
 * reason), a withdrawal paid with the bank's reference, a balance debited with a reason, and the
 * audit log showing each of those actions with its target. The members' side of deposits and
 * withdrawals is money.spec.ts's journey, the first login and a credit backoffice.spec.ts's: here
 * the members' requests are made through the API and the journey is the operator's.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const paymentPassword = '246810';

/** A PromptPay deposit the member says is paid ("I have paid"): it waits in the review queue. */
async function paidPromptPayDeposit(request: APIRequestContext, token: string, amount: string): Promise<number> {
  const created = await request.post(depositPaths.create, {
    headers: { ...apiHeaders, Authorization: token, 'Idempotency-Key': randomUUID() },
    data: { methodCode: 'PROMPTPAY', amount },
  });
  const envelope = (await created.json()) as { success: boolean; value: { depositId: number }; errorCode?: string };
  expect(envelope.success, `deposit: ${envelope.errorCode}`).toBe(true);
  await callApi(request, 'POST', depositPaths.confirmPaid, { depositId: envelope.value.depositId }, token);
  return envelope.value.depositId;
}

/**
 * The saver's account number, new in every run: an account number is bound to one member of the
 * merchant, and other journeys on the same database bind fixed ones.
 */
const accountNumber = `7${Date.now().toString().slice(-9)}`;

/** A withdrawal request as the member's withdraw page sends it: payment password, account, then the sealed request. */
async function requestWithdrawal(request: APIRequestContext, token: string, amount: string): Promise<number> {
  await callSealed(
    request,
    'PUT',
    withdrawalPaths.setPaymentPassword,
    { password: memberPassword, paymentPassword, confirmPaymentPassword: paymentPassword },
    token,
  );
  await callSealed(
    request,
    'PUT',
    withdrawalPaths.bindBankAccount,
    { bankCode: 'KBANK', accountNumber, accountName: 'Somchai Jaidee', paymentPassword },
    token,
  );
  const info = await callApi<WithdrawAccountInfo>(
    request,
    'GET',
    withdrawalPaths.withdrawAccountInfo,
    undefined,
    token,
  );
  const sealed = sealForTest(
    { amount, bankAccountId: info.content[0]!.bankAccountId, paymentPassword },
    await callApi<PublicKey>(request, 'GET', apiPaths.publicKey),
  );
  const response = await request.post(withdrawalPaths.withdraw, {
    headers: {
      ...apiHeaders,
      Authorization: token,
      'Idempotency-Key': randomUUID(),
      [encryptionHeaderName]: sealed.encryptionHeader,
    },
    data: sealed.body,
  });
  const envelope = (await response.json()) as { success: boolean; value: { withdrawalId: number }; errorCode?: string };
  expect(envelope.success, `withdraw: ${envelope.errorCode}`).toBe(true);
  return envelope.value.withdrawalId;
}

test("an operator's day: the deposit queue (approve one, reject one), a withdrawal paid with its reference, a balance debited, and all of it in the audit log", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const payer = await registerMember(request, 'payer');
  const approvedId = await paidPromptPayDeposit(request, payer.token, '300');
  const rejectedId = await paidPromptPayDeposit(request, payer.token, '450');
  // The withdrawing member is funded by a credit (a deposit would add turnover to wager first).
  const saver = await registerMember(request, 'saver');

  const operator = await createOperator('admin');
  await page.setViewportSize({ width: 1280, height: 900 });
  await firstOperatorLogin(page, operator);
  await creditMember(page.request, await operatorToken(page), saver.username, '1500', 'E2E funds to withdraw');
  const withdrawalId = await requestWithdrawal(request, saver.token, '1000');
  const menu = page.getByRole('complementary', { name: 'Main menu' });

  // Morning: the dashboard counts the waiting deposits and leads to their queue.
  await page.reload();
  const waiting = page.getByRole('link', { name: /Deposits waiting/ });
  await expect(waiting).not.toContainText('—');
  await waiting.click();
  await expect(page.getByRole('heading', { name: 'Deposit review' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Member' }).fill(payer.username);
  await page.getByRole('button', { name: 'Search' }).click();
  const queue = page.getByRole('table', { name: 'Deposit review' });
  await expect(queue.getByRole('row').filter({ hasText: payer.username })).toHaveCount(2);

  // Approve the 300.00 one: PromptPay, so the confirmation says where it was paid.
  await queue
    .getByRole('row')
    .filter({ hasText: `#${approvedId}` })
    .getByRole('button', { name: 'Review' })
    .click();
  const approveDetail = page.getByRole('dialog', { name: `Deposit #${approvedId}` });
  await expect(approveDetail).toContainText('Check that the PromptPay payment of this amount arrived before approving');
  await approveDetail.getByRole('button', { name: 'Approve, credit 300.00' }).click();
  const approve = page.getByRole('dialog', { name: `Approve deposit #${approvedId}?` });
  await expect(approve).toContainText(payer.username);
  await expect(approve).toContainText('PromptPay');
  await approve.getByLabel('Remark (optional)').fill('Seen in the PromptPay statement');
  await approve.getByRole('button', { name: 'Confirm: credit 300.00' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Deposit #${approvedId} approved` })).toBeVisible();

  // Reject the 450.00 one: nothing arrived. The reason is required and the member will see it.
  await queue
    .getByRole('row')
    .filter({ hasText: `#${rejectedId}` })
    .getByRole('button', { name: 'Review' })
    .click();
  await page
    .getByRole('dialog', { name: `Deposit #${rejectedId}` })
    .getByRole('button', { name: 'Reject' })
    .click();
  const reject = page.getByRole('dialog', { name: `Reject deposit #${rejectedId}?` });
  await reject.getByRole('button', { name: 'Confirm rejection' }).click();
  await expect(reject.getByRole('alert')).toHaveText('The member sees this reason. At least 3 characters.');
  await reject.getByLabel('Reason for rejection').fill('No PromptPay payment of 450.00 arrived');
  await reject.getByRole('button', { name: 'Confirm rejection' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Deposit #${rejectedId} rejected` })).toBeVisible();
  await expect(queue.getByRole('row').filter({ hasText: payer.username })).toHaveCount(0);

  // The member's side: the approved one credited, the rejected one with the operator's reason.
  const deposits = await callApi<{ content: { depositId: number; status: string; rejectReason: string | null }[] }>(
    request,
    'GET',
    `${depositPaths.report}?pageNo=1&pageSize=10`,
    undefined,
    payer.token,
  );
  expect(deposits.content.find((deposit) => deposit.depositId === approvedId)?.status).toBe('approved');
  expect(deposits.content.find((deposit) => deposit.depositId === rejectedId)).toMatchObject({
    status: 'rejected',
    rejectReason: 'No PromptPay payment of 450.00 arrived',
  });

  // Noon: the withdrawal, paid with the bank's reference of the transfer.
  await menu.getByRole('link', { name: 'Withdrawal review' }).click();
  const withdrawalRow = page.getByRole('row').filter({ hasText: `#${withdrawalId}` });
  await expect(withdrawalRow).toContainText(saver.username);
  await withdrawalRow.getByRole('button', { name: 'Review' }).click();
  await page
    .getByRole('dialog', { name: `Withdrawal #${withdrawalId}` })
    .getByRole('button', { name: 'Pay…' })
    .click();
  const pay = page.getByRole('dialog', { name: `Pay withdrawal #${withdrawalId}?` });
  await expect(pay).toContainText(accountNumber);
  const reference = `FT${Date.now().toString().slice(-10)}`;
  await pay.getByLabel('Bank reference').fill(reference);
  await pay.getByRole('button', { name: 'Confirm payment (1,000.00)' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Withdrawal #${withdrawalId} paid (reference ${reference})` }),
  ).toBeVisible();
  // Paid, it leaves the queue (pending and not received) and waits for the member's answer.
  await expect(withdrawalRow).toHaveCount(0);
  await page.getByLabel('Status').selectOption({ label: 'Paid, awaiting member' });
  await expect(withdrawalRow).toContainText(saver.username);

  // Afternoon: a debit of the payer's balance (a chargeback of the approved deposit).
  await menu.getByRole('link', { name: 'Members' }).click();
  await page.getByRole('searchbox', { name: 'Search members' }).fill(payer.username);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: payer.username }).click();
  await expect(page.getByTestId('balance-main')).toContainText('300.00');
  await page.getByRole('button', { name: 'Adjust balance' }).click();
  const adjust = page.getByRole('dialog', { name: `Adjust the balance of ${payer.username}` });
  await adjust.getByText('Debit', { exact: true }).click();
  await adjust.getByLabel('Amount (THB)').fill('120');
  await adjust.getByLabel('Reason').fill(`Chargeback of deposit #${approvedId}`);
  await adjust.getByRole('button', { name: 'Review' }).click();
  await expect(adjust.getByRole('status')).toHaveText(`Debit 120.00 THB from the main wallet of ${payer.username}`);
  await adjust.getByRole('button', { name: 'Confirm adjustment' }).click();
  await expect(page.getByText('Balance adjusted; it is now 180.00')).toBeVisible();
  await expect(page.getByTestId('balance-main')).toContainText('180.00');

  // Evening: the audit log has each of the day's actions, by this operator, on its record.
  await menu.getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Operator').fill(operator.username);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]operator=${operator.username}(&|$)`));
  const log = page.getByRole('table', { name: 'Audit log' });
  // A row is told by its target cell, whole (`withdrawal:2`, not `withdrawal:21`), or by its own reason.
  const entry = (action: string, target: { cell: string } | { text: string }) =>
    log
      .getByRole('row')
      .filter({ hasText: action })
      .filter(
        'cell' in target
          ? { has: page.getByRole('cell', { name: target.cell, exact: true }) }
          : { hasText: target.text },
      );
  const record = (type: string, id: number) => ({ cell: `${type}:${id}` });
  await expect(entry('Approved a deposit', record('deposit', approvedId))).toHaveCount(1);
  await expect(entry('Rejected a deposit', record('deposit', rejectedId))).toContainText(
    'No PromptPay payment of 450.00 arrived',
  );
  await expect(entry('Approved a withdrawal', record('withdrawal', withdrawalId))).toContainText(reference);
  await expect(entry('Adjusted a balance', { text: `Chargeback of deposit #${approvedId}` })).toContainText('120');
  await expect(log.getByRole('row').filter({ hasText: operator.username })).not.toHaveCount(0);
});
