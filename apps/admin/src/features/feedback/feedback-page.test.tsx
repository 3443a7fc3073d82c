// @vitest-environment jsdom
import { adminFeedbackPageSchema, adminFeedbackSchema, feedbackPaths, type AdminFeedback } from '@lotus/contract';
import { screen, waitFor, within } from '@testing-library/dom';
import { afterEach, describe, expect, test } from 'vitest';
import {
  callsTo,
  closeBackOffice,
  findDialog,
  installFakeApi,
  ok,
  openBackOffice,
  refuse,
} from '../../testing/back-office';

afterEach(closeBackOffice);

const note = (over: Partial<AdminFeedback> = {}): AdminFeedback =>
  adminFeedbackSchema.parse({
    id: '41',
    type: 'problem',
    content: 'The slot froze after a big win',
    contact: null,
    ip: '203.0.113.9',
    member: { id: '7', username: 'somchai01' },
    status: 'new',
    answer: null,
    answeredBy: null,
    answeredAt: null,
    createdAt: Date.UTC(2026, 10, 20, 9, 30),
    version: 1,
    ...over,
  });

const page = (items: AdminFeedback[]) =>
  adminFeedbackPageSchema.parse({
    items,
    page: 1,
    pageSize: 20,
    total: items.length,
    newCount: items.filter((n) => n.status === 'new').length,
  });
const answerPath = feedbackPaths.adminAnswer.replace(':feedbackId', '41');

describe('the feedback desk', () => {
  test('lists notes, filters by status, type and member, and sends an answer with the version read', async () => {
    let answered = false;
    const { calls } = installFakeApi({
      [`GET ${feedbackPaths.adminList}`]: () =>
        ok(
          page(
            answered
              ? [
                  note({
                    status: 'answered',
                    answer: 'We fixed it, sorry!',
                    answeredBy: 'ops1',
                    answeredAt: Date.now(),
                    version: 2,
                  }),
                ]
              : [
                  note(),
                  note({
                    id: '40',
                    member: null,
                    contact: 'LINE: guest9',
                    type: 'suggestion',
                    content: 'More baccarat',
                  }),
                ],
          ),
        ),
      [`PUT ${answerPath}`]: () => {
        answered = true;
        return ok(
          note({
            status: 'answered',
            answer: 'We fixed it, sorry!',
            answeredBy: 'ops1',
            answeredAt: Date.now(),
            version: 2,
          }),
        );
      },
    });
    const user = await openBackOffice('Feedback');
    const table = await screen.findByRole('table', { name: 'Member feedback' });
    expect(await within(table).findByText('The slot froze after a big win')).toBeTruthy();
    expect(within(table).getByText('Visitor')).toBeTruthy();
    expect(within(table).getByText('LINE: guest9')).toBeTruthy();
    expect(screen.getByText(/2 waiting for an answer/)).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Status'), 'new');
    await user.selectOptions(screen.getByLabelText('Type'), 'problem');
    await user.type(screen.getByLabelText('Member username'), ' somchai01 ');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => {
      const last = callsTo(calls, 'GET', feedbackPaths.adminList).at(-1)!;
      expect(Object.fromEntries(last.query)).toMatchObject({ status: 'new', type: 'problem', member: 'somchai01' });
    });

    const row = within(table).getByText('The slot froze after a big win').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Answer' }));
    const dialog = await findDialog('Answer feedback');
    const send = within(dialog).getByRole('button', { name: 'Send answer' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/Your answer/), 'We fixed it, sorry!');
    await user.click(send);
    expect(await screen.findByText('Answer sent to somchai01')).toBeTruthy();
    expect(callsTo(calls, 'PUT', answerPath).map((call) => call.body)).toEqual([
      { answer: 'We fixed it, sorry!', version: 1 },
    ]);
    expect(await within(table).findByText('Answered by ops1', { exact: false })).toBeTruthy();
  });

  test('a second operator answering a note already answered is told, and the list is read again', async () => {
    const { calls } = installFakeApi({
      [`GET ${feedbackPaths.adminList}`]: () => ok(page([note()])),
      [`PUT ${answerPath}`]: () =>
        refuse(
          409,
          'feedback.version.conflict',
          'Another operator changed this feedback after you opened it; reload and look again',
        ),
    });
    const user = await openBackOffice('Feedback');
    await user.click(await screen.findByRole('button', { name: 'Answer' }));
    const dialog = await findDialog('Answer feedback');
    await user.type(within(dialog).getByLabelText(/Your answer/), 'Me too');
    const listReadsBefore = callsTo(calls, 'GET', feedbackPaths.adminList).length;
    await user.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    expect(await within(dialog).findByText(/Another operator changed this feedback/)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Send answer' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(callsTo(calls, 'GET', feedbackPaths.adminList).length).toBeGreaterThan(listReadsBefore));
  });
});
