import {
  chatErrorCodes,
  formatMinorUnits,
  type AdminChatConversation,
  type AdminChatSettings,
  type CannedReply,
  type CannedReplyBody,
  type ChatMemberContext,
  type ChatQueueItem,
  type ChatQueuePage,
  type ChatQueueQuery,
  type ChatSummary,
} from '@lotus/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { listOperatorNames, listOperatorsWithPermission, recordAudit, type AuditEntry } from '../backoffice/index.ts';
import { listMemberDepositsForDesk } from '../deposit/index.ts';
import { findMemberForBackoffice, findMemberSummaryByUsername, listMemberSummaries } from '../identity/index.ts';
import { listMemberAccounts } from '../ledger/index.ts';
import { getConversation, listLatestMessages, marksOf, type ConversationRow } from './conversations.ts';

type Db = Kysely<Database>;
/** Who acts at the desk: the audit's context (merchant, operator, ip, clock). */
export type DeskActor = Pick<AuditEntry, 'merchantId' | 'operatorId' | 'ip' | 'nowMs'> & { operatorId: bigint };

export const chatPermission = 'chat.answer';
/** Until the merchant saves its own: visitors may not chat, and 5 minutes unanswered raise the alert. */
export const defaultChatSettings: AdminChatSettings = { visitorsAllowed: false, alertMinutes: 5 };

export async function getChatSettings(db: Db, merchantId: number): Promise<AdminChatSettings> {
  const row = await db
    .selectFrom('chat_setting')
    .select(['visitors_allowed', 'alert_minutes'])
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return row ? { visitorsAllowed: row.visitors_allowed, alertMinutes: row.alert_minutes } : defaultChatSettings;
}

export async function saveChatSettings(
  db: Db,
  actor: DeskActor,
  settings: AdminChatSettings,
): Promise<AdminChatSettings> {
  return db.transaction().execute(async (trx) => {
    const before = await getChatSettings(trx, actor.merchantId);
    const values = {
      visitors_allowed: settings.visitorsAllowed,
      alert_minutes: settings.alertMinutes,
      updated_by: actor.operatorId,
      updated_at: new Date(actor.nowMs),
    };
    await trx
      .insertInto('chat_setting')
      .values({ merchant_id: actor.merchantId, ...values })
      .onConflict((conflict) => conflict.column('merchant_id').doUpdateSet(values))
      .execute();
    await recordAudit(trx, {
      ...actor,
      action: 'chat.settings',
      targetType: 'merchant',
      targetId: actor.merchantId,
      before,
      after: settings,
    });
    return settings;
  });
}

/** The queue: waiting (nobody's yet), mine (assigned to me, not closed), all; one member's history; words searched. */
export async function listChatQueue(db: Db, actor: DeskActor, query: ChatQueueQuery): Promise<ChatQueuePage> {
  const { alertMinutes } = await getChatSettings(db, actor.merchantId);
  let base = db.selectFrom('chat_conversation as c').where('c.merchant_id', '=', actor.merchantId);
  if (query.view === 'waiting') base = base.where('c.status', '=', 'waiting');
  else if (query.view === 'mine')
    base = base.where('c.assigned_operator_id', '=', actor.operatorId).where('c.status', '<>', 'closed');
  else if (!query.includeClosed && query.memberId === undefined) base = base.where('c.status', '<>', 'closed');
  if (query.memberId !== undefined) base = base.where('c.member_id', '=', BigInt(query.memberId));
  if (query.q !== '') {
    // The words in a message, or the member's username (any letter case).
    const words = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const named = await findMemberSummaryByUsername(db, actor.merchantId, query.q);
    base = base.where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('chat_message as m')
            .select(sql`1`.as('one'))
            .whereRef('m.conversation_id', '=', 'c.id')
            .where('m.text', 'ilike', words),
        ),
        ...(named ? [eb('c.member_id', '=', named.id)] : []),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll('c')
      // Overdue first, then the longest waiting, then the latest activity.
      .orderBy(sql`c.waiting_since IS NULL`)
      .orderBy('c.waiting_since')
      .orderBy(sql`coalesce(c.last_message_at, c.created_at)`, 'desc')
      .orderBy('c.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: await toQueueItems(db, rows, actor.nowMs, alertMinutes),
    total: Number(count.total),
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function toQueueItems(
  db: Db,
  rows: ConversationRow[],
  nowMs: number,
  alertMinutes: number,
): Promise<ChatQueueItem[]> {
  const operatorNames = await listOperatorNames(db, [
    ...new Set(rows.flatMap((row) => (row.assigned_operator_id === null ? [] : [row.assigned_operator_id]))),
  ]);
  const merchantId = rows[0]?.merchant_id ?? 0;
  const members = await listMemberSummaries(db, merchantId, [
    ...new Set(rows.flatMap((row) => (row.member_id === null ? [] : [row.member_id]))),
  ]);
  return rows.map((row) => ({
    id: String(row.id),
    status: row.status,
    memberId: row.member_id === null ? null : String(row.member_id),
    username: row.member_id === null ? null : (members.get(row.member_id)?.username ?? null),
    language: row.language,
    assignedOperatorId: row.assigned_operator_id === null ? null : String(row.assigned_operator_id),
    assignedOperatorName:
      row.assigned_operator_id === null ? null : (operatorNames.get(row.assigned_operator_id) ?? null),
    lastMessageText: row.last_message_text,
    lastMessageAt: row.last_message_at?.getTime() ?? null,
    waitingSince: row.waiting_since?.getTime() ?? null,
    isOverdue: isOverdue(row, nowMs, alertMinutes),
    createdAt: row.created_at.getTime(),
  }));
}

function isOverdue(row: ConversationRow, nowMs: number, alertMinutes: number): boolean {
  return (
    row.status !== 'closed' &&
    row.waiting_since !== null &&
    row.waiting_since.getTime() + alertMinutes * 60_000 <= nowMs
  );
}

/** The menu badge: conversations nobody took yet, and those unanswered past the merchant's minutes. */
export async function getChatSummary(db: Db, merchantId: number, nowMs: number): Promise<ChatSummary> {
  const { alertMinutes } = await getChatSettings(db, merchantId);
  const row = await db
    .selectFrom('chat_conversation')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('status', '=', 'waiting').as('waiting'),
      eb.fn
        .countAll<string>()
        .filterWhere('waiting_since', '<=', new Date(nowMs - alertMinutes * 60_000))
        .as('overdue'),
    ])
    .where('merchant_id', '=', merchantId)
    .where('status', '<>', 'closed')
    .executeTakeFirstOrThrow();
  return { waiting: Number(row.waiting), overdue: Number(row.overdue) };
}

