import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { inboxPaths, type InboxPage } from '@lotus/contract';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { openAgentCentrePage } from './support/agent-centre.ts';
import { apiHeaders } from './support/api.ts';
import { queryDatabase } from './support/database.ts';
import { registerMember, type RegisteredMember } from './support/members.ts';
import { createOperator, firstOperatorLogin } from './support/operator.ts';
import { accountStrip, startSession, type Language } from './support/session.ts';

/**
 * The member inbox end to end: two members have the site open (one in English at 1280 px, one in
 * Thai at 360 px); a support operator writes to both in the back-office's Member messages; each
 * member's header shows the unread badge at once (the balance stream, no reload), opens the message
 * in the member centre's messageV2, and it is marked read. Every page is photographed in TH and EN at
 * 1280 and 360 px and checked for horizontal overflow. Then the demo agent writes to a member of its
 * team from team management's Send message (EN 1280, TH 360) and the member has it in its inbox. The
 * rules (owners, segments, counts, the subtree) are inbox.test.ts's and the component tests'.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 240_000 });
const shots = process.env.E2E_SHOTS_DIR ?? 'test-results';

async function noOverflow(page: Page, what: string, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, what).toBeLessThanOrEqual(width);
}

/** The member's site, logged in with the registration's session, in `language`, `width` wide. */
async function openSite(page: Page, member: RegisteredMember, language: Language, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  await startSession(page, language);
  await page.addInitScript((token) => {
    if (!window.sessionStorage.getItem('inboxJourneyStarted')) {
      window.sessionStorage.setItem('inboxJourneyStarted', '1');
      window.sessionStorage.setItem('token', token);
    }
  }, member.token);
  await page.goto('/');
}

const envelope = (page: Page) => page.locator('.account-strip__inbox');

test('an operator writes to two members; each sees the badge at once, opens the message and it is read', async ({
  browser,
  request,
}) => {
  mkdirSync(shots, { recursive: true });
  const english = await registerMember(request, 'inboxen');
  const thai = await registerMember(request, 'inboxth');
  const enPage = await (await browser.newContext()).newPage();
  const thPage = await (await browser.newContext()).newPage();
  await openSite(enPage, english, 'EN', 1280);
  await openSite(thPage, thai, 'TH', 360);
  // Nothing unread yet: the envelope without a badge.
  await expect(envelope(enPage)).toHaveAccessibleName('Messages');
  await expect(envelope(thPage)).toHaveAccessibleName('ข้อความ');

  const operator = await createOperator('support');
  const admin = await (await browser.newContext()).newPage();
  await admin.setViewportSize({ width: 1280, height: 900 });
  await firstOperatorLogin(admin, operator);
  await admin.getByRole('complementary', { name: 'Main menu' }).getByRole('link', { name: 'Member messages' }).click();
  await admin.getByLabel('Send to').selectOption('listed');
  await admin.getByLabel('Usernames').fill(`${english.username}\n${thai.username}`);
  await admin.getByLabel('Subject (Thai)').fill('โบนัสสุดสัปดาห์');
  await admin.getByLabel('Subject (English)').fill('Weekend bonus');
  await admin.getByLabel('Message (Thai)').fill('ฝากวันเสาร์นี้รับโบนัส 10%\nถึงวันอาทิตย์เท่านั้น');
  await admin.getByLabel('Message (English)').fill('Deposit this Saturday for a 10% bonus.\nUntil Sunday only.');
  await admin.getByRole('button', { name: 'Send', exact: true }).click();
  const confirm = admin.getByRole('dialog', { name: 'Send the message?' });
  await expect(confirm.getByText('Send this message to the 2 listed members?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(admin.getByText('Sent to 2 members')).toBeVisible();
  const sentRow = admin.getByRole('row').filter({ hasText: english.username }).first();
  await expect(sentRow).toContainText('Weekend bonus');

  // The badge arrives by itself on both open sites.
  await expect(envelope(enPage)).toHaveAccessibleName('Messages: 1 unread');
  await expect(envelope(thPage)).toHaveAccessibleName('ข้อความ: ยังไม่อ่าน 1');
  await expect(envelope(thPage)).toBeVisible();
  await enPage.screenshot({ path: path.join(shots, 'inbox-badge-EN-1280.png') });
  await thPage.screenshot({ path: path.join(shots, 'inbox-badge-TH-360.png') });

  // English at 1280: the list, then the message, which is then read.
  await envelope(enPage).click();
  const centre = enPage.getByRole('dialog', { name: 'Member centre' });
  const list = centre.getByRole('list', { name: 'Your messages' });
  await expect(list.getByRole('button', { name: /Weekend bonus/ })).toBeVisible();
  await expect(centre.getByText('1 unread')).toBeVisible();
  await enPage.screenshot({ path: path.join(shots, 'inbox-list-EN-1280.png') });
  await noOverflow(enPage, 'list EN 1280', 1280);
  await list.getByRole('button', { name: /Weekend bonus/ }).click();
  await expect(centre.getByRole('heading', { name: 'Weekend bonus' })).toBeVisible();
  await expect(centre.getByText('Until Sunday only.', { exact: false })).toBeVisible();
  await expect(envelope(enPage)).toHaveAccessibleName('Messages');
  await enPage.screenshot({ path: path.join(shots, 'inbox-detail-EN-1280.png') });
  await centre.getByRole('button', { name: 'Back to messages' }).click();
  await expect(centre.getByText('0 unread')).toBeVisible();

  // Thai at 360: the same message in Thai.
  await envelope(thPage).click();
  const thCentre = thPage.getByRole('dialog', { name: 'ศูนย์สมาชิก' });
  const thList = thCentre.getByRole('list', { name: 'ข้อความของคุณ' });
  await expect(thList.getByRole('button', { name: /โบนัสสุดสัปดาห์/ })).toBeVisible();
  await thPage.screenshot({ path: path.join(shots, 'inbox-list-TH-360.png') });
  await noOverflow(thPage, 'list TH 360', 360);
  await thList.getByRole('button', { name: /โบนัสสุดสัปดาห์/ }).click();
  await expect(thCentre.getByRole('heading', { name: 'โบนัสสุดสัปดาห์' })).toBeVisible();
  await expect(envelope(thPage)).toHaveAccessibleName('ข้อความ');
  await thPage.screenshot({ path: path.join(shots, 'inbox-detail-TH-360.png') });
  await noOverflow(thPage, 'detail TH 360', 360);

  // The other two: English at 360, Thai at 1280.
  await enPage.setViewportSize({ width: 360, height: 800 });
  await expect(centre.getByRole('list', { name: 'Your messages' })).toBeVisible();
  await enPage.screenshot({ path: path.join(shots, 'inbox-list-EN-360.png') });
  await noOverflow(enPage, 'list EN 360', 360);
  await thCentre.getByRole('button', { name: 'กลับไปที่กล่องข้อความ' }).click();
  await thPage.setViewportSize({ width: 1280, height: 800 });
  await expect(thCentre.getByText('ยังไม่อ่าน 0 ข้อความ')).toBeVisible();
  await thPage.screenshot({ path: path.join(shots, 'inbox-list-TH-1280.png') });

  // The composer counts both reads.
  await admin.reload();
  await expect(admin.getByRole('row').filter({ hasText: english.username }).first()).toContainText('100%');
  for (const language of ['EN', 'TH'] as const) {
    if (language === 'TH') {
      await admin.setViewportSize({ width: 1280, height: 900 });
      await admin.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'ไทย' }).first().click();
    }
    for (const width of [1280, 360]) {
      await admin.setViewportSize({ width, height: 900 });
      await expect(admin.locator('table').first()).toBeVisible();
      // The phone's drawer slides away when the width shrinks: photograph the page, not the slide.
      if (width === 360) await expect(admin.locator('.sidebar')).not.toBeInViewport();
      await admin.screenshot({ path: path.join(shots, `inbox-admin-${language}-${width}.png`), fullPage: true });
      await noOverflow(admin, `admin ${language} ${width}`, width);
    }
  }
});

