import {
  formatMinorUnits,
  mediaImageMaxBytes,
  mediaImageMaxPixels,
  mediaImageMaxSide,
  promotionErrorCodes,
  type AdminPromotionClaim,
  type AdminPromotionClaimPage,
  type AdminPromotionClaimQuery,
  type AdminPromotionReviewRequest,
  type PromotionClaim,
  type PromotionPicture,
  type SignUpRequestRewardRequest,
  type Language,
} from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAudit } from '../backoffice/index.ts';
import { listMemberSummaries, listMemberSummariesByUsernames } from '../identity/index.ts';
import { inspectImage } from '../media/index.ts';
import type { OperatorActor } from './admin-promotions.ts';
import { notifyIssued, notifyRejected } from './notify.ts';
import { minorOf, toMemberClaim } from './promotion-view.ts';
import { insertReward, refusalFor, rewardExpiry, type MemberRef } from './rewards.ts';
import { notifyRewardChange } from './reward-change.ts';

/** What the refusal messages name: the field and the limits (the media module's messages). */
const refusalParams = {
  field: 'file',
  maxMegabytes: mediaImageMaxBytes / (1024 * 1024),
  maxPixels: mediaImageMaxPixels.toLocaleString('en-US'),
  maxSide: mediaImageMaxSide,
};

/**
 * MCSFE_uploadRewardPicture: a member's picture for an application, checked by its bytes exactly as
 * the media module checks operators' uploads (PNG, JPEG, WebP, GIF; no SVG; size and pixel limits);
 * a refusal is 400 naming `file` and nothing is stored.
 */
