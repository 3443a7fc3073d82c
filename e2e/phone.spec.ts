import { depositPaths } from '@lotus/contract';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { paths } from '../apps/web/src/config/paths.ts';
import { apiHeaders } from './support/api.ts';
import { registerMember, type RegisteredMember } from './support/members.ts';
import { startSession, type Language } from './support/session.ts';

/**
 * The site on phones (issue 13, point 10): at 360 and 390 px, logged out and logged in, no page may
 * be wider than the screen, and the bottom tab bar is there, usable and out of the page's way; at
 * 1440 px there is none. The pages are every address of the site's route config
 * (apps/web/src/config/paths.ts), so a new page is measured without touching this file, and the
 * member centre's pages are the ones its own navigation lists. Also the DEMOPAY pay page (point 12):
 * Thai in the site's font, on a phone.
 */
/** Several engines share this machine; a page and its data can take longer than the default 5 s. */
const expect = baseExpect.configure({ timeout: 15_000 });

/** Every page address in the route config: single paths, lists of paths, and pages per key. */
function siteAddresses(): string[] {
  const addresses = new Set<string>();
  for (const entry of Object.values(paths) as unknown[]) {
    if (Array.isArray(entry)) entry.forEach((address) => addresses.add(String(address)));
    if (typeof entry !== 'object' || entry === null) continue;
    const page = entry as { path?: unknown; paths?: unknown; keys?: unknown };
    if (typeof page.path === 'string') addresses.add(page.path);
    if (Array.isArray(page.paths)) page.paths.forEach((address) => addresses.add(String(address)));
    if (Array.isArray(page.keys)) page.keys.forEach((key) => addresses.add(`/${String(key)}`));
  }
  return [...addresses];
}

const addresses = siteAddresses();
/** Pages without the tab bar: the bare help page (popups, the apps' web views) and the game, whose controls nothing may cover. */
const addressesWithoutTabBar: readonly string[] = [paths.helpBare.path, paths.game.path];

const texts = {
  TH: {
    tabBar: 'เมนูด่วน',
    deposit: 'ฝากเงิน',
    member: 'สมาชิก',
    service: 'ติดต่อเรา',
    login: 'เข้าสู่ระบบ',
    memberCentre: 'ศูนย์สมาชิก',
  },
  EN: {
    tabBar: 'Quick menu',
    deposit: 'Deposit',
    member: 'Member',
    service: 'Contact us',
    login: 'Log in',
    memberCentre: 'Member centre',
  },
} as const;

const tabBarOf = (page: Page, language: Language) => page.getByRole('navigation', { name: texts[language].tabBar });

/** Waits for the page's data (no spinner), the logged-in strip's balance and the Thai font, which is narrower than the fallback. */
async function settle(page: Page, isLoggedIn: boolean): Promise<void> {
  await expect(page.locator('main').first()).toBeVisible();
  await expect(page.locator('.spinner')).toHaveCount(0);
  if (isLoggedIn) await expect(page.locator('.account-strip__amount')).toHaveText(/\d/);
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}

