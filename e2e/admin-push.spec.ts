import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pushPaths } from '@lotus/contract';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { callApi } from './support/api.ts';
import { queryDatabase } from './support/database.ts';
import { registerMember } from './support/members.ts';
import { createOperator, firstOperatorLogin } from './support/operator.ts';

/**
 * The back-office's push page (issue 19): two members turn push on (a phone and a computer), an admin
 * opens Push notifications and sees them counted with the key's fingerprint, is refused a test
 * notification to a member who has push off (the message under the Member ID field), then rotates
 * the key after a confirm that says how many members must come back: the fingerprint changes and both
 * members are counted as needing to re-subscribe. The page is photographed in TH and EN at 1280 and
 * 360 px, none scrolling sideways.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 240_000 });
const shots = process.env.E2E_SHOTS_DIR ?? 'test-results';

async function noOverflow(page: Page, what: string, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, what).toBeLessThanOrEqual(width);
}

/** A browser's subscription at a real push service's address (nothing is sent to it in this journey). */
function browserSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${randomBytes(12).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

const entry = (page: Page, term: string) => page.locator('.detail-list > div', { hasText: term }).locator('dd');

test('an admin sees who receives pushes, is refused a test to a member with push off, and rotates the key', async ({
  browser,
  request,
}) => {
  mkdirSync(shots, { recursive: true });
  for (const userAgent of [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
  ]) {
    const member = await registerMember(request, 'push');
    const response = await request.fetch(pushPaths.subscribe, {
      method: 'POST',
      headers: {
        Merchant: 'demo',
        Device: 'web',
        Language: 'EN',
        Authorization: member.token,
        'User-Agent': userAgent,
      },
      data: { consent: true, subscription: browserSubscription() },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  const off = await registerMember(request, 'pushoff');
  await callApi(request, 'GET', pushPaths.settings, undefined, off.token);
  const [offRow] = await queryDatabase<{ id: string }>('SELECT id::text FROM member WHERE username = $1', [
    off.username,
  ]);

  const admin = await (await browser.newContext()).newPage();
  await admin.setViewportSize({ width: 1280, height: 900 });
  await firstOperatorLogin(admin, await createOperator('admin'));
  await admin
    .getByRole('complementary', { name: 'Main menu' })
    .getByRole('link', { name: 'Push notifications' })
    .click();
  await expect(admin.getByRole('heading', { name: 'Push notifications', level: 1 })).toBeVisible();
  const reached = admin.locator('.push-stat', { hasText: 'Members reached' }).locator('.stat-value');
  await expect(reached).not.toHaveText('0');
  const reachedBefore = Number((await reached.textContent())!.replace(/\D/g, ''));
  const devices = admin.getByRole('table', { name: 'Live subscriptions by device' });
  await expect(devices.getByRole('row', { name: /Phone/ })).toBeVisible();
  await expect(devices.getByRole('row', { name: /Computer/ })).toBeVisible();
  const fingerprint = entry(admin, 'Public key fingerprint');
  await expect(fingerprint).toHaveText(/^SHA256:([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
  const oldFingerprint = await fingerprint.textContent();

  // A test to a member who has push off: refused, the server's words under the field.
  await admin.getByLabel('Member ID').fill(offRow!.id);
  await admin.getByRole('button', { name: 'Send test' }).click();
  await expect(
    admin.getByText(`Member ${offRow!.id} has not switched push notifications on at this site`),
  ).toBeVisible();

  for (const language of ['EN', 'TH'] as const) {
    if (language === 'TH') {
      await admin.setViewportSize({ width: 1280, height: 900 });
      await admin.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'ไทย' }).first().click();
      await expect(admin.getByRole('heading', { name: 'การแจ้งเตือนแบบพุช', level: 1 })).toBeVisible();
    }
    for (const width of [1280, 360]) {
      await admin.setViewportSize({ width, height: 900 });
      await expect(admin.locator('.push-stats')).toBeVisible();
      await admin.screenshot({ path: path.join(shots, `push-admin-${language}-${width}.png`), fullPage: true });
      await noOverflow(admin, `push page ${language} ${width}`, width);
    }
  }
  await admin.setViewportSize({ width: 1280, height: 900 });
  await admin.getByRole('group', { name: 'ภาษา' }).getByRole('button', { name: 'EN' }).first().click();

  await admin.getByRole('button', { name: 'Rotate key' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Rotate the VAPID key?' });
  await expect(confirm).toContainText(`${reachedBefore} members will receive nothing until they visit the site again`);
  await admin.screenshot({ path: path.join(shots, 'push-admin-rotate-EN-1280.png') });
  await confirm.getByRole('button', { name: 'Rotate key' }).click();
  await expect(admin.getByText(/Key rotated: \d+ subscriptions are stale/)).toBeVisible();
  await expect(fingerprint).not.toHaveText(oldFingerprint!);
  await expect(reached).toHaveText('0');
  await expect(admin.locator('.push-stat', { hasText: 'Members to re-subscribe' }).locator('.stat-value')).toHaveText(
    String(reachedBefore),
  );
  const [audit] = await queryDatabase<{ before: { fingerprint: string }; after: { fingerprint: string } }>(
    "SELECT before, after FROM operator_audit WHERE action = 'push.key.rotate' ORDER BY id DESC LIMIT 1",
    [],
  );
  expect(audit).toMatchObject({
    before: { fingerprint: oldFingerprint },
    after: { fingerprint: await fingerprint.textContent() },
  });
});
