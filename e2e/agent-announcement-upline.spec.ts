import { apiPaths, withdrawalPaths, type AnnouncementList } from '@lotus/contract';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { openAgentCentrePage } from './support/agent-centre.ts';
import { callApi, callSealed } from './support/api.ts';
import { queryDatabase } from './support/database.ts';
import { depositWithDemoPay, memberPassword, registerMember, type RegisteredMember } from './support/members.ts';
import { createOperator, firstOperatorLogin } from './support/operator.ts';
import { accountStrip, startSession, type Language } from './support/session.ts';

/**
 * Issue 16's last agent-centre gaps. An operator publishes an announcement for agents only in the
 * back-office; the public list leaves it out; the demo agent reads it on the agent centre's
 * announcement page. A plain member of the agent's team sends money to its upline from the member
 * centre's transfer to upline page. Both pages, and the affiliate links' QR code, in TH and EN at 1280
 * and 360 px: screenshots, nothing wider than the screen; at 360 px the agent centre's menu is one
 * folding bar.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const shots = process.env.E2E_SHOTS_DIR ?? 'test-results';
const agent = { username: 'demoagent', password: 'Agent1234' };
const stamp = Date.now().toString(36);
const titles = { EN: `Agent rates ${stamp}`, TH: `อัตราเอเจนต์ ${stamp}` };
const paymentPassword = '246810';
let member: RegisteredMember;

const texts = {
  EN: { centre: 'Member centre', upline: 'Transfer to upline', member: 'Member', quickMenu: 'Quick menu' },
  TH: { centre: 'ศูนย์สมาชิก', upline: 'โอนให้อัปไลน์', member: 'สมาชิก', quickMenu: 'เมนูด่วน' },
};

async function expectNoOverflow(page: Page, what: string, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, what).toBeLessThanOrEqual(width);
}

test('an operator publishes an announcement for agents only; the public list leaves it out', async ({
  page,
  request,
}) => {
  const operator = await createOperator('admin');
  await firstOperatorLogin(page, operator);
  await page.getByRole('complementary', { name: 'Main menu' }).getByRole('link', { name: 'Announcements' }).click();
  await page.getByRole('button', { name: 'New announcement' }).click();
  const dialog = page.getByRole('dialog', { name: 'New announcement' });
  await dialog.getByLabel('Who sees it').selectOption({ label: 'Agents only (agent centre)' });
  await dialog.getByLabel('Title (Thai)').fill(titles.TH);
  await dialog.getByLabel('Title (English)').fill(titles.EN);
  await dialog.getByLabel('Text (Thai)').fill('<p>อัตราเงินเดือนรายวันใหม่มีผลตั้งแต่วันจันทร์</p>');
  await dialog.getByLabel('Text (English)').fill('<p>New daily salary rates apply from Monday.</p>');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row').filter({ hasText: titles.EN })).toContainText('Agents only (agent centre)');

  // Neither a visitor nor a logged-in member (of the agent's team, used below) sees it in the public list.
  member = await registerMember(request, 'upl', 'LOTUS88');
  for (const token of [undefined, member.token]) {
    const list = await callApi<AnnouncementList>(request, 'GET', apiPaths.announcements, undefined, token);
    expect(JSON.stringify(list)).not.toContain(stamp);
  }
});

test('the agent reads it on the announcement page, TH and EN, 1280 and 360 px; the links page shows a QR code', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await startSession(page);
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByPlaceholder('Username').fill(agent.username);
  await form.getByPlaceholder('Password').fill(agent.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(accountStrip(page)).toBeVisible();
  for (const language of ['EN', 'TH'] as const) {
    // The site's language is the session's.
    await page.evaluate((lang) => window.sessionStorage.setItem('lang', lang), language);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/agentCenter');
      if (width === 360) {
        // The phone's menu: one bar naming the open page; unfolded, the pages by group.
        const toggle = page.locator('.agent-centre__menu-toggle');
        await expect(toggle).toBeVisible();
        await expect(page.locator('.agent-centre__menu [data-page="announcement"]')).toBeHidden();
        await toggle.click();
        await expect(page.locator('.agent-centre__menu-group')).toHaveCount(5);
        await expectNoOverflow(page, `menu ${language}`, width);
        await page.screenshot({ path: `${shots}/agent-menu-open-${language}-${width}.png`, fullPage: true });
        await toggle.click();
      }
      await openAgentCentrePage(page, 'announcement');
      await expect(page).toHaveURL(/page=announcement/);
      const item = page.getByTestId('agent-announcement').filter({ hasText: titles[language] });
      await expect(item).toBeVisible();
      await expect(item).toContainText(language === 'EN' ? 'New daily salary rates' : 'อัตราเงินเดือนรายวันใหม่');
      await expectNoOverflow(page, `announcement ${language} ${width}`, width);
      await page.screenshot({ path: `${shots}/agent-announcement-${language}-${width}.png`, fullPage: true });

      await openAgentCentrePage(page, 'affiliateLinks');
      const card = page.getByTestId('affiliate-link').first();
      await card.getByRole('button', { name: language === 'EN' ? 'QR code' : 'คิวอาร์โค้ด' }).click();
      await expect(card.locator('svg.qr-code path')).toBeAttached();
      await expectNoOverflow(page, `links ${language} ${width}`, width);
      await card.screenshot({ path: `${shots}/agent-link-qr-${language}-${width}.png` });
    }
  }
});

test("a member of the agent's team transfers to its upline from the member centre, TH and EN, 1280 and 360 px", async ({
  page,
  request,
}) => {
  await callSealed(
    request,
    'PUT',
    withdrawalPaths.setPaymentPassword,
    { password: memberPassword, paymentPassword, confirmPaymentPassword: paymentPassword },
    member.token,
  );
  await depositWithDemoPay(request, member.token, '100.00');

  // The member centre opens from the name in the strip on a desktop, from the tab bar's Member on a phone.
  const openTransferUpline = async (language: Language, width: number) => {
    await page.goto('/');
    if (width < 768)
      await page
        .getByRole('navigation', { name: texts[language].quickMenu })
        .getByRole('button', { name: texts[language].member, exact: true })
        .click();
    else await page.locator('.account-strip__name').click();
    const centre = page.getByRole('dialog', { name: texts[language].centre });
    await centre.locator('.member-centre__nav-item').filter({ hasText: texts[language].upline }).click();
    await expect(centre.getByRole('heading', { name: texts[language].upline })).toBeVisible();
    return centre;
  };

  await startSession(page);
  await page.addInitScript((token) => window.sessionStorage.setItem('token', token), member.token);
  for (const language of ['EN', 'TH'] as const) {
    // The site's language is the session's; startSession sets EN for the first page.
    if (language === 'TH') await page.evaluate(() => window.sessionStorage.setItem('lang', 'TH'));
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      const centre = await openTransferUpline(language, width);
      if (language === 'EN' && width === 1280) {
        await centre.getByLabel('Amount').fill('10');
        await centre.getByLabel('Payment password').fill(paymentPassword);
        await centre.getByLabel('Remark').fill('For the team');
        await centre.getByRole('button', { name: 'Transfer', exact: true }).click();
        await expect(centre.getByRole('status')).toContainText('Sent to 1 account');
      }
      await expectNoOverflow(page, `transfer to upline ${language} ${width}`, width);
      const panel = (await centre.boundingBox())!;
      expect(panel.x + panel.width).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${shots}/member-transfer-upline-${language}-${width}.png`, fullPage: true });
    }
  }

  const rows = await queryDatabase<{ sender: string; receiver: string; kind: string; amount: string; remark: string }>(
    `SELECT sender.username AS sender, receiver.username AS receiver, agent_transfer.kind, agent_transfer.amount::text, agent_transfer.remark
       FROM agent_transfer
       JOIN member sender ON sender.id = agent_transfer.sender_id
       JOIN member receiver ON receiver.id = agent_transfer.receiver_id
      WHERE sender.username = $1`,
    [member.username],
  );
  // One transfer of 10.00 (minor units), from the member to its direct upline.
  expect(rows).toEqual([
    {
      sender: member.username,
      receiver: agent.username,
      kind: 'agent.transfer.upline',
      amount: '1000',
      remark: 'For the team',
    },
  ]);
});
