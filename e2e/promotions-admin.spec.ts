import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { adminPromotionPaths, promotionPaths } from '@lotus/contract';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { apiHeaders, callApi } from './support/api.ts';
import { registerMember } from './support/members.ts';
import { createOperator, firstOperatorLogin, operatorToken } from './support/operator.ts';

/**
 * The promotions back-office: an operator creates a MANUAL promotion in the editor (both languages,
 * the card preview), a member applies with a picture (through the API, as the site will), and the
 * operator approves it from the queue with the picture shown. Every page is photographed in TH and EN
 * at 1280 and 360 px and checked for horizontal overflow. The rules are promotions.test.ts's.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 180_000 });
const shots = process.env.E2E_SHOTS_DIR ?? 'test-results';
/**
 * Its own names: promotions-site.spec.ts writes 'Send your slip, get 50 <stamp>' and 'Daily sign-in <stamp>'
 * in the same database, which a row filter by the bare name also matched when that journey ran first.
 */
const stamp = Date.now().toString(36);
const slipName = `Send your slip, get 50 (admin ${stamp})`;
const signInName = `Daily sign-in (admin ${stamp})`;
const rescueName = `Weekly rescue (admin ${stamp})`;

/** A small PNG, the member's "slip". */
const png = PNG.sync.write(new PNG({ width: 8, height: 6 }));

async function noOverflow(page: Page, what: string, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, what).toBeLessThanOrEqual(width);
}

/** The language switch (client-side: the login's init script sets English again on every page load). */
async function switchLanguage(page: Page, language: 'EN' | 'TH'): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page
    .locator('.language-switch')
    .first()
    .getByRole('button', { name: language === 'TH' ? 'ไทย' : 'EN', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(language === 'EN' ? 'Promotions' : 'โปรโมชั่น');
}

async function photograph(page: Page, name: string): Promise<void> {
  for (const language of ['EN', 'TH'] as const) {
    await switchLanguage(page, language);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      // The phone's sidebar slides away when the viewport narrows: photograph once it has.
      await page
        .locator('.sidebar')
        .evaluate((sidebar) => Promise.all(sidebar.getAnimations().map((animation) => animation.finished)));
      await noOverflow(page, `${name} ${language} ${width}`, width);
      await page.screenshot({ path: path.join(shots, `promotions-${name}-${language}-${width}.png`), fullPage: true });
    }
  }
  await switchLanguage(page, 'EN');
}