test('the demo agent writes to a member of its team from team management (EN 1280, TH 360)', async ({
  page,
  request,
}) => {
  mkdirSync(shots, { recursive: true });
  // A member put under the demo agent as an operator's move would (the tree rows of its new ancestors).
  const downline = await registerMember(request, 'ibxteam');
  const [row] = await queryDatabase<{ member_id: string; agent_id: string }>(
    `select m.id as member_id, a.id as agent_id from member m
       join member a on a.merchant_id = m.merchant_id and a.username = 'demoagent'
      where m.username = $1`,
    [downline.username],
  );
  await queryDatabase('update member set upline_id = $2 where id = $1', [row!.member_id, row!.agent_id]);
  await queryDatabase(
    `insert into member_hierarchy (merchant_id, ancestor_id, descendant_id, depth)
     select merchant_id, ancestor_id, $1, depth + 1 from member_hierarchy where descendant_id = $2`,
    [row!.member_id, row!.agent_id],
  );

  await page.setViewportSize({ width: 1280, height: 900 });
  await startSession(page);
  await page.goto('/login');
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('Username').fill('demoagent');
  await login.getByLabel('Password', { exact: true }).fill('Agent1234');
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(accountStrip(page)).toContainText('Lotus Agent');

  for (const [language, width] of [
    ['EN', 1280],
    ['TH', 360],
  ] as const) {
    await page.evaluate((lang) => window.sessionStorage.setItem('lang', lang), language);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/agentCenter');
    await openAgentCentrePage(page, 'teamMembers');
    await page.locator('.agent-team__filters input').first().fill(downline.username);
    const memberRow = page.getByRole('row').filter({ hasText: downline.username });
    await memberRow.getByRole('button', { name: language === 'EN' ? 'Send message' : 'ส่งข้อความ' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input').fill(`Team news ${language}`);
    await dialog.locator('textarea').fill('Bonus week starts on Monday.\nGood luck!');
    await expect(dialog).toBeInViewport();
    await page.screenshot({ path: path.join(shots, `inbox-agent-message-${language}-${width}.png`) });
    await noOverflow(page, `agent message ${language} ${width}`, width);
    await dialog.getByRole('button', { name: language === 'EN' ? 'Send' : 'ส่ง', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: downline.username })).toBeVisible();
  }

  const answer = await request.get(`${inboxPaths.list}?startTime=0`, {
    headers: { ...apiHeaders, Authorization: downline.token },
  });
  const inbox = ((await answer.json()) as { value: InboxPage }).value;
  expect(inbox.content.map((mail) => [mail.subject, mail.senderName, mail.sendType])).toEqual([
    ['Team news TH', 'demoagent', 'agent'],
    ['Team news EN', 'demoagent', 'agent'],
  ]);
});
