import { readFileSync } from 'node:fs';
import path from 'node:path';
import { affiliateLinkPaths, apiPaths, type AffiliateLink, type LoginResult } from '@lotus/contract';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { connect } from '../apps/server/src/db/database.ts';
import { settleDailySalaries } from '../apps/server/src/modules/agents/index.ts';
import { apiHeaders, callApi, callSealed } from './support/api.ts';
import { queryDatabase } from './support/database.ts';
import { e2eDataDir } from './support/environment.ts';
import { memberPassword, uniqueMobile, uniqueName } from './support/members.ts';
import { outboxAddress, waitForCode } from './support/outbox.ts';
import { accountStrip, startSession, type Language } from './support/session.ts';

/**
 * Contracts and settlement in the agent centre (issue 16): the demo agent (a top agent holding the
 * merchant's daily salary contract) offers its downline agent a daily salary contract in the browser;
 * the downline logs in and accepts it; a day with bets in the downline's team is settled by the daily
 * salary job's own function (run here, against the e2e server's database: the job itself runs hourly);
 * both agents then see the statement and their balance move. Then every contract and money page is
 * photographed in TH and EN at 1280 and 360 px, and checked for horizontal overflow.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: 'serial', timeout: 400_000 });

const shots = process.env.E2E_SHOTS_DIR ?? 'test-results';
const agent = { username: 'demoagent', password: 'Agent1234' };
let subAgent = '';
let player = '';

/** A member registered through `affiliateCode` (its team); answers its name and the session registering opened. */
async function register(
  request: APIRequestContext,
  prefix: string,
  affiliateCode: string,
): Promise<{ username: string; token: string }> {
  const username = uniqueName(prefix);
  const mobile = uniqueMobile();
  for (let attempt = 0; ; attempt += 1) {
    const response = await request.post(apiPaths.smsRegister, {
      headers: apiHeaders,
      data: { countryDialingCode: '66', mobileNo: mobile, sliderToken: 'bypass' },
    });
    if (response.status() !== 429 || attempt > 10) break;
    await new Promise((resolve) => setTimeout(resolve, 1_000 * Number(response.headers()['retry-after'] ?? 1)));
  }
  const verificationCode = await waitForCode(request, outboxAddress(mobile), 1);
  const login = await callSealed<LoginResult>(request, 'PUT', apiPaths.register, {
    username,
    password: memberPassword,
    confirmPassword: memberPassword,
    payeeName: 'Somchai Jaidee',
    mobileNum: mobile,
    countryDialingCode: '66',
    verificationCode,
    sliderToken: 'bypass',
    affiliateCode,
  });
  return { username, token: login.token };
}

async function logIn(page: Page, username: string, password: string, language: Language = 'EN'): Promise<void> {
  await startSession(page);
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByPlaceholder('Username').fill(username);
  await form.getByPlaceholder('Password').fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(accountStrip(page)).toBeVisible();
  await expect(accountStrip(page)).not.toContainText('Log in');
  // The site's language is the session's.
  if (language === 'TH') await page.evaluate(() => window.sessionStorage.setItem('lang', 'TH'));
}

const balanceOf = (page: Page) => accountStrip(page).locator('.account-strip__amount');
const money = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

