import type { ColumnType, Generated } from 'kysely';

/** Tables of the bonus module (migrations 0063_bonus, 0067_bonus_cost). int8 columns come back as bigint. */

export type BonusStatus = 'active' | 'converted' | 'forfeited' | 'expired';
export type BonusSourceKind = 'promotion' | 'rebate' | 'issued' | 'adjustment';

export interface MemberBonusTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  currency: string;
  amount: bigint;
  remaining: bigint;
  turnover_required: bigint;
  turnover_counted: ColumnType<bigint, bigint | undefined, bigint>;
  product_types: string[] | null;
  status: BonusStatus;
  expires_at: Date | null;
  source_kind: BonusSourceKind;
  source_id: string;
  transfer_kind: string;
  grant_posting_id: bigint;
  close_posting_id: bigint | null;
  close_reason: string | null;
  created_at: Date;
  closed_at: Date | null;
  /** What the close moved (converted, or back to the house); the whole amount for a grant paid straight to cash; NULL while active. */
  closed_amount: bigint | null;
  /** What the cost report groups by: the promotion's id for a promotion's grants; NULL otherwise. */
  source_group: string | null;
}

export interface BonusSettingTable {
  merchant_id: number;
  withdrawal_rule: 'block' | 'forfeit';
  forfeit_below_minor: bigint | null;
  updated_at: Date;
}

export interface BonusTables {
  member_bonus: MemberBonusTable;
  bonus_setting: BonusSettingTable;
}
