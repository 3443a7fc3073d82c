import { promotionErrorCodes, type AdminPromotionGrantRequest, type AdminPromotionGrantResult } from '@lotus/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAudit } from '../backoffice/index.ts';
import {
  countMembersOfTypes,
  findMemberSegment,
  listMemberSummariesByUsernames,
  type AgentType,
  type MemberSummary,
} from '../identity/index.ts';
import type { OperatorActor } from './admin-promotions.ts';
import { findPromotionRow } from './admin-promotions.ts';
import { minorOf } from './promotion-view.ts';
import { notifyIssued } from './notify.ts';
import type { ClaimRow } from './promotion-view.ts';
import { insertReward } from './rewards.ts';
import { notifyRewardChange } from './reward-change.ts';

/** isAgent values of agents; trial accounts (4) get nothing. */
const agentKinds: AgentType[] = [1, 2, 41, 42];
/** The account types each segment reaches. */
const segmentTypes: Record<'all' | 'agents' | 'members', AgentType[]> = {
  all: [0, ...agentKinds],
  agents: agentKinds,
  members: [0],
};
/** The segments (grant audiences) that reach an account of this type; none for a trial account. */
export function audiencesOf(isAgent: AgentType): Array<'all' | 'agents' | 'members'> {
  return (['all', 'agents', 'members'] as const).filter((audience) => segmentTypes[audience].includes(isAgent));
}
/** Unknown names quoted in the refusal. */
const quotedUnknownNames = 10;

/**
 * POST /admin-api/promotions/:id/grants: the reward issued to each listed member (an ISSUED or MANUAL
 * promotion), `issued` until the promotion's claim hours pass. Names of no real member refuse the
 * whole grant (400 `promotion.usernames.unknown`, field `usernames`, nothing written). The grant id
 * is part of each reward's unique key, so a retried grant issues nothing twice. Closed and trial
 * accounts are skipped. Audited `promotion.grant` with the counts.
 *
 * A segment (all, agents, members who are no agent) is ONE `promotion_grant` row whatever its size,
 * like an inbox broadcast: each of its members registered before the grant gets its reward row the
 * first time it lists its rewards (`materializeSegmentGrants`); `issued` counts the segment then.
 */
export async function grantPromotion(
  db: Kysely<Database>,
  actor: OperatorActor,
  promotionId: bigint,
  request: AdminPromotionGrantRequest,
): Promise<AdminPromotionGrantResult> {
  return db.transaction().execute(async (trx) => {
    const promotion = await findPromotionRow(trx, actor.merchantId, promotionId);
    if (promotion.kind !== 'ISSUED' && promotion.kind !== 'MANUAL')
      throw new AppError(409, promotionErrorCodes.wrongKind);
    const amount = minorOf(request.amount) ?? promotion.bonus_amount;
    if (amount === null || amount <= 0n)
      throw new AppError(400, promotionErrorCodes.amountRequired, { field: 'amount' });
    if (request.audience !== 'listed') {
      const inserted = await trx
        .insertInto('promotion_grant')
        .values({
          merchant_id: actor.merchantId,
          promotion_id: promotion.id,
          grant_id: request.grantId,
          audience: request.audience,
          amount,
          operator_id: actor.operatorId!,
          created_at: new Date(actor.nowMs),
        })
        .onConflict((conflict) => conflict.columns(['promotion_id', 'grant_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      // A retried grant writes nothing and reaches no one more.
      const reach = inserted ? await countMembersOfTypes(trx, actor.merchantId, segmentTypes[request.audience]) : 0;
      // Every open page of the merchant counts its claimable rewards again (the grant is counted for
      // the members it reaches before their rows are written).
      if (inserted) await notifyRewardChange(trx, actor.merchantId, '*');
      if (inserted)
        await recordAudit(trx, {
          ...actor,
          action: 'promotion.grant',
          targetType: 'promotion',
          targetId: promotion.id,
          before: null,
          after: { grantId: request.grantId, amount: amount.toString(), audience: request.audience, reach },
        });
      return { issued: reach, skipped: 0 };
    }
    const names = request.usernames ?? [];
    const found = await listMemberSummariesByUsernames(trx, actor.merchantId, names);
    const unknown = names.filter((name) => !found.has(name.toLowerCase()));
    if (unknown.length > 0)
      throw new AppError(400, promotionErrorCodes.usernamesUnknown, {
        field: 'usernames',
        params: { names: unknown.slice(0, quotedUnknownNames).join(', ') },
      });
    let issued = 0;
    let skipped = 0;
    const written: ClaimRow[] = [];
    const members = new Map<bigint, MemberSummary>([...found.values()].map((member) => [member.id, member]));
    for (const member of members.values()) {
      const eligible = member.status !== 'closed' && (member.isAgent === 0 || agentKinds.includes(member.isAgent));
      const row = eligible
        ? await insertReward(
            trx,
            promotion,
            member.id,
            { status: 'issued', amountMinor: amount, grantId: request.grantId },
            actor.nowMs,
          )
        : null;
      if (row) {
        issued += 1;
        written.push(row);
      } else skipped += 1;
    }
    await notifyIssued(trx, promotion, written, actor.nowMs);
    await recordAudit(trx, {
      ...actor,
      action: 'promotion.grant',
      targetType: 'promotion',
      targetId: promotion.id,
      before: null,
      after: { grantId: request.grantId, amount: amount.toString(), issued, skipped, usernames: names.length },
    });
    return { issued, skipped };
  });
}

/**
 * The member's rewards of the merchant's segment grants it has none of yet: grants of its segment
 * made after it registered, of enabled promotions. One read of the grants, one insert per new reward
 * (the grant key makes a parallel copy write nothing). Answers how many it wrote.
 */
export async function materializeSegmentGrants(
  db: Kysely<Database>,
  merchantId: number,
  memberId: bigint,
): Promise<number> {
  const segment = await findMemberSegment(db, merchantId, memberId);
  if (!segment) return 0;
  const audiences = audiencesOf(segment.isAgent);
  if (audiences.length === 0) return 0;
  const grants = await db
    .selectFrom('promotion_grant as g')
    .innerJoin('promotion as p', 'p.id', 'g.promotion_id')
    .select(['g.promotion_id', 'g.grant_id', 'g.amount', 'g.created_at'])
    .where('g.merchant_id', '=', merchantId)
    .where('g.audience', 'in', audiences)
    .where('g.created_at', '>=', segment.createdAt)
    .where('p.enabled', '=', true)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('promotion_claim as c')
            .select('c.id')
            .whereRef('c.promotion_id', '=', 'g.promotion_id')
            .whereRef('c.grant_id', '=', 'g.grant_id')
            .where('c.member_id', '=', memberId),
        ),
      ),
    )
    .execute();
  if (grants.length === 0) return 0;
  return db.transaction().execute(async (trx: Transaction<Database>) => {
    let written = 0;
    for (const grant of grants) {
      const promotion = await findPromotionRow(trx, merchantId, grant.promotion_id);
      // Issued as of the grant: its claim hours count from then.
      const row = await insertReward(
        trx,
        promotion,
        memberId,
        { status: 'issued', amountMinor: grant.amount, grantId: grant.grant_id },
        grant.created_at.getTime(),
      );
      if (row) written += 1;
    }
    return written;
  });
}
