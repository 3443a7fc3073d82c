import { expect as baseExpect, test, type Page } from '@playwright/test';
import { openAgentCentrePage } from './support/agent-centre.ts';
import { queryDatabase } from './support/database.ts';
import { registerMember, type RegisteredMember } from './support/members.ts';
import { accountStrip, startSession } from './support/session.ts';

/**
 * The agent centre's team pages (issue 16) in TH and EN at 1280 and 360 px: screenshots, and nothing is
 * wider than the screen. A member of the demo agent's team has a bet, so team betting has a row. Finding
 * a member in team management and its bets in team betting is walked in agent-contracts.spec.ts's
 * journey, with bets the member played.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const agent = { username: 'demoagent', password: 'Agent1234', shownAs: 'Lotus Agent' };
const shots = process.env.E2E_SHOTS_DIR ?? 'test-results';
let downline: RegisteredMember;

async function logInAsAgent(page: Page): Promise<void> {
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Username').fill(agent.username);
  await dialog.getByLabel('Password', { exact: true }).fill(agent.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(accountStrip(page)).toContainText(agent.shownAs);
}

test.beforeAll(async ({ request }) => {
  // A member registered on its own, then put under the demo agent as the operator's move would (the
  // tree rows of its new ancestors), with one settled bet now.
  downline = await registerMember(request, 'team');
  const [row] = await queryDatabase<{ member_id: string; agent_id: string; merchant_id: number }>(
    `select m.id as member_id, a.id as agent_id, m.merchant_id
       from member m join member a on a.merchant_id = m.merchant_id and a.username = $2
      where m.username = $1`,
    [downline.username, agent.username],
  );
  await queryDatabase('update member set upline_id = $2 where id = $1', [row!.member_id, row!.agent_id]);
  await queryDatabase(
    `insert into member_hierarchy (merchant_id, ancestor_id, descendant_id, depth)
     select merchant_id, ancestor_id, $1, depth + 1 from member_hierarchy where descendant_id = $2`,
    [row!.member_id, row!.agent_id],
  );
  await queryDatabase(
    `insert into bet_record (merchant_id, member_id, vendor_code, vassalage, game_id, round_id, bet_count, stake,
                             valid_bet, payout, status, first_bet_at, settled_at, updated_at)
     values ($1, $2, 'ACME', 'ACME', 'e2e-team-game', $3, 1, 12300, 12300, 4500, 'settled', now(), now(), now())`,
    [row!.merchant_id, row!.member_id, `e2e-team-${Date.now()}`],
  );
});

async function expectNoOverflow(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

test('every team page in EN and TH at 1280 and 360 px fits the screen', async ({ page }) => {
  // One login for the four views (each login and reload asks the site's start-up calls again, and a
  // journey from one IP reaches their throttles); the menu opens the pages without a reload.
  await page.setViewportSize({ width: 1280, height: 900 });
  await startSession(page);
  await logInAsAgent(page);
  for (const language of ['EN', 'TH'] as const) {
    // The site's language is the session's.
    await page.evaluate((lang) => window.sessionStorage.setItem('lang', lang), language);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/agentCenter');
      for (const key of ['teamOverview', 'teamMembers', 'teamBetting', 'teamPnl', 'teamTransactions']) {
        await openAgentCentrePage(page, key);
        await expect(page).toHaveURL(new RegExp(`page=${key}`));
        await expect(page.locator('.agent-team')).toBeVisible();
        if (key === 'teamBetting')
          await expect(page.getByRole('row').filter({ hasText: downline.username })).toBeVisible();
        if (key === 'teamOverview') await expect(page.locator('rect.agent-team__bar').first()).toBeAttached();
        if (key === 'teamTransactions') {
          await page.locator('.agent-team__filters input').fill(downline.username);
          await page.locator('.agent-team__submit').click();
          await expect(page.locator('.agent-team__table').or(page.getByText(/Nothing to show|ไม่มีข้อมูล/))).toBeVisible();
        }
        await expectNoOverflow(page, width);
        await page.screenshot({ path: `${shots}/agent-team-${key}-${language}-${width}.png`, fullPage: true });
      }
    }
  }
});
