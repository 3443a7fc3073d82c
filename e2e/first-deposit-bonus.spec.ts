import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import {
  adminPromotionPaths,
  apiPaths,
  depositPaths,
  withdrawalPaths,
  type AdminPromotionInput,
  type WalletBalance,
} from '@lotus/contract';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { connect } from '../apps/server/src/db/database.ts';
import { rewardApprovedDeposits } from '../apps/server/src/modules/promotions/index.ts';
import { callApi, callSealed } from './support/api.ts';
import { connectionString, queryDatabase } from './support/database.ts';
import { e2ePort } from './support/environment.ts';
import { memberPassword } from './support/members.ts';
import { createOperator, firstOperatorLogin, operatorToken } from './support/operator.ts';
import { outboxAddress, waitForCode } from './support/outbox.ts';
import { accountStrip, startSession, type Language } from './support/session.ts';

/**
 * Issue 17's member journey of the first-deposit bonus: a new member registers on the site, deposits
 * by bank transfer with a slip, an operator approves it, the deposit promotions' job issues the bonus,
 * the member claims it in the reward centre and sees its turnover in bonus details, a withdrawal is
 * refused until the turnover is met, the member plays the house slot until it is, the bonus becomes
 * cash and the withdrawal goes through. The reward centre and bonus details are photographed at
 * 360 px in TH and EN, none scrolling sideways.
 *
 * The numbers: a 300.00 deposit, 100% capped at 100.00 (so 100.00 of bonus), turnover multiplier 0.5
 * on slots: (300 + 100) x 0.5 = 200.00 of valid bets, four spins of 50.00. Bets spend cash first, and
 * 200.00 of bets can never spend more than 200.00 of the 300.00 cash, so the whole bonus is still there
 * to convert whatever the reels do, and the member has at least 200.00 of cash to withdraw 100.00 from.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 600_000 });
const shots = process.env.E2E_SHOTS_DIR ?? 'test-results';
/** A job or a settlement is involved: CI machines are slower than this one. */
const jobTimeout = 40_000;
const paymentPassword = '246810';

const promotionInput = (stamp: string): AdminPromotionInput => ({
  kind: 'FIRST_DEPOSIT',
  category: 'deposit',
  nameTh: `ฝากแรกรับโบนัส 100% ${stamp}`,
  nameEn: `First deposit 100% ${stamp}`,
  descriptionTh: '',
  descriptionEn: '',
  pictureUrl: null,
  enabled: true,
  // From now, for members who register from now: deposits of other journeys on this database never qualify.
  startsAt: Date.now(),
  endsAt: null,
  audience: 'new',
  productTypes: ['RNG'],
  bonusType: 'percent',
  bonusPercent: 100,
  bonusAmount: null,
  bonusCap: '100',
  minDeposit: '100',
  depositCount: null,
  requiresJoin: false,
  autoClaim: false,
  maxClaimsPerMember: 1,
  maxClaimsTotal: null,
  budget: null,
  turnoverMultiplier: 0.5,
  turnoverProductTypes: ['RNG'],
  claimExpiryHours: 48,
  bonusExpiryDays: 7,
  blocksOthers: false,
  imageRequired: false,
  remarkRequired: false,
  abuse: {
    onePerMobile: false,
    onePerBankAccount: false,
    onePerDevice: false,
    onePerIp: false,
    noPendingWithdrawal: false,
  },
  registerRequiredFields: [],
  loginRule: null,
  saviorRule: null,
  sort: 0,
});

/** A small valid PNG, the member's transfer slip. */
function slipPng(): Buffer {
  const png = new PNG({ width: 48, height: 32 });
  for (let index = 0; index < png.data.length; index += 4) png.data.set([20, 120, 60, 255], index);
  return PNG.sync.write(png);
}

async function noOverflow(page: Page, what: string, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, what).toBeLessThanOrEqual(width);
}

const centreEntries = {
  rewards: { EN: 'Reward centre', TH: 'ศูนย์รางวัล' },
  bonus: { EN: 'Bonus details', TH: 'รายละเอียดโบนัส' },
  withdraw: { EN: 'Withdraw', TH: 'ถอนเงิน' },
} as const;

/** Opens a member centre page from the centre's menu (the strip's name opens the centre). */
async function openCentre(page: Page, entry: keyof typeof centreEntries, language: Language = 'EN'): Promise<void> {
  const centre = page.locator('.member-centre__nav');
  if (!(await centre.isVisible())) await page.locator('.account-strip__name').click();
  await centre.getByRole('button', { name: centreEntries[entry][language], exact: true }).click();
}

/**
 * The member centre page open on `page`, photographed at 360 px (its top, then its end), neither
 * the page nor anything in the centre wider than its box; then back to the width it had.
 */
