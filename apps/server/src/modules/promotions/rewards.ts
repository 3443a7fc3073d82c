import { formatMinorUnits, promotionErrorCodes, type ClaimResult, type PromotionClaimStatus } from '@lotus/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { grantBonus } from '../bonus/index.ts';
import { findMemberSegment, listMembersSharingLogins } from '../identity/index.ts';
import { listMembersSharingBankAccounts, listMemberWithdrawalsForDesk } from '../withdrawal/index.ts';
import { isRunning, turnoverRequired, type ClaimRow, type PromotionRow } from './promotion-view.ts';
import { notifyRewardChange } from './reward-change.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** isAgent values of agents (spec §3); a trial account (4) takes part in nothing. */
const agentKinds = [1, 2, 41, 42];
const trialType = 4;

/** Rewards that hold a member's place in a promotion (counted against its per-member limit). */
const heldStatuses: readonly PromotionClaimStatus[] = ['joined', 'applying', 'issued', 'claimed'];
/** Rewards still unfinished: what a blocking promotion refuses to sit beside. */
const openStatuses: readonly PromotionClaimStatus[] = ['joined', 'applying', 'issued'];

export interface MemberRef {
  merchantId: number;
  memberId: bigint;
}

/** Why a member may not take part (an AppError to throw), or null. Checks in the order a member can fix them. */
export async function refusalFor(
  db: Db,
  promotion: PromotionRow,
  member: MemberRef,
  nowMs: number,
  options: { checkSchedule: boolean; exceptClaimId?: bigint },
): Promise<AppError | null> {
  if (options.checkSchedule ? !isRunning(promotion, nowMs) : !promotion.enabled)
    return new AppError(409, promotionErrorCodes.notRunning);
  const segment = await findMemberSegment(db, member.merchantId, member.memberId);
  if (!segment || segment.isAgent === trialType) return new AppError(403, promotionErrorCodes.notEligible);
  const isAgent = agentKinds.includes(segment.isAgent);
  const audienceOk =
    promotion.audience === 'all' ||
    (promotion.audience === 'agents' && isAgent) ||
    (promotion.audience === 'members' && !isAgent) ||
    (promotion.audience === 'new' && (promotion.starts_at === null || segment.createdAt >= promotion.starts_at));
  if (!audienceOk) return new AppError(403, promotionErrorCodes.notEligible);

  const own = await db
    .selectFrom('promotion_claim as c')
    .innerJoin('promotion as p', 'p.id', 'c.promotion_id')
    .select(['c.id', 'c.promotion_id', 'c.status', 'p.blocks_others'])
    .where('c.member_id', '=', member.memberId)
    .where('c.merchant_id', '=', member.merchantId)
    .where('c.status', 'in', [...heldStatuses])
    .execute();
  const others = own.filter((row) => row.id !== options.exceptClaimId);
  const ofThis = others.filter((row) => row.promotion_id === promotion.id);
  if (promotion.max_claims_per_member !== null && ofThis.length >= promotion.max_claims_per_member)
    return new AppError(409, promotionErrorCodes.memberLimitReached);
  const openElsewhere = others.filter((row) => row.promotion_id !== promotion.id && openStatuses.includes(row.status));
  if (openElsewhere.some((row) => row.blocks_others) || (promotion.blocks_others && openElsewhere.length > 0))
    return new AppError(409, promotionErrorCodes.blockedByOther);

  const abuse = promotion.abuse;
  if (abuse.noPendingWithdrawal) {
    const recent = await listMemberWithdrawalsForDesk(db, member.merchantId, member.memberId, {
      page: 1,
      pageSize: 20,
    });
    if (recent.items.some((withdrawal) => withdrawal.status === 'pending'))
      return new AppError(409, promotionErrorCodes.withdrawalPending);
  }
  // Mobile numbers are unique per merchant (identity), so "one per mobile" holds by itself.
  const linked = new Set<bigint>();
  if (abuse.onePerBankAccount)
    for (const id of (await listMembersSharingBankAccounts(db, member.merchantId, member.memberId)).keys())
      linked.add(id);
  if (abuse.onePerDevice || abuse.onePerIp)
    for (const [id, handles] of await listMembersSharingLogins(db, member.merchantId, member.memberId))
      if ((abuse.onePerDevice && handles.deviceIds.size > 0) || (abuse.onePerIp && handles.ips.size > 0))
        linked.add(id);
  linked.delete(member.memberId);
  if (linked.size > 0) {
    const taken = await db
      .selectFrom('promotion_claim')
      .select('id')
      .where('promotion_id', '=', promotion.id)
      .where('member_id', 'in', [...linked])
      // Paid rewards only: a linked member's reward still waiting for its claim takes nothing yet.
      .where('status', '=', 'claimed')
      .executeTakeFirst();
    if (taken) return new AppError(409, promotionErrorCodes.duplicatePerson);
  }
  return null;
}

