import { promotionErrorCodes, type AdminPromotionGrantRequest, type AdminPromotionGrantResult } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAudit } from '../backoffice/index.ts';
import { listMemberSummariesByUsernames, type MemberSummary } from '../identity/index.ts';
import type { OperatorActor } from './admin-promotions.ts';
import { findPromotionRow } from './admin-promotions.ts';
import { minorOf } from './promotion-view.ts';
import { insertReward } from './rewards.ts';

/** isAgent values of agents; trial accounts (4) get nothing. */
const agentKinds = [1, 2, 41, 42];
/** Unknown names quoted in the refusal. */
const quotedUnknownNames = 10;

/**
 * POST /admin-api/promotions/:id/grants: the reward issued to each listed member (an ISSUED or MANUAL
 * promotion), `issued` until the promotion's claim hours pass. Names of no real member refuse the
 * whole grant (400 `promotion.usernames.unknown`, field `usernames`, nothing written). The grant id
 * is part of each reward's unique key, so a retried grant issues nothing twice. Closed and trial
 * accounts are skipped. Audited `promotion.grant` with the counts.
 *
 * Segments (all, agents, members) are not built yet: 400 naming `audience`.
 */
export async function grantPromotion(
  db: Kysely<Database>,
  actor: OperatorActor,
  promotionId: bigint,
  request: AdminPromotionGrantRequest,
): Promise<AdminPromotionGrantResult> {
  if (request.audience !== 'listed') throw AppError.badRequest('audience', 'validation.failed');
  return db.transaction().execute(async (trx) => {
    const promotion = await findPromotionRow(trx, actor.merchantId, promotionId);
    if (promotion.kind !== 'ISSUED' && promotion.kind !== 'MANUAL')
      throw new AppError(409, promotionErrorCodes.wrongKind);
    const amount = minorOf(request.amount) ?? promotion.bonus_amount;
    if (amount === null || amount <= 0n)
      throw new AppError(400, promotionErrorCodes.amountRequired, { field: 'amount' });
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
      if (row) issued += 1;
      else skipped += 1;
    }
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
