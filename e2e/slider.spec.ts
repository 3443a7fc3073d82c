import { apiPaths, type SliderChallenge } from '@lotus/contract';
import { expect as baseExpect, test, type Locator, type Page, type Response } from '@playwright/test';
import { queryDatabase } from './support/database.ts';
import { memberPassword, registerMember } from './support/members.ts';
import { accountStrip } from './support/session.ts';

/**
 * The slider that guards every login and registration, solved for real: every other journey lets
 * the component hand back the bypass token (support/session.ts). Here the page runs without that
 * switch, the test reads the gap's x of the puzzle the page was given from the e2e server's
 * database (the only place it exists) and drags the handle there with the mouse, as a person
 * would: a press, uneven steps with a little vertical wobble, a release. A miss is refused and
 * brings a new puzzle; the hit logs the member in, and the server's records show the login spent
 * a token earned by that puzzle (the bypass answer leaves no such record).
 */
const expect = baseExpect.configure({ timeout: 15_000 });

const isNewPuzzle = (response: Response) =>
  new URL(response.url()).pathname === apiPaths.sliderChallenge && response.request().method() === 'GET';

async function gapOf(challengeId: string): Promise<number> {
  const [row] = await queryDatabase<{ gap_x: number }>('SELECT gap_x FROM challenge WHERE id = $1', [challengeId]);
  expect(row, `challenge ${challengeId} in the database`).toBeTruthy();
  return row!.gap_x;
}

/**
 * Where a box is once it stops moving: the slider scrolls itself into view (smoothly) as it opens, and
 * a person presses the handle where it has come to rest, not where it was a frame ago.
 */
async function restingBox(locator: Locator) {
  let previous = await locator.boundingBox();
  for (let look = 0; look < 50; look += 1) {
    await locator.page().waitForTimeout(100);
    const current = await locator.boundingBox();
    const isAtRest =
      previous && current && previous.x === current.x && previous.y === current.y && previous.width === current.width;
    if (isAtRest) return current;
    previous = current;
  }
  throw new Error('the slider kept moving for 5 s');
}

/**
 * Where to press the handle: its centre once it is at rest, checked to be the handle itself at that
 * point, measured again until it is. The slider scrolls itself into view smoothly as it opens, and on a
 * busy machine the scroll can start after the handle has looked still for a while: in a CI run the
 * press then landed on the login button that had scrolled into the handle's place (the page's own
 * pointer log showed `pointerdown on ... auth-form__submit`), and the slider stayed "ready".
 */
