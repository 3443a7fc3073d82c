import { expect as baseExpect, test, type Page } from '@playwright/test';
import { startSession, type Language } from './support/session.ts';

/**
 * The lottery's pages (issue 18, reads only): the lobby's fast games with a ticking betting countdown
 * in TH and EN, the first result the server draws (FAST5D_1M draws every minute from the start), the
 * game's panel from the card's link and that result's verify view recomputing it in the browser; at
 * 360 px nothing scrolls sideways.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
// The fresh server's first 1-minute draw can be a minute away.
test.describe.configure({ timeout: 180_000 });

const texts = {
  TH: { title: 'หวย', group: 'หวยด่วน 5 ตัว', game: 'หวยด่วน 5 ตัว 1 นาที', closesIn: 'ปิดรับใน' },
  EN: { title: 'Lottery', group: 'Fast 5 digits', game: 'Fast 5D 1 minute', closesIn: 'Closes in' },
} as const;

const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const language of ['TH', 'EN'] as const satisfies readonly Language[]) {
  test(`the lobby in ${language}: groups, a ticking countdown, nothing sideways at 360 px`, async ({ page }) => {
    const text = texts[language];
    await startSession(page, language);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/lottery');
    await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();
    const group = page.getByRole('region', { name: text.group });
    const card = group.getByRole('listitem').filter({ has: page.getByRole('heading', { name: text.game }) });
    const timer = card.getByRole('timer', { name: text.closesIn });
    await expect(timer).toHaveText(/^\d+:\d\d$/);
    const first = await timer.textContent();
    await expect.poll(() => timer.textContent()).not.toBe(first);
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
  });
}

test('the first drawn result: on its card, in the game’s results, verified in the browser', async ({ page }) => {
  await startSession(page, 'EN');
  await page.goto('/lottery');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Fast 5D 1 minute', exact: true }) });
  // The lobby reads the results again when the draw is due, until the server has drawn it.
  await expect(card.getByText(/^Latest result · /)).toBeVisible({ timeout: 120_000 });
  const balls = await card.getByRole('list', { name: /^Result: / }).getAttribute('aria-label');

  await card.getByRole('link', { name: 'Fast 5D 1 minute: results and proof' }).click();
  await expect(page).toHaveURL(/\/lottery\?gameCode=FAST5D_1M$/);
  await expect(page.getByRole('heading', { name: 'Fast 5D 1 minute', level: 2 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Current draw' }).getByRole('status')).toHaveText(
    /Open for bets|Closed, drawing…|Drawing…/,
  );
  const table = page.getByRole('table');
  await expect(table.getByRole('list', { name: balls! }).first()).toBeVisible();
  await table
    .getByRole('button', { name: /^Verify draw / })
    .first()
    .click();
  const verify = page.getByRole('region', { name: 'Verify this draw' });
  await expect(verify.getByText('SHA-256 of the server seed equals the hash shown before the draw')).toBeVisible();
  await expect(verify.getByText('The recomputed result matches the result shown')).toBeVisible();
});