async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${what}: the page is ${scrollWidth} px wide on a ${innerWidth} px screen`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/** Each tab is a touch target of at least 44 x 44 px, and the bar sits on the screen's bottom edge. */
async function expectUsableTabBar(page: Page, tabBar: Locator): Promise<void> {
  await expect(tabBar.getByRole('listitem')).toHaveCount(5);
  const viewport = page.viewportSize()!;
  const bar = (await tabBar.boundingBox())!;
  expect(Math.round(bar.y + bar.height)).toBe(viewport.height);
  for (const tab of await tabBar.locator('a, button').all()) {
    const box = (await tab.boundingBox())!;
    expect(box.width, await tab.innerText()).toBeGreaterThanOrEqual(44);
    expect(box.height, await tab.innerText()).toBeGreaterThanOrEqual(44);
  }
}

let member: RegisteredMember;
test.beforeAll(async ({ request }) => {
  member = await registerMember(request, 'phone');
});

// Every address in two widths is some fifty page loads a test: on a busy machine 30 s is too short.
test.describe.configure({ timeout: 240_000 });

/**
 * The narrowest width in both languages, and in Thai (the site's default) also the commonest. Each page
 * is loaded once per language and measured at each of its widths by resizing the window, which lays the
 * page out again as a load at that width does (the phone widths differ only in CSS, no breakpoint lies
 * between them): one load instead of one per width.
 */
const widthsOf = { TH: [360, 390], EN: [360] } as const satisfies Record<Language, readonly number[]>;

for (const language of ['TH', 'EN'] as const) {
  const widths = widthsOf[language];
  for (const isLoggedIn of [false, true]) {
    test(`${isLoggedIn ? 'logged in' : 'logged out'}, ${language}, ${widths.join(' and ')} px: every page fits the screen and has the tab bar`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: widths[0], height: 780 });
      await startSession(page, language);
      if (isLoggedIn) await page.addInitScript((token) => window.sessionStorage.setItem('token', token), member.token);
      const tabBar = tabBarOf(page, language);

      for (const address of addresses) {
        await page.goto(address);
        await settle(page, isLoggedIn && address !== paths.helpBare.path);
        for (const width of widths) {
          await page.setViewportSize({ width, height: 780 });
          await expectNoSidewaysScroll(page, `${address} in ${language} at ${width} px`);
          if (addressesWithoutTabBar.includes(address)) await expect(tabBar, address).toHaveCount(0);
          else await expect(tabBar, `${address} at ${width} px`).toBeVisible();
        }
      }

      for (const width of widths) {
        await page.setViewportSize({ width, height: 780 });
        await page.goto(paths.home.getHref());
        await settle(page, isLoggedIn);
        await expectUsableTabBar(page, tabBar);
        await expect(tabBar.getByRole('link', { name: language === 'TH' ? 'หน้าแรก' : 'Home' })).toHaveAttribute(
          'aria-current',
          'page',
        );

        // The page's end stays above the bar: the footer's last line is not hidden behind it.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const barTop = (await tabBar.boundingBox())!.y;
        const footerEnd = (await page.locator('.site-footer > *').last().boundingBox())!;
        expect(footerEnd.y + footerEnd.height).toBeLessThanOrEqual(barTop);

        // Contact us opens the service list above the bar (no floating button on phones).
        await expect(page.locator('.service-bar__fab')).toBeHidden();
        await tabBar.getByRole('button', { name: texts[language].service }).click();
        const serviceList = page.locator('#service-bar-list');
        await expect(serviceList).toBeVisible();
        const list = (await serviceList.boundingBox())!;
        expect(list.y + list.height).toBeLessThanOrEqual(barTop);
        expect(list.x).toBeGreaterThanOrEqual(0);
        expect(list.x + list.width).toBeLessThanOrEqual(width);
        await tabBar.getByRole('button', { name: texts[language].service }).click();
        await expect(serviceList).toBeHidden();

        if (!isLoggedIn) {
          // Deposit and the member centre meet the login gate.
          for (const tab of [texts[language].deposit, texts[language].member]) {
            await tabBar.getByRole('button', { name: tab, exact: true }).click();
            const login = page.getByRole('dialog', { name: texts[language].login });
            await expect(login).toBeVisible();
            await expectNoSidewaysScroll(page, `the login modal from ${tab} at ${width} px`);
            await login.getByRole('button', { name: language === 'TH' ? 'ปิด' : 'Close' }).click();
            await expect(login).toBeHidden();
          }
          continue;
        }

        // Logged in, the header keeps the balance; the name, deposit and logout are in the tab bar and the drawer.
        await expect(page.locator('.account-strip__amount')).toBeVisible();
        await expect(page.locator('.account-strip__deposit')).toBeHidden();
        await expect(page.locator('.account-strip__logout')).toBeHidden();

        // Deposit opens the member centre on its deposit page; then each of the centre's pages fits.
        await tabBar.getByRole('button', { name: texts[language].deposit, exact: true }).click();
        const centre = page.getByRole('dialog', { name: texts[language].memberCentre });
        await expect(centre.locator('.member-centre__nav-item[aria-current="page"]')).toHaveText(
          texts[language].deposit,
        );
        const centrePages = centre.locator('.member-centre__nav-item');
        const centrePageCount = await centrePages.count();
        expect(centrePageCount).toBeGreaterThan(1);
        for (let index = 0; index < centrePageCount; index++) {
          const item = centrePages.nth(index);
          await item.click();
          await expect(item).toHaveAttribute('aria-current', 'page');
          await settle(page, true);
          await expectNoSidewaysScroll(page, `member centre: ${await item.innerText()} in ${language} at ${width} px`);
          const panel = (await centre.boundingBox())!;
          expect(panel.x).toBeGreaterThanOrEqual(0);
          expect(panel.x + panel.width).toBeLessThanOrEqual(width);
        }
      }
    });
  }
}

test("logged in on a phone, the drawer holds the language and the member's buttons; logout is there", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 780 });
  await startSession(page, 'EN');
  await page.addInitScript((token) => window.sessionStorage.setItem('token', token), member.token);
  await page.goto(paths.promotions.getHref());
  await settle(page, true);
  await expect(page.locator('.top-bar').getByRole('group', { name: 'Language' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('complementary', { name: 'Side menu' });
  await expect(drawer.getByRole('group', { name: 'Language' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: `Member centre: ${member.username}` })).toBeVisible();
  await drawer.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('dialog', { name: 'Notice' })).toBeVisible();
});

test("at 1440 px there is no tab bar; the header has the member's buttons", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await startSession(page, 'EN');
  await page.addInitScript((token) => window.sessionStorage.setItem('token', token), member.token);
  for (const address of [paths.home.getHref(), paths.promotions.getHref(), paths.lobby.getHref('rng')]) {
    await page.goto(address);
    await settle(page, true);
    await expect(page.locator('.tab-bar')).toHaveCount(0);
  }
  await expect(page.locator('.account-strip__deposit')).toBeVisible();
  await expect(page.locator('.account-strip__logout')).toBeVisible();
  await expect(page.locator('.service-bar__list')).toBeVisible();
});

test("the DEMOPAY pay page draws its Thai in the site's font, served from the site, and fits a phone", async ({
  page,
}) => {
  const created = await page.request.post(depositPaths.create, {
    headers: { ...apiHeaders, Authorization: member.token, 'Idempotency-Key': randomUUID() },
    data: { methodCode: 'DEMOPAY', amount: '100' },
  });
  const task = (await created.json()) as { success: boolean; value: { payUrl?: string } | null; errorCode?: string };
  expect(task.success, `deposit: ${task.errorCode}`).toBe(true);

  await page.setViewportSize({ width: 360, height: 780 });
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') violations.push(message.text());
  });
  await page.goto(task.value!.payUrl!);
  await expect(page.getByRole('button', { name: 'ชำระเงิน / Pay' })).toBeVisible();
  const loadedFaces = await page.evaluate(async () => {
    await document.fonts.ready;
    const faces: string[] = [];
    document.fonts.forEach((face) => {
      if (face.status === 'loaded') faces.push(`${face.family.replace(/["']/g, '')} ${face.weight}`);
    });
    return faces;
  });
  expect(loadedFaces).toContain('Noto Sans Thai 400');
  expect(loadedFaces).toContain('Noto Sans Thai 700');
  await expectNoSidewaysScroll(page, 'the DEMOPAY page');
  // The policy let the font in (a refusal is a console error).
  expect(violations).toEqual([]);

  const fontUrls = await page.evaluate(() =>
    [...document.querySelector('style')!.textContent!.matchAll(/url\(([^)]+)\)/g)].map((match) => match[1]!),
  );
  expect(fontUrls.length).toBeGreaterThan(0);
  for (const url of fontUrls) {
    const font = await page.request.get(url);
    expect(font.status(), url).toBe(200);
    expect(font.headers()['content-type'], url).toBe(url.endsWith('.woff2') ? 'font/woff2' : 'font/woff');
  }
});
