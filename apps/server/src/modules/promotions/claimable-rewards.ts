import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findMemberSegment, type MemberSegment } from '../identity/index.ts';
import { audiencesOf } from './grants.ts';

/**
 * The counter of one member's claimable rewards, for its balance stream: the member's rewards in
 * status `issued` whose expiry has not passed, of a promotion still enabled (a claim of a disabled
 * one is refused), plus the merchant's segment grants that reach it (its segment, registered before
 * the grant, the promotion enabled, the reward's expiry as the materialised row would have it) and
 * have no reward row of it yet: the reward centre writes those when it first lists them
 * (`materializeSegmentGrants`), so a segment grant shows on open pages without a write per member.
 *
 * This is what the reward centre lists as claimable. It leaves out what MCSFE_getAvailablePromotions
 * counts besides (promotions the member could join or apply for now, newbie, sign-in and rescue
 * rewards not yet claimed): those follow the merchant's configuration and the clock, not a reward
 * that changed, and need the eligibility rules (`refusalFor`) rather than one read.
 *
 * The member's segment is read once, when the stream first counts; then each count is ONE query:
 * the member's rewards through `promotion_claim_member_idx`, the merchant's grants since the
 * member registered through `promotion_grant_merchant_idx`, each grant's reward through
 * `promotion_claim_grant_key`.
 */
export function claimableRewardsCounter(
  db: Kysely<Database>,
  member: { merchantId: number; memberId: bigint },
  now: () => number,
): () => Promise<number> {
  let segment: MemberSegment | null | undefined;
  return async () => {
    if (segment === undefined) segment = (await findMemberSegment(db, member.merchantId, member.memberId)) ?? null;
    return countClaimableRewards(db, member, segment, now());
  };
}

/** One count (see claimableRewardsCounter); no segment (an unknown member): its reward rows only. */
export async function countClaimableRewards(
  db: Kysely<Database> | Transaction<Database>,
  member: { merchantId: number; memberId: bigint },
  segment: MemberSegment | null,
  nowMs: number,
): Promise<number> {
  const now = new Date(nowMs);
  const issued = db
    .selectFrom('promotion_claim as c')
    .innerJoin('promotion as p', 'p.id', 'c.promotion_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('c.member_id', '=', member.memberId)
    .where('c.merchant_id', '=', member.merchantId)
    .where('c.status', '=', 'issued')
    .where((eb) => eb.or([eb('c.expires_at', 'is', null), eb('c.expires_at', '>', now)]))
    .where('p.enabled', '=', true);
  const audiences = segment ? audiencesOf(segment.isAgent) : [];
  if (!segment || audiences.length === 0) return Number((await issued.executeTakeFirstOrThrow()).n);
  const pending = db
    .selectFrom('promotion_grant as g')
    .innerJoin('promotion as p', 'p.id', 'g.promotion_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('g.merchant_id', '=', member.merchantId)
    .where('g.audience', 'in', audiences)
    .where('g.created_at', '>=', segment.createdAt)
    .where('p.enabled', '=', true)
    // The expiry the row will get (rewardExpiry, issued as of the grant).
    .where(
      sql<boolean>`CASE WHEN p.claim_expiry_hours IS NOT NULL
        THEN g.created_at + make_interval(hours => p.claim_expiry_hours) > ${now}
        ELSE p.ends_at IS NULL OR p.ends_at > ${now} END`,
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('promotion_claim as c')
            .select('c.id')
            .whereRef('c.promotion_id', '=', 'g.promotion_id')
            .whereRef('c.grant_id', '=', 'g.grant_id')
            .where('c.member_id', '=', member.memberId),
        ),
      ),
    );
  const row = await db.selectNoFrom(sql<string>`(${issued}) + (${pending})`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
