import { expect, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { logInMember, memberPassword, registerMember } from './support/members.ts';
import { createOperator, creditMember, firstOperatorLogin, operatorToken } from './support/operator.ts';
import { accountStrip, startSession } from './support/session.ts';

/**
 * Money, as a member does it in the browser against the real server: log in (the previous login is
 * noticed), deposit with the demo gateway (its pay page opens in a window, Pay there) and watch the
 * balance of the strip move by itself, without a reload; then the deposit in the history. A bank
 * transfer with a slip, approved by an operator in the back-office (a second browser context); and
 * a withdrawal: payment password, bank account, request, approval in the back-office, "received".
 */

test('deposit with the demo gateway: pay in its window, the balance in the strip follows without a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const member = await registerMember(request, 'money');
  await startSession(page);
  await page.goto('/');

  const loginForm = page.getByRole('form', { name: 'Log in' });
  await loginForm.getByPlaceholder('Username').fill(member.username);
  await loginForm.getByPlaceholder('Password').fill(memberPassword);
  await loginForm.getByRole('button', { name: 'Log in' }).click();
  const strip = accountStrip(page);
  await expect(strip).toContainText(member.username);
  // Registering was the first login: this one is told when that was.
  await expect(page.getByRole('status').filter({ hasText: 'Your previous login was on' })).toBeVisible();

  const balance = strip.locator('.account-strip__amount');
  await expect(balance).toHaveText('฿0.00');
  await strip.getByRole('button', { name: 'Deposit' }).click();
  const centre = page.getByRole('dialog', { name: 'Member centre' });
  await centre.getByText('Online payment', { exact: true }).click();
  await expect(centre.getByRole('radio', { name: /Online payment/ })).toBeChecked();
  await centre.getByLabel('Amount (THB)').fill('1234.5');

  const payWindowOpened = page.waitForEvent('popup');
  await centre.getByRole('button', { name: 'Continue to payment' }).click();
  const payWindow = await payWindowOpened;
  await expect(centre.getByText('Finish paying in the payment window.', { exact: false })).toBeVisible();
  await payWindow.waitForURL(/\/demopay\/pay\//);
  await payWindow.getByRole('button', { name: /Pay$/ }).click();

  await expect(centre.getByRole('heading', { name: '฿1,234.50 is in your wallet' })).toBeVisible({ timeout: 20_000 });
  await expect(balance).toHaveText('฿1,234.50', { timeout: 20_000 });
  await payWindow.close();

  await centre.getByRole('tab', { name: 'History' }).click();
  const row = centre.getByRole('table').getByRole('row').filter({ hasText: 'Online payment' });
  await expect(row).toContainText('฿1,234.50');
  await expect(row).toContainText('Approved');
});

/** A small valid PNG (a two-colour "slip"), made here rather than read from a fixture. */
function slipPng(): Buffer {
  const png = new PNG({ width: 48, height: 32 });
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const index = (png.width * y + x) << 2;
      const isBand = y < 8;
      png.data[index] = isBand ? 20 : 240;
      png.data[index + 1] = isBand ? 120 : 240;
      png.data[index + 2] = isBand ? 60 : 240;
      png.data[index + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

test('bank-transfer deposit with a slip, approved in the back-office; the balance follows without a reload', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const member = await registerMember(request, 'money');
  const strip = await logInMember(page, member.username);
  const balance = strip.locator('.account-strip__amount');
  await expect(balance).toHaveText('฿0.00');

  await strip.getByRole('button', { name: 'Deposit' }).click();
  const centre = page.getByRole('dialog', { name: 'Member centre' });
  await centre.getByText('Bank transfer', { exact: true }).click();
  await expect(centre.getByRole('radio', { name: /Bank transfer/ })).toBeChecked();
  await expect(centre.getByText('Transfer to this account')).toBeVisible();
  await centre.getByLabel('Amount (THB)').fill('750');
  const reference = `SOMCHAI ${Date.now().toString().slice(-6)}`;
  await centre.getByLabel('Transfer reference').fill(reference);
  await centre
    .getByLabel('Transfer slip')
    .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: slipPng() });
  await expect(centre.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
  await centre.getByRole('button', { name: 'Submit deposit' }).click();

  const result = centre.getByRole('heading', { name: 'Deposit sent for review' });
  await expect(result).toBeVisible({ timeout: 20_000 });
  await expect(centre.getByText(`reference ${reference}`, { exact: false })).toBeVisible();
  // Made with its slip, it waits for an operator and does not expire.
  await expect(centre.locator('.money-result__head')).toContainText('Waiting for review');
  const depositId = /#(\d+)/.exec((await centre.locator('.money-result__sub').textContent()) ?? '')?.[1];
  expect(depositId, 'deposit id on the result').toBeTruthy();
  await expect(balance).toHaveText('฿0.00');

  // The operator, in a browser of their own, approves it from the deposit review queue.
  const operator = await createOperator('finance');
  const adminContext = await browser.newContext({ baseURL });
  try {
    const admin = await adminContext.newPage();
    await admin.setViewportSize({ width: 1280, height: 900 });
    await firstOperatorLogin(admin, operator);
    await admin.getByRole('complementary', { name: 'Main menu' }).getByRole('link', { name: 'Deposit review' }).click();
    await expect(admin.getByRole('heading', { name: 'Deposit review' })).toBeVisible();
    const row = admin.getByRole('row').filter({ hasText: `#${depositId}` });
    await expect(row).toContainText(member.username);
    await expect(row).toContainText('Bank transfer');
    await expect(row).toContainText('750.00');
    await row.getByRole('button', { name: 'Review' }).click();
    const dialog = admin.getByRole('dialog', { name: `Deposit #${depositId}` });
    await expect(dialog.getByRole('img', { name: `Transfer slip of deposit ${depositId}` })).toBeVisible();
    await expect(dialog).toContainText(reference);
    await dialog.getByRole('button', { name: 'Approve, credit 750.00' }).click();
    // Approving asks first, showing who is credited how much for money paid where.
    const confirmation = admin.getByRole('dialog', { name: `Approve deposit #${depositId}?` });
    await expect(confirmation).toContainText(member.username);
    await expect(confirmation).toContainText('750.00');
    await expect(confirmation).toContainText('KBANK');
    await confirmation.getByRole('button', { name: 'Confirm: credit 750.00' }).click();
    await expect(confirmation).toBeHidden();
    await expect(dialog).toBeHidden();
    await expect(admin.getByRole('status').filter({ hasText: `Deposit #${depositId} approved` })).toBeVisible();
    await expect(admin.getByRole('row').filter({ hasText: `#${depositId}` })).toHaveCount(0);
  } finally {
    await adminContext.close();
  }

  // The member's page was never reloaded: the strip and the result follow by themselves.
  await expect(balance).toHaveText('฿750.00', { timeout: 20_000 });
  await expect(centre.getByRole('heading', { name: '฿750.00 is in your wallet' })).toBeVisible({ timeout: 20_000 });
  await centre.getByRole('tab', { name: 'History' }).click();
  const historyRow = centre.getByRole('table').getByRole('row').filter({ hasText: 'Bank transfer' });
  await expect(historyRow).toContainText('฿750.00');
  await expect(historyRow).toContainText('Approved');
});

test('withdrawal: payment password, bank account, request, approval in the back-office, confirmed received', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const member = await registerMember(request, 'money');
  const operator = await createOperator('finance');
  const adminContext = await browser.newContext({ baseURL });
  try {
    const admin = await adminContext.newPage();
    await admin.setViewportSize({ width: 1280, height: 900 });
    await firstOperatorLogin(admin, operator);
    // Funds: a manual credit through the back-office API, with the operator's token.
    await creditMember(
      admin.request,
      await operatorToken(admin),
      member.username,
      '2000',
      'E2E funding for a withdrawal',
    );

    const strip = await logInMember(page, member.username);
    const balance = strip.locator('.account-strip__amount');
    await expect(balance).toHaveText('฿2,000.00');
    await strip.getByRole('button', { name: 'Deposit' }).click();
    const centre = page.getByRole('dialog', { name: 'Member centre' });
    await centre.getByRole('navigation', { name: 'Member centre' }).getByRole('button', { name: 'Withdraw' }).click();

    // Step 1: the payment password (6 digits), proving the login password.
    const pinForm = centre.getByRole('form', { name: 'Set a payment password' });
    await expect(pinForm).toBeVisible();
    await pinForm.getByLabel('Login password').fill(memberPassword);
    await pinForm.getByLabel('New payment password').fill('246810');
    await pinForm.getByLabel('Confirm payment password').fill('246810');
    await pinForm.getByRole('button', { name: 'Set payment password' }).click();

    // Step 2: a bank account in the member's payee name, proven with the payment password just set
    // (the form refuses to send without it).
    const accountForm = centre.getByRole('form', { name: 'Add a bank account' });
    await expect(centre.getByText('Step 2: your bank account')).toBeVisible({ timeout: 15_000 });
    if (!(await accountForm.isVisible())) await centre.getByRole('button', { name: /Add a bank account/ }).click();
    await accountForm.getByLabel('Bank', { exact: true }).selectOption({ label: 'Kasikornbank' });
    await accountForm.getByLabel('Account number').fill('1234567890');
    await expect(accountForm.getByLabel('Account name')).toHaveValue('Somchai Jaidee');
    await accountForm.getByRole('button', { name: 'Add account' }).click();
    await expect(accountForm.getByText('Please enter the payment password')).toBeVisible();
    await accountForm.getByLabel('Payment password').fill('246810');
    await accountForm.getByRole('button', { name: 'Add account' }).click();

    // The withdraw form, with the account just bound.
    const withdrawForm = centre.getByRole('form', { name: 'Withdraw' });
    await expect(withdrawForm).toBeVisible({ timeout: 15_000 });
    await expect(withdrawForm.getByRole('radio', { name: /Kasikornbank/ })).toBeChecked();
    await withdrawForm.getByLabel('Amount (THB)').fill('1200');
    await withdrawForm.getByLabel('Payment password').fill('246810');
    await withdrawForm.getByRole('button', { name: 'Withdraw now' }).click();
    const done = centre.getByRole('heading', { name: 'Withdrawal of ฿1,200.00 requested' });
    await expect(done).toBeVisible({ timeout: 20_000 });
    const withdrawalId = /#(\d+)/.exec((await centre.locator('.money-result__sub').textContent()) ?? '')?.[1];
    expect(withdrawalId, 'withdrawal id on the result').toBeTruthy();
    // The amount is held at once.
    await expect(balance).toHaveText('฿800.00', { timeout: 20_000 });

    // The operator pays it from the withdrawal review queue.
    await admin
      .getByRole('complementary', { name: 'Main menu' })
      .getByRole('link', { name: 'Withdrawal review' })
      .click();
    await expect(admin.getByRole('heading', { name: 'Withdrawal review' })).toBeVisible();
    const row = admin.getByRole('row').filter({ hasText: `#${withdrawalId}` });
    await expect(row).toContainText(member.username);
    await expect(row).toContainText('1,200.00');
    await expect(row).toContainText('Pending');
    await row.getByRole('button', { name: 'Review' }).click();
    const dialog = admin.getByRole('dialog', { name: `Withdrawal #${withdrawalId}` });
    await expect(dialog).toContainText('Somchai Jaidee');
    // Paying asks for confirmation: who, how much, into which account, and the bank's reference.
    await dialog.getByRole('button', { name: 'Pay…' }).click();
    const confirm = admin.getByRole('dialog', { name: `Pay withdrawal #${withdrawalId}?` });
    await expect(confirm).toContainText(member.username);
    await expect(confirm).toContainText('1,200.00');
    await expect(confirm).toContainText('Kasikornbank');
    await expect(confirm).toContainText('Somchai Jaidee');
    await expect(confirm).toContainText('1234567890');
    await confirm.getByRole('button', { name: 'Confirm payment (1,200.00)' }).click();
    await expect(confirm.getByText("Enter the bank's reference of the transfer")).toBeVisible();
    await confirm.getByLabel('Bank reference').fill('  FT26326E2E0001 ');
    await confirm
      .getByLabel('Payout slip (optional)')
      .setInputFiles({ name: 'payout.png', mimeType: 'image/png', buffer: slipPng() });
    await expect(confirm.getByRole('img', { name: 'Preview of the chosen slip' })).toBeVisible();
    await confirm.getByRole('button', { name: 'Confirm payment (1,200.00)' }).click();
    await expect(confirm).toBeHidden();
    await expect(dialog).toBeHidden();
    await expect(
      admin.getByRole('status').filter({ hasText: `Withdrawal #${withdrawalId} paid (reference FT26326E2E0001)` }),
    ).toBeVisible();

    // The member sees it paid in "My withdrawals" and confirms it arrived.
    await centre.getByRole('button', { name: 'See my withdrawals' }).click();
    const list = centre.getByRole('list', { name: 'My withdrawals' });
    const card = list.getByRole('listitem').filter({ hasText: `#${withdrawalId}` });
    await expect(card).toContainText('Paid', { timeout: 20_000 });
    // The bank's reference of the payout, and its slip, which only this member can open.
    await expect(card).toContainText('Bank reference');
    await expect(card).toContainText('FT26326E2E0001');
    await card.getByRole('button', { name: 'View payout slip' }).click();
    await expect(card.getByRole('img', { name: `Payout slip of withdrawal #${withdrawalId}` })).toBeVisible();
    await card.getByRole('button', { name: 'Received', exact: true }).click();
    await expect(card.getByRole('status')).toHaveText('Thank you for confirming.');
    await expect(card).toContainText('Received');
    await expect(card).toContainText('You confirmed it');
    await expect(card.getByRole('button', { name: 'Received', exact: true })).toHaveCount(0);

    // The operator's queue shows it received; the member's balance is the credit less the payout.
    await admin.getByLabel('Status').selectOption({ label: 'Received' });
    await expect(admin.getByRole('row').filter({ hasText: `#${withdrawalId}` })).toContainText('Received');
    await expect(balance).toHaveText('฿800.00');
    await expect(centre.locator('.money-balance__amount')).toHaveText('฿800.00');
  } finally {
    await adminContext.close();
  }
});
