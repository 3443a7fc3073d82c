import { randomInt, randomUUID } from 'node:crypto';
import { expect as baseExpect, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { hashPassword } from '../../apps/server/src/modules/identity/index.ts';
import { apiHeaders } from './api.ts';
import { queryDatabase } from './database.ts';

/**
 * Back-office operators for the journeys. The e2e server starts without ADMIN_USERNAME, so an
 * operator is written straight into its database (as e2e/backoffice.spec.ts does); the first login
 * in the browser sets up the authenticator with a code computed here, as the phone would.
 */
const expect = baseExpect.configure({ timeout: 15_000 });

export interface Operator {
  username: string;
  password: string;
  /** A built-in role; `platform` sees and creates every brand. */
  role: 'platform' | 'admin' | 'finance' | 'support';
  /** The authenticator secret, once the first login has set it up. */
  secret: string;
}

export async function createOperator(role: Operator['role'] = 'finance'): Promise<Operator> {
  const operator: Operator = {
    username: `e2e_op_${Date.now().toString(36)}${randomInt(100, 999)}`,
    password: 'operator-e2e-password',
    role,
    secret: '',
  };
  const [merchant] = await queryDatabase<{ id: number }>(`SELECT id FROM merchant WHERE code = 'demo'`, []);
  await queryDatabase(
    `INSERT INTO operator (merchant_id, username, username_key, password_hash, role, created_at, updated_at) VALUES ($1, $2, lower($2), $3, $4, now(), now())`,
    [merchant!.id, operator.username, await hashPassword(operator.password), role],
  );
  return operator;
}

export function totpOf(secret: string): TOTP {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
}

/** The operator's first login in English: password, then the authenticator set up; ends on the dashboard. */
export async function firstOperatorLogin(page: Page, operator: Operator): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('lotus.admin.language', 'EN'));
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Set up your authenticator' })).toBeVisible();
  operator.secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  await page.getByLabel('6-digit code from the app').fill(totpOf(operator.secret).generate());
  await page.getByRole('button', { name: 'Confirm and start' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

/** The token of the operator logged in on `page` (the back-office keeps it in sessionStorage). */
export async function operatorToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.sessionStorage.getItem('lotus.admin.token'));
  expect(token, 'operator token').toBeTruthy();
  return token!;
}

/** A manual credit to a member's main wallet through the back-office API, as the adjust dialog sends it. */
export async function creditMember(
  request: APIRequestContext,
  token: string,
  username: string,
  amount: string,
  reason: string,
): Promise<void> {
  const [member] = await queryDatabase<{ id: string }>('SELECT id FROM member WHERE username = $1', [username]);
  const response = await request.post(`/admin-api/members/${member!.id}/adjustments`, {
    headers: { ...apiHeaders, Authorization: token, 'Idempotency-Key': randomUUID() },
    data: { direction: 'credit', amount, reason },
  });
  const envelope = (await response.json()) as { success: boolean; errorCode?: string; message?: string };
  expect(envelope.success, `adjustment: ${envelope.errorCode} ${envelope.message}`).toBe(true);
}
