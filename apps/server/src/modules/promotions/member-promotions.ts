import {
  depositPromotionKinds,
  promotionErrorCodes,
  promotionKinds,
  type AvailablePromotions,
  type Language,
  type PromotionCategoryList,
  type PromotionClaimList,
  type PromotionClaimListQuery,
  type PromotionDetail,
  type PromotionList,
  type PromotionListQuery,
  type PromotionMemberStatus,
} from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { isRunning, toCard, toDetail, toMemberClaim, type ClaimRow, type PromotionRow } from './promotion-view.ts';
import { materializeSegmentGrants } from './grants.ts';
import { insertReward, refusalFor, type MemberRef } from './rewards.ts';

/** Who reads: the merchant, the language, and the member when the call carries a real member's token. */
export interface Reader {
  merchantId: number;
  language: Language;
  memberId: bigint | null;
  nowMs: number;
}

/** The merchant's promotions a site may show: enabled and not ended (coming ones too: `coming`). */
async function visiblePromotions(db: Kysely<Database>, merchantId: number, nowMs: number): Promise<PromotionRow[]> {
  return db
    .selectFrom('promotion')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('enabled', '=', true)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', new Date(nowMs))]))
    .orderBy('sort')
    .orderBy('id', 'desc')
    .execute();
}

/** The member's rewards of these promotions, newest first. */
async function memberClaims(
  db: Kysely<Database>,
  memberId: bigint,
  promotionIds: readonly bigint[],
): Promise<Map<bigint, ClaimRow[]>> {
  const byPromotion = new Map<bigint, ClaimRow[]>();
  if (promotionIds.length === 0) return byPromotion;
  const rows = await db
    .selectFrom('promotion_claim')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('promotion_id', 'in', [...promotionIds])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) byPromotion.set(row.promotion_id, [...(byPromotion.get(row.promotion_id) ?? []), row]);
  return byPromotion;
}

/**
 * The card's state for the member: its latest reward that is still in play (joined, applying,
 * issued), else `closed` when the promotion cannot give the member more (ended, budget spent, the
 * member's claims used up), else the latest settled reward's state for kinds given once, else `join`.
 */
function memberStatusOf(promotion: PromotionRow, claims: readonly ClaimRow[], nowMs: number): PromotionMemberStatus {
  if (promotion.starts_at !== null && promotion.starts_at.getTime() > nowMs) return 'coming';
  const live = claims.find(
    (claim) => claim.status === 'joined' || claim.status === 'applying' || claim.status === 'issued',
  );
  if (live) {
    if (live.status === 'issued' && live.expires_at !== null && live.expires_at.getTime() <= nowMs) return 'expired';
    return live.status;
  }
  if (!isRunning(promotion, nowMs)) return 'closed';
  const budgetSpent =
    (promotion.max_claims_total !== null && promotion.claimed_count >= promotion.max_claims_total) ||
    (promotion.budget !== null && promotion.budget_used >= promotion.budget);
  if (budgetSpent) return 'closed';
  const held = claims.filter((claim) => claim.status === 'claimed').length;
  if (promotion.max_claims_per_member !== null && held >= promotion.max_claims_per_member) return 'claimed';
  const latest = claims[0];
  if (latest?.status === 'rejected') return 'rejected';
  if (promotion.kind === 'ISSUED') return latest?.status === 'claimed' ? 'claimed' : 'closed';
  return 'join';
}

/** PROMOFE_getPromotionList: the running and coming promotions, with the member's state when logged in. */
export async function listPromotions(
  db: Kysely<Database>,
  reader: Reader,
  query: PromotionListQuery,
): Promise<PromotionList> {
  const rows = (await visiblePromotions(db, reader.merchantId, reader.nowMs)).filter(
    (row) => (!query.category || row.category === query.category) && (!query.kind || row.kind === query.kind),
  );
  const claims =
    reader.memberId === null
      ? null
      : await memberClaims(
          db,
          reader.memberId,
          rows.map((row) => row.id),
        );
  return {
    content: rows.map((row) =>
      toCard(row, reader.language, claims ? memberStatusOf(row, claims.get(row.id) ?? [], reader.nowMs) : null),
    ),
  };
}

/** PROMOFE_getPromotionDetail: one promotion the site may show; a disabled, ended or foreign one answers 404. */
export async function getPromotionDetail(
  db: Kysely<Database>,
  reader: Reader,
  promotionId: bigint,
): Promise<PromotionDetail> {
  const row = (await visiblePromotions(db, reader.merchantId, reader.nowMs)).find((item) => item.id === promotionId);
  if (!row) throw new AppError(404, promotionErrorCodes.notFound);
  if (reader.memberId === null) return toDetail(row, reader.language, null, null);
  const claims = (await memberClaims(db, reader.memberId, [row.id])).get(row.id) ?? [];
  return toDetail(
    row,
    reader.language,
    memberStatusOf(row, claims, reader.nowMs),
    claims.filter((claim) => claim.status === 'claimed').length,
  );
}

