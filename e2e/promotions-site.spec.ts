import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { adminPromotionPaths, mediaPaths, type AdminPromotionInput } from '@lotus/contract';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { apiHeaders, callApi } from './support/api.ts';
import { registerMember, type RegisteredMember } from './support/members.ts';
import { createOperator, firstOperatorLogin, operatorToken } from './support/operator.ts';
import { startSession, type Language } from './support/session.ts';

/**
 * The site's promotions (issue 17): an operator's promotions (deposit, MANUAL, ISSUED granted to the
 * member, LOGIN sign-in, REGISTER newbie, one not started) on /promotions with the member's states;
 * the MANUAL detail with its application form; the member centre's reward centre (the granted reward
 * with its countdown, claimed there; a reward granted while it is open appears at once, with the
 * count of rewards to claim on its entry) and bonus details (the claimed bonus with its turnover).
 * Every page photographed in TH and EN at 1280 and 360 px, none scrolling sideways.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
// Five minutes: the journey photographs 30 pages (a busy machine needs them).
test.describe.configure({ timeout: 300_000 });
const shots = process.env.E2E_SHOTS_DIR ?? 'test-results';

const base: AdminPromotionInput = {
  kind: 'DEPOSIT',
  category: 'deposit',
  nameTh: 'โปร',
  nameEn: 'Promo',
  descriptionTh: '',
  descriptionEn: '',
  pictureUrl: null,
  enabled: true,
  startsAt: null,
  endsAt: null,
  audience: 'all',
  productTypes: null,
  bonusType: 'fixed',
  bonusPercent: null,
  bonusAmount: '50',
  bonusCap: null,
  minDeposit: null,
  depositCount: null,
  requiresJoin: false,
  autoClaim: false,
  maxClaimsPerMember: null,
  maxClaimsTotal: null,
  budget: null,
  turnoverMultiplier: 3,
  turnoverProductTypes: null,
  claimExpiryHours: null,
  bonusExpiryDays: null,
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
};

async function noOverflow(page: Page, what: string, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, what).toBeLessThanOrEqual(width);
}

/** A page of the member in `language`, logged in with its token. */
async function memberPage(browser: Browser, member: RegisteredMember | null, language: Language): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await startSession(page, language);
  if (member)
    await page.addInitScript((token) => {
      if (!window.sessionStorage.getItem('promoJourney')) {
        window.sessionStorage.setItem('promoJourney', '1');
        window.sessionStorage.setItem('token', token);
      }
    }, member.token);
  return page;
}

/** For each language: open with `show`, then photograph at 1280 and 360. */
async function photograph(
  browser: Browser,
  member: RegisteredMember | null,
  name: string,
  show: (page: Page, language: Language) => Promise<void>,
): Promise<void> {
  for (const language of ['EN', 'TH'] as const) {
    const page = await memberPage(browser, member, language);
    await show(page, language);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      // The phone's side menu slides away when the viewport narrows: photograph once it has.
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
      );
      await noOverflow(page, `${name} ${language} ${width}`, width);
      const file = path.join(shots, `promo-site-${name}-${language}-${width}`);
      // The member centre is a dialog scrolling inside: at 360 its top, then its end.
      const centre = page.locator('.member-centre__page');
      const isCentre = (await centre.count()) > 0;
      await page.screenshot({ path: `${file}.png`, fullPage: !isCentre });
      if (isCentre && width === 360) {
        await centre.evaluate((element) => element.lastElementChild?.scrollIntoView({ block: 'end' }));
        await page.screenshot({ path: `${file}-end.png` });
      }
    }
    await page.context().close();
  }
}

async function openCentre(page: Page, entry: { EN: string; TH: string }, language: Language): Promise<Page> {
  await page.goto('/');
  await page.locator('.account-strip__name').click();
  await page.locator('.member-centre__nav').getByRole('button', { name: entry[language], exact: true }).click();
  return page;
}