test('an operator creates a MANUAL promotion, a member applies with a picture, the operator approves it', async ({
  page,
  request,
}) => {
  mkdirSync(shots, { recursive: true });
  const operator = await createOperator('admin');
  await page.setViewportSize({ width: 1280, height: 900 });
  await firstOperatorLogin(page, operator);
  await page.getByRole('complementary', { name: 'Main menu' }).getByRole('link', { name: 'Promotions' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Promotions');

  await page.getByRole('button', { name: 'New promotion' }).click();
  await page.getByLabel('Kind').selectOption('MANUAL');
  await page.getByLabel('Category').selectOption('special');
  await page.getByLabel('Name (Thai)').fill('แนบสลิปรับโบนัส 50');
  await page.getByLabel('Name (English)').fill(slipName);
  await page.getByLabel('Description (Thai)').fill('แนบสลิปการฝากและรอการอนุมัติ');
  await page.getByLabel('Description (English)').fill('Attach your deposit slip and wait for approval.');
  await page.getByLabel('Bonus', { exact: true }).selectOption('fixed');
  await page.getByLabel('Amount', { exact: true }).fill('50');
  await page.getByLabel('Turnover multiplier').fill('3');
  await page.getByLabel('A picture is required').check();
  await expect(page.getByRole('complementary', { name: 'Card preview' })).toContainText(slipName);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: path.join(shots, 'promotions-editor-EN-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 900 });
  await noOverflow(page, 'editor EN 360', 360);
  await page.screenshot({ path: path.join(shots, 'promotions-editor-EN-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Promotion saved.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: slipName });
  await expect(row).toContainText('Running');

  // The member applies with a picture, as the site's promotion page will.
  const token = await operatorToken(page);
  const list = await callApi<{ items: Array<{ id: number; nameEn: string }> }>(
    request,
    'GET',
    `${adminPromotionPaths.promotions}?pageSize=100`,
    undefined,
    token,
  );
  const promotionId = list.items.find((item) => item.nameEn === slipName)!.id;
  const member = await registerMember(request, 'promo');
  const upload = await request.post(promotionPaths.uploadPicture, {
    headers: { ...apiHeaders, Authorization: member.token },
    multipart: { file: { name: 'slip.png', mimeType: 'image/png', buffer: png } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const { pictureId } = (await upload.json()).value as { pictureId: number };
  await callApi(
    request,
    'POST',
    promotionPaths.signUpRequestReward,
    { promotionId, pictures: [pictureId], remarks: 'Deposit of 500 at 10:15' },
    member.token,
  );

  await page.reload();
  const application = page.getByRole('row').filter({ hasText: member.username });
  await expect(application).toContainText('Deposit of 500 at 10:15');
  await expect(application.getByRole('img')).toBeVisible();
  await photograph(page, 'page');

  // The editor of the saved promotion, in both languages.
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Name (English)')).toHaveValue(slipName);
  await photograph(page, 'editor-saved');

  // Approve from the queue: the member's reward is issued.
  await application.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Approved: the member can claim it now.')).toBeVisible();
  const rewards = await callApi<{ content: Array<{ status: string; rewardAmount: string | null }> }>(
    request,
    'GET',
    promotionPaths.claimList,
    undefined,
    member.token,
  );
  expect(rewards.content).toMatchObject([{ status: 'issued', rewardAmount: '50.00' }]);
});

test('sign-in and rescue promotions are written with their rules in the editor', async ({ page }) => {
  const operator = await createOperator('admin');
  await page.setViewportSize({ width: 1280, height: 900 });
  await firstOperatorLogin(page, operator);
  await page.getByRole('complementary', { name: 'Main menu' }).getByRole('link', { name: 'Promotions' }).click();
  await page.getByRole('button', { name: 'New promotion' }).click();
  // A field the contract's schema refuses shows its rule in the operator's language.
  await page.getByLabel('Bonus', { exact: true }).selectOption('percent');
  await page.getByLabel('Percent of the deposit').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('1 to 120 characters').first()).toBeVisible();
  await expect(page.getByText('Required for a percent bonus: 0 to 1000, two decimals at most')).toBeVisible();
  await page.getByLabel('Kind').selectOption('LOGIN');
  await page.getByLabel('Category').selectOption('daily');
  await page.getByLabel('Name (Thai)').fill('เช็คอินรายวัน');
  await page.getByLabel('Name (English)').fill(signInName);
  await page.getByLabel('Bonus', { exact: true }).selectOption('fixed');
  await page.getByLabel('Sign-in days').selectOption('C');
  await page.getByLabel('Reward of each day').fill('5, 5, x');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('1 to 31 amounts, each with at most two decimal places')).toBeVisible();
  await page.getByLabel('Reward of each day').fill('5, 5, 10');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Promotion saved.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: signInName })).toContainText('Running');

  // A weekly rescue with two tiers.
  await page.getByRole('button', { name: 'New promotion' }).click();
  await page.getByLabel('Kind').selectOption('SAVIOR');
  await page.getByLabel('Category').selectOption('rescue');
  await page.getByLabel('Name (Thai)').fill('คืนยอดเสียรายสัปดาห์');
  await page.getByLabel('Name (English)').fill(rescueName);
  await page.getByLabel('Net loss of').selectOption('WEEKLY');
  await page.getByLabel('Tiers (net loss:percent)').fill('100:5, 1000:10');
  await page.getByRole('button', { name: 'Save' }).click();
  // The sign-in's toast may still be up: this save's is the last one.
  await expect(page.getByText('Promotion saved.').last()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: rescueName })).toContainText('Rescue');
});
