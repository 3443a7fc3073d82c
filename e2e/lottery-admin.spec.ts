import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { lotteryOrderPaths, lotteryPaths } from '@lotus/contract';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { callApi } from './support/api.ts';
import { queryDatabase } from './support/database.ts';
import { depositWithDemoPay, registerMember } from './support/members.ts';
import { createOperator, firstOperatorLogin } from './support/operator.ts';

/**
 * The lottery back-office (issue 18): two members bet 3 top numbers on the current Fast 3D draw; an
 * admin opens Lottery, sees the draw's book (highest payout first, live), the games and a game's
 * setting form, blocks a number, finds the members' bets, and cancels a draw of an official game whose
 * result never came. Each tab photographed in TH and EN at 1280 and 360 px, none scrolling sideways.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 300_000 });
const shots = process.env.E2E_SHOTS_DIR ?? 'test-results';

async function noOverflow(page: Page, what: string, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, what).toBeLessThanOrEqual(width);
}

interface NearNumero {
  numero: string;
  remainTime: number;
  lockTime: number;
}

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
        path: path.join(shots, `lottery-admin-${name}-${language}-${width}.png`),
        fullPage: true,
      });
      await noOverflow(page, `${name} ${language} ${width}`, width);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.locator('.language-switch').first().getByRole('button', { name: 'EN', exact: true }).click();
}

test('an admin watches the book of a draw, sets a game, blocks a number, finds bets and cancels a draw', async ({
  browser,
  request,
}) => {
  mkdirSync(shots, { recursive: true });
  const games = await callApi<{ gameId: number; gameCode: string }[]>(request, 'GET', lotteryPaths.games);
  const fast3d = games.find((game) => game.gameCode === 'FAST3D_5M')!;
  const near = await callApi<{ currentNumero: NearNumero | null; nextNumero: NearNumero | null }>(
    request,
    'GET',
    `${lotteryPaths.nearNumeros}?gameId=${fast3d.gameId}`,
  );
  const current = near.currentNumero!;
  // A draw with at least 40 s of betting left (the next one otherwise).
  const numero = current.remainTime - current.lockTime * 1000 > 40_000 ? current.numero : near.nextNumero!.numero;
  for (const [prefix, numbers] of [
    ['book1', ['123', '456', '789']],
    ['book2', ['123', '999']],
  ] as const) {
    const member = await registerMember(request, prefix);
    await depositWithDemoPay(request, member.token, '500.00');
    await callApi(
      request,
      'POST',
      lotteryOrderPaths.place,
      {
        gameId: fast3d.gameId,
        numero,
        bets: [
          {
            playId: 2055,
            betContent: numbers.join(','),
            betNum: numbers.length,
            stakePerUnit: '5.00',
            multiple: 1,
            series: 2000,
          },
        ],
        totalAmount: `${numbers.length * 5}.00`,
      },
      member.token,
    );
  }
  // An official game's draw whose result never came (its bets closed an hour ago).
  const [lao] = await queryDatabase<{ id: number }>(`SELECT id FROM lottery_game WHERE code = 'LAO'`, []);
  const laoNumero = `${new Date().toISOString().slice(0, 10).replaceAll('-', '')}-E2E`;
  await queryDatabase(
    `INSERT INTO lottery_draw (game_id, numero, opens_at, locks_at, draws_at, status)
     VALUES ($1, $2, now() - interval '1 day', now() - interval '1 hour', now() - interval '30 minutes', 'locked')
     ON CONFLICT DO NOTHING`,
    [lao!.id, laoNumero],
  );

  const page = await (await browser.newContext()).newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await firstOperatorLogin(page, await createOperator('admin'));
  await page
    .getByRole('complementary', { name: 'Main menu' })
    .getByRole('link', { name: 'Lottery', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Lottery', level: 1 })).toBeVisible();
  await page.goto(`/admin/lottery?tab=book&game=${fast3d.gameId}&numero=${numero}`);
  const numbersTable = page.getByRole('table', { name: 'Payout if each number wins' });
  await expect(numbersTable.getByRole('row').nth(1)).toContainText('123');
  await expect(numbersTable.getByRole('row').nth(1)).toContainText('8,000.00');
  await expect(page.getByText(/Live: refreshed every 3 s/)).toBeVisible();
  await photograph(page, 'book', async () => {
    await expect(page.locator('.lottery-totals')).toBeVisible();
  });

  await page.getByRole('link', { name: 'Games and limits' }).click();
  await photograph(page, 'games', async () => {
    await expect(page.locator('.data-table').first()).toBeVisible();
  });
  await page
    .getByRole('row', { name: /FAST3D_5M/ })
    .getByRole('button', { name: 'Edit' })
    .click();
  const dialog = page.getByRole('dialog', { name: /Fast 3D|3/ });
  await dialog.getByLabel('Payout limit per number').fill('20000');
  await page.screenshot({ path: path.join(shots, 'lottery-admin-setting-EN-1280.png') });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Game settings saved')).toBeVisible();

  await page.getByRole('link', { name: 'Blocked numbers' }).click();
  await page.getByLabel('Game').selectOption(String(fast3d.gameId));
  await page.getByLabel('Number', { exact: true }).fill('777');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Number 777 blocked')).toBeVisible();
  await photograph(page, 'numbers', async () => {
    await expect(page.locator('.data-table')).toContainText('777');
  });

  await page.getByRole('link', { name: 'Bets', exact: true }).click();
  await photograph(page, 'orders', async () => {
    await expect(page.locator('.data-table')).toContainText('THAI_3TOP');
  });
  await page.getByRole('table', { name: 'Bets' }).getByRole('row').nth(1).click();
  await expect(page.getByRole('dialog')).toContainText('THAI_3TOP');
  await page.screenshot({ path: path.join(shots, 'lottery-admin-order-EN-1280.png') });
  await page.keyboard.press('Escape');

  await page.goto(`/admin/lottery?tab=draws&game=${lao!.id}`);
  const draws = page.getByRole('table', { name: 'Draws' });
  await expect(draws).toContainText(laoNumero);
  await photograph(page, 'draws', async () => {
    await expect(page.locator('.data-table')).toContainText(laoNumero);
  });
  await draws
    .getByRole('row', { name: new RegExp(laoNumero) })
    .getByRole('button', { name: 'Cancel draw' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this draw?' });
  await confirm.getByLabel('Reason').fill('No result from the source');
  await page.screenshot({ path: path.join(shots, 'lottery-admin-cancel-EN-1280.png') });
  await confirm.getByRole('button', { name: 'Cancel draw' }).click();
  await expect(page.getByText(/Draw cancelled: 0 bets refunded/)).toBeVisible();
});
