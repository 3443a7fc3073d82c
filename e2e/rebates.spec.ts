import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { queryDatabase } from './support/database.ts';
import { registerMember, type RegisteredMember } from './support/members.ts';
import { createOperator, firstOperatorLogin } from './support/operator.ts';
import { startSession, type Language } from './support/session.ts';

/**
 * Rebates (issue 17): an admin sets the brand's rebates to "claimed by the member" in the back-office
 * (LIVE 0.5 %, slots 1 %, e-lottery 0.5 %); a member who played yesterday opens the member centre's
 * Rebates page, sees what is left per product (lottery shown apart, claimed with e-lottery) and claims
 * it all; the money is in its balance and the page shows nothing left and the day paid. Every page is
 * photographed in TH and EN at 1280 and 360 px, none scrolling sideways.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 240_000 });
const shots = process.env.E2E_SHOTS_DIR ?? 'test-results';

async function noOverflow(page: Page, what: string, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, what).toBeLessThanOrEqual(width);
}

async function openSite(page: Page, member: RegisteredMember, language: Language, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await startSession(page, language);
  await page.addInitScript((token) => {
    if (!window.sessionStorage.getItem('rebateJourneyStarted')) {
      window.sessionStorage.setItem('rebateJourneyStarted', '1');
      window.sessionStorage.setItem('token', token);
    }
  }, member.token);
  await page.goto('/');
}

/** Yesterday in Bangkok (the demo merchant's day), and noon of it in UTC. */
function yesterday(): { day: string; noonUtc: string } {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(Date.now() - 86_400_000);
  return { day, noonUtc: `${day}T05:00:00Z` };
}

