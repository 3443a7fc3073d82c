import type { ColumnType } from 'kysely';

/**
 * The reports' pre-aggregated days (migration 0044_reports). `day` is the merchant's calendar day
 * (its time zone), read as `YYYY-MM-DD` text in the module's raw SQL. Money in minor units.
 */
type Day = ColumnType<string, string, never>;

export interface ReportDailySummaryTable {
  merchant_id: number;
  day: Day;
  registrations: number;
  first_deposits: number;
  active_players: number;
  deposit_count: number;
  deposits_minor: bigint;
  withdrawal_count: number;
  withdrawals_minor: bigint;
  rounds: bigint;
  bets_minor: bigint;
  valid_bets_minor: bigint;
  payouts_minor: bigint;
  bonuses_minor: bigint;
  rebates_minor: bigint;
  computed_at: Date;
}

export interface ReportDailyGameTable {
  merchant_id: number;
  day: Day;
  vassalage: string;
  game_id: string;
  rounds: bigint;
  players: number;
  bets_minor: bigint;
  valid_bets_minor: bigint;
  payouts_minor: bigint;
}

export interface ReportDailyMemberTable {
  merchant_id: number;
  day: Day;
  member_id: bigint;
  rounds: bigint;
  bets_minor: bigint;
  valid_bets_minor: bigint;
  payouts_minor: bigint;
  deposits_minor: bigint;
  withdrawals_minor: bigint;
  bonuses_minor: bigint;
}

/** A member's day in one product type (migration 0062): what the agents' daily salaries read. */
export interface ReportDailyMemberProductTable {
  merchant_id: number;
  day: Day;
  member_id: bigint;
  product_type: string;
  bets_minor: bigint;
  valid_bets_minor: bigint;
  payouts_minor: bigint;
}

/** One computation of a day by the job: pass 0 the night it closed, then one a night for late records. */
export interface ReportDayPassTable {
  merchant_id: number;
  day: Day;
  pass: number;
  computed_at: Date;
}

/**
 * Who played on which summed day of a month (migration 0050, member-activity.ts): bit d − 1 of
 * `active_days` for day d; the first day of the merchant's calendar month in `month`.
 */
export interface ReportMemberMonthTable {
  merchant_id: number;
  month: Day;
  member_id: bigint;
  active_days: number;
}

export interface ReportsTables {
  report_daily_summary: ReportDailySummaryTable;
  report_daily_game: ReportDailyGameTable;
  report_daily_member: ReportDailyMemberTable;
  report_daily_member_product: ReportDailyMemberProductTable;
  report_day_pass: ReportDayPassTable;
  report_member_month: ReportMemberMonthTable;
}
