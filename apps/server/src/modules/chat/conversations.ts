import { createHash, randomBytes } from 'node:crypto';
import { chatErrorCodes, chatPaths, type ChatMarks, type ChatMessage, type ChatSender } from '@lotus/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { listOperatorNames } from '../backoffice/index.ts';
import type { ChatConversationTable } from './chat.tables.ts';

type Db = Kysely<Database>;
export type ConversationRow = Selectable<ChatConversationTable>;

/** How many messages one read answers; a socket reads again until it has everything. */
export const messagePageSize = 100;

export function hashVisitorToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The member's conversation that is not closed, opened now if there is none (one at a time, a unique index). */
export async function openMemberConversation(
  db: Db,
  input: { merchantId: number; memberId: bigint; language: 'TH' | 'EN'; nowMs: number },
): Promise<ConversationRow> {
  const find = () =>
    db
      .selectFrom('chat_conversation')
      .selectAll()
      .where('merchant_id', '=', input.merchantId)
      .where('member_id', '=', input.memberId)
      .where('status', '<>', 'closed')
      .executeTakeFirst();
  const open = await find();
  if (open) return open;
  // Two tabs opening at once: the unique index keeps one, and the other reads it.
  await sql`
    INSERT INTO chat_conversation (merchant_id, member_id, language, status, created_at)
    VALUES (${input.merchantId}, ${input.memberId}, ${input.language}, 'waiting', ${new Date(input.nowMs)})
    ON CONFLICT DO NOTHING`.execute(db);
  return (await find())!;
}

