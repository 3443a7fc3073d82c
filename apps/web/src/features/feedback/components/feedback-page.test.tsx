// @vitest-environment jsdom
import { feedbackPaths, memberFeedbackPageSchema, type MemberFeedback } from '@lotus/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { session } from '../../../lib/session';
import feedbackEn from '../../../locales/feedback/en.json';
import feedbackTh from '../../../locales/feedback/th.json';
import { callsTo, initMoneyI18n, installMoneyApi, ok, renderWithProviders, switchLanguage } from '../../money/testing';

let FeedbackPage: ComponentType;

beforeAll(async () => {
  await initMoneyI18n();
  i18next.addResourceBundle('en', 'translation', feedbackEn, true, false);
  i18next.addResourceBundle('th', 'translation', feedbackTh, true, false);
  ({ FeedbackPage } = await import('./feedback-page'));
});
beforeEach(async () => {
  window.sessionStorage.clear();
  session.logIn('token-1');
  await switchLanguage('EN');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answered: MemberFeedback = {
  id: '12',
  type: 'problem',
  content: 'The slot froze after a win',
  status: 'answered',
  answer: 'Fixed today, thank you!',
  answeredAt: Date.UTC(2026, 10, 21, 10, 0),
  createdAt: Date.UTC(2026, 10, 20, 9, 0),
};
const page = (list: MemberFeedback[]) =>
  memberFeedbackPageSchema.parse({ list, total: list.length, page: 1, pageSize: 10 });

describe('My feedback', () => {
  test('shows earlier notes with the answer, and sends a new note with its type', async () => {
    let sent: MemberFeedback[] = [];
    const { calls } = installMoneyApi({
      [`GET ${feedbackPaths.mine}`]: () => ok(page([...sent, answered])),
      [`POST ${feedbackPaths.mine}`]: (call) => {
        const body = call.body as { type: MemberFeedback['type']; content: string };
        sent = [{ ...answered, id: '13', ...body, status: 'new', answer: null, answeredAt: null }];
        return ok({ id: '13' });
      },
    });
    renderWithProviders(<FeedbackPage />);
    const history = await screen.findByRole('region', { name: 'My feedback' });
    expect(await within(history).findByText('Fixed today, thank you!')).toBeTruthy();
    expect(within(history).getByText('Our answer', { exact: false })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('About'), { target: { value: 'complaint' } });
    fireEvent.change(screen.getByLabelText('Your feedback'), { target: { value: '  Withdrawals are slow  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText(/Your feedback was sent/)).toBeTruthy();
    expect(callsTo(calls, 'POST', feedbackPaths.mine).map((call) => call.body)).toEqual([
      { type: 'complaint', content: 'Withdrawals are slow' },
    ]);
    expect(await within(history).findByText('Our team will answer soon.')).toBeTruthy();
  });

  test('an empty note is held with the rule under the field, in Thai after a switch', async () => {
    const { calls } = installMoneyApi({ [`GET ${feedbackPaths.mine}`]: () => ok(page([])) });
    renderWithProviders(<FeedbackPage />);
    expect(await screen.findByText('You have not sent any feedback yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Feedback must be between 1 and 140 characters')).toBeTruthy();
    expect(callsTo(calls, 'POST', feedbackPaths.mine)).toEqual([]);
    await switchLanguage('TH');
    fireEvent.click(screen.getByRole('button', { name: 'ส่งข้อเสนอแนะ' }));
    await waitFor(() => expect(screen.getByText('ข้อความต้องมี 1 ถึง 140 ตัวอักษร')).toBeTruthy());
  });
});
