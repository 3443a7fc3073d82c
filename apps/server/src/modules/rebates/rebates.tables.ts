import type { ColumnType, Generated } from 'kysely';
import type { RebateMode } from '@lotus/contract';

/** Tables of modules/rebates (migration 0065_rebates). */

type Day = ColumnType<string, string, never>;

/** A merchant's rebate rules; no row: rebates off. */
export interface RebateSettingTable {
  merchant_id: number;
  mode: RebateMode;
  /** Product type -> ppm of the valid bet. */
  rates: ColumnType<Record<string, number>, string, string>;
  min_payout_minor: bigint;
  daily_cap_minor: bigint | null;
  turnover_multiplier_centi: number;
  version: ColumnType<number, number | undefined, number>;
  updated_by: bigint | null;
  updated_at: Date;
}

/** The automatic job's exactly-once key: one row per merchant and settled day. */
export interface RebateDayRunTable {
  merchant_id: number;
  day: Day;
  statements: number;
  members_paid: number;
  paid_minor: bigint;
  completed_at: Date;
}

/** What a member earned on a day in one product type. */
export interface RebateStatementTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  day: Day;
  product_type: string;
  mode: RebateMode;
  valid_bet_minor: bigint;
  rate_ppm: number;
  rebate_minor: bigint;
  claimed_minor: ColumnType<bigint, bigint | undefined, bigint>;
  created_at: Date;
}

/** One payment: an automatic member day or a manual claim. */
export interface RebatePayoutTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  day: Day;
  kind: 'automatic' | 'claim';
  source_key: string;
  amount_minor: bigint;
  amounts: ColumnType<Record<string, string>, string, never>;
  turnover_required_minor: bigint;
  bonus_id: bigint | null;
  created_at: Date;
}

export interface RebatesTables {
  rebate_setting: RebateSettingTable;
  rebate_day_run: RebateDayRunTable;
  rebate_statement: RebateStatementTable;
  rebate_payout: RebatePayoutTable;
}
