import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { queryDatabase } from './support/database.ts';
import { createOperator, firstOperatorLogin, type Operator } from './support/operator.ts';

/**
 * Official lottery results in the back-office (issue 18, four eyes): a Hanoi draw whose time has
 * passed waits for its result; a first platform operator enters it, a second one, who cannot see the
 * first entry, types it again and the draw gets its result and is settled by the draw loop. Each
 * screen photographed in TH and EN at 1280 and 360 px, none scrolling sideways. The refusals (lengths,
 * a mismatch, a bad file) are the component tests' (features/lottery-results).
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 300_000 });
const shots = process.env.E2E_SHOTS_DIR ?? 'test-results';

async function photograph(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  for (const language of ['EN', 'TH'] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page
      .locator('.language-switch')
      .first()
      .getByRole('button', { name: language === 'TH' ? 'ไทย' : 'EN', exact: true })
      .click();
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await ready();
      await page.screenshot({
        path: path.join(shots, `lottery-results-${name}-${language}-${width}.png`),
        fullPage: true,
      });
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${name} ${language} ${width}`).toBeLessThanOrEqual(width);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.locator('.language-switch').first().getByRole('button', { name: 'EN', exact: true }).click();
}

/**
 * A dialog photographed the same way: the language is switched with the dialog closed (the page behind
 * a modal dialog takes no clicks), `open` opens it again, Escape closes it.
 */
