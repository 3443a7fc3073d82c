import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { memberPassword, registerMember, type RegisteredMember } from './support/members.ts';
import { accountStrip, startSession } from './support/session.ts';

/**
 * The site's modals with the keyboard only: each opens from its trigger (Tab to it, Enter), keeps
 * focus inside while open (Tab and Shift+Tab go round within it), closes with Escape and gives focus
 * back to its trigger. The login modal is also filled and submitted with keys alone.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
// Many key presses, each a round trip to the browser, on a shared two-core machine.
test.describe.configure({ timeout: 90_000 });

/**
 * Presses Tab until `target` has focus, as a keyboard user walks to it; fails if it never comes.
 * `from` starts the walk nearby (the page's header has dozens of links before most triggers).
 */
async function tabTo(page: Page, target: Locator, from?: Locator, maxPresses = 30): Promise<void> {
  await expect(target).toBeVisible();
  await from?.focus();
  for (let press = 0; press < maxPresses; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()} in ${maxPresses} presses`);
}

const focusIsInside = (dialog: Locator) => dialog.evaluate((element) => element.contains(document.activeElement));
const focusedDescription = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active
      ? `${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ''} "${(active.getAttribute('aria-label') ?? active.textContent ?? '').trim().slice(0, 40)}"`
      : 'nothing';
  });

/**
 * Walks twice round the dialog with Tab, then with Shift+Tab: focus must never leave it, and it must
 * visit more than one element (a trap that pins focus on one element would pass the first check).
 */
async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  await expect.poll(() => focusIsInside(dialog), { message: 'focus moved into the dialog' }).toBe(true);
  const tabStops = await dialog.evaluate(
    (element) =>
      Array.from(
        element.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]',
        ),
      ).filter((candidate) => candidate.tabIndex >= 0 && candidate.checkVisibility()).length,
  );
  expect(tabStops, 'tab stops in the dialog').toBeGreaterThan(0);
  for (const key of ['Tab', 'Shift+Tab']) {
    const visited = new Set<string>();
    for (let press = 0; press < tabStops * 2 + 2; press += 1) {
      await page.keyboard.press(key);
      const focused = await focusedDescription(page);
      expect(await focusIsInside(dialog), `${key} #${press + 1} left the dialog for ${focused}`).toBe(true);
      visited.add(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? ''));
    }
    if (tabStops > 1) expect(visited.size, `${key} visits the dialog's elements`).toBeGreaterThan(1);
  }
}

/** Opens a dialog from `trigger` with the keyboard, checks the trap, closes it with Escape and checks focus came back. */
async function openTrapAndEscape(page: Page, trigger: Locator, dialog: Locator, from: Locator): Promise<void> {
  await tabTo(page, trigger, from);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await startSession(page, 'EN');
});

test.describe('logged out', () => {
  let member: RegisteredMember;
  test.beforeAll(async ({ request }) => {
    member = await registerMember(request, 'kbd');
  });

  test('the login modal opens, traps focus, closes with Escape, and logs in with keys only', async ({ page }) => {
    await page.goto('/');
    const topBarForm = page.getByRole('form', { name: 'Log in' });
    const trigger = topBarForm.getByRole('button', { name: 'Log in' });
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await openTrapAndEscape(page, trigger, dialog, topBarForm.getByPlaceholder('Username'));

    // Again, and this time log in: Tab to each field, type, Enter submits.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByLabel('Username', { exact: true }));
    await page.keyboard.type(member.username);
    await tabTo(page, dialog.getByLabel('Password', { exact: true }));
    await page.keyboard.type(memberPassword);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(accountStrip(page)).toContainText(member.username);
  });

  test('the register modal opens from the top bar, traps focus and closes with Escape', async ({ page }) => {
    await page.goto('/');
    const topBarForm = page.getByRole('form', { name: 'Log in' });
    const trigger = topBarForm.getByRole('button', { name: 'Register' });
    await openTrapAndEscape(
      page,
      trigger,
      page.getByRole('dialog', { name: 'Register' }),
      topBarForm.getByPlaceholder('Username'),
    );
  });

  test('the announcements modal opens from the marquee, traps focus and closes with Escape', async ({ page }) => {
    await page.goto('/');
    const marquee = page.locator('.marquee');
    const trigger = marquee.getByRole('button', { name: 'View all' });
    await openTrapAndEscape(
      page,
      trigger,
      page.getByRole('dialog', { name: 'Announcements' }),
      marquee.locator('.marquee__list').first().getByRole('button').last(),
    );
  });
});

test.describe('logged in', () => {
  let member: RegisteredMember;
  test.beforeAll(async ({ request }) => {
    member = await registerMember(request, 'kbdin');
  });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript((token) => window.sessionStorage.setItem('token', token), member.token);
  });

  test('the notice modal, the member centre and the logout confirmation work from the keyboard', async ({ page }) => {
    await page.goto('/');
    const strip = accountStrip(page);
    await expect(strip).toContainText(member.username);

    const start = strip.getByRole('button', { name: 'Refresh balance' });
    // Betting record opens the member centre on its betting record page.
    await openTrapAndEscape(
      page,
      strip.getByRole('button', { name: 'Betting record' }),
      page.getByRole('dialog', { name: 'Member centre' }),
      start,
    );
    await openTrapAndEscape(
      page,
      strip.getByRole('button', { name: /^Member centre/ }),
      page.getByRole('dialog', { name: 'Member centre' }),
      start,
    );

    const logout = strip.getByRole('button', { name: 'Log out' });
    const confirm = page.getByRole('dialog', { name: 'Notice' });
    await openTrapAndEscape(page, logout, confirm, start);
    // Still logged in after Escape; Enter on the trigger again, then Tab to Confirm and Enter logs out.
    await expect(strip).toBeVisible();
    await page.keyboard.press('Enter');
    await tabTo(page, confirm.getByRole('button', { name: 'Confirm' }));
    await page.keyboard.press('Enter');
    await expect(strip).toBeHidden();
  });

  test('the launch problem dialog of a game that cannot start', async ({ page }) => {
    // Naga Studio is in the catalogue but not connected on the demo merchant: its launch is refused.
    await page.goto('/rng?page=NAGA');
    const play = page.getByRole('button', { name: /^Play / }).first();
    const dialog = page.getByRole('dialog');
    await openTrapAndEscape(
      page,
      play,
      dialog,
      page.locator('.vendor-tabs').getByRole('link', { name: 'Naga Studio' }),
    );
  });
});
