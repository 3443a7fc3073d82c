import {
  formatMinorUnits,
  parseAmount,
  type AdminPromotion,
  type AdminPromotionInput,
  type Language,
  type PromotionCard,
  type PromotionCategory,
  type PromotionClaim,
  type PromotionDetail,
  type PromotionMemberStatus,
  type PromotionProductType,
} from '@lotus/contract';
import type { Selectable } from 'kysely';
import type { PromotionClaimTable, PromotionTable } from './promotions.tables.ts';

export type PromotionRow = Selectable<PromotionTable>;
export type ClaimRow = Selectable<PromotionClaimTable>;

/** Waiting rewards of a promotion, counted for the back-office. */
export interface PromotionCounts {
  applying: number;
  issued: number;
}

const money = (minor: bigint | null): string | null => (minor === null ? null : formatMinorUnits(minor));
const ms = (date: Date | null): number | null => (date === null ? null : date.getTime());

/** A request's amount text (already checked by the contract) in minor units; null stays null. */
export function minorOf(text: string | null): bigint | null {
  return text === null ? null : (parseAmount(text) ?? 0n);
}

/** The columns an operator's input writes (the counters, version and audit columns are the caller's). */
export function columnsOfInput(input: AdminPromotionInput) {
  return {
    kind: input.kind,
    category: input.category,
    name_th: input.nameTh,
    name_en: input.nameEn,
    description_th: input.descriptionTh,
    description_en: input.descriptionEn,
    picture_url: input.pictureUrl,
    enabled: input.enabled,
    starts_at: input.startsAt === null ? null : new Date(input.startsAt),
    ends_at: input.endsAt === null ? null : new Date(input.endsAt),
    audience: input.audience,
    product_types: input.productTypes,
    bonus_type: input.bonusType,
    bonus_percent_bp: input.bonusPercent === null ? null : Math.round(input.bonusPercent * 100),
    bonus_amount: minorOf(input.bonusAmount),
    bonus_cap: minorOf(input.bonusCap),
    min_deposit: minorOf(input.minDeposit),
    deposit_count: input.depositCount,
    requires_join: input.requiresJoin,
    auto_claim: input.autoClaim,
    max_claims_per_member: input.maxClaimsPerMember,
    max_claims_total: input.maxClaimsTotal,
    budget: minorOf(input.budget),
    turnover_multiplier_bp: Math.round(input.turnoverMultiplier * 100),
    turnover_product_types: input.turnoverProductTypes,
    claim_expiry_hours: input.claimExpiryHours,
    bonus_expiry_days: input.bonusExpiryDays,
    blocks_others: input.blocksOthers,
    image_required: input.imageRequired,
    remark_required: input.remarkRequired,
    abuse: JSON.stringify(input.abuse),
    register_required_fields: input.registerRequiredFields,
    login_rule: input.loginRule === null ? null : JSON.stringify(input.loginRule),
    savior_rule: input.saviorRule === null ? null : JSON.stringify(input.saviorRule),
    sort: input.sort,
  };
}

export function toAdminPromotion(row: PromotionRow, counts: PromotionCounts): AdminPromotion {
  return {
    id: Number(row.id),
    kind: row.kind,
    category: row.category as PromotionCategory,
    nameTh: row.name_th,
    nameEn: row.name_en,
    descriptionTh: row.description_th,
    descriptionEn: row.description_en,
    pictureUrl: row.picture_url,
    enabled: row.enabled,
    startsAt: ms(row.starts_at),
    endsAt: ms(row.ends_at),
    audience: row.audience,
    productTypes: row.product_types as PromotionProductType[] | null,
    bonusType: row.bonus_type,
    bonusPercent: row.bonus_percent_bp === null ? null : row.bonus_percent_bp / 100,
    bonusAmount: money(row.bonus_amount),
    bonusCap: money(row.bonus_cap),
    minDeposit: money(row.min_deposit),
    depositCount: row.deposit_count,
    requiresJoin: row.requires_join,
    autoClaim: row.auto_claim,
    maxClaimsPerMember: row.max_claims_per_member,
    maxClaimsTotal: row.max_claims_total,
    budget: money(row.budget),
    turnoverMultiplier: row.turnover_multiplier_bp / 100,
    turnoverProductTypes: row.turnover_product_types as PromotionProductType[] | null,
    claimExpiryHours: row.claim_expiry_hours,
    bonusExpiryDays: row.bonus_expiry_days,
    blocksOthers: row.blocks_others,
    imageRequired: row.image_required,
    remarkRequired: row.remark_required,
    abuse: row.abuse,
    registerRequiredFields: row.register_required_fields as AdminPromotion['registerRequiredFields'],
    loginRule: row.login_rule,
    saviorRule: row.savior_rule,
    sort: row.sort,
    claimedCount: row.claimed_count,
    budgetUsed: formatMinorUnits(row.budget_used),
    applyingCount: counts.applying,
    issuedCount: counts.issued,
    version: row.version,
    createdAt: row.created_at.getTime(),
    updatedAt: row.updated_at.getTime(),
  };
}

