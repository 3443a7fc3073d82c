import type { MemberFeedback, MemberFeedbackPage, MemberFeedbackQuery } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** GET /wps/member/feedback: the member's own notes, newest first, with the operator's answers (never who answered). */
export async function listMemberFeedback(
  db: Kysely<Database>,
  member: { merchantId: number; memberId: bigint },
  query: MemberFeedbackQuery,
): Promise<MemberFeedbackPage> {
  const base = db
    .selectFrom('feedback')
    .where('merchant_id', '=', member.merchantId)
    .where('member_id', '=', member.memberId);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'type', 'content', 'status', 'answer', 'answered_at', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const list: MemberFeedback[] = rows.map((row) => ({
    id: String(row.id),
    type: row.type,
    content: row.content,
    status: row.status,
    answer: row.answer,
    answeredAt: row.answered_at?.getTime() ?? null,
    createdAt: row.created_at.getTime(),
  }));
  return { list, total: Number(count.total), page: query.page, pageSize: query.pageSize };
}