test('an admin lets members claim rebates; a member claims yesterday’s and is paid once', async ({
  browser,
  request,
}) => {
  mkdirSync(shots, { recursive: true });
  const admin = await (await browser.newContext()).newPage();
  await admin.setViewportSize({ width: 1280, height: 900 });
  await firstOperatorLogin(admin, await createOperator('admin'));
  await admin.getByRole('complementary', { name: 'Main menu' }).getByRole('link', { name: 'Rebates' }).click();
  await admin.getByLabel('Claimed by the member').check();
  await admin.getByLabel('Live casino').fill('0.5');
  await admin.getByLabel('Slots (RNG)').fill('1');
  await admin.getByLabel('Lottery', { exact: true }).fill('0.5');
  await admin.getByLabel('E-lottery').fill('0.5');
  await admin.getByLabel('Minimum payout').fill('1.00');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Rebate settings saved')).toBeVisible();
  await expect(admin.getByText('Rebates on')).toBeVisible();
  for (const language of ['EN', 'TH'] as const) {
    if (language === 'TH') {
      await admin.setViewportSize({ width: 1280, height: 900 });
      await admin.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'ไทย' }).first().click();
    }
    for (const width of [1280, 360]) {
      await admin.setViewportSize({ width, height: 900 });
      await expect(admin.locator('.rebates-form')).toBeVisible();
      if (width === 360) await expect(admin.locator('.sidebar')).not.toBeInViewport();
      await admin.screenshot({
        path: path.join(shots, `rebates-admin-${language}-${width}.png`),
        fullPage: width > 360,
      });
      await noOverflow(admin, `admin ${language} ${width}`, width);
    }
  }

  // The member's day: LIVE 20,000.00 (100.00), slots 5,000.00 (50.00), lottery 1,000.00 (5.00).
  const member = await registerMember(request, 'rebate');
  const [row] = await queryDatabase<{ id: string; merchant_id: number }>(
    'SELECT id, merchant_id FROM member WHERE username = $1',
    [member.username],
  );
  const { noonUtc } = yesterday();
  for (const [index, [product, validBet]] of (
    [
      ['LIVE', 2_000_000],
      ['RNG', 500_000],
      ['LOTT', 100_000],
    ] as const
  ).entries())
    await queryDatabase(
      `INSERT INTO bet_record (merchant_id, member_id, vendor_code, vassalage, game_id, game_type, round_id, bet_count,
         stake, valid_bet, payout, status, first_bet_at, settled_at, updated_at)
       VALUES ($1, $2, 'HOUSE', 'BRHOUSE', 'g1', $3, $4, 1, $5, $5, 0, 'settled', $6, $6, $6)`,
      [row!.merchant_id, row!.id, product, `e2e-rebate-${member.username}-${index}`, validBet, noonUtc],
    );

  const page = await (await browser.newContext()).newPage();
  await openSite(page, member, 'EN', 1280);
  await page
    .getByRole('group', { name: 'My account' })
    .getByRole('button', { name: /^Member centre/ })
    .click();
  const centre = page.getByRole('dialog', { name: 'Member centre' });
  await centre.getByRole('navigation', { name: 'Member centre' }).getByRole('button', { name: 'Rebates' }).click();
  await expect(centre.getByText('Claim your rebate of any of the last 7 days here.')).toBeVisible();
  const remaining = centre.locator('.rebate-remaining');
  await expect(remaining.getByRole('listitem').filter({ hasText: 'Live casino' })).toContainText('100.00');
  await expect(remaining.getByRole('listitem').filter({ hasText: /^Lottery/ })).toContainText('5.00');
  await page.screenshot({ path: path.join(shots, 'rebates-site-EN-1280.png'), fullPage: true });
  await noOverflow(page, 'site EN 1280', 1280);
  await centre.getByRole('button', { name: 'Claim all' }).click();
  await expect(centre.getByText('155.00 credited to your account.')).toBeVisible();
  await expect(remaining.getByRole('listitem').filter({ hasText: 'Live casino' })).toContainText('0.00');
  await expect(centre.getByRole('button', { name: 'Claim all' })).toBeDisabled();
  await expect(centre.locator('.rebate-totals')).toContainText('155.00');
  await page.screenshot({ path: path.join(shots, 'rebates-site-claimed-EN-1280.png'), fullPage: true });
  const paid = await queryDatabase<{ total: string }>(
    'SELECT sum(amount_minor)::text AS total FROM rebate_payout WHERE member_id = $1',
    [row!.id],
  );
  expect(paid[0]!.total).toBe('15500');
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(centre.locator('.rebate-table')).toBeVisible();
  // The phone's member centre scrolls inside the dialog: its top, then its table, as the member sees them.
  await page.screenshot({ path: path.join(shots, 'rebates-site-EN-360.png') });
  await centre.locator('.rebate-table').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, 'rebates-site-EN-360-table.png') });
  await noOverflow(page, 'site EN 360', 360);

  // Thai: at 1280, then the same page at 360.
  const thai = await (await browser.newContext()).newPage();
  await openSite(thai, member, 'TH', 1280);
  await thai
    .getByRole('group', { name: 'บัญชีของฉัน' })
    .getByRole('button', { name: /^ศูนย์สมาชิก/ })
    .click();
  const thCentre = thai.getByRole('dialog', { name: 'ศูนย์สมาชิก' });
  await thCentre.getByRole('navigation', { name: 'ศูนย์สมาชิก' }).getByRole('button', { name: 'เงินคืน' }).click();
  await expect(thCentre.getByText('เงินคืน 7 วันล่าสุด')).toBeVisible();
  await thai.screenshot({ path: path.join(shots, 'rebates-site-TH-1280.png'), fullPage: true });
  await noOverflow(thai, 'site TH 1280', 1280);
  await thai.setViewportSize({ width: 360, height: 800 });
  await expect(thCentre.locator('.rebate-table')).toBeVisible();
  await thai.screenshot({ path: path.join(shots, 'rebates-site-TH-360.png') });
  await thCentre.locator('.rebate-table').scrollIntoViewIfNeeded();
  await thai.screenshot({ path: path.join(shots, 'rebates-site-TH-360-table.png') });
  await noOverflow(thai, 'site TH 360', 360);
});
