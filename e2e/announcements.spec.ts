import { expect as baseExpect, test, type Locator } from '@playwright/test';
import { PNG } from 'pngjs';
import { createOperator, firstOperatorLogin } from './support/operator.ts';
import { startSession } from './support/session.ts';

/**
 * Issue 15, "Content": an operator publishes a promotion with an image uploaded through the
 * back-office, and the member site shows it (card and detail, the image loaded, the script the
 * operator pasted gone) without a restart.
 */
const expect = baseExpect.configure({ timeout: 15_000 });

/** A real 64 x 32 PNG, as an operator's art. */
function promoArt(): Buffer {
  const png = new PNG({ width: 64, height: 32 });
  for (let index = 0; index < png.data.length; index += 4) png.data.set([230, 120, 40, 255], index);
  return PNG.sync.write(png);
}

/** The address a loaded image was drawn from (its chosen source), or null while it has not loaded. */
const drawnFrom = (image: Locator) =>
  image.evaluate((element: HTMLImageElement) =>
    element.complete && element.naturalWidth > 0 ? new URL(element.currentSrc).pathname : null,
  );

test('an operator publishes a promotion with an uploaded image and the member site shows it', async ({ page }) => {
  const title = `Weekend promo ${Date.now().toString(36)}`;
  const operator = await createOperator('admin');
  await firstOperatorLogin(page, operator);
  await page.getByRole('complementary', { name: 'Main menu' }).getByRole('link', { name: 'Announcements' }).click();
  await page.getByRole('button', { name: 'New announcement' }).click();
  const dialog = page.getByRole('dialog', { name: 'New announcement' });
  await dialog.getByLabel('Type', { exact: true }).selectOption('PR');
  await dialog.getByLabel('Title (Thai)').fill(`โปร ${title}`);
  await dialog.getByLabel('Title (English)').fill(title);
  await dialog
    .getByLabel('Text (English)')
    .fill('<p>Deposit today, <b>play all weekend</b></p><script>window.hacked=1</script>');
  await dialog
    .getByLabel('Image', { exact: true })
    .setInputFiles({ name: 'promo.png', mimeType: 'image/png', buffer: promoArt() });
  const preview = dialog.getByRole('img', { name: 'Image' });
  await expect(preview).toHaveJSProperty('naturalWidth', 64);
  const imageUrl = await preview.getAttribute('src');
  expect(imageUrl).toMatch(/^\/media\/\d+\/[0-9a-f]{64}-64x32\.png$/);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Announcement created: the site shows it now')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();

  // A visitor in another tab: the promotions page lists it with its art, the detail shows the text without the script.
  const site = await page.context().newPage();
  await startSession(site, 'EN');
  await site.goto('/promotions');
  const card = site.getByRole('link', { name: new RegExp(title) });
  await expect(card).toBeVisible();
  // Drawn from the AVIF variant the server made at the image's own width (issue 19); with a `w`
  // descriptor the browser reports naturalWidth in CSS pixels of `sizes`, so the address is what says it.
  const avifUrl = imageUrl!.replace('-64x32.png', '-64.avif');
  await expect.poll(() => drawnFrom(card.locator('img'))).toBe(avifUrl);
  await card.click();
  await expect(site.getByRole('heading', { name: title })).toBeVisible();
  await expect.poll(() => drawnFrom(site.locator('.promotion-detail img.announcement-art'))).toBe(avifUrl);
  await expect(site.getByText('play all weekend')).toBeVisible();
  expect(await site.evaluate(() => (window as Window & { hacked?: number }).hacked)).toBeUndefined();
  expect(await site.locator('.promotion-detail script').count()).toBe(0);

  // The image's own address: long cache, its type, nothing sniffed.
  const image = await site.request.get(imageUrl!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
  expect(image.headers()['cache-control']).toContain('immutable');
  expect(image.headers()['x-content-type-options']).toBe('nosniff');
});
