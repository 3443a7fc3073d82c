import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { queryDatabase } from './support/database.ts';
import { createOperator, firstOperatorLogin } from './support/operator.ts';

/**
 * The back-office's Agents pages (issue 16, operator side): a finance operator opens the statements
 * desk, sees a waiting statement of the demo agent's brand contract, opens it and approves it (paid
 * once through the ledger); then every page is photographed in TH and EN at 1280 and 360 px and
 * checked for horizontal overflow. An admin offers the demo agent a dividend (a falling tier is marked
 * and not sent) and disables one of its affiliate links, which then registers no one. The desk's rules
 * are settlement-desk.test.ts's, merchant-contracts.test.ts's and desk-links.test.ts's.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 420_000 });
const shots = process.env.E2E_SHOTS_DIR ?? 'test-results';

/** A waiting statement of the demo agent's brand daily salary contract, on a day of its own. */
async function waitingStatement(): Promise<{ id: string; day: string }> {
  const [agent] = await queryDatabase<{ id: string; merchant_id: number }>(
    `SELECT m.id, m.merchant_id FROM member m JOIN merchant x ON x.id = m.merchant_id
      WHERE x.code = 'demo' AND m.username_key = 'demoagent'`,
    [],
  );
  let [contract] = await queryDatabase<{ id: string }>(
    `SELECT id FROM agent_contract WHERE member_id = $1 AND upline_member_id IS NULL AND kind = 'daily_salary'
      AND status IN ('A', 'V') ORDER BY id LIMIT 1`,
    [agent!.id],
  );
  contract ??= (
    await queryDatabase<{ id: string }>(
      `INSERT INTO agent_contract (merchant_id, upline_member_id, member_id, kind, product_type, period, terms, status,
                                   replaces_id, created_at, updated_at, decided_at)
       VALUES ($1, NULL, $2, 'daily_salary', 'LIVE', '', $3, 'A', NULL, now(), now(), now()) RETURNING id`,
      [
        agent!.merchant_id,
        agent!.id,
        JSON.stringify({
          type: 'salary',
          tiers: [{ minimumBetMinor: '100000', activeMembers: 1, rate: { kind: 'percent', ppm: 10_000 } }],
        }),
      ],
    )
  )[0];
  // A day far back, different per run: one statement per contract and day.
  const day = `2019-${String(1 + (Date.now() % 12)).padStart(2, '0')}-${String(1 + (Math.floor(Date.now() / 12) % 28)).padStart(2, '0')}`;
  const [row] = await queryDatabase<{ id: string }>(
    `INSERT INTO agent_settlement (merchant_id, contract_id, kind, period_key, holder_id, payer_id, inputs, gross_minor,
                                   status, note, computed_at, paid_at)
     VALUES ($1, $2, 'daily_salary', $3, $4, NULL, $5, 12345, 'P', NULL, now(), NULL)
     ON CONFLICT (contract_id, period_key) DO UPDATE SET status = 'P', paid_at = NULL, gross_minor = 12345
     RETURNING id`,
    [
      agent!.merchant_id,
      contract!.id,
      day,
      agent!.id,
      JSON.stringify({ teamValidBet: '1234500', teamBet: '1300000', activeMembers: 6, teamSize: 14, tierIndex: 0 }),
    ],
  );
  return { id: row!.id, day };
}

async function noOverflow(page: Page, label: string, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, label).toBeLessThanOrEqual(width);
}

