import type { ColumnType, Generated } from 'kysely';
import type {
  LoginRule,
  PromotionAbuseRules,
  PromotionAudience,
  PromotionBonusType,
  PromotionClaimStatus,
  PromotionKind,
  SaviorRule,
} from '@lotus/contract';

/** jsonb: read as the value, written as its JSON text. */
type Json<T> = ColumnType<T, string, string>;
type NullableJson<T> = ColumnType<T | null, string | null, string | null>;

/** A promotion an operator configured (migration 0064). The promotions module is its only reader and writer. */
export interface PromotionTable {
  id: Generated<bigint>;
  merchant_id: number;
  kind: PromotionKind;
  category: string;
  name_th: string;
  name_en: string;
  description_th: string;
  description_en: string;
  picture_url: string | null;
  enabled: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
  audience: PromotionAudience;
  product_types: string[] | null;
  bonus_type: PromotionBonusType;
  /** Hundredths of a percent (100 % = 10000). */
  bonus_percent_bp: number | null;
  bonus_amount: bigint | null;
  bonus_cap: bigint | null;
  min_deposit: bigint | null;
  deposit_count: number | null;
  requires_join: boolean;
  auto_claim: boolean;
  max_claims_per_member: number | null;
  max_claims_total: number | null;
  budget: bigint | null;
  /** Hundredths (× 10 = 1000). */
  turnover_multiplier_bp: number;
  turnover_product_types: string[] | null;
  claim_expiry_hours: number | null;
  bonus_expiry_days: number | null;
  blocks_others: boolean;
  image_required: boolean;
  remark_required: boolean;
  abuse: Json<PromotionAbuseRules>;
  register_required_fields: string[];
  login_rule: NullableJson<LoginRule>;
  savior_rule: NullableJson<SaviorRule>;
  sort: number;
  claimed_count: ColumnType<number, number | undefined, number>;
  budget_used: ColumnType<bigint, bigint | undefined, bigint>;
  version: number;
  created_by: bigint;
  created_at: Date;
  updated_at: Date;
}

/** One reward of one member (the site's `rewardId`). */
export interface PromotionClaimTable {
  id: Generated<bigint>;
  merchant_id: number;
  promotion_id: bigint;
  member_id: bigint;
  status: PromotionClaimStatus;
  amount: bigint | null;
  deposit_id: bigint | null;
  deposit_amount: bigint | null;
  turnover_required: bigint | null;
  remarks: string | null;
  picture_ids: ColumnType<bigint[], bigint[] | undefined, bigint[]>;
  review_remark: string | null;
  reviewed_by_operator_id: bigint | null;
  reviewed_by_username: string | null;
  grant_id: string | null;
  period_key: string | null;
  bonus_id: bigint | null;
  created_at: Date;
  issued_at: Date | null;
  claimed_at: Date | null;
  expires_at: Date | null;
}

/** An operator's grant to a segment: each member's reward row is written when it first lists its rewards. */
export interface PromotionGrantTable {
  id: Generated<bigint>;
  merchant_id: number;
  promotion_id: bigint;
  grant_id: string;
  audience: 'all' | 'agents' | 'members';
  amount: bigint;
  operator_id: bigint;
  created_at: Date;
}

/** A member's picture for a MANUAL application. */
export interface PromotionPictureTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  content_type: string;
  size_bytes: number;
  width: number;
  height: number;
  content: Buffer;
  created_at: Date;
}

/** An approved deposit the deposit job considered. */
export interface PromotionDepositSeenTable {
  deposit_id: bigint;
  merchant_id: number;
  seen_at: Date;
}

export interface PromotionTables {
  promotion: PromotionTable;
  promotion_claim: PromotionClaimTable;
  promotion_grant: PromotionGrantTable;
  promotion_picture: PromotionPictureTable;
  promotion_deposit_seen: PromotionDepositSeenTable;
}
