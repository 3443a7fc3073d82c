// @vitest-environment jsdom
import { inboxPageSchema, inboxPaths, type InboxMail, type InboxPage as InboxPageAnswer } from '@lotus/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { session } from '../../../lib/session';
import inboxEn from '../../../locales/inbox/en.json';
import inboxTh from '../../../locales/inbox/th.json';
import {
  callsTo,
  initMoneyI18n,
  installMoneyApi,
  ok,
  refuse,
  renderWithProviders,
  switchLanguage,
  type FakeCall,
} from '../../money/testing';

let InboxPage: ComponentType;

beforeAll(async () => {
  await initMoneyI18n();
  i18next.addResourceBundle('en', 'translation', inboxEn, true, false);
  i18next.addResourceBundle('th', 'translation', inboxTh, true, false);
  ({ InboxPage } = await import('./inbox-page'));
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

const mail = (inboxId: number, overrides: Partial<InboxMail> = {}): InboxMail => ({
  inboxId,
  senderName: 'merchant',
  sendTime: Date.UTC(2026, 10, 20, 9, inboxId),
  subject: `Subject ${inboxId}`,
  content: `Content of message ${inboxId}\nsecond line`,
  read: false,
  sendType: 'merchant',
  pushType: 'INBOX',
  canReply: false,
  ...overrides,
});

/**
 * A fake inbox of `mails` behind the contract's calls: the list answers the page asked, mark read and
 * delete change the mails, the detail answers 404 for a deleted or unknown id.
 */
function installInbox(mails: InboxMail[]) {
  let inbox = [...mails];
  const unread = () => inbox.filter((item) => !item.read).length;
  const page = (call: FakeCall): InboxPageAnswer => {
    const size = Number(call.query.get('size'));
    const pageNo = Number(call.query.get('page'));
    return inboxPageSchema.parse({
      content: inbox.slice((pageNo - 1) * size, pageNo * size),
      totalElements: inbox.length,
      totalPages: Math.ceil(inbox.length / size),
      page: pageNo,
      size,
      unreadCount: unread(),
    });
  };
  const idsOf = (call: FakeCall) => (call.body as { inboxIds: number[] }).inboxIds;
  const api = installMoneyApi({
    [`GET ${inboxPaths.list}`]: (call) => ok(page(call)),
    [`GET ${inboxPaths.detail}`]: (call) => {
      const found = inbox.find((item) => item.inboxId === Number(call.query.get('inboxId')));
      return found ? ok(found) : refuse(404, 'inbox.mail.unknown', 'This message is not in your inbox.');
    },
    [`POST ${inboxPaths.markRead}`]: (call) => {
      const ids = idsOf(call);
      inbox = inbox.map((item) => (ids.includes(item.inboxId) ? { ...item, read: true } : item));
      return ok({ changed: ids.length, unreadCount: unread() });
    },
    [`POST ${inboxPaths.markAllRead}`]: () => {
      const changed = unread();
      inbox = inbox.map((item) => ({ ...item, read: true }));
      return ok({ changed, unreadCount: 0 });
    },
    [`POST ${inboxPaths.remove}`]: (call) => {
      const ids = idsOf(call);
      inbox = inbox.filter((item) => !ids.includes(item.inboxId));
      return ok({ changed: ids.length, unreadCount: unread() });
    },
  });
  return api;
}

describe('messageV2', () => {
  test('lists the period’s messages with who wrote them; unread ones are marked', async () => {
    const { calls } = installInbox([
      mail(3),
      mail(2, { sendType: 'system', pushType: 'DEPOSIT', subject: 'Deposit approved', read: true }),
      mail(1, { sendType: 'agent', senderName: 'agent_nok' }),
    ]);
    renderWithProviders(<InboxPage />);
    const list = await screen.findByRole('list', { name: 'Your messages' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('button').textContent)).toEqual([
      expect.stringContaining('Subject 3'),
      expect.stringContaining('Deposit approved'),
      expect.stringContaining('Subject 1'),
    ]);
    expect(within(items[0]!).getByText('Customer service')).toBeTruthy();
    expect(within(items[1]!).getByText('System notice')).toBeTruthy();
    expect(within(items[2]!).getByText('From agent_nok')).toBeTruthy();
    expect(within(items[0]!).getByText('Unread')).toBeTruthy();
    expect(within(items[1]!).queryByText('Unread')).toBeNull();
    expect(screen.getByText('2 unread')).toBeTruthy();
    // The last 30 days, newest first, ten a page.
    const [first] = callsTo(calls, 'GET', inboxPaths.list);
    expect(first!.query.get('size')).toBe('10');
    expect(first!.query.get('sort')).toBe('sendTime:desc');
    const days = (Date.now() - Number(first!.query.get('startTime'))) / 86_400_000;
    expect(Math.round(days)).toBe(30);
  });

  test('select two, mark them read; select the page, delete after confirming', async () => {
    const { calls } = installInbox([mail(5), mail(4), mail(3)]);
    renderWithProviders(<InboxPage />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select: Subject 5' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select: Subject 3' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Marked as read.');
    expect(callsTo(calls, 'POST', inboxPaths.markRead).map((call) => call.body)).toEqual([{ inboxIds: [5, 3] }]);
    expect(await screen.findByText('1 unread')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('3 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog');
    expect(within(confirm).getByText(/Delete 3 selected message/)).toBeTruthy();
    expect(callsTo(calls, 'POST', inboxPaths.remove)).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No messages in this period.')).toBeTruthy();
    expect(callsTo(calls, 'POST', inboxPaths.remove).map((call) => call.body)).toEqual([{ inboxIds: [5, 4, 3] }]);
  });

  test('opening a message shows it whole and marks it read once; back returns to the list', async () => {
    const { calls } = installInbox([mail(8), mail(7, { read: true })]);
    renderWithProviders(<InboxPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Subject 8/ }));
    expect(await screen.findByRole('heading', { name: 'Subject 8' })).toBeTruthy();
    expect(
      screen.getByText((_text, element) => element?.textContent === 'Content of message 8\nsecond line'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(callsTo(calls, 'POST', inboxPaths.markRead).map((call) => call.body)).toEqual([{ inboxIds: [8] }]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back to messages' }));
    expect(await screen.findByText('0 unread')).toBeTruthy();
    // A message already read is not marked again.
    fireEvent.click(screen.getByRole('button', { name: /Subject 7/ }));
    expect(await screen.findByRole('heading', { name: 'Subject 7' })).toBeTruthy();
    expect(callsTo(calls, 'POST', inboxPaths.markRead)).toHaveLength(1);
  });

  test('a message deleted meanwhile answers with the server’s words; all read marks every one', async () => {
    const { calls } = installInbox([mail(9), mail(10)]);
    renderWithProviders(<InboxPage />);
    expect(await screen.findByText('2 unread')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('0 unread')).toBeTruthy();
    expect(callsTo(calls, 'POST', inboxPaths.markAllRead)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Mark all as read' })).toHaveProperty('disabled', true),
    );
    installInbox([]);
    fireEvent.click(screen.getByRole('button', { name: /Subject 9/ }));
    expect(await screen.findByText('This message is not in your inbox.')).toBeTruthy();
  });

  test('a longer period asks again from its start; in Thai after a switch', async () => {
    const { calls } = installInbox([mail(1)]);
    renderWithProviders(<InboxPage />);
    await screen.findByRole('list', { name: 'Your messages' });
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '90' } });
    await waitFor(() => expect(callsTo(calls, 'GET', inboxPaths.list).length).toBeGreaterThan(1));
    const last = callsTo(calls, 'GET', inboxPaths.list).at(-1)!;
    expect(Math.round((Date.now() - Number(last.query.get('startTime'))) / 86_400_000)).toBe(90);
    await switchLanguage('TH');
    expect(await screen.findByText('ยังไม่อ่าน 1 ข้อความ')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'อ่านทั้งหมดแล้ว' })).toBeTruthy();
  });
});