async function photograph(page: Page, name: string, language: Language): Promise<void> {
  const { width, height } = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 800 });
  // The phone's side menu slides away when the viewport narrows: photograph once it has.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await noOverflow(page, `${name} ${language} 360`, 360);
  const centre = page.locator('.member-centre__page');
  const overflowing = await centre.evaluate((element) =>
    Array.from(element.querySelectorAll('*'))
      .filter((child) => child.scrollWidth > child.clientWidth + 1 && getComputedStyle(child).overflowX === 'visible')
      .map((child) => child.className),
  );
  expect(overflowing, `${name} ${language} 360: wider than their box`).toEqual([]);
  const file = path.join(shots, `first-deposit-${name}-${language}-360`);
  await page.screenshot({ path: `${file}.png` });
  await centre.evaluate((element) => element.lastElementChild?.scrollIntoView({ block: 'end' }));
  await page.screenshot({ path: `${file}-end.png` });
  await page.setViewportSize({ width, height });
}

/** Switches the site's language from the header (the member centre closed first: it is modal). */
async function switchLanguage(page: Page, language: Language): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.locator('.member-centre__nav')).toBeHidden();
  await page
    .getByRole('group', { name: language === 'TH' ? 'Language' : 'ภาษา' })
    .first()
    .getByRole('button', { name: language === 'TH' ? /^TH/ : /^EN/ })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', language === 'TH' ? 'th' : 'en');
}

/**
 * The member centre page `entry`, photographed in EN (open already) and in TH (the language
 * switched, the page opened again so it reads again); back in EN on that page at the end.
 */
async function photographBoth(
  page: Page,
  name: string,
  entry: keyof typeof centreEntries,
  check: (page: Page) => Promise<void>,
): Promise<void> {
  await photograph(page, name, 'EN');
  await switchLanguage(page, 'TH');
  await openCentre(page, entry, 'TH');
  await check(page);
  await photograph(page, name, 'TH');
  await switchLanguage(page, 'EN');
  await openCentre(page, entry, 'EN');
  await check(page);
}

test.beforeAll(async ({ request }) => {
  // The house vendor starts with the server; wait until it answers before framing its slot.
  await expect
    .poll(async () => (await request.get(`http://127.0.0.1:${e2ePort + 1}/health`).catch(() => null))?.ok() ?? false, {
      timeout: 30_000,
    })
    .toBe(true);
});

