import { expect as baseExpect, test, type Page } from '@playwright/test';
import { startSession, type Language } from './support/session.ts';

/**
 * /vnlottery (issue 18): today's provinces first, by region (Miền Bắc, Miền Trung, Miền Nam) with their
 * countdowns, the rest of the week behind a day picker, in TH and EN; at 360 px and 1280 px nothing
 * scrolls sideways. Screenshots go to E2E_SHOTS_DIR when set (for a look by eye).
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const texts = {
  TH: { title: 'หวยเวียดนาม', today: 'วันนี้', days: 'วันออกผล', todayHeading: 'หวยที่ออกวันนี้', north: 'ภาคเหนือ (Miền Bắc)' },
  EN: {
    title: 'Vietnamese lottery',
    today: 'Today',
    days: 'Draw day',
    todayHeading: "Today's draws",
    north: 'North (Miền Bắc)',
  },
} as const;

const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** `dd/mm` of the Vietnam (UTC+7) day, `days` after today. */
function vietnamDayMonth(days = 0): string {
  const day = new Date(Date.now() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return `${day.slice(8, 10)}/${day.slice(5, 7)}`;
}

for (const language of ['TH', 'EN'] as const satisfies readonly Language[]) {
  for (const width of [360, 1280]) {
    test(`${language} at ${width} px: today's provinces by region, the other days, nothing sideways`, async ({
      page,
    }) => {
      const text = texts[language];
      await startSession(page, language);
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/vnlottery');
      await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();
      const heading = page.getByRole('heading', { level: 2 });
      await expect(heading).toHaveText(`${text.todayHeading} · ${vietnamDayMonth()}`);
      const days = page.getByRole('group', { name: text.days });
      await expect(days.getByRole('button')).toHaveCount(7);
      await expect(days.getByRole('button', { name: text.today })).toHaveAttribute('aria-pressed', 'true');
      // The north draws every day: always under today, with its countdown or its phase.
      await expect(page.getByRole('heading', { name: text.north, level: 3 })).toBeVisible();
      const cards = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 4 }) });
      expect(await cards.count()).toBeGreaterThan(1);
      expect(await cards.count()).toBeLessThan(15);
      expect(await overflowOf(page)).toBeLessThanOrEqual(0);
      const shots = process.env.E2E_SHOTS_DIR;
      if (shots) await page.screenshot({ path: `${shots}/vnlottery-${language}-${width}.png`, fullPage: true });

      // Tomorrow, from the picker: its own provinces, the north again.
      await days.getByRole('button').nth(1).click();
      await expect(heading).toContainText(vietnamDayMonth(1));
      await expect(page.getByRole('heading', { name: text.north, level: 3 })).toBeVisible();
      expect(await overflowOf(page)).toBeLessThanOrEqual(0);
      if (shots)
        await page.screenshot({ path: `${shots}/vnlottery-${language}-${width}-tomorrow.png`, fullPage: true });
    });
  }
}
