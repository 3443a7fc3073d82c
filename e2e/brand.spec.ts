import { expect as baseExpect, test, type Page } from '@playwright/test';
import { createOperator, firstOperatorLogin } from './support/operator.ts';
import { startSession } from './support/session.ts';

/**
 * Issue 15, "Brands": a platform operator creates a brand in the back-office (its first operator's
 * password shown once), then changes the demo brand's main colour and the member site, opened
 * afterwards in another tab, draws with it without a restart. The colour is put back at the end so
 * the journeys after this one (accessibility's contrast checks) see the brand as seeded.
 */
const expect = baseExpect.configure({ timeout: 15_000 });

const mainColour = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim());

async function setMainColour(page: Page, colour: string): Promise<void> {
  await page.getByRole('button', { name: 'Colours' }).click();
  const field = page.getByRole('textbox', { name: 'Main colour', exact: true });
  await field.fill(colour);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. The site shows the change now.').first()).toBeVisible();
}

test('a platform operator creates a brand and changes a theme the member site then draws', async ({ page }) => {
  const code = `e2e${Date.now().toString(36)}`;
  const operator = await createOperator('platform');
  await firstOperatorLogin(page, operator);
  await page.getByRole('complementary', { name: 'Main menu' }).getByRole('link', { name: 'Brands' }).click();
  await expect(page.getByRole('heading', { name: 'Brands' })).toBeVisible();

  await page.getByRole('button', { name: 'Create a brand' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a brand' });
  await dialog.getByLabel('Code', { exact: true }).fill(code);
  await dialog.getByLabel('Brand name').fill(`Brand ${code}`);
  await dialog.getByLabel('Primary domain').fill(`www.${code}.example`);
  await dialog.getByRole('button', { name: 'Create a brand' }).click();
  const created = page.getByRole('dialog', { name: 'Brand created' });
  await expect(created.getByTestId('one-time-password')).not.toBeEmpty();
  await created.getByRole('button', { name: 'I have copied the password' }).click();
  await expect(page.getByRole('row').filter({ hasText: `Brand ${code}` })).toBeVisible();

  // The demo brand's main colour, as the member site draws it before and after the save.
  const site = await page.context().newPage();
  await startSession(site, 'EN');
  await site.goto('/');
  const seeded = await mainColour(site);
  expect(seeded).not.toBe('');
  const changed = seeded.toLowerCase() === '#1f7a3d' ? '#7a1f5c' : '#1f7a3d';

  await page.getByRole('row').filter({ hasText: 'demo' }).first().click();
  await expect(page.getByRole('heading', { name: /Settings of/ })).toBeVisible();
  await setMainColour(page, changed);
  await site.reload();
  await expect.poll(() => mainColour(site)).toBe(changed);

  await setMainColour(page, seeded);
  await site.reload();
  await expect.poll(() => mainColour(site)).toBe(seeded);
});