async function pressPoint(page: Page, handle: Locator): Promise<{ x: number; y: number }> {
  let drawnThere = 'nothing';
  for (let look = 0; look < 20; look += 1) {
    const box = await restingBox(handle);
    expect(box, 'the slider is drawn').toBeTruthy();
    const point = { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
    drawnThere = await page.evaluate(
      ([x, y]) => {
        const element = document.elementFromPoint(x!, y!);
        return element?.closest('.slider-challenge__handle')
          ? 'handle'
          : (element?.outerHTML.slice(0, 200) ?? 'nothing');
      },
      [point.x, point.y],
    );
    if (drawnThere === 'handle') return point;
    await page.waitForTimeout(250);
  }
  throw new Error(`a press on the handle's place would land on ${drawnThere}`);
}

/**
 * Drags the slider's handle so the piece lands at `targetX` (puzzle pixels): the puzzle is drawn
 * scaled to the modal, so screen pixels are converted by the stage's drawn width.
 */
async function dragTo(page: Page, challenge: SliderChallenge, targetX: number): Promise<void> {
  const slider = page.getByRole('group', { name: 'Slide the piece into the gap' });
  await expect(slider).toHaveAttribute('data-status', /^(ready|failed)$/);
  const stage = await slider.locator('.slider-challenge__stage').boundingBox();
  expect(stage, 'the slider is drawn').toBeTruthy();
  const distance = (targetX * stage!.width) / challenge.width;
  // What the page itself saw of the drag, for the report when a drag registers nothing.
  await page.evaluate(() => {
    const log: string[] = [];
    (window as unknown as { pointerLog: string[] }).pointerLog = log;
    for (const type of ['pointerdown', 'pointerup', 'pointercancel', 'lostpointercapture', 'gotpointercapture'])
      document.addEventListener(
        type,
        (event) => {
          const target = event.target as Element | null;
          const { clientX, clientY } = event as PointerEvent;
          log.push(
            `${type} on ${target?.className || target?.tagName} at ${Math.round(clientX)},${Math.round(clientY)}`,
          );
        },
        true,
      );
  });
  const pointerLog = () => page.evaluate(() => (window as unknown as { pointerLog: string[] }).pointerLog.join('; '));
  const drag = async () => {
    const start = await pressPoint(page, slider.getByRole('button', { name: 'Slider' }));
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    // Quick at first, slower near the end, with a slight wobble: steps of uneven length and pace.
    const shares = [0.06, 0.15, 0.27, 0.4, 0.52, 0.63, 0.72, 0.8, 0.86, 0.91, 0.95, 0.98, 1];
    for (const [index, share] of shares.entries()) {
      await page.mouse.move(start.x + distance * share, start.y + (index % 3 === 1 ? 1.5 : index % 3 === 2 ? -1 : 0));
      await page.waitForTimeout(25 + index * 6);
    }
    await page.mouse.move(start.x + distance, start.y);
    await page.mouse.up();
  };
  await drag();
  // The release sends the drag for checking. Should the view still move between the check of the press
  // point and the press (pressPoint), a person drags again, and so does this test, once, saying so.
  // A solved puzzle closes the login modal, slider and all, so gone counts as sent (the login is checked
  // next). A check for "not ready" alone waited for a slider that no longer was, when the answer came
  // before it looked, then dragged again at nothing (2026-11-28, one run of two, the member logged in).
  const isSent = await expect
    .poll(
      () =>
        slider.evaluateAll(
          (found) => found.length === 0 || found.some((element) => element.getAttribute('data-status') !== 'ready'),
        ),
      { timeout: 5_000 },
    )
    .toBe(true)
    .then(() => true)
    .catch(() => false);
  if (!isSent) {
    test.info().annotations.push({
      type: 'slider',
      description: `the first drag registered nothing; dragged again. The page saw: ${await pointerLog()}`,
    });
    await drag();
    await expect(slider, `the page saw: ${await pointerLog()}`).not.toHaveAttribute('data-status', 'ready');
  }
}

test('login through the real slider: a drag that misses the gap is refused and brings a new puzzle; a drag onto the gap logs the member in with a token that puzzle earned', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const member = await registerMember(request, 'slide');
  await page.setViewportSize({ width: 1440, height: 900 });
  // As support/session.ts's startSession, but without the slider bypass.
  await page.addInitScript(() => {
    if (!window.sessionStorage.getItem('lang')) window.sessionStorage.setItem('lang', 'EN');
    window.sessionStorage.setItem('popupShown', '1');
  });
  await page.goto('/');
  const loginForm = page.getByRole('form', { name: 'Log in' });
  await loginForm.getByPlaceholder('Username').fill(member.username);
  await loginForm.getByPlaceholder('Password').fill(memberPassword);
  const firstPuzzle = page.waitForResponse(isNewPuzzle);
  await loginForm.getByRole('button', { name: 'Log in' }).click();
  const first = ((await (await firstPuzzle).json()) as { value: SliderChallenge }).value;
  const slider = page.getByRole('group', { name: 'Slide the piece into the gap' });
  await expect(slider.getByRole('button', { name: 'Slider' })).toBeEnabled();

  // A person's drag, but 40 px short of the gap: refused, and the puzzle is spent.
  const firstGap = await gapOf(first.challengeId);
  const secondPuzzle = page.waitForResponse(isNewPuzzle);
  await dragTo(page, first, firstGap - 40);
  await expect(slider.getByRole('status')).toHaveText('Not quite. Please try again.');
  const second = ((await (await secondPuzzle).json()) as { value: SliderChallenge }).value;
  expect(second.challengeId).not.toBe(first.challengeId);
  const [missed] = await queryDatabase<{ consumed: boolean; solved: boolean }>(
    'SELECT consumed_at IS NOT NULL AS consumed, solved_at IS NOT NULL AS solved FROM challenge WHERE id = $1',
    [first.challengeId],
  );
  expect(missed).toEqual({ consumed: true, solved: false });
  await expect(accountStrip(page)).toBeHidden();

  // The same drag onto the new puzzle's gap: solved, and the login goes through.
  await expect(slider.getByRole('button', { name: 'Slider' })).toBeEnabled();
  await dragTo(page, second, await gapOf(second.challengeId));
  await expect(accountStrip(page)).toContainText(member.username);

  // The login spent the token this puzzle earned (the token row is written with the puzzle's solve).
  const [solved] = await queryDatabase<{ purpose: string | null; spent: boolean }>(
    `SELECT t.purpose, t.consumed_at IS NOT NULL AS spent
       FROM challenge c JOIN challenge_token t ON t.created_at = c.solved_at AND t.merchant_id = c.merchant_id
      WHERE c.id = $1`,
    [second.challengeId],
  );
  expect(solved).toEqual({ purpose: 'login', spent: true });
});
