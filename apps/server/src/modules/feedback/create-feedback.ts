import type { FeedbackRequest, MemberFeedbackRequest } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * PUT /wps/feedback: stores a visitor's note for the operator with the caller's IP, which is what
 * lets an operator tie abuse to its source (the route is also throttled per IP).
 */
export async function createFeedback(
  db: Kysely<Database>,
  merchantId: number,
  request: FeedbackRequest,
  callerIp: string,
): Promise<void> {
  const contact = request.contact?.trim();
  await db
    .insertInto('feedback')
    .values({
      merchant_id: merchantId,
      content: request.content,
      contact: contact ? contact : null,
      ip: callerIp,
      member_id: null,
      type: request.type ?? 'suggestion',
    })
    .execute();
}

/**
 * POST /wps/member/feedback: a logged-in member's note. It carries the member's id (no contact: the
 * answer reaches them in "My feedback") and answers its id.
 */
export async function createMemberFeedback(
  db: Kysely<Database>,
  member: { merchantId: number; memberId: bigint },
  request: MemberFeedbackRequest,
  callerIp: string,
): Promise<{ id: string }> {
  const row = await db
    .insertInto('feedback')
    .values({
      merchant_id: member.merchantId,
      content: request.content,
      contact: null,
      ip: callerIp,
      member_id: member.memberId,
      type: request.type,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: String(row.id) };
}
