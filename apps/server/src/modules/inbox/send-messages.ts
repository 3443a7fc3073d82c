import type { InboxPushType, InboxSendType } from '@lotus/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { InboxTexts } from './inbox.tables.ts';
import { systemPushTypes, type SystemMessageBody } from './system-templates.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Rows of one INSERT: well under PostgreSQL's limit of bind parameters per statement. */
const rowsPerInsert = 1000;

/** A message to listed members: one message row, one delivery row per recipient. */
export interface ListedMessage {
  merchantId: number;
  sendType: InboxSendType;
  pushType: InboxPushType;
  words: { texts: InboxTexts } | { template: string; params: Record<string, string> };
  recipientIds: readonly bigint[];
  operatorId?: bigint;
  senderMemberId?: bigint;
  /** Unique per merchant: a message of this key already written is not written again. */
  sourceKey?: string;
  nowMs: number;
}

/** Runs `work` in the caller's transaction, or in one of its own: a message and its deliveries commit together. */
export async function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

/**
 * Writes listed messages and their deliveries in `trx`: the messages in one INSERT per 1000 (a key
 * already written is skipped, so a replayed cause writes nothing), then every recipient's row. The
 * delivery trigger announces each recipient's change when the transaction commits. Answers the ids
 * written, in the order given (null: skipped).
 */
export async function insertListedMessages(
  trx: Transaction<Database>,
  messages: readonly ListedMessage[],
): Promise<(bigint | null)[]> {
  const ids: (bigint | null)[] = [];
  for (let start = 0; start < messages.length; start += rowsPerInsert) {
    const slice = messages.slice(start, start + rowsPerInsert);
    const inserted = await trx
      .insertInto('inbox_message')
      .values(
        slice.map((message) => ({
          merchant_id: message.merchantId,
          send_type: message.sendType,
          push_type: message.pushType,
          audience: 'listed' as const,
          texts: 'texts' in message.words ? JSON.stringify(message.words.texts) : null,
          template: 'template' in message.words ? message.words.template : null,
          params: 'template' in message.words ? JSON.stringify(message.words.params) : null,
          operator_id: message.operatorId ?? null,
          sender_member_id: message.senderMemberId ?? null,
          recipient_count: message.recipientIds.length,
          source_key: message.sourceKey ?? null,
          sent_at: new Date(message.nowMs),
        })),
      )
      .onConflict((conflict) => conflict.columns(['merchant_id', 'source_key']).doNothing())
      .returning(['id', 'source_key'])
      .execute();
    // Rows come back in insertion order; a skipped key has none, so match keyed ones by key.
    const byKey = new Map(inserted.flatMap((row) => (row.source_key === null ? [] : [[row.source_key, row.id]])));
    const unkeyed = inserted.filter((row) => row.source_key === null).map((row) => row.id);
    for (const message of slice)
      ids.push(message.sourceKey === undefined ? (unkeyed.shift() ?? null) : (byKey.get(message.sourceKey) ?? null));
  }

  const deliveries = messages.flatMap((message, index) => {
    const id = ids[index];
    if (id === null || id === undefined) return [];
    return message.recipientIds.map((memberId) => ({
      member_id: memberId,
      message_id: id,
      merchant_id: message.merchantId,
      is_broadcast: false,
      sent_at: new Date(message.nowMs),
      read_at: null,
      deleted_at: null,
    }));
  });
  for (let start = 0; start < deliveries.length; start += rowsPerInsert)
    await trx
      .insertInto('inbox_delivery')
      .values(deliveries.slice(start, start + rowsPerInsert))
      .execute();
  return ids;
}

/** A system message to one member (see system-templates.ts for the templates and their parameters). */
export type SystemMessage = SystemMessageBody & {
  merchantId: number;
  memberId: bigint;
  /** The cause, unique per merchant (`deposit.approved:<id>`): replaying the cause writes no second message. */
  sourceKey: string;
  nowMs: number;
};

/**
 * Writes system messages, each to its member, in the caller's transaction when given one: call it in
 * the transaction that moves the money, so a rolled-back approval leaves no message and a committed
 * one always has its message. Each message's `sourceKey` makes a replay write nothing.
 */
export async function sendSystemMessages(db: Db, messages: readonly SystemMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await inTransaction(db, async (trx) => {
    const ids = await insertListedMessages(
      trx,
      messages.map((message) => ({
        merchantId: message.merchantId,
        sendType: 'system',
        pushType: systemPushTypes[message.template],
        words: { template: message.template, params: { ...message.params } },
        recipientIds: [message.memberId],
        sourceKey: message.sourceKey,
        nowMs: message.nowMs,
      })),
    );
    // A replayed cause wrote nothing, and its observers hear nothing either.
    const written = messages.filter((_, index) => ids[index] !== null && ids[index] !== undefined);
    if (written.length > 0) for (const observer of systemMessageObservers) await observer(trx, written);
  });
}

/**
 * Another module's part in a system message (modules/push sends it as a Web Push): called in the
 * transaction that writes the messages, with those written (not the replayed ones), so what it writes
 * commits or rolls back with them.
 */
export type SystemMessageObserver = (trx: Transaction<Database>, messages: readonly SystemMessage[]) => Promise<void>;

const systemMessageObservers = new Set<SystemMessageObserver>();

/** Adds an observer of every system message written from now on (the same function added twice counts once). */
export function observeSystemMessages(observer: SystemMessageObserver): void {
  systemMessageObservers.add(observer);
}

/** One system message (sendSystemMessages of one). */
export function sendSystemMessage(db: Db, message: SystemMessage): Promise<void> {
  return sendSystemMessages(db, [message]);
}

/**
 * An agent's message to members of its team (agents' team management "send message"). The caller has
 * checked that every recipient is in the agent's subtree; the agent writes one text, shown in every
 * language.
 */
export async function sendAgentMessage(
  db: Db,
  message: {
    merchantId: number;
    agentId: bigint;
    recipientIds: readonly bigint[];
    subject: string;
    content: string;
    nowMs: number;
  },
): Promise<bigint> {
  const text = { subject: message.subject, content: message.content };
  const [id] = await inTransaction(db, (trx) =>
    insertListedMessages(trx, [
      {
        merchantId: message.merchantId,
        sendType: 'agent',
        pushType: 'INBOX',
        words: { texts: { TH: text, EN: text } },
        recipientIds: message.recipientIds,
        senderMemberId: message.agentId,
        nowMs: message.nowMs,
      },
    ]),
  );
  return id!;
}
