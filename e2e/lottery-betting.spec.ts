import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { depositWithDemoPay, logInMember, registerMember } from './support/members.ts';

/**
 * Betting on the house lottery as a member does it (issue 18): the FAST5D 1-minute game's panel with
 * its ticking countdown, a bet that always wins (every digit at position 1: ten units, one of which
 * pays 9.80 per 1.00) placed from the slip, the draw coming in on the page, the win in the strip's
 * balance and the order as won in "My lottery bets", with its detail. axe on the panel and the records.
 * The slip's rules (counts, totals, refusals at their field, cancellation) are the component tests'.
 */
const expect = baseExpect.configure({ timeout: 15_000 });

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoSeriousViolations(page: Page, what: string, within: string): Promise<void> {
  // From the top: a control a click scrolled under the sticky header counts as a too-small target.
  await page.evaluate(() => window.scrollTo(0, 0));
  const results = await new AxeBuilder({ page }).withTags(wcagTags).include(within).analyze();
  const serious = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  const report = serious.map(
    (violation) =>
      `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(report, `${what}: serious or critical axe violations`).toEqual([]);
}

test('a member bets on the 1-minute draw, sees it drawn, the win in the balance and the order won', async ({
  page,
  request,
}) => {
  // Up to one draw (60 s) for the bet's draw to come, on a busy machine.
  test.slow();
  test.setTimeout(240_000);
  const member = await registerMember(request, 'lotto');
  await depositWithDemoPay(request, member.token, '100.00');
  const strip = await logInMember(page, member.username);
  const balance = strip.locator('.account-strip__amount');
  await expect(balance).toHaveText('฿100.00', { timeout: 20_000 });

  await page.goto('/lottery?gameCode=FAST5D_1M');
  await expect(page.getByRole('heading', { name: 'Fast 5D 1 minute', level: 2 })).toBeVisible();
  const current = page.getByRole('region', { name: 'Current draw' });
  const timer = current.getByRole('timer', { name: 'Draws in' });
  await expect(timer).toHaveText(/^\d+:\d\d$/);
  const shown = await timer.textContent();
  await expect.poll(() => timer.textContent()).not.toBe(shown);

  const panel = page.getByRole('region', { name: 'Place a bet' });
  await expect(panel.getByRole('button', { name: 'Position digit', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await panel.getByRole('button', { name: 'All: position 1', exact: true }).click();
  await expect(panel.getByText('Combinations: 10')).toBeVisible();
  await panel.getByRole('button', { name: 'Add to slip' }).click();
  await expect(panel.getByRole('list', { name: 'Bet slip' })).toContainText('0,1,2,3,4,5,6,7,8,9|-|-|-|-');
  await expect(panel.getByTestId('slip-total')).toHaveText('฿10.00');
  await expectNoSeriousViolations(page, 'the betting panel', '.lottery-bet');

  // Placed on the draw the panel names while it is open with a few seconds to spare (a bet at the lock
  // instant is refused: that is the server's test, not this journey's).
  const closesIn = current.getByRole('timer', { name: 'Closes in' });
  await expect
    .poll(async () => {
      const text = (await closesIn.textContent().catch(() => null)) ?? '0:00';
      const [minutes, seconds] = text.split(':').map(Number);
      return minutes! * 60 + seconds!;
    })
    .toBeGreaterThanOrEqual(4);
  await panel.getByRole('button', { name: 'Place bets' }).click();
  const placed = panel.getByRole('status').filter({ hasText: 'Bets placed' });
  await expect(placed).toContainText('Bets placed · orders: 1');
  await expect(placed).toContainText('Balance ฿90.00');
  const [, orderNo, numero] = /([A-Za-z0-9]{6}-\d{3}) · draw (\d{8}-\d{4})/.exec((await placed.textContent())!)!;
  await expect(balance).toHaveText('฿90.00');

  // The draw: the panel's previous result becomes this numero, with its balls.
  const previous = page.getByRole('region', { name: 'Previous result' });
  await expect(previous.getByText(numero!, { exact: true })).toBeVisible({ timeout: 100_000 });
  await expect(previous.getByRole('list', { name: /^Result: \d \d \d \d \d$/ })).toBeVisible();
  // Settled in the same pass of the draw loop: 9.80 won, in the strip without a reload.
  await expect(balance).toHaveText('฿99.80', { timeout: 30_000 });

  await placed.getByRole('link', { name: 'My lottery bets' }).click();
  await expect(page).toHaveURL(/\/lottery\?view=bets$/);
  const table = page.getByRole('table', { name: 'My lottery bets' });
  const row = table.getByRole('row').filter({ hasText: orderNo! });
  await expect(row).toContainText('Won');
  await expect(row).toContainText('฿9.80');
  await expect(row.getByRole('list', { name: /^Result: / })).toBeVisible();
  await expectNoSeriousViolations(page, 'my lottery bets', '.lottery-bets');

  await row.getByRole('button', { name: `Details of order ${orderNo}` }).click();
  const detail = page.getByRole('dialog', { name: 'Order details' });
  await expect(detail).toContainText(numero!);
  await expect(detail).toContainText('9.80');
  await expect(detail.getByRole('button', { name: 'Cancel this order' })).toHaveCount(0);
});
