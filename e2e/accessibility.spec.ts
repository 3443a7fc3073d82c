import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { registerMember, type RegisteredMember } from './support/members.ts';
import { createOperator, firstOperatorLogin, type Operator } from './support/operator.ts';
import { startSession, type Language } from './support/session.ts';

/**
 * axe (WCAG 2.0, 2.1 and 2.2, levels A and AA) on the pages a member and an operator see most: the
 * home page, a lobby, the login and register modals, the member centre and the back-office
 * dashboard, the site in Thai (its default) and in English. A serious or critical violation fails
 * the test with its rule, the elements it found and axe's help, so the report says what to fix.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
// axe walks every node of a page; on this shared two-core machine one run can take most of a minute.
test.describe.configure({ timeout: 120_000 });
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const failingImpacts = new Set(['serious', 'critical']);

/**
 * `within`: only this part of the page (a modal over the home page, whose page is checked on its own:
 * axe's run on a whole page is most of this spec's time).
 */
async function expectNoSeriousViolations(page: Page, what: string, within?: string): Promise<void> {
  // Finite animations (a modal's fade-in) settle first: axe measures contrast on what is drawn. The
  // marquee runs forever and is left running.
  await page.evaluate(async () => {
    await document.fonts.ready;
    const settling = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(settling.map((animation) => animation.finished.catch(() => undefined)));
  });
  const builder = new AxeBuilder({ page }).withTags(wcagTags);
  const results = await (within ? builder.include(within) : builder).analyze();
  const serious = results.violations.filter((violation) => failingImpacts.has(violation.impact ?? ''));
  const report = serious.map((violation) =>
    [
      `${violation.id} (${violation.impact}): ${violation.help} ${violation.helpUrl}`,
      ...violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\n/g, ' ')}`),
    ].join('\n'),
  );
  expect(report, `${what}: serious or critical axe violations\n${report.join('\n')}`).toEqual([]);
}

/** The site's own texts of the steps below, so one test body serves both languages. */
const texts = {
  TH: { login: 'เข้าสู่ระบบ', register: 'สมัครสมาชิก', memberCentre: 'ศูนย์สมาชิก' },
  EN: { login: 'Log in', register: 'Register', memberCentre: 'Member centre' },
} as const;

for (const language of ['TH', 'EN'] as const satisfies readonly Language[]) {
  test.describe(`member site in ${language}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await startSession(page, language);
    });

    test('the home page', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', language.toLowerCase());
      await expect(page.locator('.game-tile').first()).toBeVisible();
      await expectNoSeriousViolations(page, `home (${language})`);
    });

    test('a lobby', async ({ page }) => {
      await page.goto('/rng');
      await expect(page.locator('.game-tile').first()).toBeVisible();
      await expectNoSeriousViolations(page, `/rng (${language})`);
    });

    test('the login modal', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('dialog', { name: texts[language].login })).toBeVisible();
      await expectNoSeriousViolations(page, `login modal (${language})`, '[role="dialog"]');
    });

    test('the register modal', async ({ page }) => {
      await page.goto('/register');
      const dialog = page.getByRole('dialog', { name: texts[language].register });
      // The register chunk and the merchant's field rules load first; slow when the machine is busy.
      await expect(dialog).toBeVisible({ timeout: 30_000 });
      await expect(dialog.locator('input').first()).toBeVisible();
      await expectNoSeriousViolations(page, `register modal (${language})`, '[role="dialog"]');
    });
  });
}

test.describe('on a phone', () => {
  let member: RegisteredMember;
  test.beforeAll(async ({ request }) => {
    member = await registerMember(request, 'a11yp');
  });

  for (const language of ['TH', 'EN'] as const) {
    test(`the tab bar and the drawer with the member's buttons, in ${language}`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await startSession(page, language);
      await page.addInitScript((token) => window.sessionStorage.setItem('token', token), member.token);
      await page.goto('/promotions');
      const tabBar = page.locator('.tab-bar');
      await expect(tabBar).toBeVisible();
      await expectNoSeriousViolations(page, `tab bar (${language})`, '.tab-bar');
      await page.locator('.top-bar__menu').click();
      await expect(page.locator('.side-menu .account-menu')).toBeVisible();
      await expectNoSeriousViolations(page, `phone drawer (${language})`, '.side-menu');
    });
  }
});

test.describe('member centre', () => {
  let member: RegisteredMember;
  test.beforeAll(async ({ request }) => {
    member = await registerMember(request, 'a11y');
  });

  for (const language of ['TH', 'EN'] as const) {
    test(`logged in, in ${language}`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await startSession(page, language);
      await page.addInitScript((token) => window.sessionStorage.setItem('token', token), member.token);
      await page.goto('/');
      await page.locator('.account-strip__name').click();
      const centre = page.getByRole('dialog', { name: texts[language].memberCentre });
      await expect(centre).toBeVisible();
      await expect(centre.locator('input, button').first()).toBeVisible();
      await expectNoSeriousViolations(page, `member centre (${language})`, '[role="dialog"]');
    });
  }
});

test.describe('back-office', () => {
  let operator: Operator;
  test.beforeAll(async () => {
    operator = await createOperator('admin');
  });

  test('the login page and the logged-in dashboard', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/login');
    await expect(page.getByRole('button').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'back-office login');
    await firstOperatorLogin(page, operator);
    await expectNoSeriousViolations(page, 'back-office dashboard');
  });
});