test('a member sees the promotions with its states, applies, claims in the reward centre, sees the bonus', async ({
  browser,
  request,
}) => {
  mkdirSync(shots, { recursive: true });
  const admin = await (await browser.newContext()).newPage();
  await admin.setViewportSize({ width: 1280, height: 900 });
  await firstOperatorLogin(admin, await createOperator('admin'));
  const token = await operatorToken(admin);
  const art = new PNG({ width: 600, height: 300 });
  for (let index = 0; index < art.data.length; index += 4)
    art.data.set([200, 40 + ((index / 4) % 600) / 4, 90, 255], index);
  const upload = await request.post(mediaPaths.upload, {
    headers: { ...apiHeaders, Authorization: token },
    multipart: { file: { name: 'art.png', mimeType: 'image/png', buffer: PNG.sync.write(art) } },
  });
  const pictureUrl = ((await upload.json()) as { value: { url: string } }).value.url;
  const create = (input: Partial<AdminPromotionInput>) =>
    callApi<{ id: number }>(request, 'POST', adminPromotionPaths.promotions, { ...base, ...input }, token);
  const stamp = Date.now().toString(36);
  await create({
    kind: 'FIRST_DEPOSIT',
    nameEn: `First deposit 100% ${stamp}`,
    nameTh: `ฝากแรกรับ 100% ${stamp}`,
    bonusType: 'percent',
    bonusPercent: 100,
    bonusAmount: null,
    bonusCap: '1000',
    minDeposit: '100',
    requiresJoin: true,
    pictureUrl,
    sort: 1,
  });
  const manual = await create({
    kind: 'MANUAL',
    category: 'special',
    nameEn: `Send your slip, get 50 ${stamp}`,
    nameTh: `แนบสลิปรับ 50 ${stamp}`,
    descriptionEn: 'Attach your deposit slip and wait for approval.',
    descriptionTh: 'แนบสลิปการฝากและรอการอนุมัติ',
    imageRequired: true,
    claimExpiryHours: 48,
    maxClaimsPerMember: 1,
    sort: 2,
  });
  const issued = await create({
    kind: 'ISSUED',
    category: 'special',
    nameEn: `Loyalty gift ${stamp}`,
    nameTh: `ของขวัญสมาชิก ${stamp}`,
    bonusAmount: '88',
    claimExpiryHours: 48,
    pictureUrl,
    sort: 3,
  });
  await create({
    kind: 'LOGIN',
    category: 'daily',
    nameEn: `Daily sign-in ${stamp}`,
    nameTh: `เช็กอินรายวัน ${stamp}`,
    bonusAmount: null,
    loginRule: { type: 'C', dayAmounts: ['1', '2', '3', '5', '8', '10', '20'], requiredDepositAmount: '0' },
    sort: 4,
  });
  await create({
    kind: 'REGISTER',
    category: 'newbie',
    nameEn: `Welcome bonus ${stamp}`,
    nameTh: `โบนัสต้อนรับ ${stamp}`,
    bonusAmount: '100',
    registerRequiredFields: ['email', 'birthday', 'bankAccount'],
    sort: 5,
  });
  await create({
    kind: 'DEPOSIT',
    nameEn: `Weekend reload ${stamp}`,
    nameTh: `ฝากสุดสัปดาห์ ${stamp}`,
    startsAt: Date.now() + 3 * 86_400_000,
    sort: 6,
  });
  const member = await registerMember(request, 'promo');
  await callApi(
    request,
    'POST',
    adminPromotionPaths.grant.replace(':id', String(issued.id)),
    { grantId: `e2e-grant-${stamp}`, audience: 'listed', usernames: [member.username], amount: null },
    token,
  );

  // The list with the member's states, and the visitor's.
  await photograph(browser, member, 'list', async (page, language) => {
    await page.goto('/promotions');
    const card = page.getByRole('article').filter({ hasText: `Loyalty gift ${stamp}` });
    if (language === 'EN') {
      await expect(card.locator('.promotion-state')).toHaveText('Ready to claim');
      const coming = page.getByRole('article').filter({ hasText: `Weekend reload ${stamp}` });
      await expect(coming.locator('.promotion-state')).toHaveText('Coming soon');
    } else await expect(page.getByRole('heading', { level: 1 })).toHaveText('โปรโมชั่น');
  });
  await photograph(browser, null, 'list-visitor', async (page, language) => {
    await page.goto('/promotions');
    await expect(
      page.getByRole('button', { name: language === 'EN' ? 'Log in to join' : 'เข้าสู่ระบบเพื่อเข้าร่วม' }).first(),
    ).toBeVisible();
  });
  // The MANUAL detail with the application form.
  await photograph(browser, member, 'manual', async (page, language) => {
    await page.goto(`/promoDetail?promotionId=${manual.id}`);
    await page.getByRole('button', { name: language === 'EN' ? 'Apply' : 'สมัคร', exact: true }).click();
    await expect(page.locator('.promotion-apply')).toBeVisible();
  });
  // The reward centre: the grant with its countdown, the calendar, the newbie task.
  await photograph(browser, member, 'rewards', async (page, language) => {
    await openCentre(page, { EN: 'Reward centre', TH: 'ศูนย์รางวัล' }, language);
    // Its own promotions only: other journeys of the run write sign-in promotions too.
    await expect(page.locator(`.signin-calendar[aria-label$="${stamp}"]`)).toBeVisible();
    await expect(page.locator('.reward-item').filter({ hasText: stamp }).locator('.newbie-fields')).toBeVisible();
  });
  // The member applies with a picture: the answer stays while the state becomes "Applying".
  const page = await memberPage(browser, member, 'EN');
  await page.goto(`/promoDetail?promotionId=${manual.id}`);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await page
    .getByLabel(/Pictures/)
    .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: PNG.sync.write(art) });
  await expect(page.getByText('slip.png')).toBeVisible();
  await page.getByLabel('Remarks').fill('Deposit of today');
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText(/Your application was sent/)).toBeVisible();
  await expect(page.locator('.promotion-state')).toHaveText('Applying');
  // Claim the grant and today's sign-in there; the bonuses show in bonus details.
  await openCentre(page, { EN: 'Reward centre', TH: 'ศูนย์รางวัล' }, 'EN');
  const gift = page.locator('.reward-item').filter({ hasText: `Loyalty gift ${stamp}` });
  await expect(gift).toContainText(/Expires in 1d 23:\d\d:\d\d/);
  await gift.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Loyalty gift ${stamp}` })).toHaveText(
    `Loyalty gift ${stamp}: Claimed 88.00 to your bonus balance`,
  );
  await expect(gift).toContainText('Claimed');
  await page
    .locator('.reward-item')
    .filter({ has: page.locator(`.signin-calendar[aria-label$="${stamp}"]`) })
    .getByRole('button', { name: "Claim today's 1.00" })
    .click();
  await expect(page.getByText('Claimed 1.00 to your bonus balance')).toBeVisible();
  // A reward granted while the reward centre is open shows there at once, without a reload: the
  // balance stream's `rewards` event reads the list again and puts the count on the entry.
  const entry = page.locator('.member-centre__nav').getByRole('button', { name: 'Reward centre', exact: true });
  await expect(entry.locator('.count-badge')).toHaveCount(0);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const surprise = await create({
    kind: 'ISSUED',
    category: 'special',
    nameEn: `Surprise gift ${stamp}`,
    nameTh: `ของขวัญเซอร์ไพรส์ ${stamp}`,
    bonusAmount: '20',
    claimExpiryHours: 24,
    sort: 7,
  });
  await callApi(
    request,
    'POST',
    adminPromotionPaths.grant.replace(':id', String(surprise.id)),
    { grantId: `e2e-surprise-${stamp}`, audience: 'listed', usernames: [member.username], amount: null },
    token,
  );
  await expect(page.locator('.reward-item').filter({ hasText: `Surprise gift ${stamp}` })).toContainText(
    /Expires in 23:\d\d:\d\d/,
  );
  await expect(entry.locator('.count-badge')).toHaveText('1');
  await expect(entry).toHaveAccessibleDescription('1 to claim');
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  // The badge in the member centre (desktop and 360 px) and in the phone's side menu, TH and EN.
  for (const language of ['EN', 'TH'] as const) {
    const shot = await memberPage(browser, member, language);
    const name = { EN: 'Reward centre', TH: 'ศูนย์รางวัล' }[language];
    await openCentre(shot, { EN: name, TH: name }, language);
    // The entry's own badge: the strip's envelope wears one too (.count-badge) for unread messages.
    const centreBadge = shot.locator('.member-centre__nav .count-badge');
    await expect(centreBadge).toHaveText('1');
    await shot.screenshot({ path: path.join(shots, `promo-site-badge-${language}-1280.png`) });
    await shot.setViewportSize({ width: 360, height: 900 });
    await centreBadge.scrollIntoViewIfNeeded();
    await noOverflow(shot, `badge ${language} 360`, 360);
    await shot.screenshot({ path: path.join(shots, `promo-site-badge-${language}-360.png`) });
    await shot.keyboard.press('Escape');
    await shot.getByRole('button', { name: language === 'EN' ? 'Open menu' : 'เปิดเมนู' }).click();
    await expect(shot.locator('.account-menu .count-badge')).toHaveText('1');
    await shot.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    await noOverflow(shot, `phone menu badge ${language}`, 360);
    await shot.screenshot({ path: path.join(shots, `promo-site-badge-menu-${language}-360.png`) });
    await shot.context().close();
  }
  // The phone's side menu has both pages.
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 360, height: 900 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.locator('.account-menu').getByRole('button', { name: 'Reward centre' })).toBeVisible();
  await expect(page.locator('.account-menu').getByRole('button', { name: 'Bonus details' })).toBeVisible();
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await noOverflow(page, 'phone menu', 360);
  await page.screenshot({ path: path.join(shots, 'promo-site-phone-menu-EN-360.png') });
  await photograph(browser, member, 'bonus', async (target, language) => {
    await openCentre(target, { EN: 'Bonus details', TH: 'รายละเอียดโบนัส' }, language);
    await expect(target.getByRole('progressbar')).toHaveCount(2);
  });
});
