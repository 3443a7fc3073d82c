import { randomInt } from 'node:crypto';
import { apiPaths, type LoginResult } from '@lotus/contract';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { callApi, callSealed } from './support/api.ts';
import { outboxAddress, waitForCode } from './support/outbox.ts';
import { accountStrip, startSession } from './support/session.ts';

/**
 * Money, as a member does it in the browser against the real server: log in (the previous login is
 * noticed), deposit with the demo gateway (its pay page opens in a window, Pay there) and watch the
 * balance of the strip move by itself, without a reload; then the deposit in the history.
 */

const password = 'secret123';
const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}${randomInt(100, 999)}`;

/** A member registered through the API (the register SMS code comes from the outbox); registering is its first login. */
async function registerMember(request: APIRequestContext): Promise<{ username: string }> {
  const username = uniqueName('money');
  const mobile = `08${String(randomInt(10_000_000, 99_999_999))}`;
  await callApi(request, 'POST', apiPaths.smsRegister, { countryDialingCode: '66', mobileNo: mobile, sliderToken: 'bypass' });
  const verificationCode = await waitForCode(request, outboxAddress(mobile), 1);
  await callSealed<LoginResult>(request, 'PUT', apiPaths.register, {
    username,
    password,
    confirmPassword: password,
    payeeName: 'Somchai Jaidee',
    mobileNum: mobile,
    countryDialingCode: '66',
    verificationCode,
    sliderToken: 'bypass',
  });
  return { username };
}

test('deposit with the demo gateway: pay in its window, the balance in the strip follows without a reload', async ({ page, request }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const member = await registerMember(request);
  await startSession(page);
  await page.goto('/');

  const loginForm = page.getByRole('form', { name: 'Log in' });
  await loginForm.getByPlaceholder('Username').fill(member.username);
  await loginForm.getByPlaceholder('Password').fill(password);
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