test('a finance operator approves a waiting statement; the Agents pages in TH and EN at 1280 and 360 px', async ({
  page,
}) => {
  const statement = await waitingStatement();
  const operator = await createOperator('finance');
  await page.setViewportSize({ width: 1280, height: 900 });
  await firstOperatorLogin(page, operator);
  await page.getByRole('complementary', { name: 'Main menu' }).getByRole('link', { name: 'Agents' }).click();
  await expect(page.getByRole('heading', { name: 'Agent statements' })).toBeVisible();
  await page.getByLabel('Agent username').fill('demoagent');
  await page.getByLabel('Period from').fill(statement.day);
  await page.getByLabel('Period to').fill(statement.day);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const row = page.getByRole('row').filter({ hasText: statement.day });
  await expect(row).toContainText('123.45');
  await row.getByRole('button', { name: 'Details' }).click();
  const detail = page.getByRole('dialog', { name: 'Statement' });
  await expect(detail.getByText('Team valid bet')).toBeVisible();
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, 'agents-statement-detail-EN-1280.png') });
  await detail.getByRole('button', { name: 'Approve and pay' }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve this statement?' });
  await confirm.getByRole('button', { name: 'Approve and pay' }).click();
  await expect(page.getByText('123.45 paid to demoagent')).toBeVisible();
  await expect(detail.getByText('Approved', { exact: true })).toBeVisible();
  await detail.getByRole('button', { name: 'Close' }).click();
  const posted = await queryDatabase<{ n: string }>(`SELECT count(*) AS n FROM ledger_transfer WHERE reference = $1`, [
    `agent_settlement:${statement.id}`,
  ]);
  expect(Number(posted[0]!.n)).toBe(1);

  // Client-side navigation only: the login's init script sets English again on every page load.
  for (const language of ['EN', 'TH'] as const) {
    if (language === 'TH') {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'ไทย' }).first().click();
    }
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [index, tab] of ['statements', 'contracts', 'transfers', 'links', 'debts'].entries()) {
        await page.locator('.agents-tabs a').nth(index).click();
        await expect(page).toHaveURL(new RegExp(`/agents/${tab}`));
        await expect(page.locator('table').first()).toBeVisible();
        await expect(page.locator('table .skeleton')).toHaveCount(0);
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: path.join(shots, `agents-${tab}-${language}-${width}.png`), fullPage: true });
        await noOverflow(page, `${tab} ${language} ${width}`, width);
      }
    }
  }
});

/** A fresh link of the demo agent, active, with no registration yet. */
async function demoAgentLink(): Promise<{ id: string; code: string }> {
  const code = `E2E${Date.now().toString(36).toUpperCase().slice(-8)}`;
  const [row] = await queryDatabase<{ id: string }>(
    `INSERT INTO affiliate_code (merchant_id, code, code_key, agent_id, domain, channel, created_at)
     SELECT m.merchant_id, $1, lower($1), m.id, NULL, 'Facebook group', now() FROM member m
       JOIN merchant x ON x.id = m.merchant_id WHERE x.code = 'demo' AND m.username_key = 'demoagent'
     RETURNING id`,
    [code],
  );
  return { id: row!.id, code };
}

