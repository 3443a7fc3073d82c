import { expect as baseExpect, type Page } from '@playwright/test';

/**
 * A browser session as the journeys start it. The server runs with CHALLENGE_BYPASS=1
 * (playwright.config.ts), which accepts the slider token 'bypass'; `window.__lotusSliderBypass`
 * makes the slider component hand back that token without drawing (see slider-challenge.tsx).
 */
export type Language = 'TH' | 'EN';

/** Several engines share this machine; logout's round trip can take longer than the default 5 s. */
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * Texts in `language` unless the page already chose one (so a language switch made by the test
 * survives a reload), the once-per-session popup already seen so it stays out of the way, and the
 * slider handing back 'bypass'.
 */
export async function startSession(page: Page, language: Language = 'EN'): Promise<void> {
  await page.addInitScript((lang) => {
    if (!window.sessionStorage.getItem('lang')) window.sessionStorage.setItem('lang', lang);
    window.sessionStorage.setItem('popupShown', '1');
    (window as Window & { __lotusSliderBypass?: boolean }).__lotusSliderBypass = true;
  }, language);
}

/** The logged-in strip of the top bar (English name). */
export const accountStrip = (page: Page) => page.getByRole('group', { name: 'My account' });

/**
 * Logs out from the strip and confirms. Logout clears the session storage (all but the language), so
 * the home page, when it mounts again, shows its popup announcement: close it if it comes.
 */
export async function logOut(page: Page): Promise<void> {
  await accountStrip(page).getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog', { name: 'Notice' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
  await expect(accountStrip(page)).toBeHidden();
  const popup = page.getByRole('dialog');
  if (
    await popup.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    )
  )
    await popup.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}