export async function uploadPicture(
  db: Kysely<Database>,
  member: MemberRef,
  bytes: Buffer,
  nowMs: number,
): Promise<PromotionPicture> {
  const image = inspectImage(bytes);
  if (typeof image === 'string') throw new AppError(400, image, { field: 'file', params: refusalParams });
  const row = await db
    .insertInto('promotion_picture')
    .values({
      merchant_id: member.merchantId,
      member_id: member.memberId,
      content_type: image.contentType,
      size_bytes: bytes.length,
      width: image.width,
      height: image.height,
      content: bytes,
      created_at: new Date(nowMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { pictureId: Number(row.id), contentType: image.contentType, sizeBytes: bytes.length };
}

/** A picture's bytes: the member's own (memberId set), or any of the merchant's (an operator). */
export async function findPicture(
  db: Kysely<Database>,
  merchantId: number,
  memberId: bigint | null,
  pictureId: bigint,
): Promise<{ contentType: string; content: Buffer } | null> {
  let query = db
    .selectFrom('promotion_picture')
    .select(['content_type', 'content'])
    .where('id', '=', pictureId)
    .where('merchant_id', '=', merchantId);
  if (memberId !== null) query = query.where('member_id', '=', memberId);
  const row = await query.executeTakeFirst();
  return row ? { contentType: row.content_type, content: row.content } : null;
}

/**
 * MCSFE_signUpRequestReward: the member applies for a MANUAL promotion with pictures (ids of its own
 * uploads) and remarks, as the promotion requires; the reward waits as `applying` for an operator.
 * One open application per promotion and member (the unique index decides between parallel ones).
 */
export async function signUpRequestReward(
  db: Kysely<Database>,
  member: MemberRef,
  request: SignUpRequestRewardRequest,
  language: Language,
  nowMs: number,
): Promise<PromotionClaim> {
  return db.transaction().execute(async (trx) => {
    const promotion = await trx
      .selectFrom('promotion')
      .selectAll()
      .where('id', '=', BigInt(request.promotionId))
      .where('merchant_id', '=', member.merchantId)
      .where('enabled', '=', true)
      .executeTakeFirst();
    if (!promotion) throw new AppError(404, promotionErrorCodes.notFound);
    if (promotion.kind !== 'MANUAL') throw new AppError(409, promotionErrorCodes.wrongKind);
    if (promotion.image_required && request.pictures.length === 0)
      throw new AppError(400, promotionErrorCodes.picturesRequired, { field: 'pictures' });
    if (promotion.remark_required && request.remarks.length === 0)
      throw new AppError(400, promotionErrorCodes.remarksRequired, { field: 'remarks' });
    const pictureIds = request.pictures.map(BigInt);
    if (pictureIds.length > 0) {
      const own = await trx
        .selectFrom('promotion_picture')
        .select('id')
        .where('id', 'in', pictureIds)
        .where('member_id', '=', member.memberId)
        .where('merchant_id', '=', member.merchantId)
        .execute();
      if (own.length !== pictureIds.length)
        throw new AppError(400, promotionErrorCodes.pictureUnknown, { field: 'pictures' });
    }
    const refusal = await refusalFor(trx, promotion, member, nowMs, { checkSchedule: true });
    if (refusal) throw refusal;
    const row = await insertReward(
      trx,
      promotion,
      member.memberId,
      { status: 'applying', amountMinor: null, remarks: request.remarks || null, pictureIds },
      nowMs,
    );
    if (!row) throw new AppError(409, promotionErrorCodes.memberLimitReached);
    return toMemberClaim(row, promotion, language);
  });
}

/** GET /admin-api/promotions/claims: the merchant's rewards, newest first (the approval queue: `status=applying`). */
export async function listAdminClaims(
  db: Kysely<Database>,
  merchantId: number,
  query: AdminPromotionClaimQuery,
): Promise<AdminPromotionClaimPage> {
  let base = db
    .selectFrom('promotion_claim as c')
    .innerJoin('promotion as p', 'p.id', 'c.promotion_id')
    .where('c.merchant_id', '=', merchantId);
  if (query.status) base = base.where('c.status', '=', query.status);
  if (query.promotionId) base = base.where('c.promotion_id', '=', BigInt(query.promotionId));
  if (query.username) {
    const found = await listMemberSummariesByUsernames(db, merchantId, [query.username]);
    const ids = [...found.values()].map((member) => member.id);
    base = base.where('c.member_id', 'in', ids.length > 0 ? ids : [-1n]);
  }
  const [rows, total] = await Promise.all([
    base
      .selectAll('c')
      .select(['p.kind', 'p.name_th', 'p.name_en'])
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const members = await listMemberSummaries(
    db,
    merchantId,
    rows.map((row) => row.member_id),
  );
  const money = (minor: bigint | null) => (minor === null ? null : formatMinorUnits(minor));
  const ms = (date: Date | null) => (date === null ? null : date.getTime());
  const items: AdminPromotionClaim[] = rows.map((row) => ({
    id: Number(row.id),
    promotionId: Number(row.promotion_id),
    promotionKind: row.kind,
    promotionNameTh: row.name_th,
    promotionNameEn: row.name_en,
    memberId: Number(row.member_id),
    username: members.get(row.member_id)?.username ?? '',
    status: row.status,
    amount: money(row.amount),
    depositAmount: money(row.deposit_amount),
    remarks: row.remarks,
    pictureIds: row.picture_ids.map(Number),
    reviewRemark: row.review_remark,
    reviewedBy: row.reviewed_by_username,
    createdAt: row.created_at.getTime(),
    issuedAt: ms(row.issued_at),
    claimedAt: ms(row.claimed_at),
    expiresAt: ms(row.expires_at),
  }));
  return { items, page: query.page, pageSize: query.pageSize, total: Number(total.total) };
}

/**
 * POST /admin-api/promotions/claims/:id/review: approve an application (→ `issued` with the amount
 * given or the promotion's fixed amount; the member claims it) or reject it with a remark. Only an
 * `applying` reward is decided, once (a second decision: 409 `promotion.review.decided`). Audited.
 */
export async function reviewApplication(
  db: Kysely<Database>,
  actor: OperatorActor & { username: string },
  claimId: bigint,
  request: AdminPromotionReviewRequest,
): Promise<{ id: number; status: 'issued' | 'rejected' }> {
  return db.transaction().execute(async (trx) => {
    const claim = await trx
      .selectFrom('promotion_claim')
      .selectAll()
      .where('id', '=', claimId)
      .where('merchant_id', '=', actor.merchantId)
      .forUpdate()
      .executeTakeFirst();
    if (!claim) throw new AppError(404, promotionErrorCodes.rewardNotFound);
    if (claim.status !== 'applying') throw new AppError(409, promotionErrorCodes.reviewDecided);
    const promotion = await trx
      .selectFrom('promotion')
      .selectAll()
      .where('id', '=', claim.promotion_id)
      .executeTakeFirstOrThrow();
    const now = new Date(actor.nowMs);
    const reviewer = {
      reviewed_by_operator_id: actor.operatorId,
      reviewed_by_username: actor.username,
      review_remark: request.remark,
    };
    let status: 'issued' | 'rejected';
    if (request.decision === 'approve') {
      const amount = minorOf(request.amount) ?? promotion.bonus_amount;
      if (amount === null || amount <= 0n)
        throw new AppError(400, promotionErrorCodes.amountRequired, { field: 'amount' });
      const issued = await trx
        .updateTable('promotion_claim')
        .set({
          ...reviewer,
          status: 'issued',
          amount,
          issued_at: now,
          expires_at: rewardExpiry(promotion, actor.nowMs),
        })
        .where('id', '=', claim.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await notifyIssued(trx, promotion, [issued], actor.nowMs);
      await notifyRewardChange(trx, issued.merchant_id, [issued.member_id]);
      status = 'issued';
    } else {
      await trx
        .updateTable('promotion_claim')
        .set({ ...reviewer, status: 'rejected' })
        .where('id', '=', claim.id)
        .execute();
      await notifyRejected(trx, promotion, claim, request.remark ?? '', actor.nowMs);
      status = 'rejected';
    }
    await recordAudit(trx, {
      ...actor,
      action: request.decision === 'approve' ? 'promotion.application.approve' : 'promotion.application.reject',
      targetType: 'promotion_claim',
      targetId: claim.id,
      before: { status: claim.status },
      after: { status, amount: request.amount, remark: request.remark },
    });
    return { id: Number(claim.id), status };
  });
}