test('a new member deposits, claims the first-deposit bonus, plays its turnover on the slot, then withdraws', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  mkdirSync(shots, { recursive: true });
  const stamp = Date.now().toString(36);
  const promotionName = `First deposit 100% ${stamp}`;

  // The operator's promotion: 100% of the first deposit up to 100.00, claimed by the member.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await admin.setViewportSize({ width: 1280, height: 900 });
  await firstOperatorLogin(admin, await createOperator('admin'));
  const operator = await operatorToken(admin);
  const input = promotionInput(stamp);
  const promotion = await callApi<{ id: number; version: number }>(
    request,
    'POST',
    adminPromotionPaths.promotions,
    input,
    operator,
  );

  try {
    // A new member registers through the site's form.
    await page.setViewportSize({ width: 1440, height: 900 });
    await startSession(page);
    await page.goto('/register');
    const register = page.getByRole('dialog', { name: 'Register' });
    const username = `fdb${stamp}${randomInt(10, 99)}`.slice(0, 16);
    const mobile = `08${String(randomInt(10_000_000, 99_999_999))}`;
    await register.getByLabel('Username').fill(username);
    await register.getByLabel(/^Password/).fill(memberPassword);
    await register.getByLabel(/^Confirm password/).fill(memberPassword);
    await register.getByLabel(/^Full name/).fill('Somchai Jaidee');
    await register.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
    await register.getByRole('button', { name: 'Send code' }).click();
    await register.getByLabel(/^SMS code/).fill(await waitForCode(request, outboxAddress(mobile), 1));
    await register.getByRole('checkbox').check();
    await register.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(register).toBeHidden();
    const strip = accountStrip(page);
    await expect(strip).toContainText(username);
    const balance = strip.locator('.account-strip__amount');
    await expect(balance).toHaveText('฿0.00');
    const token = (await page.evaluate(() => window.sessionStorage.getItem('token')))!;
    expect(token, 'member token').toBeTruthy();

    // The first deposit: a bank transfer with its slip, from the site's deposit page.
    await strip.getByRole('button', { name: 'Deposit' }).click();
    const centre = page.getByRole('dialog', { name: 'Member centre' });
    await centre.getByText('Bank transfer', { exact: true }).click();
    await centre.getByLabel('Amount (THB)').fill('300');
    await centre.getByLabel('Transfer reference').fill(`SOMCHAI ${stamp}`);
    await centre
      .getByLabel('Transfer slip')
      .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: slipPng() });
    await centre.getByRole('button', { name: 'Submit deposit' }).click();
    await expect(centre.getByRole('heading', { name: 'Deposit sent for review' })).toBeVisible({ timeout: 20_000 });
    const depositId = Number(/#(\d+)/.exec((await centre.locator('.money-result__sub').textContent()) ?? '')?.[1]);
    expect(depositId, 'deposit id on the result').toBeGreaterThan(0);

    // The operator approves it (the back-office's review page is money.spec.ts's journey).
    await callApi(request, 'POST', depositPaths.adminApprove, { depositId }, operator);
    await expect(balance).toHaveText('฿300.00', { timeout: 20_000 });
    await expect(centre.getByRole('heading', { name: '฿300.00 is in your wallet' })).toBeVisible({ timeout: 20_000 });

    // The deposit promotions' job (every minute, promotions.deposit-rewards), run now with its own
    // function against this server's database as the scheduler would (agent-contracts.spec.ts does the
    // same for the salary jobs); rerunning it rewards nothing twice.
    const db = connect(connectionString(), 2);
    try {
      await rewardApprovedDeposits(db, Date.now());
    } finally {
      await db.destroy();
    }

    // The reward centre offers the bonus: 100% of 300.00 capped at 100.00.
    await openCentre(page, 'rewards');
    const reward = centre.locator('.reward-item').filter({ hasText: promotionName });
    await expect(reward).toContainText('100.00', { timeout: jobTimeout });
    await expect(reward).toContainText(/Expires in 1d 23:\d\d:\d\d/);
    await reward.getByRole('button', { name: 'Claim' }).click();
    await expect(centre.getByRole('status').filter({ hasText: promotionName })).toHaveText(
      `${promotionName}: Claimed 100.00 to your bonus balance`,
    );
    await expect(reward.locator('.promotion-state')).toHaveText('Claimed');
    // The bonus is not cash: the wallet's balance stays the deposit.
    await expect(balance).toHaveText('฿300.00');
    await photographBoth(page, 'rewards', 'rewards', async (target) => {
      await expect(target.locator('.reward-item').filter({ hasText: stamp }).locator('.promotion-state')).toBeVisible();
    });

    // Bonus details: the bonus with its turnover, (300 + 100) x 0.5 = 200.00 on slots.
    await openCentre(page, 'bonus');
    await expect(centre.locator('.bonus-balance')).toHaveText('Bonus balance ฿100.00');
    await expect(centre.getByRole('alert')).toContainText(
      'Turnover incomplete: withdrawals are blocked until it is met',
    );
    await expect(centre.locator('.bonus-status')).toContainText('Turnover ฿0.00 of ฿200.00');
    const bonus = centre.locator('.bonus-item').first();
    // Named by its promotion, its kind below.
    await expect(bonus.locator('.bonus-item__name')).toHaveText(promotionName);
    await expect(bonus.locator('.bonus-item__kind')).toHaveText('Promotion bonus');
    await expect(bonus.locator('.bonus-badge')).toHaveText('Active');
    await expect(bonus.locator('.bonus-item__facts')).toContainText('Bonus฿100.00');
    await expect(bonus.locator('.bonus-item__facts')).toContainText('Remaining฿100.00');
    await expect(bonus.locator('.bonus-progress__label')).toHaveText('Turnover฿0.00 / ฿200.00');
    await expect(bonus.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    await photographBoth(page, 'bonus-active', 'bonus', async (target) => {
      await expect(target.locator('.bonus-badge--active')).toBeVisible();
    });

    // A withdrawal now is refused with what is left to wager. The payment password and bank account
    // are set up through the API (their pages are money.spec.ts's journey).
    await callSealed(
      request,
      'PUT',
      withdrawalPaths.setPaymentPassword,
      { password: memberPassword, paymentPassword, confirmPaymentPassword: paymentPassword },
      token,
    );
    await callSealed(
      request,
      'PUT',
      withdrawalPaths.bindBankAccount,
      {
        bankCode: 'KBANK',
        accountNumber: `6${String(randomInt(100_000_000, 999_999_999))}`,
        accountName: 'Somchai Jaidee',
        paymentPassword,
      },
      token,
    );
    await openCentre(page, 'withdraw');
    // Said before the attempt, above the form, with the way to bonus details.
    const bonusNotice = centre.locator('.money-callout').filter({ hasText: 'Bonus turnover not yet reached' });
    await expect(bonusNotice).toContainText('Play ฿200.00 more in games to meet your bonus turnover');
    await expect(bonusNotice.getByRole('button', { name: 'See bonus details' })).toBeVisible();
    const withdrawForm = centre.getByRole('form', { name: 'Withdraw' });
    await withdrawForm.getByLabel('Amount (THB)').fill('100');
    await withdrawForm.getByLabel('Payment password').fill(paymentPassword);
    await withdrawForm.getByRole('button', { name: 'Withdraw now' }).click();
    await expect(withdrawForm.getByRole('alert')).toHaveText(
      'Bonus turnover not reached: wager 200.00 more before withdrawing',
    );
    await expect(balance).toHaveText('฿300.00');

    // The house slot: 50.00 a spin (2.50 on each of 20 lines), four spins make the 200.00.
    await page.keyboard.press('Escape');
    await page.goto('/rng?page=LTSLOT', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Play Lucky Lotus' }).first().click();
    await expect(page).toHaveURL(/\/game$/);
    const game = page.frameLocator('iframe.game-frame__iframe');
    const spin = game.getByRole('button', { name: 'Spin' });
    await expect(spin).toBeEnabled({ timeout: 20_000 });
    // What the game plays with is cash and bonus together.
    await expect(game.locator('.meter__value').first()).toContainText('400.00');
    for (let step = 0; step < 5; step += 1) await game.getByRole('button', { name: 'Raise bet' }).click();
    await expect(game.locator('.bet__total')).toContainText('Total bet 50.00');
    const settledBets = async () =>
      (
        await queryDatabase<{ rounds: string; bets: string }>(
          `SELECT count(*)::text AS rounds, COALESCE(sum(b.valid_bet), 0)::text AS bets
             FROM bet_record b JOIN member m ON m.id = b.member_id
            WHERE m.username = $1 AND b.status = 'settled'`,
          [username],
        )
      )[0]!;
    for (let spins = 1; spins <= 4; spins += 1) {
      await expect(spin).toBeEnabled({ timeout: jobTimeout });
      await spin.click();
      // The round is over (its bet and win posted) before the next spin.
      await expect.poll(async () => (await settledBets()).rounds, { timeout: jobTimeout }).toBe(String(spins));
    }
    expect((await settledBets()).bets).toBe('20000');
    await expect(spin).toBeEnabled({ timeout: jobTimeout });

    // Back on the site: bonus details show the bonus converted; what was left of it is cash now.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).not.toHaveURL(/\/game$/);
    await openCentre(page, 'bonus');
    await expect(bonus.locator('.bonus-badge')).toHaveText('Converted to cash', { timeout: jobTimeout });
    await expect(centre.locator('.bonus-balance')).toHaveText('Bonus balance ฿0.00');
    await expect(centre.locator('.bonus-status')).toHaveText('Turnover complete: nothing more required');
    await expect(bonus.locator('.bonus-progress__label')).toHaveText('Turnover฿200.00 / ฿200.00');
    await expect(bonus.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expect(bonus.locator('.bonus-item__facts')).toContainText('Remaining฿0.00');
    const wallet = await callApi<WalletBalance>(request, 'GET', apiPaths.walletBalance, undefined, token);
    expect(wallet.bonusBalance).toBe('0.00');
    const cash = Number(wallet.sumBalance);
    // At least the 100.00 of the bonus and the 100.00 of the deposit the bets could not reach.
    expect(cash).toBeGreaterThanOrEqual(200);
    const shown = `฿${cash.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    await expect(balance).toHaveText(shown, { timeout: jobTimeout });
    await photographBoth(page, 'bonus-converted', 'bonus', async (target) => {
      await expect(target.locator('.bonus-badge--converted')).toBeVisible();
    });

    // The withdrawal goes through now.
    await openCentre(page, 'withdraw');
    await withdrawForm.getByLabel('Amount (THB)').fill('100');
    await withdrawForm.getByLabel('Payment password').fill(paymentPassword);
    await withdrawForm.getByRole('button', { name: 'Withdraw now' }).click();
    await expect(centre.getByRole('heading', { name: 'Withdrawal of ฿100.00 requested' })).toBeVisible({
      timeout: 20_000,
    });
    const left = (cash - 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    await expect(balance).toHaveText(`฿${left}`, { timeout: 20_000 });
    const [withdrawal] = await queryDatabase<{ status: string; amount: string }>(
      `SELECT w.status, w.amount::text AS amount FROM withdrawal w JOIN member m ON m.id = w.member_id
        WHERE m.username = $1`,
      [username],
    );
    expect(withdrawal).toEqual({ status: 'pending', amount: '10000' });
  } finally {
    // Off again, so the deposits of later journeys on this database are not rewarded by it.
    await callApi(
      request,
      'PUT',
      adminPromotionPaths.promotion.replace(':id', String(promotion.id)),
      { ...input, enabled: false, version: promotion.version },
      operator,
    );
    await adminContext.close();
  }
});
