import { agentsErrorCodes, type MoveUplineBody, type UplineMoved } from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { auditContext, recordAudit } from '../../backoffice/index.ts';
import { findMemberSummary, setMemberUpline } from '../../identity/index.ts';
import { isAgentType } from '../agent-types.ts';
import { lockTree } from './tree-lock.ts';
import { recordUplineChange } from './upline-history.ts';

/**
 * An operator moves a member, with its whole team, under another agent (PUT upline, `members.manage`).
 * One transaction: the merchant's tree lock (exclusive; placements of new members wait), the member's
 * row (`member.upline_id`, identity's `setMemberUpline`), the closure rows of the whole subtree, the
 * history period, the audit record. Refused: an unknown member (404, another merchant's too), an
 * upline that is not an active agent of the merchant (400), the member itself or one of its downlines
 * (409 cycle), the upline it already has (409).
 */
export async function moveUpline(
  db: Kysely<Database>,
  request: FastifyRequest,
  memberId: bigint,
  body: MoveUplineBody,
): Promise<UplineMoved> {
  const context = auditContext(request);
  const { merchantId } = context;
  const uplineId = BigInt(body.uplineId);
  return db.transaction().execute(async (trx) => {
    await lockTree(trx, merchantId, 'exclusive');
    const member = await findMemberSummary(trx, merchantId, memberId);
    if (!member) throw AppError.notFound();
    const upline = await findMemberSummary(trx, merchantId, uplineId);
    if (!upline || upline.status !== 'active' || !isAgentType(upline.isAgent))
      throw new AppError(400, agentsErrorCodes.moveNotAgent, { field: 'uplineId' });
    if (member.uplineId === uplineId) throw new AppError(409, agentsErrorCodes.moveUnchanged, { field: 'uplineId' });
    // The member's own depth-0 row makes "the member itself" one case of "in its subtree".
    const inSubtree = await trx
      .selectFrom('member_hierarchy')
      .select('depth')
      .where('ancestor_id', '=', memberId)
      .where('descendant_id', '=', uplineId)
      .executeTakeFirst();
    if (inSubtree) throw new AppError(409, agentsErrorCodes.moveCycle, { field: 'uplineId' });

    const previous = await setMemberUpline(trx, { merchantId, memberId, uplineId });
    if (!previous) throw AppError.notFound();
    const movedMembers = await rewriteSubtree(trx, merchantId, memberId, uplineId);
    const now = new Date(context.nowMs);
    await recordUplineChange(trx, {
      merchantId,
      memberId,
      previousUplineId: previous.previousUplineId,
      uplineId,
      registeredAt: previous.registeredAt,
      now,
    });
    const previousUpline =
      previous.previousUplineId === null
        ? undefined
        : await findMemberSummary(trx, merchantId, previous.previousUplineId);
    const before = previousUpline ? { id: String(previousUpline.id), username: previousUpline.username } : null;
    const after = { id: String(upline.id), username: upline.username };
    await recordAudit(trx, {
      ...context,
      action: 'member.upline.move',
      targetType: 'member',
      targetId: memberId,
      before: { upline: before },
      after: { upline: after, movedMembers, reason: body.reason },
    });
    return { before, after, movedMembers };
  });
}

/**
 * The closure rows of a subtree moved under `uplineId`: the rows joining the subtree to its old
 * ancestors go, and every (ancestor of the new upline, member of the subtree) pair comes in at depth
 * (ancestor's depth above the upline) + 1 + (member's depth below the moved member). Rows inside the
 * subtree stay as they are. Answers how many members the subtree holds.
 */
async function rewriteSubtree(
  trx: Transaction<Database>,
  merchantId: number,
  memberId: bigint,
  uplineId: bigint,
): Promise<number> {
  const subtree = trx
    .selectFrom('member_hierarchy')
    .select('descendant_id')
    .where('ancestor_id', '=', memberId)
    .where('merchant_id', '=', merchantId);
  await trx
    .deleteFrom('member_hierarchy')
    .where('merchant_id', '=', merchantId)
    .where('descendant_id', 'in', subtree)
    .where('ancestor_id', 'not in', subtree)
    .execute();
  await trx
    .insertInto('member_hierarchy')
    .columns(['merchant_id', 'ancestor_id', 'descendant_id', 'depth'])
    .expression((eb) =>
      eb
        .selectFrom('member_hierarchy as above')
        .innerJoin('member_hierarchy as below', (join) => join.onTrue())
        .select((inner) => [
          'above.merchant_id',
          'above.ancestor_id',
          'below.descendant_id',
          inner(inner(inner.ref('above.depth'), '+', inner.ref('below.depth')), '+', 1).as('depth'),
        ])
        .where('above.descendant_id', '=', uplineId)
        .where('above.merchant_id', '=', merchantId)
        .where('below.ancestor_id', '=', memberId)
        .where('below.merchant_id', '=', merchantId),
    )
    .executeTakeFirst();
  const { n } = await trx
    .selectFrom('member_hierarchy')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('ancestor_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(n);
}
