import {
  inboxErrorCodes,
  trialMemberType,
  type AdminInboxMessage,
  type AdminInboxPage,
  type AdminInboxQuery,
  type AdminSendMessageRequest,
  type InboxAudience,
} from '@lotus/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { listOperatorNames, recordAudit, type AuditEntry } from '../backoffice/index.ts';
import {
  countMembersOfTypes,
  listMemberSummaries,
  listMemberSummariesByUsernames,
  type AgentType,
} from '../identity/index.ts';
import { agentKinds } from './inbox-reader.ts';
import type { InboxTexts } from './inbox.tables.ts';
import type { InboxMessageRow } from './inbox-view.ts';
import { insertListedMessages } from './send-messages.ts';

/** Who sends, from where and when: `auditContext(request)` of the guarded call. */
export type ComposerActor = Pick<AuditEntry, 'merchantId' | 'ip' | 'nowMs'> & { operatorId: bigint };

/** A listed message's recipients shown in the composer's list. */
const shownRecipients = 10;
/** Unknown names quoted in the refusal. */
const quotedUnknownNames = 10;

/** The account types each broadcast audience reaches (trial accounts: none). */
const audienceTypes: Readonly<Record<Exclude<InboxAudience, 'listed'>, readonly AgentType[]>> = {
  all: [0, ...agentKinds],
  agents: agentKinds,
  members: [0],
};

/** GET /admin-api/inbox/audience: the members a broadcast to this audience would reach now (not closed). */
export function countAudience(
  db: Kysely<Database>,
  merchantId: number,
  audience: Exclude<InboxAudience, 'listed'>,
): Promise<number> {
  return countMembersOfTypes(db, merchantId, audienceTypes[audience]);
}

/**
 * POST /admin-api/inbox/messages: the merchant's message in TH and EN. A broadcast (all, agents,
 * members) is ONE row, whatever the number of members: each member's state is written only when it
 * reads or deletes it, and its delivery count is the segment's size now. A listed message resolves
 * its usernames first (names of no real member of the merchant: 400 `inbox.recipients.unknown`, field
 * `usernames`, nothing written) and has a delivery row per member. Audited `inbox.message.send` in the
 * same transaction.
 */
