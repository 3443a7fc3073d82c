import { expect as baseExpect, test } from '@playwright/test';
import { registerMember } from './support/members.ts';
import { createOperator, firstOperatorLogin } from './support/operator.ts';
import { accountStrip, startSession } from './support/session.ts';

/**
 * The member desk's journey: a member is logged in on the site; a support operator finds them in
 * the back-office by username, opens their page and locks them with a reason. The member's open
 * session on the site is over at once: the page, left open with no click and no reload, shows the
 * login form again (the balance stream ends with `session_ended`, modules/wallet). The desk's rules (every status, versions, resets, tags, notes,
 * linked members) are the server's and the component tests' (member-desk.test.ts, .test.tsx).
 */
const expect = baseExpect.configure({ timeout: 15_000 });

test('an operator locks a member and the member’s open site session ends', async ({ browser, request }) => {
  // Two people's pages: the member's site and the operator's first login (the authenticator set up).
  test.setTimeout(90_000);
  const member = await registerMember(request, 'desk');
  // The member's site opens with the session registering gave (logging in is login.spec's journey).
  const memberPage = await (await browser.newContext()).newPage();
  await memberPage.setViewportSize({ width: 1440, height: 900 });
  await startSession(memberPage);
  await memberPage.addInitScript((token) => {
    if (!window.sessionStorage.getItem('deskJourneyStarted')) {
      window.sessionStorage.setItem('deskJourneyStarted', '1');
      window.sessionStorage.setItem('token', token);
    }
  }, member.token);
  await memberPage.goto('/');
  const strip = accountStrip(memberPage);
  await expect(strip).toContainText(member.username);

  const operator = await createOperator('support');
  const operatorPage = await (await browser.newContext()).newPage();
  await firstOperatorLogin(operatorPage, operator);
  await operatorPage.getByRole('complementary', { name: 'Main menu' }).getByRole('link', { name: 'Members' }).click();
  await operatorPage.getByLabel('Search by').selectOption('username');
  await operatorPage.getByRole('searchbox', { name: 'Search members' }).fill(member.username);
  await operatorPage.getByRole('button', { name: 'Search' }).click();
  await operatorPage.getByRole('link', { name: member.username }).click();
  await expect(operatorPage.getByRole('heading', { name: member.username })).toBeVisible();

  await operatorPage.getByRole('button', { name: 'Change status' }).click();
  const dialog = operatorPage.getByRole('dialog', { name: `Change the status of ${member.username}` });
  await expect(dialog.getByText('The member is logged out everywhere at once.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Chargeback under review');
  await dialog.getByRole('button', { name: 'Lock' }).click();
  await expect(operatorPage.getByText('Status changed; sessions ended: 1')).toBeVisible();
  await expect(operatorPage.locator('.page-header').getByText('Locked')).toBeVisible();

  // The member's page, left open and untouched, shows the member logged out: the lock ended the
  // session's balance stream with a `session_ended` event, and the site logged out on it.
  await expect(memberPage.getByRole('form', { name: 'Log in' })).toBeVisible();
  await expect(strip).toBeHidden();
});
