// @vitest-environment jsdom
import {
  adminApiPaths,
  adminInboxMessageSchema,
  adminInboxPageSchema,
  adminInboxPaths,
  operatorPermissions,
  type AdminInboxMessage,
} from '@lotus/contract';
import { screen, waitFor, within } from '@testing-library/dom';
import { afterEach, describe, expect, test } from 'vitest';
import {
  callsTo,
  closeBackOffice,
  findDialog,
  installFakeApi,
  ok,
  openBackOffice,
  operatorMe,
  refuse,
} from '../../testing/back-office';
import { namesOf } from './inbox-page';

afterEach(closeBackOffice);

const message = (over: Partial<AdminInboxMessage> = {}): AdminInboxMessage =>
  adminInboxMessageSchema.parse({
    id: '12',
    audience: 'all',
    usernames: [],
    subjectTh: 'โปรโมชั่นใหม่',
    contentTh: 'ฝากวันนี้รับโบนัส',
    subjectEn: 'New promotion',
    contentEn: 'Deposit today for a bonus',
    sentAt: Date.UTC(2026, 10, 20, 9, 30),
    sentBy: 'ops.anna',
    recipientCount: 200,
    readCount: 50,
    deletedCount: 3,
    ...over,
  });

const page = (items: AdminInboxMessage[]) =>
  adminInboxPageSchema.parse({ items, page: 1, pageSize: 20, total: items.length });

describe('member messages', () => {
  test('lists sent messages with delivery, read and delete counts; sends a broadcast after confirming its reach', async () => {
    let sent: AdminInboxMessage[] = [];
    const { calls } = installFakeApi({
      [`GET ${adminInboxPaths.messages}`]: () =>
        ok(
          page([
            ...sent,
            message({
              id: '11',
              audience: 'listed',
              usernames: ['somchai01'],
              recipientCount: 3,
              readCount: 1,
              deletedCount: 0,
            }),
          ]),
        ),
      [`GET ${adminInboxPaths.audience}`]: (call) =>
        ok({ recipientCount: call.query.get('audience') === 'agents' ? 40 : 200 }),
      [`POST ${adminInboxPaths.messages}`]: (call) => {
        sent = [message({ id: '13', audience: 'agents', recipientCount: 40, readCount: 0, deletedCount: 0 })];
        return ok({ ...sent[0], ...(call.body as object) });
      },
    });
    const user = await openBackOffice('Member messages');
    const table = await screen.findByRole('table', { name: 'Sent messages' });
    const row = (await within(table).findByText('somchai01 and 2 more')).closest('tr')!;
    expect(within(row).getByText('Listed usernames')).toBeTruthy();
    expect(within(row).getByText('33%')).toBeTruthy();
    expect(within(row).getByText('3', { selector: 'td' })).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Send to'), 'agents');
    expect(await screen.findByText('Reaches 40 members now')).toBeTruthy();
    await user.type(screen.getByLabelText('Subject (Thai)'), 'ข่าวเอเย่นต์');
    await user.type(screen.getByLabelText('Subject (English)'), 'Agent news');
    await user.type(screen.getByLabelText('Message (Thai)'), 'สัญญาใหม่');
    await user.type(screen.getByLabelText('Message (English)'), 'New contracts');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await findDialog('Send the message?');
    expect(within(dialog).getByText('Send this message to Agents only: 40 members now?')).toBeTruthy();
    expect(callsTo(calls, 'POST', adminInboxPaths.messages)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Sent to 40 members')).toBeTruthy();
    expect(callsTo(calls, 'POST', adminInboxPaths.messages).map((call) => call.body)).toEqual([
      {
        audience: 'agents',
        subjectTh: 'ข่าวเอเย่นต์',
        contentTh: 'สัญญาใหม่',
        subjectEn: 'Agent news',
        contentEn: 'New contracts',
      },
    ]);
    await waitFor(() => expect(within(table).getAllByText('Agents only')).toHaveLength(1));
  });

  test('listed usernames: required, then an unknown name refused by the server shows under the field', async () => {
    const { calls } = installFakeApi({
      [`GET ${adminInboxPaths.messages}`]: () => ok(page([])),
      [`GET ${adminInboxPaths.audience}`]: () => ok({ recipientCount: 200 }),
      [`POST ${adminInboxPaths.messages}`]: () =>
        refuse(400, 'inbox.recipients.unknown', 'No member is called: ghost9', 'usernames'),
    });
    const user = await openBackOffice('Member messages');
    expect(await screen.findByText('No message sent yet.')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Send to'), 'listed');
    for (const [label, value] of [
      ['Subject (Thai)', 'ถึงคุณ'],
      ['Subject (English)', 'For you'],
      ['Message (Thai)', 'สวัสดี'],
      ['Message (English)', 'Hello'],
    ] as const)
      await user.type(screen.getByLabelText(label), value);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Give 1 to 1000 usernames')).toBeTruthy();
    await user.type(screen.getByLabelText('Usernames'), 'somchai01, ghost9{enter}somchai01');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await findDialog('Send the message?');
    expect(within(dialog).getByText('Send this message to the 2 listed members?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('No member is called: ghost9')).toBeTruthy();
    expect(callsTo(calls, 'POST', adminInboxPaths.messages).map((call) => call.body)).toEqual([
      {
        audience: 'listed',
        usernames: ['somchai01', 'ghost9'],
        subjectTh: 'ถึงคุณ',
        contentTh: 'สวัสดี',
        subjectEn: 'For you',
        contentEn: 'Hello',
      },
    ]);
  });

  test('an operator without messages.send has no menu entry', async () => {
    installFakeApi({
      [`GET ${adminApiPaths.me}`]: () => ok(operatorMe(operatorPermissions.filter((p) => p !== 'messages.send'))),
    });
    await expect(openBackOffice('Member messages')).rejects.toThrow();
  });

  test('usernames are split on lines, commas and spaces, each once', () => {
    expect(namesOf(' a1, b2\nc3  a1\n\n')).toEqual(['a1', 'b2', 'c3']);
  });
});
