import { randomUUID } from 'node:crypto';
import { launchPaths } from '@lotus/contract';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { apiHeaders } from './support/api.ts';
import { e2ePort } from './support/environment.ts';
import { depositWithDemoPay, registerMember, type RegisteredMember } from './support/members.ts';
import { startSession, type Language } from './support/session.ts';

/**
 * The member's transaction history on a phone (issue 13): a member who moved money into Golden
 * Elephant (a transfer-mode vendor, the house vendor's transfer brand) by launching it and got it
 * back by the site's return reads those rows in words, in Thai and English, and at 360 and 390 px
 * nothing on the page is wider than the screen.
 */
/** Several engines share this machine; a page and its data can take longer than the default 5 s. */
const expect = baseExpect.configure({ timeout: 15_000 });

/** The short number stays on the line of its label (no-break spaces), so the patterns take any space. */
const texts = {
  TH: {
    member: 'สมาชิก',
    centre: 'ศูนย์สมาชิก',
    history: 'ประวัติธุรกรรม',
    movedIn: /^ย้ายเงินเข้า ช้างทอง\s·\sเลขที่\s[0-9a-f]{8}$/,
    movedBack: /^ย้ายเงินกลับจาก ช้างทอง\s·\sเลขที่\s[0-9a-f]{8}$/,
  },
  EN: {
    member: 'Member',
    centre: 'Member centre',
    history: 'Transaction history',
    movedIn: /^Moved to Golden Elephant\s·\sno\.\s[0-9a-f]{8}$/,
    movedBack: /^Returned from Golden Elephant\s·\sno\.\s[0-9a-f]{8}$/,
  },
} as const;

let member: RegisteredMember;

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  // The house vendor starts with the server; the launch calls it.
  await expect
    .poll(async () => (await request.get(`http://127.0.0.1:${e2ePort + 1}/health`).catch(() => null))?.ok() ?? false, {
      timeout: 30_000,
    })
    .toBe(true);
  member = await registerMember(request, 'history');
  await depositWithDemoPay(request, member.token, '500');
  // Into Golden Elephant's wallet by the launch (as the site's dialog asks it), back by the site's return.
  const launched = await request.post(launchPaths.launchGame, {
    headers: { ...apiHeaders, Authorization: member.token },
    data: {
      gameId: 'golden-elephant',
      vassalage: 'GOLDENELE',
      launchMode: 'GLS',
      accountType: 1,
      confirmTrans: 1,
      transferAmount: '120.00',
      language: 'EN',
    },
  });
  expect(((await launched.json()) as { success: boolean }).success).toBe(true);
  const returned = await request.post(launchPaths.walletReturn, {
    headers: { ...apiHeaders, Authorization: member.token, 'Idempotency-Key': randomUUID() },
    data: {},
  });
  const { value } = (await returned.json()) as { value: { transfers: Array<{ status: string; amount: string }> } };
  expect(value.transfers).toEqual([expect.objectContaining({ status: 'SUCCESS', amount: '120.00' })]);
});

async function openHistory(page: Page, language: Language): Promise<void> {
  await startSession(page, language);
  await page.addInitScript((token) => window.sessionStorage.setItem('token', token), member.token);
  await page.goto('/');
  await page
    .getByRole('navigation', { name: language === 'TH' ? 'เมนูด่วน' : 'Quick menu' })
    .getByRole('button', { name: texts[language].member, exact: true })
    .click();
  const centre = page.getByRole('dialog', { name: texts[language].centre });
  await centre.locator('.member-centre__nav-item').filter({ hasText: texts[language].history }).click();
  await expect(centre.getByRole('table')).toBeVisible();
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}

for (const [language, width] of [
  ['TH', 360],
  ['EN', 360],
  ['TH', 390],
] as const) {
  test(`${language}, ${width} px: the transfer rows say where the money went, and the history fits the screen`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 780 });
    await openHistory(page, language);
    const table = page.getByRole('table');
    // Out of the main wallet into Golden Elephant's, and back: each in words, with a short number.
    await expect(table.getByText(texts[language].movedIn)).toHaveCount(2);
    await expect(table.getByText(texts[language].movedBack)).toHaveCount(2);
    await expect(table).not.toContainText('transfer:');
    await expect(table).not.toContainText('GOLDENELE');
    const full = await table.getByText(texts[language].movedIn).first().getAttribute('title');
    expect(full).toMatch(/^[0-9a-f]{32}$/);

    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, `the history is ${scrollWidth} px wide on a ${innerWidth} px screen`).toBeLessThanOrEqual(
      innerWidth,
    );
    // Every row's card lies inside the screen.
    for (const row of await table.locator('tbody tr').all()) {
      const box = (await row.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
  });
}
