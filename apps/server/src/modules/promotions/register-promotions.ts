import {
  formatMinorUnits,
  promotionErrorCodes,
  type ClaimResult,
  type Language,
  type RegisterRequiredField,
  type registerPromotionListSchema,
} from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { findDeskProfile } from '../identity/index.ts';
import { listMemberBankAccountsForDesk } from '../withdrawal/index.ts';
import { isRunning, nameOf } from './promotion-view.ts';
import { insertReward, payLockedReward, refusalFor, type MemberRef } from './rewards.ts';

/** A REGISTER promotion rewards a member once: its period key. */
const registerPeriodKey = 'register';

/**
 * The profile fields the member has completed. A mobile number counts as verified: members register
 * with one by SMS code, and it cannot be changed without one.
 */
async function accomplishedFields(db: Kysely<Database>, member: MemberRef): Promise<RegisterRequiredField[]> {
  const [profile, accounts] = await Promise.all([
    findDeskProfile(db, member.merchantId, member.memberId),
    listMemberBankAccountsForDesk(db, member.merchantId, member.memberId),
  ]);
  if (!profile) return [];
  const done: RegisterRequiredField[] = [];
  if (profile.member.mobileNumber) done.push('mobileVerified');
  if (profile.member.email) done.push('email');
  if (profile.payeeName) done.push('realName');
  if (profile.birthday) done.push('birthday');
  if (accounts.length > 0) done.push('bankAccount');
  return done;
}

/** MCSFE_getRegisterPromotionList: the running REGISTER promotions with the member's progress. */
export async function listRegisterPromotions(
  db: Kysely<Database>,
  member: MemberRef & { language: Language },
  nowMs: number,
): Promise<z.infer<typeof registerPromotionListSchema>> {
  const rows = (
    await db
      .selectFrom('promotion')
      .selectAll()
      .where('merchant_id', '=', member.merchantId)
      .where('kind', '=', 'REGISTER')
      .where('enabled', '=', true)
      .orderBy('sort')
      .orderBy('id', 'desc')
      .execute()
  ).filter((row) => isRunning(row, nowMs));
  if (rows.length === 0) return { content: [] };
  const [done, claimed] = await Promise.all([
    accomplishedFields(db, member),
    db
      .selectFrom('promotion_claim')
      .select('promotion_id')
      .where('member_id', '=', member.memberId)
      .where(
        'promotion_id',
        'in',
        rows.map((row) => row.id),
      )
      .where('period_key', '=', registerPeriodKey)
      .execute(),
  ]);
  const claimedIds = new Set(claimed.map((row) => row.promotion_id));
  return {
    content: rows.map((row) => ({
      promotionId: Number(row.id),
      promotionName: nameOf(row, member.language),
      remark: member.language === 'TH' ? row.description_th : row.description_en,
      hasExpiry: row.ends_at !== null,
      bonusAmount: formatMinorUnits(row.bonus_amount ?? 0n),
      hasClaimed: claimedIds.has(row.id),
      requiredFields: row.register_required_fields as RegisterRequiredField[],
      accomplishedFields: done,
    })),
  };
}

/**
 * MCS2_claimRegisterPromotion: once every required profile field is done (else 409
 * `required_member_information_incomplete` with the missing fields in `value.missingFields`), the
 * newbie bonus is issued and paid in one transaction, once per member (the period key "register";
 * a second claim, parallel or later: 409 `promotion.reward.already.claimed`).
 */
export async function claimRegisterPromotion(
  db: Kysely<Database>,
  member: MemberRef & { currency: string },
  promotionId: bigint,
  nowMs: number,
): Promise<ClaimResult> {
  const done = await accomplishedFields(db, member);
  return db.transaction().execute(async (trx) => {
    const promotion = await trx
      .selectFrom('promotion')
      .selectAll()
      .where('id', '=', promotionId)
      .where('merchant_id', '=', member.merchantId)
      .where('enabled', '=', true)
      .executeTakeFirst();
    if (!promotion) throw new AppError(404, promotionErrorCodes.notFound);
    if (promotion.kind !== 'REGISTER') throw new AppError(409, promotionErrorCodes.wrongKind);
    const missing = promotion.register_required_fields.filter(
      (field) => !done.includes(field as RegisterRequiredField),
    );
    if (missing.length > 0)
      throw new AppError(409, promotionErrorCodes.profileIncomplete, { value: { missingFields: missing } });
    const refusal = await refusalFor(trx, promotion, member, nowMs, { checkSchedule: true });
    if (refusal)
      throw refusal.errorCode === promotionErrorCodes.memberLimitReached
        ? new AppError(409, promotionErrorCodes.alreadyClaimed)
        : refusal;
    const amount = promotion.bonus_amount;
    if (amount === null || amount <= 0n) throw new AppError(409, promotionErrorCodes.notRunning);
    const claim = await insertReward(
      trx,
      promotion,
      member.memberId,
      { status: 'issued', amountMinor: amount, periodKey: registerPeriodKey },
      nowMs,
    );
    if (!claim) throw new AppError(409, promotionErrorCodes.alreadyClaimed);
    return payLockedReward(trx, claim, promotion, member.currency, nowMs);
  });
}