export async function sendMerchantMessage(
  db: Kysely<Database>,
  actor: ComposerActor,
  body: AdminSendMessageRequest,
): Promise<AdminInboxMessage> {
  const texts: InboxTexts = {
    TH: { subject: body.subjectTh, content: body.contentTh },
    EN: { subject: body.subjectEn, content: body.contentEn },
  };
  const recipientIds =
    body.audience === 'listed' ? await resolveUsernames(db, actor.merchantId, body.usernames ?? []) : [];
  const recipientCount =
    body.audience === 'listed' ? recipientIds.length : await countAudience(db, actor.merchantId, body.audience);

  const id = await db.transaction().execute(async (trx) => {
    const messageId =
      body.audience === 'listed'
        ? (
            await insertListedMessages(trx, [
              {
                merchantId: actor.merchantId,
                sendType: 'merchant',
                pushType: 'INBOX',
                words: { texts },
                recipientIds,
                operatorId: actor.operatorId,
                nowMs: actor.nowMs,
              },
            ])
          )[0]!
        : (
            await trx
              .insertInto('inbox_message')
              .values({
                merchant_id: actor.merchantId,
                send_type: 'merchant',
                push_type: 'INBOX',
                audience: body.audience,
                texts: JSON.stringify(texts),
                template: null,
                params: null,
                operator_id: actor.operatorId,
                sender_member_id: null,
                recipient_count: recipientCount,
                source_key: null,
                sent_at: new Date(actor.nowMs),
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
    await recordAudit(trx, {
      ...actor,
      action: 'inbox.message.send',
      targetType: 'inbox_message',
      targetId: messageId!,
      before: null,
      after: {
        audience: body.audience,
        recipientCount,
        ...(body.audience === 'listed' ? { usernames: (body.usernames ?? []).slice(0, 100) } : {}),
        subjectTh: body.subjectTh,
        subjectEn: body.subjectEn,
      },
    });
    return messageId!;
  });
  const [message] = await toAdminMessages(db, actor.merchantId, await messagesById(db, actor.merchantId, [id]));
  return message!;
}

/** The members of these usernames (any case, repeats once); any name of no real, open account refuses the call. */
async function resolveUsernames(db: Kysely<Database>, merchantId: number, usernames: readonly string[]) {
  const found = await listMemberSummariesByUsernames(db, merchantId, usernames);
  const isRecipient = (name: string) => {
    const member = found.get(name.toLowerCase());
    return member !== undefined && member.status !== 'closed' && member.isAgent !== trialMemberType;
  };
  const unknown = [...new Set(usernames.filter((name) => !isRecipient(name)))];
  if (unknown.length > 0)
    throw new AppError(400, inboxErrorCodes.recipientsUnknown, {
      field: 'usernames',
      params: { names: unknown.slice(0, quotedUnknownNames).join(', ') },
      value: { unknown },
    });
  return [...new Set(usernames.map((name) => found.get(name.toLowerCase())!.id))];
}

async function messagesById(db: Kysely<Database> | Transaction<Database>, merchantId: number, ids: bigint[]) {
  return db
    .selectFrom('inbox_message')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', ids)
    .execute();
}

/**
 * GET /admin-api/inbox/messages: the merchant's own messages, newest first, in a send-time range,
 * each with its delivery, read and delete counts. One query for the page, one count, then for the
 * page's messages one read of the counts and first recipients (the delivery index on message_id,
 * read without the table) and one of operators' names.
 */
export async function listMerchantMessages(
  db: Kysely<Database>,
  merchantId: number,
  query: AdminInboxQuery,
): Promise<AdminInboxPage> {
  let base = db.selectFrom('inbox_message').where('merchant_id', '=', merchantId).where('send_type', '=', 'merchant');
  if (query.from !== undefined) base = base.where('sent_at', '>=', new Date(query.from));
  if (query.to !== undefined) base = base.where('sent_at', '<', new Date(query.to));
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('sent_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: await toAdminMessages(db, merchantId, rows),
    total: Number(count.total),
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function toAdminMessages(
  db: Kysely<Database>,
  merchantId: number,
  rows: readonly InboxMessageRow[],
): Promise<AdminInboxMessage[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => String(row.id));
  const listedIds = rows.filter((row) => row.audience === 'listed').map((row) => String(row.id));
  const operatorIds = [...new Set(rows.flatMap((row) => (row.operator_id === null ? [] : [row.operator_id])))];
  const [counts, recipients, operators] = await Promise.all([
    sql<{ message_id: bigint; read_count: string; deleted_count: string }>`
      SELECT message_id, count(read_at) AS read_count, count(deleted_at) AS deleted_count
        FROM inbox_delivery WHERE message_id = ANY(${ids}::bigint[]) GROUP BY message_id`.execute(db),
    listedIds.length === 0
      ? Promise.resolve(new Map<bigint, bigint[]>())
      : sql<{ message_id: bigint; member_id: bigint }>`
          SELECT ids.message_id, first.member_id
            FROM unnest(${listedIds}::bigint[]) AS ids (message_id)
            CROSS JOIN LATERAL (
              SELECT member_id FROM inbox_delivery
               WHERE message_id = ids.message_id AND NOT is_broadcast LIMIT ${shownRecipients}) first`
          .execute(db)
          .then((result) => {
            const byMessage = new Map<bigint, bigint[]>();
            for (const row of result.rows)
              byMessage.set(row.message_id, [...(byMessage.get(row.message_id) ?? []), row.member_id]);
            return byMessage;
          }),
    listOperatorNames(db, operatorIds),
  ]);
  const countOf = new Map(counts.rows.map((row) => [row.message_id, row]));
  const memberIds = [...new Set([...recipients.values()].flat())];
  const names = await listMemberSummaries(db, merchantId, memberIds);
  return rows.map((row) => {
    const texts = row.texts!;
    const counted = countOf.get(row.id);
    return {
      id: String(row.id),
      audience: row.audience,
      usernames: (recipients.get(row.id) ?? []).map((memberId) => names.get(memberId)?.username ?? ''),
      subjectTh: texts.TH.subject,
      contentTh: texts.TH.content,
      subjectEn: texts.EN.subject,
      contentEn: texts.EN.content,
      sentAt: row.sent_at.getTime(),
      sentBy: row.operator_id === null ? null : (operators.get(row.operator_id) ?? null),
      recipientCount: row.recipient_count,
      readCount: Number(counted?.read_count ?? 0),
      deletedCount: Number(counted?.deleted_count ?? 0),
    };
  });
}