test('an admin offers a dividend (a falling tier is marked, then sent) and disables an affiliate link; TH and EN at 1280 and 360 px', async ({
  page,
}) => {
  const link = await demoAgentLink();
  const operator = await createOperator('admin');
  await page.setViewportSize({ width: 1280, height: 900 });
  await firstOperatorLogin(page, operator);
  await page.getByRole('complementary', { name: 'Main menu' }).getByRole('link', { name: 'Agents' }).click();
  await page.locator('.agents-tabs a', { hasText: 'Brand contracts' }).click();
  await page.getByRole('button', { name: 'Offer a contract' }).click();
  const offer = page.getByRole('dialog', { name: 'Offer a top agent a contract' });
  await offer.getByLabel("Top agent's username").fill('demoagent');
  await offer.getByLabel('Kind').selectOption({ label: 'Dividend' });
  await offer.getByLabel('Period').selectOption({ label: 'Half-monthly (1–15, 16–end)' });
  await offer.getByLabel('Carry forward').selectOption({ label: 'Loss carried forward' });
  await offer.getByLabel('Tier 1: team valid bet from').fill('10000');
  await offer.getByLabel('Team net loss from').fill('2000');
  await offer.getByLabel('Active members').fill('3');
  await offer.getByLabel('Dividend rate (%)').fill('20');
  await offer.getByRole('button', { name: 'Add a tier' }).click();
  await offer.getByLabel('Tier 2: team valid bet from').fill('50000');
  await offer.getByLabel('Team net loss from').nth(1).fill('1000');
  await offer.getByLabel('Active members').nth(1).fill('5');
  await offer.getByLabel('Dividend rate (%)').nth(1).fill('30');
  await offer.getByRole('button', { name: 'Send the offer' }).click();
  await expect(offer.getByText('Fix the tier fields marked above, then send again.')).toBeVisible();
  mkdirSync(shots, { recursive: true });
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await offer.screenshot({ path: path.join(shots, `agents-offer-dividend-EN-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await offer.getByLabel('Team net loss from').nth(1).fill('8000');
  await offer.getByRole('button', { name: 'Send the offer' }).click();
  await expect(page.getByText('Offer sent to demoagent')).toBeVisible();
  const [contract] = await queryDatabase<{ status: string; period: string; terms: { carryForward: string } }>(
    `SELECT c.status, c.period, c.terms FROM agent_contract c JOIN member m ON m.id = c.member_id
      WHERE m.username_key = 'demoagent' AND c.kind = 'dividend' AND c.upline_member_id IS NULL ORDER BY c.id DESC LIMIT 1`,
    [],
  );
  expect(contract).toMatchObject({ status: 'P', period: 'H', terms: { carryForward: 'loss' } });
  await expect(page.getByText('from 10000.00, net loss 2000.00, 3 active: 20.00 %').first()).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'agents-contracts-dividend-EN-1280.png') });

  await page.locator('.agents-tabs a', { hasText: 'Affiliate links' }).click();
  await page.getByLabel('Code').fill(link.code);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const row = page.getByRole('row').filter({ hasText: link.code });
  await expect(row).toContainText('Facebook group');
  await row.getByRole('button', { name: 'Disable' }).click();
  const disable = page.getByRole('dialog', { name: 'Disable this link?' });
  await disable.getByLabel('Reason').fill('Posted in a spam forum');
  await page.screenshot({ path: path.join(shots, 'agents-link-disable-EN-1280.png') });
  await disable.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText(`Link ${link.code} disabled`)).toBeVisible();
  await expect(row).toContainText('Disabled');
  const [state] = await queryDatabase<{ is_active: boolean; audits: string }>(
    `SELECT is_active, (SELECT count(*)::text FROM operator_audit WHERE action = 'agent.link.disable' AND target_id = $1) AS audits
       FROM affiliate_code WHERE id = $2`,
    [link.id, link.id],
  );
  expect(state).toMatchObject({ is_active: false, audits: '1' });
  const check = await page.request.get(`/wps/agent/affiliate?affiliateCode=${link.code}`, {
    headers: { Merchant: 'demo' },
  });
  expect(check.status()).toBe(400);

  // The offer dialog and the links page in Thai too.
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'ไทย' }).first().click();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    // Through the tab, as the first journey does: after a resize the phone menu is closed by a navigation.
    await page.locator('.agents-tabs a').nth(3).click();
    await expect(page.getByRole('row').filter({ hasText: link.code })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(shots, `agents-links-filtered-TH-${width}.png`), fullPage: true });
    await noOverflow(page, `links TH ${width}`, width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.locator('.agents-tabs a').nth(1).click();
  await page.getByRole('button', { name: 'เสนอสัญญา' }).click();
  const offerTh = page.getByRole('dialog', { name: 'เสนอสัญญาให้เอเย่นต์ระดับบนสุด' });
  await offerTh.locator('#agents-offer-agent').fill('demoagent');
  await offerTh.locator('#agents-offer-kind').selectOption('dividend');
  await offerTh.getByRole('button', { name: 'เพิ่มขั้น' }).click();
  await offerTh.getByRole('button', { name: 'ส่งข้อเสนอ' }).click();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await offerTh.screenshot({ path: path.join(shots, `agents-offer-dividend-TH-${width}.png`) });
    await noOverflow(page, `offer TH ${width}`, width);
  }
});