/** A conversation at the desk: its state, latest messages, and the member beside it. */
export async function getDeskConversation(
  db: Db,
  actor: DeskActor,
  currency: string,
  conversationId: bigint,
): Promise<AdminChatConversation> {
  const row = await getConversation(db, actor.merchantId, conversationId);
  const { alertMinutes } = await getChatSettings(db, actor.merchantId);
  const [conversation] = await toQueueItems(db, [row], actor.nowMs, alertMinutes);
  return {
    conversation: conversation!,
    marks: marksOf(row),
    messages: await listLatestMessages(db, {
      merchantId: actor.merchantId,
      conversationId,
      limit: 200,
      withOperatorNames: true,
    }),
    member: row.member_id === null ? null : await getMemberContext(db, actor.merchantId, currency, row.member_id),
  };
}

/** Profile, main balance and the last five deposits, each from its owner's index. */
async function getMemberContext(
  db: Db,
  merchantId: number,
  currency: string,
  memberId: bigint,
): Promise<ChatMemberContext | null> {
  const member = await findMemberForBackoffice(db, merchantId, memberId);
  if (!member) return null;
  const [accounts, deposits] = await Promise.all([
    listMemberAccounts(db, merchantId, memberId, currency),
    listMemberDepositsForDesk(db, merchantId, memberId, { page: 1, pageSize: 5 }),
  ]);
  const main = accounts.filter((account) => account.kind === 'member_main').reduce((sum, a) => sum + a.balance, 0n);
  return {
    memberId: String(member.id),
    username: member.username,
    status: member.status,
    mobile: member.mobileNumber === null ? null : `+${member.mobileDialingCode ?? ''} ${member.mobileNumber}`,
    email: member.email,
    createdAt: member.createdAt.getTime(),
    mainBalance: formatMinorUnits(main),
    lastDeposits: deposits.items.map((deposit) => ({
      id: String(deposit.id),
      createdAt: deposit.createdAt.getTime(),
      methodCode: deposit.methodCode,
      status: deposit.status,
      amount: formatMinorUnits(deposit.amountMinor),
    })),
  };
}

/** Takes a waiting conversation; 409 `chat.already.assigned` when another operator was first. Audited. */
export async function assignConversation(db: Db, actor: DeskActor, conversationId: bigint): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await getConversation(trx, actor.merchantId, conversationId);
    if (row.status === 'closed') throw new AppError(409, chatErrorCodes.conversationClosed);
    const taken = await trx
      .updateTable('chat_conversation')
      .set({ status: 'open', assigned_operator_id: actor.operatorId })
      .where('id', '=', conversationId)
      .where('status', '=', 'waiting')
      .executeTakeFirst();
    if (taken.numUpdatedRows === 0n) {
      if (row.assigned_operator_id === actor.operatorId) return;
      throw new AppError(409, chatErrorCodes.alreadyAssigned);
    }
    await recordAudit(trx, {
      ...actor,
      action: 'chat.assign',
      targetType: 'chat_conversation',
      targetId: conversationId,
      before: { status: row.status, assignedOperatorId: null },
      after: { status: 'open', assignedOperatorId: String(actor.operatorId) },
    });
  });
}