export function nameOf(row: Pick<PromotionRow, 'name_th' | 'name_en'>, language: Language): string {
  return language === 'TH' ? row.name_th : row.name_en;
}

export function toCard(
  row: PromotionRow,
  language: Language,
  memberStatus: PromotionMemberStatus | null,
): PromotionCard {
  return {
    promotionId: Number(row.id),
    promotionType: row.kind,
    category: row.category as PromotionCategory,
    name: nameOf(row, language),
    pictureUrl: row.picture_url,
    startTime: ms(row.starts_at),
    endTime: ms(row.ends_at),
    bonusType: row.bonus_type,
    bonusPercent: row.bonus_percent_bp === null ? null : row.bonus_percent_bp / 100,
    bonusAmount: money(row.bonus_amount),
    bonusCap: money(row.bonus_cap),
    minDeposit: money(row.min_deposit),
    turnoverMultiplier: row.turnover_multiplier_bp / 100,
    productTypes: row.product_types as PromotionProductType[] | null,
    requiresJoin: row.requires_join,
    imageRequired: row.image_required,
    remarkRequired: row.remark_required,
    memberStatus,
  };
}

export function toDetail(
  row: PromotionRow,
  language: Language,
  memberStatus: PromotionMemberStatus | null,
  memberClaimedCount: number | null,
): PromotionDetail {
  return {
    ...toCard(row, language, memberStatus),
    description: language === 'TH' ? row.description_th : row.description_en,
    turnoverProductTypes: row.turnover_product_types as PromotionProductType[] | null,
    depositCount: row.deposit_count,
    maxClaimsPerMember: row.max_claims_per_member,
    claimExpiryHours: row.claim_expiry_hours,
    memberClaimedCount,
  };
}

export function toMemberClaim(
  claim: ClaimRow,
  promotion: Pick<PromotionRow, 'name_th' | 'name_en' | 'kind' | 'product_types'>,
  language: Language,
): PromotionClaim {
  return {
    rewardId: Number(claim.id),
    promotionId: Number(claim.promotion_id),
    eventName: nameOf(promotion, language),
    promotionType: promotion.kind,
    status: claim.status,
    rewardAmount: money(claim.amount),
    expiry: ms(claim.expires_at),
    productType: promotion.product_types as PromotionProductType[] | null,
    approvedAt: ms(claim.issued_at),
    claimedAt: ms(claim.claimed_at),
    reviewRemark: claim.review_remark,
    createdAt: claim.created_at.getTime(),
  };
}

/** Whether the promotion takes part now: enabled and within its schedule. */
export function isRunning(row: Pick<PromotionRow, 'enabled' | 'starts_at' | 'ends_at'>, nowMs: number): boolean {
  return (
    row.enabled &&
    (row.starts_at === null || row.starts_at.getTime() <= nowMs) &&
    (row.ends_at === null || nowMs < row.ends_at.getTime())
  );
}

/** The bonus of a reward for a deposit (percent of it, capped; or the fixed amount). */
export function bonusForDeposit(row: PromotionRow, depositMinor: bigint): bigint {
  if (row.bonus_type === 'fixed') return row.bonus_amount ?? 0n;
  const bonus = (depositMinor * BigInt(row.bonus_percent_bp ?? 0)) / 10_000n;
  return row.bonus_cap !== null && bonus > row.bonus_cap ? row.bonus_cap : bonus;
}

/** Turnover required = (deposit + bonus) × multiplier, rounded up to the satang. */
export function turnoverRequired(row: PromotionRow, depositMinor: bigint, bonusMinor: bigint): bigint {
  return ((depositMinor + bonusMinor) * BigInt(row.turnover_multiplier_bp) + 99n) / 100n;
}
