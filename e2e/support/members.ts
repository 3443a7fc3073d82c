import { randomInt, randomUUID } from 'node:crypto';
import { apiPaths, depositPaths, type LoginResult } from '@lotus/contract';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiHeaders, callSealed } from './api.ts';
import { outboxAddress, waitForCode } from './outbox.ts';
import { accountStrip, startSession } from './session.ts';

/** The password of every member these helpers register. */
export const memberPassword = 'secret123';

export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}${randomInt(100, 999)}`;
export const uniqueMobile = () => `08${String(randomInt(10_000_000, 99_999_999))}`;

export interface RegisteredMember {
  username: string;
  mobile: string;
  /** The session registering opened (registering is the first login). */
  token: string;
}

/**
 * A member registered by username with a mobile number through the API (the SMS code comes from the
 * outbox); with `affiliateCode`, in that agent's team.
 */
export async function registerMember(
  request: APIRequestContext,
  prefix = 'member',
  affiliateCode?: string,
): Promise<RegisteredMember> {
  const member = { username: uniqueName(prefix), mobile: uniqueMobile() };
  await sendRegisterCode(request, member.mobile);
  const verificationCode = await waitForCode(request, outboxAddress(member.mobile), 1);
  const login = await callSealed<LoginResult>(request, 'PUT', apiPaths.register, {
    username: member.username,
    password: memberPassword,
    confirmPassword: memberPassword,
    payeeName: 'Somchai Jaidee',
    mobileNum: member.mobile,
    countryDialingCode: '66',
    verificationCode,
    sliderToken: 'bypass',
    ...(affiliateCode ? { affiliateCode } : {}),
  });
  return { ...member, token: login.token };
}

/**
 * Asks the register SMS code. Code requests are throttled per client IP (spec §5: once a second), and
 * every journey comes from one IP: a refusal is waited out as its Retry-After says.
 */
async function sendRegisterCode(request: APIRequestContext, mobile: string): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const response = await request.post(apiPaths.smsRegister, {
      headers: apiHeaders,
      data: { countryDialingCode: '66', mobileNo: mobile, sliderToken: 'bypass' },
    });
    if (response.status() !== 429) {
      const envelope = (await response.json()) as { success: boolean; errorCode?: string; message?: string };
      expect(envelope.success, `register code: ${envelope.errorCode} ${envelope.message}`).toBe(true);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000 * Number(response.headers()['retry-after'] ?? 1)));
  }
  throw new Error('the register code stayed throttled');
}

/** Logs the member in from the home page (English, desktop width) and returns the logged-in strip. */
export async function logInMember(page: Page, username: string): Promise<Locator> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await startSession(page);
  await page.goto('/');
  const loginForm = page.getByRole('form', { name: 'Log in' });
  await loginForm.getByPlaceholder('Username').fill(username);
  await loginForm.getByPlaceholder('Password').fill(memberPassword);
  await loginForm.getByRole('button', { name: 'Log in' }).click();
  const strip = accountStrip(page);
  await expect(strip).toContainText(username);
  return strip;
}

/**
 * Money for a member as a real deposit: the demo gateway's task, then its pay page's Pay (a POST of
 * `{"result":"success"}`), as the deposit page and the gateway window do.
 */
export async function depositWithDemoPay(request: APIRequestContext, token: string, amount: string): Promise<void> {
  const created = await request.post(depositPaths.create, {
    headers: { ...apiHeaders, Authorization: token, 'Idempotency-Key': randomUUID() },
    data: { methodCode: 'DEMOPAY', amount },
  });
  const task = (await created.json()) as { success: boolean; value: { payUrl?: string } | null; errorCode?: string };
  expect(task.success, `deposit: ${task.errorCode}`).toBe(true);
  const paid = await request.post(task.value!.payUrl!, { data: { result: 'success' } });
  expect(paid.ok()).toBe(true);
}