async function photographDialog(page: Page, name: string, open: () => Promise<void>): Promise<void> {
  for (const language of ['EN', 'TH'] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page
      .locator('.language-switch')
      .first()
      .getByRole('button', { name: language === 'TH' ? 'ไทย' : 'EN', exact: true })
      .click();
    await open();
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({
        path: path.join(shots, `lottery-results-${name}-${language}-${width}.png`),
        fullPage: true,
      });
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${name} ${language} ${width}`).toBeLessThanOrEqual(width);
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.locator('.language-switch').first().getByRole('button', { name: 'EN', exact: true }).click();
}

/** A draw of `gameCode` whose time passed 30 minutes ago, bets closed: due for its official result. */
async function dueDraw(gameCode: string): Promise<string> {
  const [game] = await queryDatabase<{ id: number }>(`SELECT id FROM lottery_game WHERE code = $1`, [gameCode]);
  const numero = `${new Date().toISOString().slice(0, 10).replaceAll('-', '')}-E${randomInt(100, 999)}`;
  await queryDatabase(
    `INSERT INTO lottery_draw (game_id, numero, opens_at, locks_at, draws_at, status)
     VALUES ($1, $2, now() - interval '1 day', now() - interval '1 hour', now() - interval '30 minutes', 'locked')`,
    [game!.id, numero],
  );
  return numero;
}

async function openResults(browser: Browser, operator: Operator): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await firstOperatorLogin(page, operator);
  await page.getByRole('complementary', { name: 'Main menu' }).getByRole('link', { name: 'Lottery results' }).click();
  await expect(page.getByRole('heading', { name: 'Lottery results', level: 1 })).toBeVisible();
  return page;
}

test('a Hanoi result entered by one operator and typed again by a second settles the draw', async ({ browser }) => {
  mkdirSync(shots, { recursive: true });
  const numero = await dueDraw('HANOI');
  const vnNumero = await dueDraw('VN_NORTH');

  // The first operator: the Hanoi draw waits for its result; they enter 3 top and 2 bottom.
  const first = await openResults(browser, await createOperator('platform'));
  await first.getByLabel('Game').selectOption('HANOI');
  // Rows found by their draw number: the tables' names change with the language photographed.
  const row = first.getByRole('row').filter({ hasText: numero });
  await expect(row).toContainText('Needs a result');
  await photograph(first, 'draws', () => expect(row).toBeVisible());
  await photographDialog(first, 'entry', async () => {
    await row.getByRole('button').click();
    await first.getByRole('dialog').getByRole('textbox').first().fill('123');
  });
  await row.getByRole('button', { name: 'Enter result' }).click();
  const entry = first.getByRole('dialog', { name: new RegExp(`^Result of .*, draw ${numero}$`) });
  await entry.getByLabel('Top 3').fill('123');
  await entry.getByLabel('Bottom 2').fill('45');
  await entry.getByRole('button', { name: 'Save for confirmation' }).click();
  await expect(row).toContainText('Waiting for a second operator');
  await expect(row.getByRole('button')).toHaveCount(0);

  // The Vietnamese form's 27 inputs, photographed (nothing entered).
  await first.getByLabel('Game').selectOption('VN_NORTH');
  const vnRow = first.getByRole('row').filter({ hasText: vnNumero });
  await photographDialog(first, 'entry-vn', async () => {
    await vnRow.getByRole('button').click();
    await expect(first.getByRole('dialog').getByRole('textbox')).toHaveCount(27);
  });

  // The second operator sees the entry without its values and confirms by typing the result again.
  const second = await openResults(browser, await createOperator('platform'));
  await second.getByRole('link', { name: /Entries/ }).click();
  const pending = second.getByRole('row').filter({ hasText: numero });
  await expect(pending).toContainText('Hidden until confirmed');
  await expect(pending).not.toContainText('123');
  await photograph(second, 'entries', () => expect(pending).toBeVisible());
  await pending.getByRole('button', { name: 'Confirm' }).click();
  const confirm = second.getByRole('dialog', { name: new RegExp(`^Confirm the result of .*, draw ${numero}$`) });
  await expect(confirm.getByLabel('Top 3')).toHaveValue('');
  await confirm.getByLabel('Top 3').fill('123');
  await confirm.getByLabel('Bottom 2').fill('45');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(second.getByText(`Result of draw ${numero} confirmed`)).toBeVisible();

  // The draw has its result, and the draw loop settles it (a pass at least every 5 s).
  await expect
    .poll(
      async () =>
        (
          await queryDatabase<{ status: string }>(
            `SELECT d.status FROM lottery_draw d JOIN lottery_game g ON g.id = d.game_id WHERE g.code = 'HANOI' AND d.numero = $1`,
            [numero],
          )
        )[0]?.status,
      { timeout: 30_000 },
    )
    .toBe('settled');
  await second.getByRole('link', { name: 'Draws' }).click();
  await second.getByLabel('Game').selectOption('HANOI');
  const settled = second.getByRole('table', { name: 'Draws' }).getByRole('row').filter({ hasText: numero });
  await expect(settled).toContainText('Settled');
  await expect(settled).toContainText(/Top 3\s*123/);
  await expect(settled).toContainText(/Bottom 2\s*45/);
  await expect(settled.getByRole('button', { name: 'Correct' })).toBeVisible();

  await second.getByRole('link', { name: 'Import' }).click();
  await photograph(second, 'import', () => expect(second.locator('#results-csv')).toBeVisible());
});

/** A page photographed at 1280 px in EN and TH (the back-office's desktop), back in EN after. */
async function photographDesktop(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  for (const language of ['EN', 'TH'] as const) {
    await page
      .locator('.language-switch')
      .first()
      .getByRole('button', { name: language === 'TH' ? 'ไทย' : 'EN', exact: true })
      .click();
    await ready();
    await page.screenshot({ path: path.join(shots, `lottery-results-${name}-${language}-1280.png`), fullPage: true });
  }
  await page.locator('.language-switch').first().getByRole('button', { name: 'EN', exact: true }).click();
}

/** The next Bangkok day (`YYYY-MM-DD`) from two days ahead that is one of these ISO weekdays. */
function nextBangkokDay(weekdays: readonly number[]): string {
  for (let ahead = 2; ; ahead += 1) {
    const day = new Date(Date.now() + 7 * 3_600_000 + ahead * 86_400_000);
    if (weekdays.includes(((day.getUTCDay() + 6) % 7) + 1)) return day.toISOString().slice(0, 10);
  }
}

test('a stock result typed as the index values, and a holiday day change', async ({ browser }) => {
  mkdirSync(shots, { recursive: true });
  const numero = await dueDraw('STOCK_NIKKEI');
  const page = await openResults(browser, await createOperator('platform'));

  // Index values as published: the server derives 3 top and 2 bottom, shown once it answered.
  await page.getByLabel('Game').selectOption('STOCK_NIKKEI');
  const row = page.getByRole('row').filter({ hasText: numero });
  await row.getByRole('button', { name: 'Enter result' }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^Result of .*, draw ${numero}$`) });
  await expect(dialog.getByLabel('Index values')).toBeChecked();
  await dialog.getByLabel('Closing value').fill('38654.42');
  await dialog.getByLabel('Change', { exact: true }).fill('-123.05');
  await page.screenshot({ path: path.join(shots, 'lottery-results-stock-entry-EN-1280.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Save for confirmation' }).click();
  const derived = dialog.getByRole('status');
  await expect(derived).toContainText(/Top 3\s*442/);
  await expect(derived).toContainText(/Bottom 2\s*05/);
  await page.screenshot({ path: path.join(shots, 'lottery-results-stock-derived-EN-1280.png'), fullPage: true });
  await derived.getByRole('button', { name: 'Done' }).click();
  await expect(row).toContainText('Waiting for a second operator');
  const [stored] = await queryDatabase<{ result: unknown }>(
    `SELECT e.result FROM lottery_result_entry e JOIN lottery_draw d ON d.id = e.draw_id WHERE d.numero = $1`,
    [numero],
  );
  expect(stored!.result).toEqual({ family: 'THAI_STYLE', top3: '442', bottom2: '05' });
  // The Thai stock form, in Thai, photographed (nothing entered).
  await page.getByLabel('Game').selectOption('STOCK_SET');
  const setNumero = await dueDraw('STOCK_SET');
  await page.reload();
  await photographDialog(page, 'stock-set-entry', async () => {
    await page.getByRole('row').filter({ hasText: setNumero }).getByRole('button').click();
    await expect(page.getByRole('dialog').getByRole('textbox')).toHaveCount(3);
  });

  // Holidays: the Lao draw of the next Monday or Thursday moves a day later; created without bets, it moves with it.
  const scheduled = nextBangkokDay([1, 4]);
  const moved = new Date(Date.parse(`${scheduled}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await page.getByRole('link', { name: 'Holidays' }).click();
  await page.getByLabel('Game').selectOption('LAO');
  await photographDesktop(page, 'days-empty', () => expect(page.getByRole('table')).toBeVisible());
  await page.getByRole('button', { name: 'Add a day change' }).click();
  const add = page.getByRole('dialog', { name: 'Move or skip a draw day' });
  await add.getByLabel('Scheduled day').fill(scheduled);
  await add.getByLabel('New day').fill(moved);
  await add.getByLabel('Note').fill('Holiday (e2e)');
  await page.screenshot({ path: path.join(shots, 'lottery-results-days-add-EN-1280.png'), fullPage: true });
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Saved. The draw of ${scheduled} moved to its new day`)).toBeVisible();
  const change = page.getByRole('row').filter({ hasText: scheduled });
  await expect(change).toContainText(`Moved to ${moved}`);
  await expect(change).toContainText(moved.replaceAll('-', ''));
  await photographDesktop(page, 'days', () => expect(change).toBeVisible());
  await photographDialog(page, 'days-add', async () => {
    await page.getByRole('button', { name: /Add a day change|เพิ่มการเปลี่ยนวันออกผล/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
  const [draw] = await queryDatabase<{ numero: string }>(
    `SELECT d.numero FROM lottery_draw d JOIN lottery_game g ON g.id = d.game_id WHERE g.code = 'LAO' AND d.numero IN ($1, $2)`,
    [scheduled.replaceAll('-', ''), moved.replaceAll('-', '')],
  );
  expect(draw!.numero).toBe(moved.replaceAll('-', ''));
  const [audit] = await queryDatabase<{ count: string }>(`SELECT count(*) FROM operator_audit WHERE action = $1`, [
    'lottery.day_change.add',
  ]);
  expect(Number(audit!.count)).toBe(1);
});