/** A new reward row; a replayed cause (the same deposit, grant or period) writes nothing and answers null. */
export async function insertReward(
  trx: Transaction<Database>,
  promotion: PromotionRow,
  memberId: bigint,
  reward: {
    status: PromotionClaimStatus;
    amountMinor: bigint | null;
    depositId?: bigint;
    depositMinor?: bigint;
    grantId?: string;
    periodKey?: string;
    remarks?: string | null;
    pictureIds?: bigint[];
  },
  nowMs: number,
): Promise<ClaimRow | null> {
  const issued = reward.status === 'issued';
  const row = await trx
    .insertInto('promotion_claim')
    .values({
      merchant_id: promotion.merchant_id,
      promotion_id: promotion.id,
      member_id: memberId,
      status: reward.status,
      amount: reward.amountMinor,
      deposit_id: reward.depositId ?? null,
      deposit_amount: reward.depositMinor ?? null,
      turnover_required: null,
      remarks: reward.remarks ?? null,
      picture_ids: reward.pictureIds ?? [],
      review_remark: null,
      reviewed_by_operator_id: null,
      reviewed_by_username: null,
      grant_id: reward.grantId ?? null,
      period_key: reward.periodKey ?? null,
      bonus_id: null,
      created_at: new Date(nowMs),
      issued_at: issued ? new Date(nowMs) : null,
      claimed_at: null,
      expires_at: issued ? rewardExpiry(promotion, nowMs) : null,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returningAll()
    .executeTakeFirst();
  if (row && issued) await notifyRewardChange(trx, promotion.merchant_id, [memberId]);
  return row ?? null;
}

/** When an issued reward stops being claimable: after the promotion's claim hours, else at its end. */
export function rewardExpiry(promotion: PromotionRow, nowMs: number): Date | null {
  if (promotion.claim_expiry_hours !== null) return new Date(nowMs + promotion.claim_expiry_hours * 3_600_000);
  return promotion.ends_at;
}

/**
 * Pays an issued reward locked by the caller: takes its place in the promotion's limits by ONE
 * conditional update of the counters (claims and money budget; parallel claims queue on the
 * promotion row and the loser of the last place gets `promotion.budget.exhausted`), grants the bonus
 * through modules/bonus keyed by the reward's id (a replay never credits twice), and marks it
 * claimed, all in the caller's transaction.
 */
export async function payLockedReward(
  trx: Transaction<Database>,
  claim: ClaimRow,
  promotion: PromotionRow,
  currency: string,
  nowMs: number,
): Promise<ClaimResult> {
  const amount = claim.amount!;
  const counted = await trx
    .updateTable('promotion')
    .set((eb) => ({
      claimed_count: eb('claimed_count', '+', 1),
      budget_used: eb('budget_used', '+', amount),
    }))
    .where('id', '=', promotion.id)
    .where((eb) => eb.or([eb('max_claims_total', 'is', null), eb('claimed_count', '<', eb.ref('max_claims_total'))]))
    .where((eb) => eb.or([eb('budget', 'is', null), eb(sql<bigint>`budget_used + ${amount}`, '<=', eb.ref('budget'))]))
    .returning('id')
    .executeTakeFirst();
  if (!counted) throw new AppError(409, promotionErrorCodes.budgetExhausted);
  const turnover = turnoverRequired(promotion, claim.deposit_amount ?? 0n, amount);
  const bonus = await grantBonus(trx, {
    merchantId: claim.merchant_id,
    memberId: claim.member_id,
    currency,
    amountMinor: amount,
    turnoverRequiredMinor: turnover,
    productTypes: promotion.turnover_product_types,
    expiresAt: promotion.bonus_expiry_days === null ? null : new Date(nowMs + promotion.bonus_expiry_days * 86_400_000),
    source: { kind: promotion.kind === 'ISSUED' ? 'issued' : 'promotion', id: String(claim.id) },
    // The bonus cost report sums a promotion's grants by this.
    group: String(promotion.id),
    transferKind: 'promotion_bonus',
    nowMs,
  });
  await trx
    .updateTable('promotion_claim')
    .set({ status: 'claimed', claimed_at: new Date(nowMs), bonus_id: bonus.bonusId, turnover_required: turnover })
    .where('id', '=', claim.id)
    .execute();
  await notifyRewardChange(trx, claim.merchant_id, [claim.member_id]);
  return {
    rewardId: Number(claim.id),
    claimedMoney: formatMinorUnits(amount),
    turnoverRequired: formatMinorUnits(turnover),
    status: 'claimed',
  };
}

/**
 * MCS2_claimIssuedPromotion: the member claims one of its issued rewards. The reward row is locked
 * first, so 100 parallel claims of it queue: the first pays, the others find it claimed (409
 * `promotion.reward.already.claimed`). Another member's or merchant's id answers like an unknown one.
 */
export async function claimReward(
  db: Kysely<Database>,
  member: MemberRef & { currency: string },
  rewardId: bigint,
  promotionType: string | null,
  nowMs: number,
): Promise<ClaimResult> {
  return db.transaction().execute(async (trx) => {
    const claim = await trx
      .selectFrom('promotion_claim')
      .selectAll()
      .where('id', '=', rewardId)
      .where('merchant_id', '=', member.merchantId)
      .where('member_id', '=', member.memberId)
      .forUpdate()
      .executeTakeFirst();
    if (!claim) throw new AppError(404, promotionErrorCodes.rewardNotFound);
    const promotion = await trx
      .selectFrom('promotion')
      .selectAll()
      .where('id', '=', claim.promotion_id)
      .executeTakeFirstOrThrow();
    if (promotionType !== null && promotion.kind !== promotionType)
      throw new AppError(404, promotionErrorCodes.rewardNotFound);
    if (claim.status === 'claimed') throw new AppError(409, promotionErrorCodes.alreadyClaimed);
    if (
      claim.status === 'expired' ||
      (claim.status === 'issued' && claim.expires_at !== null && claim.expires_at.getTime() <= nowMs)
    )
      throw new AppError(409, promotionErrorCodes.rewardExpired);
    if (claim.status !== 'issued') throw new AppError(409, promotionErrorCodes.rewardNotClaimable);
    const refusal = await refusalFor(trx, promotion, member, nowMs, { checkSchedule: false, exceptClaimId: claim.id });
    if (refusal && refusal.errorCode !== promotionErrorCodes.memberLimitReached) throw refusal;
    return payLockedReward(trx, claim, promotion, member.currency, nowMs);
  });
}

/**
 * Issued rewards past their expiry become `expired` (the claim refuses them already; this keeps lists
 * honest), and their members' open pages count their claimable rewards again.
 */
export async function expireRewards(db: Kysely<Database>, nowMs: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const expired = await trx
      .updateTable('promotion_claim')
      .set({ status: 'expired' })
      .where('status', '=', 'issued')
      .where('expires_at', '<=', new Date(nowMs))
      .returning(['merchant_id', 'member_id'])
      .execute();
    const byMerchant = new Map<number, bigint[]>();
    for (const row of expired)
      byMerchant.set(row.merchant_id, [...(byMerchant.get(row.merchant_id) ?? []), row.member_id]);
    for (const [merchantId, memberIds] of byMerchant) await notifyRewardChange(trx, merchantId, memberIds);
    return expired.length;
  });
}
