import { expect as baseExpect, test } from '@playwright/test';
import sharp from 'sharp';
import { apiHeaders } from './support/api.ts';
import { queryDatabase } from './support/database.ts';
import { createOperator, firstOperatorLogin, operatorToken } from './support/operator.ts';
import { startSession } from './support/session.ts';

/**
 * Issue 19, "Images": a banner an operator uploads reaches Chromium as AVIF at a width the server
 * made for it, with its width and height set (nothing shifts), preloaded by the page; the original
 * JPEG is never fetched by a browser that takes AVIF.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const bannerCode = `e2e-images-${Date.now().toString(36)}`;

/** A 1920 x 560 JPEG with a gradient, as an operator's banner. */
function bannerArt(): Promise<Buffer> {
  const width = 1920;
  const height = 560;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1)
      pixels.set([(x * 255) / width, 60 + (y * 120) / height, 140], (y * width + x) * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

test.afterAll(async () => {
  await queryDatabase(`DELETE FROM banner WHERE code = $1`, [bannerCode]);
});

test('an uploaded home banner is drawn from AVIF with its size set, and preloaded', async ({ page, browser }) => {
  const operator = await createOperator('admin');
  await firstOperatorLogin(page, operator);
  const token = await operatorToken(page);
  const art = await bannerArt();
  const uploaded = await page.request.post('/admin-api/media/images', {
    headers: { ...apiHeaders, Authorization: token },
    multipart: { file: { name: 'banner.jpg', mimeType: 'image/jpeg', buffer: art } },
  });
  const { value: image } = (await uploaded.json()) as { value: { url: string; sha256: string } };
  expect(image.url).toMatch(/^\/media\/\d+\/[0-9a-f]{64}-1920x560\.jpg$/);
  // First among the home banners (the demo's start at sort 0); removed again after the test.
  await queryDatabase(
    `INSERT INTO banner (merchant_id, code, group_name, title_th, title_en, image_url, sort)
     SELECT id, $1, 'home', 'ภาพทดสอบ', 'Image check', $2, -1 FROM merchant WHERE code = 'demo'`,
    [bannerCode, image.url],
  );

  // A visitor in a fresh context: Chromium asks for images with `Accept: image/avif,...`.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const site = await context.newPage();
  const fetched: { url: string; type: string }[] = [];
  site.on('response', (response) => {
    if (response.url().includes(`/${image.sha256}`))
      fetched.push({ url: new URL(response.url()).pathname, type: response.headers()['content-type'] ?? '' });
  });
  await startSession(site, 'EN');
  await site.goto('/');
  const first = site.locator('.carousel__slide').first().locator('img.carousel__image');
  await expect(first).toHaveJSProperty('complete', true);
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const drawn = await first.evaluate((img: HTMLImageElement) => ({
    currentSrc: new URL(img.currentSrc).pathname,
    width: img.getAttribute('width'),
    height: img.getAttribute('height'),
    fetchPriority: img.getAttribute('fetchpriority'),
    isInPicture: img.parentElement?.tagName === 'PICTURE',
  }));
  expect(drawn).toMatchObject({ width: '1920', height: '560', fetchPriority: 'high', isInPicture: true });
  expect(drawn.currentSrc).toMatch(new RegExp(`/${image.sha256}-(360|720|1080|1600)\\.avif$`));
  const avif = fetched.find((response) => response.url === drawn.currentSrc);
  expect(avif?.type).toBe('image/avif');
  // The fallback original is not fetched by a browser that takes AVIF.
  expect(fetched.filter((response) => response.url.endsWith('.jpg'))).toEqual([]);

  // The page itself preloads the AVIF its <picture> chooses.
  const html = await (await site.request.get('/')).text();
  expect(html).toContain(`href="${image.url}" imagesrcset="`);
  expect(html).toContain('imagesizes="100vw" type="image/avif" fetchpriority="high"');
  await context.close();
});
