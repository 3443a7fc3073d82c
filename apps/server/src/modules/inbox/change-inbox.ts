import { inboxErrorCodes, type InboxChangeResult } from '@lotus/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { countUnread, readerScopeOf, visibleRows, type Reader, type ReaderScope } from './inbox-reader.ts';

export interface ChangeContext extends Reader {
  nowMs: number;
}

interface VisibleRow {
  message_id: bigint;
  read_at: Date | null;
  is_broadcast: boolean;
}

/**
 * The messages of `ids` the reader sees; when any is missing (another member's, deleted, unknown) the
 * whole call answers 404 `inbox.mail.unknown` and changes nothing.
 */
async function visibleOrNotFound(trx: Transaction<Database>, scope: ReaderScope, ids: readonly number[]) {
  const wanted = ids.map(BigInt);
  const found = await sql<VisibleRow>`
    SELECT message_id, read_at, is_broadcast FROM ${visibleRows(scope, { ids: wanted })} v`.execute(trx);
  if (found.rows.length !== wanted.length) throw new AppError(404, inboxErrorCodes.mailUnknown);
  return found.rows;
}

/**
 * CSP_markMailAsRead: these messages read. A listed one's row gets `read_at`; a broadcast gets its row
 * for this member now (a second mark, or two at once, keeps the first). Already read ones are not
 * counted in `changed`.
 */
export async function markRead(
  db: Kysely<Database>,
  context: ChangeContext,
  inboxIds: readonly number[],
): Promise<InboxChangeResult> {
  const scope = await readerScopeOf(db, context);
  const now = new Date(context.nowMs);
  return db.transaction().execute(async (trx) => {
    const rows = (await visibleOrNotFound(trx, scope, inboxIds)).filter((row) => row.read_at === null);
    const listed = rows.filter((row) => !row.is_broadcast).map((row) => row.message_id);
    const broadcasts = rows.filter((row) => row.is_broadcast);
    let changed = 0;
    if (listed.length > 0) {
      const updated = await trx
        .updateTable('inbox_delivery')
        .set({ read_at: now })
        .where('member_id', '=', context.memberId)
        .where('message_id', 'in', listed)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      changed += Number(updated.numUpdatedRows);
    }
    if (broadcasts.length > 0) changed += await insertBroadcastRows(trx, scope, broadcasts, { read_at: now });
    return { changed, unreadCount: await countUnread(trx, scope) };
  });
}

/**
 * The reader's own rows of broadcasts it reads or deletes for the first time; the send time is the
 * message's. A row that appeared meanwhile (another tab) is kept as it is.
 */
async function insertBroadcastRows(
  trx: Transaction<Database>,
  scope: ReaderScope,
  rows: readonly VisibleRow[],
  state: { read_at: Date } | { deleted_at: Date },
): Promise<number> {
  const messages = await trx
    .selectFrom('inbox_message')
    .select(['id', 'sent_at'])
    .where(
      'id',
      'in',
      rows.map((row) => row.message_id),
    )
    .execute();
  const inserted = await trx
    .insertInto('inbox_delivery')
    .values(
      messages.map((message) => ({
        member_id: scope.memberId,
        message_id: message.id,
        merchant_id: scope.merchantId,
        is_broadcast: true,
        sent_at: message.sent_at,
        read_at: 'read_at' in state ? state.read_at : null,
        deleted_at: 'deleted_at' in state ? state.deleted_at : null,
      })),
    )
    .onConflict((conflict) => conflict.columns(['member_id', 'message_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n);
}

/** CSP_markAllMailAsRead: every message of the reader read, whatever its date. */
export async function markAllRead(db: Kysely<Database>, context: ChangeContext): Promise<InboxChangeResult> {
  const scope = await readerScopeOf(db, context);
  const now = new Date(context.nowMs);
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('inbox_delivery')
      .set({ read_at: now })
      .where('member_id', '=', context.memberId)
      .where('is_broadcast', '=', false)
      .where('read_at', 'is', null)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    let changed = Number(updated.numUpdatedRows);
    if (scope.broadcastAudiences.length > 0) {
      const inserted = await sql`
        INSERT INTO inbox_delivery (member_id, message_id, merchant_id, is_broadcast, sent_at, read_at, deleted_at)
        SELECT ${scope.memberId}, m.id, m.merchant_id, true, m.sent_at, ${now}, NULL
          FROM inbox_message m
         WHERE m.merchant_id = ${scope.merchantId} AND m.audience <> 'listed'
           AND m.audience = ANY(${[...scope.broadcastAudiences]}::text[])
           AND m.sent_at >= ${scope.since}
           AND NOT EXISTS (SELECT 1 FROM inbox_delivery d WHERE d.member_id = ${scope.memberId} AND d.message_id = m.id)
        ON CONFLICT (member_id, message_id) DO NOTHING`.execute(trx);
      changed += Number(inserted.numAffectedRows ?? 0n);
    }
    return { changed, unreadCount: await countUnread(trx, scope) };
  });
}

/**
 * CSP_deleteInboxMail: these messages gone for this member (the message stays for its other
 * recipients and the composer's counts). A deleted message is no longer the member's: deleting it
 * again, reading or opening it answers 404.
 */
export async function deleteMail(
  db: Kysely<Database>,
  context: ChangeContext,
  inboxIds: readonly number[],
): Promise<InboxChangeResult> {
  const scope = await readerScopeOf(db, context);
  const now = new Date(context.nowMs);
  return db.transaction().execute(async (trx) => {
    const rows = await visibleOrNotFound(trx, scope, inboxIds);
    // Listed messages and broadcasts already read have a row of the reader's; the other broadcasts get one.
    const withRow = rows.filter((row) => !row.is_broadcast || row.read_at !== null).map((row) => row.message_id);
    const withoutRow = rows.filter((row) => row.is_broadcast && row.read_at === null);
    let changed = 0;
    if (withRow.length > 0) {
      const updated = await trx
        .updateTable('inbox_delivery')
        .set({ deleted_at: now })
        .where('member_id', '=', context.memberId)
        .where('message_id', 'in', withRow)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      changed += Number(updated.numUpdatedRows);
    }
    if (withoutRow.length > 0) {
      changed += await insertBroadcastRows(trx, scope, withoutRow, { deleted_at: now });
      // A row another tab wrote meanwhile (it read the broadcast) is deleted too.
      const updated = await trx
        .updateTable('inbox_delivery')
        .set({ deleted_at: now })
        .where('member_id', '=', context.memberId)
        .where(
          'message_id',
          'in',
          withoutRow.map((row) => row.message_id),
        )
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      changed += Number(updated.numUpdatedRows);
    }
    return { changed, unreadCount: await countUnread(trx, scope) };
  });
}
