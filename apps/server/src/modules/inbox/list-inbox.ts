import {
  inboxDefaultRangeMs,
  inboxErrorCodes,
  type InboxListQuery,
  type InboxMail,
  type InboxPage,
  type Language,
} from '@lotus/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { countUnread, readerScopeOf, visibleRows, type Reader } from './inbox-reader.ts';
import { senderNamesOf, toInboxMail, type InboxMessageRow } from './inbox-view.ts';

/** The original's default end: a little after now, so a message sent as the page opens is in it. */
const defaultEndSlackMs = 30_000;

export interface ReadContext extends Reader {
  language: Language;
  nowMs: number;
}

/**
 * CSP_getInbox: the member's messages sent in [startTime, endTime) (default the last 30 days), newest
 * first (or oldest with `sendTime:asc`), paged; the total, and the unread count whatever the range. One
 * query for the page, one count, one unread count, one batched lookup of agents' names.
 */
export async function listInbox(db: Kysely<Database>, context: ReadContext, query: InboxListQuery): Promise<InboxPage> {
  const to = query.endTime ?? context.nowMs + defaultEndSlackMs;
  const from = query.startTime ?? to - inboxDefaultRangeMs;
  if (to < from) throw AppError.badRequest('endTime');
  const scope = await readerScopeOf(db, context);
  const visible = visibleRows(scope, { from: new Date(from), to: new Date(to) });
  const direction = query.sort === 'sendTime:asc' ? sql`ASC` : sql`DESC`;
  const [page, total, unreadCount] = await Promise.all([
    sql<InboxMessageRow & { delivery_read_at: Date | null }>`
      SELECT m.*, v.read_at AS delivery_read_at
        FROM ${visible} v JOIN inbox_message m ON m.id = v.message_id
       ORDER BY v.sent_at ${direction}, v.message_id ${direction}
       LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`.execute(db),
    sql<{ total: string }>`SELECT count(*) AS total FROM ${visible} v`.execute(db),
    countUnread(db, scope),
  ]);
  const rows = page.rows;
  const names = await senderNamesOf(db, context.merchantId, rows);
  const totalElements = Number(total.rows[0]!.total);
  return {
    content: rows.map((row) => toInboxMail(row, row.delivery_read_at, context.language, names)),
    totalElements,
    totalPages: Math.ceil(totalElements / query.size),
    page: query.page,
    size: query.size,
    unreadCount,
  };
}

/** CSP_getInboxMail: one message of the member's inbox; any other id answers 404 `inbox.mail.unknown`. */
export async function getInboxMail(db: Kysely<Database>, context: ReadContext, inboxId: number): Promise<InboxMail> {
  const scope = await readerScopeOf(db, context);
  const found = await sql<InboxMessageRow & { delivery_read_at: Date | null }>`
    SELECT m.*, v.read_at AS delivery_read_at
      FROM ${visibleRows(scope, { ids: [BigInt(inboxId)] })} v JOIN inbox_message m ON m.id = v.message_id`.execute(db);
  const row = found.rows[0];
  if (!row) throw new AppError(404, inboxErrorCodes.mailUnknown);
  const names = await senderNamesOf(db, context.merchantId, [row]);
  return toInboxMail(row, row.delivery_read_at, context.language, names);
}

/** CSP_unreadCount, and the balance stream's `unread` event. */
export async function countUnreadMessages(db: Kysely<Database>, reader: Reader): Promise<number> {
  return countUnread(db, await readerScopeOf(db, reader));
}