/** A visitor's new conversation; the token (256 random bits) is answered once and kept only hashed. */
export async function createVisitorConversation(
  db: Db,
  input: { merchantId: number; language: 'TH' | 'EN'; nowMs: number },
): Promise<{ conversation: ConversationRow; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const conversation = await db
    .insertInto('chat_conversation')
    .values({
      merchant_id: input.merchantId,
      member_id: null,
      visitor_token_hash: hashVisitorToken(token),
      language: input.language,
      status: 'waiting',
      assigned_operator_id: null,
      waiting_since: null,
      last_message_at: null,
      last_message_text: null,
      created_at: new Date(input.nowMs),
      closed_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { conversation, token };
}

export async function findVisitorConversation(
  db: Db,
  merchantId: number,
  token: string,
): Promise<ConversationRow | undefined> {
  return db
    .selectFrom('chat_conversation')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('visitor_token_hash', '=', hashVisitorToken(token))
    .executeTakeFirst();
}

/** The merchant's conversation; 404 `chat.conversation.not.found` for an unknown or another merchant's id. */
export async function getConversation(db: Db, merchantId: number, conversationId: bigint): Promise<ConversationRow> {
  const row = await db
    .selectFrom('chat_conversation')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', conversationId)
    .executeTakeFirst();
  if (!row) throw new AppError(404, chatErrorCodes.conversationNotFound);
  return row;
}

export function marksOf(row: ConversationRow): ChatMarks {
  return {
    memberDeliveredUpTo: String(row.member_delivered_up_to),
    memberReadUpTo: String(row.member_read_up_to),
    operatorDeliveredUpTo: String(row.operator_delivered_up_to),
    operatorReadUpTo: String(row.operator_read_up_to),
  };
}

/**
 * The conversation's messages after `afterId` in id order (at most `limit`). Operators' names only
 * for the back-office: the site shows "Customer service".
 */
export async function listMessagesAfter(
  db: Db,
  input: { merchantId: number; conversationId: bigint; afterId: bigint; limit: number; withOperatorNames: boolean },
): Promise<ChatMessage[]> {
  const rows = await db
    .selectFrom('chat_message as m')
    .leftJoin('chat_image as i', 'i.id', 'm.image_id')
    .select([
      'm.id',
      'm.conversation_id',
      'm.sender',
      'm.operator_id',
      'm.text',
      'm.client_id',
      'm.created_at',
      'i.url_key',
    ])
    .where('m.merchant_id', '=', input.merchantId)
    .where('m.conversation_id', '=', input.conversationId)
    .where('m.id', '>', input.afterId)
    .orderBy('m.id')
    .limit(input.limit)
    .execute();
  return toMessages(db, rows, input.withOperatorNames);
}

/** The conversation's latest messages, oldest first (a panel or desk opening). */
export async function listLatestMessages(
  db: Db,
  input: { merchantId: number; conversationId: bigint; limit: number; withOperatorNames: boolean },
): Promise<ChatMessage[]> {
  const rows = await db
    .selectFrom('chat_message as m')
    .leftJoin('chat_image as i', 'i.id', 'm.image_id')
    .select([
      'm.id',
      'm.conversation_id',
      'm.sender',
      'm.operator_id',
      'm.text',
      'm.client_id',
      'm.created_at',
      'i.url_key',
    ])
    .where('m.merchant_id', '=', input.merchantId)
    .where('m.conversation_id', '=', input.conversationId)
    .orderBy('m.id', 'desc')
    .limit(input.limit)
    .execute();
  return toMessages(db, rows.reverse(), input.withOperatorNames);
}

async function toMessages(
  db: Db,
  rows: Array<{
    id: bigint;
    conversation_id: bigint;
    sender: ChatSender;
    operator_id: bigint | null;
    text: string | null;
    client_id: string;
    created_at: Date;
    url_key: string | null;
  }>,
  withOperatorNames: boolean,
): Promise<ChatMessage[]> {
  const names = withOperatorNames
    ? await listOperatorNames(db, [
        ...new Set(rows.flatMap((row) => (row.operator_id === null ? [] : [row.operator_id]))),
      ])
    : new Map<bigint, string>();
  return rows.map((row) => ({
    id: String(row.id),
    conversationId: String(row.conversation_id),
    sender: row.sender,
    operatorName: row.operator_id === null ? null : (names.get(row.operator_id) ?? null),
    text: row.text,
    imageUrl: row.url_key === null ? null : chatPaths.image.replace(':imageKey', row.url_key),
    clientId: row.client_id,
    createdAt: row.created_at.getTime(),
  }));
}

export interface PostMessageInput {
  merchantId: number;
  conversationId: bigint;
  sender: ChatSender;
  operatorId: bigint | null;
  text: string | null;
  imageId: bigint | null;
  clientId: string;
  nowMs: number;
}

/**
 * Writes a message. The conversation row is locked first, so a conversation's messages commit in id
 * order (a client resuming after id N misses none). The same `clientId` from the same side again
 * (a resend after a lost connection) writes nothing. An operator's first answer to a waiting
 * conversation takes it (assigned to them); a member's message starts the alert's clock, an
 * operator's stops it. Refusals: a closed conversation (409), an image not of this conversation.
 */
export async function postMessage(db: Db, input: PostMessageInput): Promise<{ id: bigint; isNew: boolean }> {
  if ((input.text === null) === (input.imageId === null)) throw new AppError(400, chatErrorCodes.messageEmpty);
  return db.transaction().execute(async (trx) => {
    const conversation = await trx
      .selectFrom('chat_conversation')
      .select(['status', 'assigned_operator_id'])
      .where('merchant_id', '=', input.merchantId)
      .where('id', '=', input.conversationId)
      .forUpdate()
      .executeTakeFirst();
    if (!conversation) throw new AppError(404, chatErrorCodes.conversationNotFound);
    const replayed = await trx
      .selectFrom('chat_message')
      .select('id')
      .where('conversation_id', '=', input.conversationId)
      .where('sender', '=', input.sender)
      .where('client_id', '=', input.clientId)
      .executeTakeFirst();
    if (replayed) return { id: replayed.id, isNew: false };
    if (conversation.status === 'closed') throw new AppError(409, chatErrorCodes.conversationClosed);
    if (input.imageId !== null) {
      const image = await trx
        .selectFrom('chat_image')
        .select('id')
        .where('id', '=', input.imageId)
        .where('conversation_id', '=', input.conversationId)
        .executeTakeFirst();
      if (!image) throw new AppError(400, chatErrorCodes.imageNotFound, { field: 'imageId' });
    }
    const now = new Date(input.nowMs);
    const { id } = await trx
      .insertInto('chat_message')
      .values({
        merchant_id: input.merchantId,
        conversation_id: input.conversationId,
        sender: input.sender,
        operator_id: input.operatorId,
        text: input.text,
        image_id: input.imageId,
        client_id: input.clientId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const isOperator = input.sender === 'operator';
    await trx
      .updateTable('chat_conversation')
      .set((eb) => ({
        last_message_at: now,
        last_message_text: input.text === null ? null : input.text.slice(0, 200),
        waiting_since: isOperator ? null : eb.fn.coalesce('waiting_since', eb.val(now)),
        ...(isOperator && conversation.status === 'waiting'
          ? { status: 'open' as const, assigned_operator_id: input.operatorId }
          : {}),
      }))
      .where('id', '=', input.conversationId)
      .execute();
    return { id, isNew: true };
  });
}

export type MarkColumn =
  'member_delivered_up_to' | 'member_read_up_to' | 'operator_delivered_up_to' | 'operator_read_up_to';

/**
 * Moves a delivery or read mark forward (never back), no further than the conversation's last
 * message. Writes, and so notifies, only when the mark moves.
 */
export async function moveMark(
  db: Db,
  input: { merchantId: number; conversationId: bigint; column: MarkColumn; upToId: bigint },
): Promise<void> {
  const lastId = db
    .selectFrom('chat_message')
    .select((eb) => eb.fn.coalesce(eb.fn.max('id'), sql<bigint>`0`).as('last'))
    .where('conversation_id', '=', input.conversationId);
  await db
    .updateTable('chat_conversation')
    .set((eb) => ({ [input.column]: eb.fn('least', [eb.val(input.upToId), lastId]) }))
    .where('merchant_id', '=', input.merchantId)
    .where('id', '=', input.conversationId)
    .where(input.column, '<', input.upToId)
    .where((eb) => eb(input.column, '<', lastId))
    .execute();
}
