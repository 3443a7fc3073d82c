import { expect as baseExpect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { hashPassword } from '../apps/server/src/modules/identity/index.ts';
import { queryDatabase } from './support/database.ts';

/**
 * The back-office at /admin against the real server: an operator's first login (password, then an
 * authenticator set up with a code computed here, as the phone would), a member search, a manual
 * balance adjustment, and the adjustment seen in the member's ledger and in the audit log; then a
 * second login that needs a code. The operator and the member are written straight into the e2e
 * server's database: the journey is the operator's, not the registration's.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const suffix = Date.now().toString(36);
const operator = { username: `e2e_op_${suffix}`, password: 'operator-e2e-password' };
const memberName = `bo${suffix}`.slice(0, 16);
let secret = '';
let enrolledStep = 0;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const [merchant] = await queryDatabase<{ id: number }>(`SELECT id FROM merchant WHERE code = 'demo'`, []);
  await queryDatabase(
    `INSERT INTO operator (merchant_id, username, username_key, password_hash, role, created_at, updated_at) VALUES ($1, $2, lower($2), $3, 'finance', now(), now())`,
    [merchant!.id, operator.username, await hashPassword(operator.password)],
  );
  await queryDatabase(
    `INSERT INTO member (merchant_id, username, username_key, language, password_hash, password_changed_at, register_method, register_ip, register_device, created_at, mobile_dialing_code, mobile_number)
     VALUES ($1, $2, lower($2), 'TH', 'not-a-hash', now(), 'WEB', '127.0.0.1', 'web', now(), '66', $3)`,
    [merchant!.id, memberName, `9${String(Date.now()).slice(-8)}`],
  );
});

function totp(): TOTP {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
}

const stepOf = (epochMs: number) => Math.floor(epochMs / 30_000);

async function startAdmin(page: Page, language: 'TH' | 'EN') {
  await page.addInitScript((lang) => window.localStorage.setItem('lotus.admin.language', lang), language);
}

test('first login sets up the authenticator; the operator adjusts a balance and finds it in the ledger and the audit log', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await startAdmin(page, 'EN');
  await page.goto('/admin/members');
  // No token: the login page, whatever the address.
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password').fill('wrong-password-1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong username or password');
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Continue' }).click();

  // First login: the authenticator is set up before anything else.
  await expect(page.getByRole('heading', { name: 'Set up your authenticator' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  enrolledStep = stepOf(Date.now());
  await page.getByLabel('6-digit code from the app').fill(totp().generate({ timestamp: enrolledStep * 30_000 }));
  await page.getByRole('button', { name: 'Confirm and start' }).click();

  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  // A finance operator sees the money pages, not the operators or the audit log.
  const nav = page.getByRole('complementary', { name: 'Main menu' });
  await expect(nav.getByRole('link', { name: 'Members' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Operators' })).toHaveCount(0);

  await nav.getByRole('link', { name: 'Members' }).click();
  await page.getByRole('searchbox', { name: 'Search members' }).fill(memberName.toUpperCase());
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ hasText: memberName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('0.00');
  await row.getByRole('link', { name: memberName }).click();

  await expect(page.getByRole('heading', { name: memberName })).toBeVisible();
  await expect(page.getByTestId('balance-main')).toContainText('0.00');
  await page.getByRole('button', { name: 'Adjust balance' }).click();
  const dialog = page.getByRole('dialog', { name: `Adjust the balance of ${memberName}` });
  await dialog.getByLabel('Amount (THB)').fill('1250.75');
  await dialog.getByLabel('Reason').fill('Missed bank deposit, slip checked');
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`Credit 1,250.75 THB to the main wallet of ${memberName}`);
  await dialog.getByRole('button', { name: 'Confirm adjustment' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Balance adjusted; it is now 1,250.75')).toBeVisible();

  await expect(page.getByTestId('balance-main')).toContainText('1,250.75');
  // The member's page opens on the profile; the movements are on the Ledger tab.
  await page.getByRole('tab', { name: 'Ledger' }).click();
  const ledgerRow = page.getByRole('row').filter({ hasText: 'Manual adjustment' });
  await expect(ledgerRow).toHaveCount(1);
  await expect(ledgerRow).toContainText('+1,250.75');
  await expect(ledgerRow).toContainText('Missed bank deposit, slip checked');

  // A debit larger than the balance is refused by the server, and nothing moves.
  await page.getByRole('button', { name: 'Adjust balance' }).click();
  await dialog.getByText('Debit', { exact: true }).click();
  await dialog.getByLabel('Amount (THB)').fill('5000');
  await dialog.getByLabel('Reason').fill('Too much on purpose');
  await dialog.getByRole('button', { name: 'Review' }).click();
  await dialog.getByRole('button', { name: 'Confirm adjustment' }).click();
  await expect(dialog).toContainText("The member's main wallet does not cover this debit (balance 1250.75)");
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('balance-main')).toContainText('1,250.75');

  // The audit log is an admin's page: this operator's role does not open it.
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { name: 'You may not open this page' })).toBeVisible();
  const [member] = await queryDatabase<{ id: string }>('SELECT id FROM member WHERE username = $1', [memberName]);
  const audit = await queryDatabase<{ action: string; target_id: string; after: { amount: string; reason: string } }>(
    `SELECT a.action, a.target_id, a.after FROM operator_audit a JOIN operator o ON o.id = a.operator_id WHERE o.username = $1 ORDER BY a.id`,
    [operator.username],
  );
  expect(audit.map((entry) => entry.action)).toEqual(['operator.totp.enrol', 'session.login', 'member.adjust']);
  expect(audit[2]).toMatchObject({
    target_id: member!.id,
    after: { amount: '1250.75', reason: 'Missed bank deposit, slip checked' },
  });
});

test('an admin sees the adjustment in the audit log; a later login needs the authenticator code (Thai)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The same operator, promoted to admin for this journey, logs in again: password, then a code.
  await queryDatabase(`UPDATE operator SET role = 'admin' WHERE username = $1`, [operator.username]);
  await startAdmin(page, 'TH');
  await page.goto('/admin/');
  await expect(page.getByRole('heading', { name: 'เข้าสู่ระบบหลังบ้าน' })).toBeVisible();
  await page.getByLabel('ชื่อผู้ใช้').fill(operator.username);
  await page.getByLabel('รหัสผ่าน').fill(operator.password);
  await page.getByRole('button', { name: 'ถัดไป' }).click();
  await expect(page.getByRole('heading', { name: 'กรอกรหัสยืนยันตัวตน' })).toBeVisible();
  // Each step's code passes once: after the enrolment's step, the next one (a step ahead is accepted).
  const step = Math.max(stepOf(Date.now()), enrolledStep + 1);
  await page.getByLabel('รหัส 6 หลัก').fill(totp().generate({ timestamp: step * 30_000 }));
  await page.getByRole('button', { name: 'ยืนยันและเข้าสู่ระบบ' }).click();
  await expect(page.getByRole('heading', { name: 'ภาพรวม' })).toBeVisible();

  await page.getByRole('complementary', { name: 'เมนูหลัก' }).getByRole('link', { name: 'บันทึกการตรวจสอบ' }).click();
  await page.getByLabel('เจ้าหน้าที่').fill(operator.username);
  await page.getByLabel('การกระทำ').selectOption({ label: 'สมาชิก' });
  await page.getByRole('button', { name: 'ใช้ตัวกรอง' }).click();
  const rows = page.getByRole('row').filter({ hasText: 'ปรับยอดเงินสมาชิก' });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(operator.username);
  await expect(rows).toContainText('1250.75');
  await expect(rows).toContainText('Missed bank deposit, slip checked');
  await expect(page.getByText('ทั้งหมด 1 รายการ')).toBeVisible();

  await page.getByRole('button', { name: 'ออกจากระบบ' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await page.evaluate(() => window.sessionStorage.getItem('lotus.admin.token'))).toBeNull();
});