/** Today in the demo merchant's time zone (Asia/Bangkok): the day the bets are put on. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());

test('set-up: the demo agent holds the merchant daily salary; a downline agent with a player under it', async ({
  request,
}) => {
  const [top] = await queryDatabase<{ id: string; merchant_id: number }>(
    `SELECT id, merchant_id FROM member WHERE username = $1`,
    [agent.username],
  );
  // The merchant's own contract with its top agent (the operator's offer, accepted): 1 % of the team's valid bet.
  await queryDatabase(
    `INSERT INTO agent_contract (merchant_id, upline_member_id, member_id, kind, product_type, period, terms, status,
                                 replaces_id, created_at, updated_at, decided_at)
     SELECT $1, NULL, $2, 'daily_salary', 'LIVE', '', $3::jsonb, 'A', NULL, now() - interval '2 days',
            now() - interval '2 days', now() - interval '2 days'
      WHERE NOT EXISTS (SELECT 1 FROM agent_contract WHERE member_id = $2 AND kind = 'daily_salary'
                          AND product_type = 'LIVE' AND status IN ('A', 'V'))`,
    [
      top!.merchant_id,
      top!.id,
      JSON.stringify({
        type: 'salary',
        tiers: [{ minimumBetMinor: '10000', activeMembers: 0, rate: { kind: 'percent', ppm: 10_000 } }],
      }),
    ],
  );
  const registered = await register(request, 'subag', 'LOTUS88');
  subAgent = registered.username;
  // Made an agent as an operator would (the journey is the contract, not the promotion).
  await queryDatabase(`UPDATE member SET is_agent = 1 WHERE username = $1`, [subAgent]);
  const link = await callApi<AffiliateLink>(
    request,
    'POST',
    affiliateLinkPaths.create,
    { validType: 1 },
    registered.token,
  );
  player = (await register(request, 'pl', link.affiliateCode)).username;
});

test('the agent offers its downline agent a daily salary contract; the downline accepts it', async ({ browser }) => {
  const agentPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await logIn(agentPage, agent.username, agent.password);
  await agentPage.goto('/agentCenter?page=downlineContracts');
  await agentPage.getByLabel('Downline', { exact: true }).selectOption({ label: subAgent });
  await agentPage.getByRole('button', { name: 'Create contract' }).click();
  const row = agentPage.getByTestId('tier-row').first();
  await row.getByLabel('Team valid bet ≥').fill('100');
  await row.getByLabel('Active members ≥').fill('0');
  await row.getByLabel('Rate (%)').fill('2');
  // Above its own 1 %: refused at the field before anything is sent.
  await expect(row.getByText('Above your own rate.')).toBeVisible();
  await row.getByLabel('Rate (%)').fill('0.5');
  await agentPage.getByRole('button', { name: 'Send the offer' }).click();
  await expect(agentPage.getByRole('status')).toHaveText("The offer is sent; it waits for the downline's answer.");
  await expect(agentPage.getByTestId('agent-contract').filter({ hasText: 'Pending' })).toBeVisible();

  const downPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await logIn(downPage, subAgent, memberPassword);
  await downPage.goto('/agentCenter?page=myContracts');
  const request = downPage.getByTestId('agent-contract').filter({ hasText: 'New contract request' });
  await expect(request).toContainText('0.50 %');
  await request.getByRole('button', { name: 'Accept' }).click();
  await expect(downPage.getByRole('status')).toHaveText('Your answer is recorded.');
  await expect(downPage.getByText('No request waits for your answer.')).toBeVisible();
  await expect(downPage.getByTestId('agent-contract').filter({ hasText: 'Signed' })).toContainText('0.50 %');
  await agentPage.close();
  await downPage.close();
});

test('a day with bets is settled: both agents see the statement and their balance move', async ({ browser }) => {
  const agentPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await logIn(agentPage, agent.username, agent.password);
  const downPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await logIn(downPage, subAgent, memberPassword);
  await expect(balanceOf(downPage)).toHaveText('฿0.00');
  const agentBefore = money(await balanceOf(agentPage).textContent());

  // The player's day as the reports' job sums it (2,000.00 valid bet), and the day marked summed.
  const [row] = await queryDatabase<{ id: string; merchant_id: number }>(
    `SELECT id, merchant_id FROM member WHERE username = $1`,
    [player],
  );
  await queryDatabase(
    `INSERT INTO report_daily_member (merchant_id, day, member_id, rounds, bets_minor, valid_bets_minor, payouts_minor,
                                      deposits_minor, withdrawals_minor, bonuses_minor)
     VALUES ($1, $2::date, $3, 20, 200000, 200000, 150000, 0, 0, 0)`,
    [row!.merchant_id, today, row!.id],
  );
  await queryDatabase(
    `INSERT INTO report_day_pass (merchant_id, day, pass, computed_at) VALUES ($1, $2::date, 0, now()) ON CONFLICT DO NOTHING`,
    [row!.merchant_id, today],
  );
  // The job settles the day before "now": run it as of tomorrow, with the job's own function.
  const pid = readFileSync(path.join(e2eDataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  const password = readFileSync(path.join(e2eDataDir, 'pg-password'), 'utf8').trim();
  const db = connect(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pid[3]}/lotus`, 2);
  try {
    const result = await settleDailySalaries(db, Date.now() + 86_400_000);
    expect(result.paid).toBeGreaterThanOrEqual(2);
  } finally {
    await db.destroy();
  }

  // 0.5 % of 2,000.00 to the downline; the demo agent receives 1 % (20.00) and pays 10.00 of it.
  await expect(balanceOf(downPage)).toHaveText('฿10.00', { timeout: 20_000 });
  await downPage.goto('/agentCenter?page=dailySalary');
  const statement = downPage.getByTestId('agent-statement').filter({ hasText: today });
  await expect(statement).toContainText('10.00');
  await expect(statement).toContainText(`Paid by ${agent.username}`);
  await expect(statement).toContainText('Disbursed');
  await expect(statement).toContainText('2,000.00');

  await expect.poll(async () => money(await balanceOf(agentPage).textContent())).toBeCloseTo(agentBefore + 10, 2);
  await agentPage.goto('/agentCenter?page=dailySalary');
  await expect(agentPage.getByTestId('agent-statement').filter({ hasText: today }).first()).toContainText('20.00');
  await agentPage.getByLabel('Statements', { exact: true }).selectOption('DIRECT');
  const paid = agentPage.getByTestId('agent-statement').filter({ hasText: `Paid to ${subAgent}` });
  await expect(paid).toContainText('10.00');
  await agentPage.close();
  await downPage.close();
});

const pages = [
  'myContracts',
  'downlineContracts',
  'income',
  'transfer',
  'luckyBag',
  'transferHistory',
  'dividend',
  'dailySalary',
  'mrDailySalary',
  'hourSalary',
  'realtimeSalary',
];

test('every contract and money page in EN and TH at 1280 and 360 px fits its width', async ({ page }) => {
  // One login for the four views, the pages opened from the menu without a reload: every login and
  // reload asks the site's start-up calls again, and a whole journey from one IP reaches their throttles.
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, agent.username, agent.password);
  for (const language of ['EN', 'TH'] as const) {
    // The site's language is the session's.
    await page.evaluate((lang) => window.sessionStorage.setItem('lang', lang), language);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/agentCenter');
      for (const key of pages) {
        await page.locator(`.agent-centre__menu [data-page="${key}"]`).click();
        await expect(page).toHaveURL(new RegExp(`page=${key}`));
        await expect(page.locator('#agent-centre-page-title')).toBeVisible();
        await expect(
          page.locator('.agent-centre__page .spinner, .agent-centre__page [role="progressbar"]'),
        ).toHaveCount(0);
        if (key === 'downlineContracts') {
          await page.locator('.agent-money__picker select').selectOption({ label: subAgent });
          await page.locator('.agent-centre__page button.button--primary').first().click();
        }
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, `${key} ${language} ${width}`).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${shots}/agent-money-${key}-${language}-${width}.png`, fullPage: true });
      }
    }
  }
});
