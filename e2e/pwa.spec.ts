import { mkdirSync } from 'node:fs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { registerMember, type RegisteredMember } from './support/members.ts';
import { startSession, type Language } from './support/session.ts';

/**
 * The installable app (issue 19): the merchant's manifest is linked and valid under the strict CSP,
 * the service worker registers after the page has loaded and, once it has installed, a reload with the
 * network gone shows the offline page (TH and EN) instead of the browser's error; API answers are never
 * in its caches. Screenshots of the download page and the notification settings, TH and EN, at
 * 360 px and desktop width, go to .tmp/h-pwa/shots.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });
const shots = '.tmp/h-pwa/shots';

function watchCsp(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`uncaught error: ${error.message}`));
  return problems;
}

test('the manifest is linked and valid, the service worker registers, and offline pages show the offline page', async ({
  page,
  context,
}) => {
  const problems = watchCsp(page);
  await startSession(page);
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');

  // The browser fetches and parses it under manifest-src 'self' (a violation would be in the console).
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Lotus88',
    short_name: 'Lotus88',
    display: 'standalone',
    start_url: '/?source=pwa',
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((candidate) => candidate.sizes === size && candidate.purpose === 'any');
    expect(icon, size).toBeTruthy();
    const image = await page.request.get(icon!.src);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }

  // Registered after load, from its own chunk; ready once installed (the shell precached) and active.
  const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? null);
  expect(scriptUrl).toMatch(/\/sw\.js$/);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // Nothing of the API is cached: money never shows stale.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/offline.html');
  expect(cached.filter((path) => /^\/(wps|lgw|api)\//.test(path))).toEqual([]);

  await context.setOffline(true);
  try {
    await page.reload();
    const offline = page.getByTestId('offline-page');
    await expect(offline).toBeVisible();
    await expect(offline.getByRole('heading', { name: 'ไม่ได้เชื่อมต่ออินเทอร์เน็ต' })).toBeVisible();
    await expect(offline.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    // Another page of the site, never visited: the same.
    await page.goto('/promotions');
    await expect(page.getByTestId('offline-page')).toBeVisible();
    mkdirSync(shots, { recursive: true });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: `${shots}/offline-360.png`, fullPage: true });
  } finally {
    await context.setOffline(false);
  }
  await page.reload();
  await expect(page.getByTestId('offline-page')).toHaveCount(0);
  expect(problems).toEqual([]);
});

const texts = {
  TH: {
    download: 'ดาวน์โหลดแอป',
    webapp: 'ติดตั้งเว็บแอป',
    ios: 'iPhone และ iPad (Safari)',
    push: 'การแจ้งเตือน',
    install: 'ติดตั้งแอป',
    dismissed: 'ยังไม่ได้ติดตั้ง',
    member: 'สมาชิก',
    centre: 'ศูนย์สมาชิก',
    tabBar: 'เมนูด่วน',
  },
  EN: {
    download: 'Download the app',
    webapp: 'Install the web app',
    ios: 'iPhone and iPad (Safari)',
    push: 'Notifications',
    install: 'Install the app',
    dismissed: 'Not installed.',
    member: 'Member',
    centre: 'Member centre',
    tabBar: 'Quick menu',
  },
} as const;

test.describe('screenshots', () => {
  let member: RegisteredMember;
  test.beforeAll(async ({ request }) => {
    member = await registerMember(request, 'pwa');
  });

  for (const language of ['TH', 'EN'] as const satisfies readonly Language[]) {
    test(`the download page and the notification settings in ${language}, 360 px and desktop`, async ({ page }) => {
      mkdirSync(shots, { recursive: true });
      const problems = watchCsp(page);
      await startSession(page, language);
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/down');
        await expect(page.getByRole('heading', { name: texts[language].download, level: 1 })).toBeVisible();
        const webapp = page.locator('#webapp');
        await expect(webapp.getByRole('heading', { name: texts[language].webapp })).toBeVisible();
        await expect(webapp.getByRole('heading', { name: texts[language].ios })).toBeVisible();
        // QR codes drawn here from the addresses (no image fetched): the site's own and each app's.
        await expect(page.locator('svg.qr-code')).toHaveCount(4);
        await expect(webapp.locator('svg.qr-code')).toHaveAttribute('aria-label', /http:\/\/127\.0\.0\.1:\d+\//);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${shots}/download-${language}-${width}.png`, fullPage: true });
        if (width === 360) {
          // Android's install offer (Chromium's beforeinstallprompt, simulated: headless has none) shows
          // the install button; it opens the browser's dialog, and a refusal is said.
          await expect(webapp.getByRole('button', { name: texts[language].install })).toHaveCount(0);
          await page.evaluate(() => {
            const offer = new Event('beforeinstallprompt', { cancelable: true });
            Object.assign(offer, {
              prompt: async () => {
                (window as Window & { __prompted?: boolean }).__prompted = true;
              },
              userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
            });
            window.dispatchEvent(offer);
          });
          const install = webapp.getByRole('button', { name: texts[language].install });
          await expect(install).toBeVisible();
          await webapp.screenshot({ path: `${shots}/download-install-${language}-${width}.png` });
          await install.click();
          await expect(webapp.getByRole('status')).toContainText(texts[language].dismissed);
          expect(await page.evaluate(() => (window as Window & { __prompted?: boolean }).__prompted)).toBe(true);
        }
      }

      await page.addInitScript((token) => window.sessionStorage.setItem('token', token), member.token);
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/');
        if (width === 360)
          await page
            .getByRole('navigation', { name: texts[language].tabBar })
            .getByRole('button', { name: texts[language].member, exact: true })
            .click();
        else await page.locator('.account-strip__name').click();
        const centre = page.getByRole('dialog', { name: texts[language].centre });
        const settings = centre.getByTestId('push-settings');
        await expect(settings.getByRole('heading', { name: texts[language].push })).toBeVisible();
        // Deposit, withdrawal and promotion; contract offers are for agents only.
        await expect(settings.getByRole('switch')).toHaveCount(3);
        await settings.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${shots}/push-settings-${language}-${width}.png` });
        await settings.screenshot({ path: `${shots}/push-settings-panel-${language}-${width}.png` });
      }
      expect(problems).toEqual([]);
    });
  }
});

/**
 * Turning notifications on when the browser does not go along (walked at 360 px, issue 19): headless
 * Chromium refuses the permission unless granted, and, granted, its push service refuses the
 * subscription (no Web Push in its private profile), as a phone without a push service would; either
 * way the member is told why, once, and nothing stays busy.
 */
