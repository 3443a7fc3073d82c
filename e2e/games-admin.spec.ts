import { expect, test } from '@playwright/test';
import { queryDatabase } from './support/database.ts';
import { registerMember } from './support/members.ts';
import { createOperator, firstOperatorLogin } from './support/operator.ts';
import { startSession } from './support/session.ts';

/**
 * An operator switches a game off in the back-office and it vanishes from a member's lobby at once
 * (the public lists are cached per merchant; the change drops them on every instance), then on again.
 * Lucky Lotus is what games.spec plays: it is switched back on whatever happens here.
 */
test('an operator switches a game off and it vanishes from the member lobby; on again, it is back', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await registerMember(request, 'lobby');
  const lobby = page;
  const operatorContext = await browser.newContext();
  const desk = await operatorContext.newPage();
  try {
    // Logging in is not what this journey tests: the member's session from registering, as the site keeps it.
    await lobby.setViewportSize({ width: 1440, height: 900 });
    await startSession(lobby);
    await lobby.addInitScript((token) => window.sessionStorage.setItem('token', token), member.token);
    await lobby.goto('/rng?page=LTSLOT');
    const play = lobby.getByRole('button', { name: 'Play Lucky Lotus' });
    await expect(play.first()).toBeVisible({ timeout: 15_000 });

    await firstOperatorLogin(desk, await createOperator('admin'));
    await desk.getByRole('complementary', { name: 'Main menu' }).getByRole('link', { name: 'Games' }).click();
    await desk.getByRole('link', { name: 'Lotus Slots' }).click();
    const switchOf = desk.getByRole('checkbox', { name: 'On: Lucky Lotus' });
    await expect(switchOf).toBeChecked();
    await switchOf.click();
    await expect(desk.getByText('Saved. The lobby shows it now.')).toBeVisible();
    await expect(switchOf).not.toBeChecked();

    // The lobby's game list is read again on load: once it has answered, the game is not in it.
    const listed = lobby.waitForResponse((response) => response.url().includes('GCSGAME_gameList'));
    await lobby.reload();
    await listed;
    await expect(play).toHaveCount(0, { timeout: 15_000 });

    await switchOf.click();
    await expect(switchOf).toBeChecked();
    await lobby.reload();
    await expect(play.first()).toBeVisible({ timeout: 15_000 });
  } finally {
    await operatorContext.close();
    await queryDatabase(
      `UPDATE game SET is_enabled = true WHERE game_id = 'lucky-lotus' AND merchant_id = (SELECT id FROM merchant WHERE code = 'demo')`,
      [],
    );
  }
});
