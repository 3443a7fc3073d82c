import { expect as baseExpect, test } from '@playwright/test';
import { registerMember } from './support/members.ts';
import { createOperator, firstOperatorLogin } from './support/operator.ts';
import { accountStrip, startSession } from './support/session.ts';

/**
 * Feedback end to end: a logged-in member writes from the member centre ("My feedback"), a support
 * operator answers it at the back-office's feedback desk, and the member reads the answer where they
 * wrote. The desk's rules (versions, audit, filters, other merchants) are feedback-desk.test.ts's and
 * the component tests'.
 */
const expect = baseExpect.configure({ timeout: 15_000 });

test('a member sends feedback, an operator answers, the member sees the answer', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const member = await registerMember(request, 'fback');
  const memberPage = await (await browser.newContext()).newPage();
  await startSession(memberPage);
  await memberPage.addInitScript((token) => {
    if (!window.sessionStorage.getItem('feedbackJourneyStarted')) {
      window.sessionStorage.setItem('feedbackJourneyStarted', '1');
      window.sessionStorage.setItem('token', token);
    }
  }, member.token);
  await memberPage.goto('/');
  const strip = accountStrip(memberPage);
  await strip
    .getByRole('button', { name: `Member centre: ${member.username}` })
    .first()
    .click();
  const centre = memberPage.getByRole('dialog', { name: 'Member centre' });
  await centre.getByRole('button', { name: 'My feedback' }).click();
  const note = `The lobby is slow tonight ${member.username}`;
  await centre.getByLabel('About').selectOption('problem');
  await centre.getByLabel('Your feedback').fill(note);
  await centre.getByRole('button', { name: 'Send feedback' }).click();
  await expect(centre.getByText('Your feedback was sent', { exact: false })).toBeVisible();
  await expect(centre.getByText(note)).toBeVisible();

  const operator = await createOperator('support');
  const operatorPage = await (await browser.newContext()).newPage();
  await firstOperatorLogin(operatorPage, operator);
  await operatorPage.getByRole('complementary', { name: 'Main menu' }).getByRole('link', { name: 'Feedback' }).click();
  await operatorPage.getByLabel('Member username').fill(member.username);
  await operatorPage.getByRole('button', { name: 'Apply filters' }).click();
  const row = operatorPage.getByRole('row').filter({ hasText: note });
  await row.getByRole('button', { name: 'Answer' }).click();
  const dialog = operatorPage.getByRole('dialog', { name: 'Answer feedback' });
  await dialog.getByLabel(/Your answer/).fill('Thanks, we added servers; it should be quick again.');
  await dialog.getByRole('button', { name: 'Send answer' }).click();
  await expect(operatorPage.getByText(`Answer sent to ${member.username}`)).toBeVisible();

  // The member's centre, still open, shows the answer once it reads the list again (reopening the page).
  const centreNav = centre.getByRole('navigation', { name: 'Member centre' });
  await centreNav.getByRole('button', { name: 'My account' }).click();
  await centreNav.getByRole('button', { name: 'My feedback' }).click();
  await expect(centre.getByText('Thanks, we added servers; it should be quick again.')).toBeVisible();
  await expect(centre.getByText('Our answer', { exact: false })).toBeVisible();
});
