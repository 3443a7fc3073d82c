import { expect as baseExpect, test, type Page } from '@playwright/test';
import { queryDatabase } from './support/database.ts';
import { outboxAddress, waitForMessage } from './support/outbox.ts';
import { accountStrip, startSession } from './support/session.ts';

/**
 * The agent centre (issue 16): the demo agent logs in, opens /agentCenter from its strip, creates an
 * affiliate link; a visitor registers through the link and lands in the agent's team; the link then
 * counts one registration. Screenshots of the page on a desktop and at 360 px (TH).
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const agent = { username: 'demoagent', password: 'Agent1234', shownAs: 'Lotus Agent' };
const code = `E2E${Date.now().toString(36).toUpperCase()}`.slice(0, 16);
const mobile = `08${String(Date.now() + 77).slice(-8)}`;

async function logInAsAgent(page: Page): Promise<void> {
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Username').fill(agent.username);
  await dialog.getByLabel('Password', { exact: true }).fill(agent.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(accountStrip(page)).toContainText(agent.shownAs);
}

async function registerThroughLink(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await startSession(page);
  await page.goto(`/register?affiliateCode=${code}`);
  const dialog = page.getByRole('dialog', { name: 'Register' });
  await expect(dialog.getByRole('status').filter({ hasText: `Invitation code ${code} applied` })).toBeVisible();
  await dialog.getByRole('tab', { name: 'Mobile number' }).click();
  await dialog.getByLabel(/^Mobile number \(your username\)/).fill(mobile);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  const sms = await waitForMessage(page.request, outboxAddress(mobile), 1);
  await dialog.getByLabel(/^SMS code/).fill(sms.code!);
  await dialog.getByLabel(/^Password/).fill('secret123');
  await dialog.getByLabel(/^Confirm password/).fill('secret123');
  await dialog.getByLabel(/^Full name/).fill('Somchai Jaidee');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(accountStrip(page)).toContainText(mobile);
}

test('an agent opens the agent centre from its strip and creates an affiliate link', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await startSession(page);
  await logInAsAgent(page);
  await accountStrip(page).getByRole('button', { name: 'Agent centre' }).click();
  await expect(page).toHaveURL(/\/agentCenter$/);
  await expect(page.getByRole('heading', { name: 'Agent centre' })).toBeVisible();
  // The team overview is the centre's first page (the original's menu order).
  await expect(page.getByRole('heading', { name: 'Team overview' })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Agent centre pages' })
    .getByRole('button', { name: 'Affiliate links' })
    .click();
  await expect(page).toHaveURL(/page=affiliateLinks/);
  await page.getByLabel('Valid for').selectOption({ label: '7 days' });
  await page.getByLabel('Channel').fill('E2E forum');
  await page.getByLabel('Invitation code').fill(code);
  await page.getByRole('button', { name: 'Create link' }).click();
  const card = page.getByTestId('affiliate-link').filter({ hasText: code });
  await expect(card).toBeVisible();
  await expect(card).toContainText('E2E forum');
  await expect(card).toContainText('Normal');
  await expect(card.getByTestId('affiliate-link-count')).toHaveText('0');
  await expect(card).toContainText(`/register?affiliateCode=${code}`);
});

test('a visitor registers through the link and joins the agent team', async ({ page }) => {
  await registerThroughLink(page);
  const rows = await queryDatabase<{ upline: string; code: string }>(
    `select upline.username as upline, affiliate_code.code
       from member
       join member upline on upline.id = member.upline_id
       join affiliate_registration on affiliate_registration.member_id = member.id
       join affiliate_code on affiliate_code.id = affiliate_registration.affiliate_code_id
      where member.username = $1`,
    [mobile],
  );
  expect(rows).toEqual([{ upline: 'demoagent', code }]);
});

test('the agent sees the registration counted', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await startSession(page);
  await logInAsAgent(page);
  await page.goto('/agentCenter?page=affiliateLinks');
  const card = page.getByTestId('affiliate-link').filter({ hasText: code });
  await expect(card.getByTestId('affiliate-link-count')).toHaveText('1');
  await page.screenshot({
    path: `${process.env.E2E_SHOTS_DIR ?? 'test-results'}/agent-centre-desktop.png`,
    fullPage: true,
  });
});

test('on a phone at 360 px in Thai: the pages as a list above the page', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await startSession(page);
  await logInAsAgent(page);
  // The site's language is the session's: Thai from here on.
  await page.evaluate(() => window.sessionStorage.setItem('lang', 'TH'));
  await page.goto('/agentCenter?page=affiliateLinks');
  await expect(page.getByRole('heading', { name: 'ศูนย์เอเจนต์' })).toBeVisible();
  await expect(page.getByTestId('affiliate-link').filter({ hasText: code })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await page.screenshot({
    path: `${process.env.E2E_SHOTS_DIR ?? 'test-results'}/agent-centre-phone-th.png`,
    fullPage: true,
  });
  await page.getByRole('button', { name: 'เปิดบัญชีลูกทีม' }).click();
  await expect(page.getByLabel('ชื่อผู้ใช้')).toBeVisible();
  await page.screenshot({
    path: `${process.env.E2E_SHOTS_DIR ?? 'test-results'}/agent-centre-phone-register-th.png`,
    fullPage: true,
  });
});

test('a visitor (no agent logged in) is sent home from /agentCenter', async ({ page }) => {
  await startSession(page);
  await page.goto('/agentCenter');
  await expect(page).toHaveURL(/\/$/);
});