test('turning notifications on: a refused permission and a push service that refuses are both explained', async ({
  page,
  context,
  request,
}) => {
  const member = await registerMember(request, 'pushno');
  const problems = watchCsp(page);
  await startSession(page, 'EN');
  await page.addInitScript((token) => window.sessionStorage.setItem('token', token), member.token);
  await page.setViewportSize({ width: 360, height: 800 });
  const openSettings = async () => {
    await page.goto('/');
    await page
      .getByRole('navigation', { name: texts.EN.tabBar })
      .getByRole('button', { name: texts.EN.member, exact: true })
      .click();
    const settings = page.getByRole('dialog', { name: texts.EN.centre }).getByTestId('push-settings');
    await settings.getByRole('checkbox', { name: /I agree to receive notifications/ }).check();
    await settings.getByRole('button', { name: 'Turn on for this device' }).click();
    return settings;
  };

  const refused = await openSettings();
  await expect(refused.getByRole('alert')).toHaveText(/^Notifications are blocked for this site/);
  await expect(refused.getByText(/Notifications are blocked for this site/)).toHaveCount(1);
  await expect(refused.getByRole('button', { name: 'Turn on for this device' })).toBeDisabled();

  await context.clearPermissions();
  await context.grantPermissions(['notifications']);
  const unavailable = await openSettings();
  await expect(unavailable.getByRole('alert')).toHaveText(/^This browser could not sign this device up/);
  await expect(unavailable.getByRole('status')).toHaveCount(0);
  await expect(unavailable.getByRole('switch').first()).toBeEnabled();
  mkdirSync(shots, { recursive: true });
  await unavailable.screenshot({ path: `${shots}/push-unavailable-EN-360.png` });
  expect(problems).toEqual([]);
});
