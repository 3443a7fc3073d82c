import type { InboxMail, Language } from '@lotus/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { translate } from '../../i18n/messages.ts';
import { listMemberSummaries } from '../identity/index.ts';
import type { InboxMessageTable } from './inbox.tables.ts';
import { systemMessageKeys } from './system-templates.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type InboxMessageRow = Selectable<InboxMessageTable>;

/** The words of a message in `language`: the merchant's text in it, or the system template worded in it. */
export function wordsOf(row: InboxMessageRow, language: Language): { subject: string; content: string } {
  if (row.texts) return row.texts[language] ?? row.texts.TH;
  const keys = systemMessageKeys(row.template ?? '');
  const params = row.params ?? {};
  return { subject: translate(language, keys.subject, params), content: translate(language, keys.content, params) };
}

/** The usernames of the agents who sent some of these messages: one batched lookup. */
export async function senderNamesOf(
  db: Db,
  merchantId: number,
  rows: readonly InboxMessageRow[],
): Promise<Map<bigint, string>> {
  const ids = [...new Set(rows.flatMap((row) => (row.sender_member_id === null ? [] : [row.sender_member_id])))];
  const summaries = await listMemberSummaries(db, merchantId, ids);
  return new Map([...summaries].map(([id, summary]) => [id, summary.username]));
}

/** One message as its member reads it (the original's fields). */
export function toInboxMail(
  row: InboxMessageRow,
  readAt: Date | null,
  language: Language,
  senderNames: ReadonlyMap<bigint, string>,
): InboxMail {
  const words = wordsOf(row, language);
  return {
    inboxId: Number(row.id),
    senderName: row.sender_member_id === null ? 'merchant' : (senderNames.get(row.sender_member_id) ?? ''),
    sendTime: row.sent_at.getTime(),
    subject: words.subject,
    content: words.content,
    read: readAt !== null,
    sendType: row.send_type,
    pushType: row.push_type,
    canReply: false,
  };
}
