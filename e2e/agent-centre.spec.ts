import { affiliateLinkPaths } from '@lotus/contract';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { openAgentCentrePage } from './support/agent-centre.ts';
import { callApi } from './support/api.ts';
import { accountStrip, startSession } from './support/session.ts';

/**
 * The agent centre (issue 16) on a phone, and its door for visitors. Opening the centre from the strip,
 * creating a link and registering through it are walked in agent-contracts.spec.ts's journey (with its
 * desktop screenshot); here the links page at 360 px in Thai with a link on it, and the register page.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const agent = { username: 'demoagent', password: 'Agent1234', shownAs: 'Lotus Agent' };
const code = `E2E${Date.now().toString(36).toUpperCase()}`.slice(0, 16);

async function logInAsAgent(page: Page): Promise<void> {
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Username').fill(agent.username);
  await dialog.getByLabel('Password', { exact: true }).fill(agent.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(accountStrip(page)).toContainText(agent.shownAs);
}

test('on a phone at 360 px in Thai: the pages from the menu above the page', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await startSession(page);
  await logInAsAgent(page);
  // The site's language is the session's: Thai from here on.
  await page.evaluate(() => window.sessionStorage.setItem('lang', 'TH'));
  // A link to show, made with the agent's session as the links form sends it.
  const token = await page.evaluate(() => window.sessionStorage.getItem('token'));
  await callApi(
    page.request,
    'POST',
    affiliateLinkPaths.create,
    { validType: 3, channel: 'E2E forum', affiliateCode: code },
    token!,
  );
  await page.goto('/agentCenter?page=affiliateLinks');
  await expect(page.getByRole('heading', { name: 'ศูนย์เอเจนต์' })).toBeVisible();
  await expect(page.getByTestId('affiliate-link').filter({ hasText: code })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await page.screenshot({
    path: `${process.env.E2E_SHOTS_DIR ?? 'test-results'}/agent-centre-phone-th.png`,
    fullPage: true,
  });
  await openAgentCentrePage(page, 'registerCenter');
  await expect(page.getByRole('heading', { name: 'เปิดบัญชีลูกทีม' })).toBeVisible();
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
