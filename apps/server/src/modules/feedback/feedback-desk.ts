import {
  feedbackErrorCodes,
  type AdminFeedback,
  type AdminFeedbackPage,
  type AdminFeedbackQuery,
  type AnswerFeedbackBody,
  type CloseFeedbackBody,
} from '@lotus/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { listOperatorNames, recordAudit, type AuditEntry } from '../backoffice/index.ts';
import { findMemberSummaryByUsername, listMemberSummaries } from '../identity/index.ts';
import type { FeedbackTable } from './feedback.tables.ts';

/** Who acts, from where and when: `auditContext(request)` of the guarded call. */
export type DeskActor = Pick<AuditEntry, 'merchantId' | 'operatorId' | 'ip' | 'nowMs'> & { operatorId: bigint };

type FeedbackRow = Selectable<FeedbackTable>;

/**
 * GET /admin-api/feedback: the merchant's notes, newest first, filtered by status, type, member
 * (username) and a created_at range. One query for the page, one for the count, then one batched
 * lookup of the members' and the answering operators' names.
 */
export async function listFeedbackDesk(
  db: Kysely<Database>,
  merchantId: number,
  query: AdminFeedbackQuery,
): Promise<AdminFeedbackPage> {
  const empty = { items: [], total: 0, page: query.page, pageSize: query.pageSize };
  let memberId: bigint | undefined;
  if (query.member) {
    const member = await findMemberSummaryByUsername(db, merchantId, query.member);
    if (!member) return { ...empty, newCount: await countNew(db, merchantId) };
    memberId = member.id;
  }
  let base = db.selectFrom('feedback').where('merchant_id', '=', merchantId);
  if (query.status) base = base.where('status', '=', query.status);
  if (query.type) base = base.where('type', '=', query.type);
  if (memberId !== undefined) base = base.where('member_id', '=', memberId);
  if (query.from !== undefined) base = base.where('created_at', '>=', new Date(query.from));
  if (query.to !== undefined) base = base.where('created_at', '<', new Date(query.to));
  const [rows, count, newCount] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    countNew(db, merchantId),
  ]);
  return {
    items: await toAdminFeedback(db, merchantId, rows),
    total: Number(count.total),
    page: query.page,
    pageSize: query.pageSize,
    newCount,
  };
}

async function countNew(db: Kysely<Database>, merchantId: number): Promise<number> {
  const row = await db
    .selectFrom('feedback')
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'new')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

async function toAdminFeedback(
  db: Kysely<Database>,
  merchantId: number,
  rows: readonly FeedbackRow[],
): Promise<AdminFeedback[]> {
  const memberIds = [...new Set(rows.flatMap((row) => (row.member_id === null ? [] : [row.member_id])))];
  const operatorIds = [...new Set(rows.flatMap((row) => (row.answered_by === null ? [] : [row.answered_by])))];
  const [members, operators] = await Promise.all([
    listMemberSummaries(db, merchantId, memberIds),
    listOperatorNames(db, operatorIds),
  ]);
  return rows.map((row) => {
    const member = row.member_id === null ? undefined : members.get(row.member_id);
    return {
      id: String(row.id),
      type: row.type,
      content: row.content,
      contact: row.contact,
      ip: row.ip,
      member: member ? { id: String(member.id), username: member.username } : null,
      status: row.status,
      answer: row.answer,
      answeredBy: row.answered_by === null ? null : (operators.get(row.answered_by) ?? null),
      answeredAt: row.answered_at?.getTime() ?? null,
      createdAt: row.created_at.getTime(),
      version: row.version,
    };
  });
}

/**
 * The note of this merchant, locked until the transaction ends, checked against the version the
 * operator read: another merchant's id is 404 like no note; a note changed since (another operator
 * answered or closed it) is 409 and nothing is written.
 */
async function lockForDesk(trx: Transaction<Database>, actor: DeskActor, feedbackId: bigint, version: number) {
  const row = await trx
    .selectFrom('feedback')
    .selectAll()
    .where('merchant_id', '=', actor.merchantId)
    .where('id', '=', feedbackId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw AppError.notFound();
  if (row.version !== version) {
    throw new AppError(409, feedbackErrorCodes.versionConflict, {
      value: { version: row.version, status: row.status },
    });
  }
  if (row.status === 'closed') throw new AppError(409, feedbackErrorCodes.closed);
  return row;
}

async function saveDeskChange(
  trx: Transaction<Database>,
  actor: DeskActor,
  before: FeedbackRow,
  change: { status: 'answered' | 'closed'; answer?: string },
): Promise<AdminFeedback> {
  const answering = change.answer !== undefined;
  const row = await trx
    .updateTable('feedback')
    .set({
      status: change.status,
      version: before.version + 1,
      ...(answering
        ? { answer: change.answer, answered_by: actor.operatorId, answered_at: new Date(actor.nowMs) }
        : {}),
    })
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAudit(trx, {
    ...actor,
    action: answering ? 'feedback.answer' : 'feedback.close',
    targetType: 'feedback',
    targetId: row.id,
    before: { status: before.status, answer: before.answer, version: before.version },
    after: { status: row.status, answer: row.answer, version: row.version },
  });
  const [item] = await toAdminFeedback(trx, actor.merchantId, [row]);
  return item!;
}

/**
 * PUT /admin-api/feedback/:id/answer: the answer the member reads in "My feedback". Answering an
 * answered note replaces its answer (a correction, audited with both texts); a closed note takes none.
 */
export async function answerFeedback(
  db: Kysely<Database>,
  actor: DeskActor,
  feedbackId: bigint,
  body: AnswerFeedbackBody,
): Promise<AdminFeedback> {
  return db.transaction().execute(async (trx) => {
    const before = await lockForDesk(trx, actor, feedbackId, body.version);
    return saveDeskChange(trx, actor, before, { status: 'answered', answer: body.answer });
  });
}

/** POST /admin-api/feedback/:id/close: nothing more to do on it (answered, or not needing an answer). */
export async function closeFeedback(
  db: Kysely<Database>,
  actor: DeskActor,
  feedbackId: bigint,
  body: CloseFeedbackBody,
): Promise<AdminFeedback> {
  return db.transaction().execute(async (trx) => {
    const before = await lockForDesk(trx, actor, feedbackId, body.version);
    return saveDeskChange(trx, actor, before, { status: 'closed' });
  });
}
