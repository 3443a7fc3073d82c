import { expect, test, type Page } from '@playwright/test';
import { startSession, type Language } from './support/session.ts';

/**
 * The demo content a visitor meets first (issue 13 point 13): banners whose words are text over the
 * art and fit on a phone, a popup and news dated by the seed, this year's copyright, and promotion
 * links that open pages the site has.
 */

/** Every corner of `inner` lies inside `outer` (1 px of rounding allowed): nothing is cropped. */
async function expectInside(page: Page, innerSelector: string, outerSelector: string, what: string) {
  const [inner, outer] = await Promise.all([
    page.locator(innerSelector).boundingBox(),
    page.locator(outerSelector).boundingBox(),
  ]);
  expect(inner, what).not.toBeNull();
  expect(outer).not.toBeNull();
  expect(inner!.x, what).toBeGreaterThanOrEqual(outer!.x - 1);
  expect(inner!.y, what).toBeGreaterThanOrEqual(outer!.y - 1);
  expect(inner!.x + inner!.width, what).toBeLessThanOrEqual(outer!.x + outer!.width + 1);
  expect(inner!.y + inner!.height, what).toBeLessThanOrEqual(outer!.y + outer!.height + 1);
}

for (const language of ['TH', 'EN'] as const satisfies Language[]) {
  for (const width of [360, 390, 1440]) {
    test(`${language} ${width}px: every home banner shows its headline, line and button uncropped`, async ({
      page,
    }) => {
      await startSession(page, language);
      await page.setViewportSize({ width, height: 860 });
      await page.goto('/');
      const dots = page.locator('.carousel__dot');
      await expect(dots).toHaveCount(3);
      for (let index = 0; index < 3; index++) {
        await dots.nth(index).click();
        const slide = '.carousel__slide--active';
        await expect(page.locator(`${slide} .carousel__button`)).toBeVisible();
        for (const part of ['.carousel__title', '.carousel__subtitle', '.carousel__button']) {
          await expectInside(page, `${slide} ${part}`, '.carousel', `banner ${index + 1} ${part}`);
          // Wrapped, not overflowing its own box either.
          const overflows = await page
            .locator(`${slide} ${part}`)
            .evaluate((element) => element.scrollWidth > element.clientWidth + 1);
          expect(overflows, `banner ${index + 1} ${part} overflows`).toBe(false);
        }
      }
    });
  }
}

test('the popup, the news and the copyright are current', async ({ page }) => {
  await page.addInitScript(() => window.sessionStorage.setItem('lang', 'EN'));
  await page.goto('/');
  const popup = page.getByRole('dialog', { name: 'A 50% reload bonus every day' });
  await expect(popup).toBeVisible();
  // Published a week ago: DD/MM/YYYY within the last 60 days.
  const [day, month, year] = (await popup.locator('.popup-announcement__date').innerText()).split('/').map(Number);
  const ageDays = (Date.now() - new Date(year!, month! - 1, day!).getTime()) / 86_400_000;
  expect(ageDays).toBeGreaterThanOrEqual(0);
  expect(ageDays).toBeLessThan(60);
  await popup.getByRole('button', { name: 'Close' }).click();

  const news = page.locator('.marquee__list').first();
  await expect(news).toContainText('Thai lottery draw dates');
  expect(await news.innerText()).not.toMatch(/20\d\d/);
  await expect(page.locator('.site-footer__copyright')).toHaveText(
    `© 2019-${new Date().getFullYear()} Lotus88. All rights reserved.`,
  );
});

test('every link in a promotion and every banner button opens a page of the site', async ({ page }) => {
  await startSession(page, 'EN');
  await page.goto('/promotions');
  const cards = page.locator('.promotion-card');
  // The demo's four, and any promotion an earlier journey published on this database (announcements.spec).
  await expect(cards.nth(3)).toBeVisible();
  const details = await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  const targets = new Set<string>();
  for (const detail of details) {
    await page.goto(detail);
    await expect(page.locator('.promotion-detail__body')).toBeVisible();
    for (const href of await page
      .locator('.promotion-detail__body a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!)))
      targets.add(href);
  }
  await page.goto('/');
  for (const href of await page
    .locator('.carousel__button')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')!)))
    targets.add(href);
  // The partner programme (the referral promotion's page) is among them.
  expect([...targets]).toContain('/join');
  for (const href of targets) {
    await page.goto(href);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main').first()).toBeVisible();
    await expect(page.locator('.not-found'), `${href} is a page of the site`).toHaveCount(0);
  }
});