/** Hands a conversation (not closed) to another operator who may answer chats. Audited. */
export async function transferConversation(
  db: Db,
  actor: DeskActor,
  conversationId: bigint,
  toOperatorId: bigint,
): Promise<void> {
  const operators = await listOperatorsWithPermission(db, actor.merchantId, chatPermission);
  if (!operators.some((operator) => operator.id === toOperatorId))
    throw new AppError(400, chatErrorCodes.operatorNotFound, { field: 'operatorId' });
  await db.transaction().execute(async (trx) => {
    const row = await getConversation(trx, actor.merchantId, conversationId);
    if (row.status === 'closed') throw new AppError(409, chatErrorCodes.conversationClosed);
    await trx
      .updateTable('chat_conversation')
      .set({ status: 'open', assigned_operator_id: toOperatorId })
      .where('id', '=', conversationId)
      .execute();
    await recordAudit(trx, {
      ...actor,
      action: 'chat.transfer',
      targetType: 'chat_conversation',
      targetId: conversationId,
      before: { status: row.status, assignedOperatorId: row.assigned_operator_id?.toString() ?? null },
      after: { status: 'open', assignedOperatorId: String(toOperatorId) },
    });
  });
}

/** Ends a conversation; the member's next message opens a new one. Audited. */
export async function closeConversation(db: Db, actor: DeskActor, conversationId: bigint): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await getConversation(trx, actor.merchantId, conversationId);
    if (row.status === 'closed') return;
    await trx
      .updateTable('chat_conversation')
      .set({ status: 'closed', closed_at: new Date(actor.nowMs), waiting_since: null })
      .where('id', '=', conversationId)
      .execute();
    await recordAudit(trx, {
      ...actor,
      action: 'chat.close',
      targetType: 'chat_conversation',
      targetId: conversationId,
      before: { status: row.status },
      after: { status: 'closed' },
    });
  });
}

export async function listChatOperators(db: Db, merchantId: number): Promise<Array<{ id: string; username: string }>> {
  const operators = await listOperatorsWithPermission(db, merchantId, chatPermission);
  return operators.map((operator) => ({ id: String(operator.id), username: operator.username }));
}

/* Canned replies. */

export async function listCannedReplies(db: Db, merchantId: number): Promise<CannedReply[]> {
  const rows = await db
    .selectFrom('chat_canned_reply')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('language')
    .orderBy('title')
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    language: row.language,
    title: row.title,
    text: row.text,
    updatedAt: row.updated_at.getTime(),
  }));
}

/** Adds (id null) or changes a canned reply; another merchant's id is 404 like an unknown one. Audited. */
export async function saveCannedReply(
  db: Db,
  actor: DeskActor,
  id: bigint | null,
  body: CannedReplyBody,
): Promise<CannedReply> {
  const values = {
    language: body.language,
    title: body.title,
    text: body.text,
    updated_by: actor.operatorId,
    updated_at: new Date(actor.nowMs),
  };
  return db.transaction().execute(async (trx) => {
    const before =
      id === null
        ? null
        : await trx
            .selectFrom('chat_canned_reply')
            .select(['language', 'title', 'text'])
            .where('merchant_id', '=', actor.merchantId)
            .where('id', '=', id)
            .forUpdate()
            .executeTakeFirst();
    if (id !== null && !before) throw new AppError(404, chatErrorCodes.cannedReplyNotFound);
    const row =
      id === null
        ? await trx
            .insertInto('chat_canned_reply')
            .values({ merchant_id: actor.merchantId, ...values })
            .returningAll()
            .executeTakeFirstOrThrow()
        : await trx
            .updateTable('chat_canned_reply')
            .set(values)
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      ...actor,
      action: id === null ? 'chat.canned.create' : 'chat.canned.update',
      targetType: 'chat_canned_reply',
      targetId: row.id,
      before: before ?? null,
      after: body,
    });
    return {
      id: String(row.id),
      language: row.language,
      title: row.title,
      text: row.text,
      updatedAt: row.updated_at.getTime(),
    };
  });
}

/** Removes a canned reply; audited. */
export async function deleteCannedReply(db: Db, actor: DeskActor, id: bigint): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('chat_canned_reply')
      .where('merchant_id', '=', actor.merchantId)
      .where('id', '=', id)
      .returning(['language', 'title', 'text'])
      .executeTakeFirst();
    if (!deleted) throw new AppError(404, chatErrorCodes.cannedReplyNotFound);
    await recordAudit(trx, {
      ...actor,
      action: 'chat.canned.delete',
      targetType: 'chat_canned_reply',
      targetId: id,
      before: deleted,
      after: null,
    });
  });
}