/** PROMOFE_getPromotionAnnouncementCategory: categories of the running promotions, with counts. */
export async function listPromotionCategories(
  db: Kysely<Database>,
  merchantId: number,
  nowMs: number,
): Promise<PromotionCategoryList> {
  const counts = new Map<string, number>();
  for (const row of await visiblePromotions(db, merchantId, nowMs))
    if (isRunning(row, nowMs)) counts.set(row.category, (counts.get(row.category) ?? 0) + 1);
  return [...counts].map(([category, count]) => ({ category: category as never, count }));
}

/**
 * MCSFE_getAvailablePromotions (and, without a member, MCSFE_getMerchantAvailablePromotions): per
 * kind, whether the merchant runs one and how many the member can act on now (join, apply, or an
 * issued reward to claim); for a visitor, how many run.
 */
export async function countAvailablePromotions(db: Kysely<Database>, reader: Reader): Promise<AvailablePromotions> {
  if (reader.memberId !== null) await materializeSegmentGrants(db, reader.merchantId, reader.memberId);
  const rows = (await visiblePromotions(db, reader.merchantId, reader.nowMs)).filter((row) =>
    isRunning(row, reader.nowMs),
  );
  const claims =
    reader.memberId === null
      ? null
      : await memberClaims(
          db,
          reader.memberId,
          rows.map((row) => row.id),
        );
  const content = Object.fromEntries(
    promotionKinds.map((kind) => [kind, { enabled: false, count: 0 }]),
  ) as AvailablePromotions['content'];
  for (const row of rows) {
    const entry = content[row.kind];
    entry.enabled = true;
    if (!claims) entry.count += 1;
    else {
      const status = memberStatusOf(row, claims.get(row.id) ?? [], reader.nowMs);
      if (status === 'join' || status === 'issued') entry.count += 1;
    }
  }
  return { content };
}

/**
 * MCSFE_joinPromotion: the member joins a deposit promotion that asks to be joined; its next
 * qualifying approved deposit issues the reward. Joining twice: 409 `promotion.member.limit.reached`.
 */
export async function joinPromotion(
  db: Kysely<Database>,
  member: MemberRef,
  promotionId: bigint,
  nowMs: number,
): Promise<{ rewardId: number; status: 'joined' }> {
  return db.transaction().execute(async (trx) => {
    const promotion = await trx
      .selectFrom('promotion')
      .selectAll()
      .where('id', '=', promotionId)
      .where('merchant_id', '=', member.merchantId)
      .where('enabled', '=', true)
      .executeTakeFirst();
    if (!promotion) throw new AppError(404, promotionErrorCodes.notFound);
    if (!(depositPromotionKinds as readonly string[]).includes(promotion.kind) || !promotion.requires_join)
      throw new AppError(409, promotionErrorCodes.wrongKind);
    const refusal = await refusalFor(trx, promotion, member, nowMs, { checkSchedule: true });
    if (refusal) throw refusal;
    const row = await insertReward(trx, promotion, member.memberId, { status: 'joined', amountMinor: null }, nowMs);
    if (!row) throw new AppError(409, promotionErrorCodes.memberLimitReached);
    return { rewardId: Number(row.id), status: 'joined' };
  });
}

/** MCS2_getPromotionClaimList: the member's rewards, the ones to act on first, then the last 90 days. */
export async function listMemberRewards(
  db: Kysely<Database>,
  reader: Reader & { memberId: bigint },
  query: PromotionClaimListQuery,
): Promise<PromotionClaimList> {
  await materializeSegmentGrants(db, reader.merchantId, reader.memberId);
  let base = db
    .selectFrom('promotion_claim as c')
    .innerJoin('promotion as p', 'p.id', 'c.promotion_id')
    .selectAll('c')
    .select(['p.name_th', 'p.name_en', 'p.kind', 'p.product_types'])
    .where('c.member_id', '=', reader.memberId)
    .where('c.merchant_id', '=', reader.merchantId)
    .where('c.created_at', '>=', new Date(reader.nowMs - 90 * 86_400_000));
  if (query.promotionType) base = base.where('p.kind', '=', query.promotionType);
  if (query.status) base = base.where('c.status', '=', query.status);
  const rows = await base.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(200).execute();
  const rank = (status: string) => (status === 'issued' ? 0 : status === 'applying' || status === 'joined' ? 1 : 2);
  rows.sort((a, b) => rank(a.status) - rank(b.status));
  return {
    content: rows.map((row) => {
      const claim = toMemberClaim(row, row, reader.language);
      // An issued reward past its expiry reads as expired before the job marks it.
      if (claim.status === 'issued' && claim.expiry !== null && claim.expiry <= reader.nowMs) claim.status = 'expired';
      return claim;
    }),
  };
}
