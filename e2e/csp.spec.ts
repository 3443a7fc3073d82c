import { expect as baseExpect, test, type Page } from '@playwright/test';
import { e2ePort } from './support/environment.ts';
import { depositWithDemoPay, registerMember, type RegisteredMember } from './support/members.ts';
import { accountStrip } from './support/session.ts';

/**
 * The strict Content-Security-Policy in a real browser: the main pages (and the house game in its
 * frame) load and run without one CSP violation and without an uncaught error. A violation is seen
 * two ways: the browser's own console message, and the `securitypolicyviolation` event, which an
 * init script (run in every frame) reports to the test.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

/** Starts listening on `page`; the returned list fills as problems happen. */
async function watchForProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeBinding('__reportCspViolation', ({ frame }, violation: string) =>
    problems.push(`CSP violation in ${frame.url()}: ${violation}`),
  );
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as Window & { __reportCspViolation?: (violation: string) => void }).__reportCspViolation;
      report?.(
        `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) =>
    problems.push(`uncaught error: ${error.message} ${error.stack?.split('\n').slice(1, 3).join(' ') ?? ''}`),
  );
  return problems;
}

/** Lets the page finish what it started (lazy chunks, images, the balance stream's first event). */
async function settle(page: Page): Promise<void> {
  // The logged-in balance stream keeps a request open, so the network may never go idle: wait a while, not forever.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}

/**
 * As support/session.ts startSession, but only in the top frame: the house game's frame is sandboxed
 * without storage, where touching sessionStorage would throw the very error this spec looks for.
 */
async function startTopFrameSession(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (window.top !== window) return;
    window.sessionStorage.setItem('lang', 'EN');
    window.sessionStorage.setItem('popupShown', '1');
  });
}

const mainContent = (page: Page) => page.locator('main, [role="main"]').first();

test('the watch sees a violation and an uncaught error', async ({ page }) => {
  // Without this, a watch that heard nothing would pass every test below.
  const problems = await watchForProblems(page);
  await page.goto('/');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'void 0';
    document.head.append(script);
    setTimeout(() => {
      throw new Error('thrown on purpose');
    });
  });
  await expect
    .poll(() => problems.some((problem) => problem.startsWith('CSP violation') && problem.includes('script-src')))
    .toBe(true);
  await expect.poll(() => problems.some((problem) => problem.includes('thrown on purpose'))).toBe(true);
});

test('the public pages of the site', async ({ page }) => {
  const problems = await watchForProblems(page);
  await startTopFrameSession(page);
  const pages: { path: string; ready: (page: Page) => Promise<void> }[] = [
    { path: '/', ready: (page) => expect(page.locator('.game-tile').first()).toBeVisible() },
    { path: '/rng', ready: (page) => expect(page.locator('.game-tile').first()).toBeVisible() },
    { path: '/sports', ready: (page) => expect(mainContent(page)).toBeVisible() },
    { path: '/fair', ready: (page) => expect(mainContent(page)).toBeVisible() },
  ];
  for (const { path, ready } of pages) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy'], `${path} is served with the CSP`).toContain(
      "script-src 'self'",
    );
    await ready(page);
    await page.mouse.wheel(0, 3000);
    await settle(page);
  }
  expect(problems).toEqual([]);
});

test.describe('logged in', () => {
  let member: RegisteredMember;
  test.beforeAll(async ({ request }) => {
    member = await registerMember(request, 'csp');
    await depositWithDemoPay(request, member.token, '100');
  });

  test('the member centre and a house game in its frame', async ({ page, request }) => {
    // The house vendor starts with the server; its game page is framed by /game.
    await expect
      .poll(
        async () => (await request.get(`http://127.0.0.1:${e2ePort + 1}/health`).catch(() => null))?.ok() ?? false,
        { timeout: 30_000 },
      )
      .toBe(true);
    const problems = await watchForProblems(page);
    await startTopFrameSession(page);
    await page.addInitScript((token) => {
      if (window.top === window) window.sessionStorage.setItem('token', token);
    }, member.token);
    await page.goto('/');
    const strip = accountStrip(page);
    await strip.getByRole('button', { name: /^Member centre/ }).click();
    const centre = page.getByRole('dialog', { name: 'Member centre' });
    await expect(centre).toBeVisible();
    // Every page of the centre loads its own chunk and styles.
    const navigation = centre.getByRole('navigation', { name: 'Member centre' }).getByRole('button');
    for (let index = 0; index < (await navigation.count()); index += 1) {
      await navigation.nth(index).click();
      await expect(navigation.nth(index)).toHaveAttribute('aria-current', 'page');
      await settle(page);
    }
    await page.keyboard.press('Escape');

    await page.goto('/rng?page=LTSLOT');
    await page.getByRole('button', { name: 'Play Lucky Lotus' }).first().click();
    await expect(page).toHaveURL(/\/game$/);
    await expect(page.frameLocator('iframe.game-frame__iframe').getByRole('button', { name: 'Spin' })).toBeEnabled({
      timeout: 30_000,
    });
    await settle(page);
    expect(problems).toEqual([]);
  });
});

test('the back-office login page', async ({ page }) => {
  const problems = await watchForProblems(page);
  const response = await page.goto('/admin/login');
  expect(response?.headers()['content-security-policy']).toBeTruthy();
  await expect(page.getByRole('button').first()).toBeVisible();
  await settle(page);
  expect(problems).toEqual([]);
});
