import type { LotteryResult } from '@lotus/fair';
import type { ColumnType, Generated } from 'kysely';

/** Tables of modules/lottery/official (migration 0070_lottery_official). */

/** When an official game draws (Bangkok days and time), how far ahead, and its result deadline. */
export interface LotteryOfficialScheduleTable {
  game_id: number;
  /** Days of the month that are draw days (Thai government: 1 and 16). */
  month_days: ColumnType<number[], number[] | undefined, number[]>;
  /** ISO weekdays that are draw days, 1 Monday .. 7 Sunday. */
  weekdays: ColumnType<number[], number[] | undefined, number[]>;
  /** Bangkok time of the draw, `HH:MM:SS`. */
  draw_time: string;
  days_ahead: ColumnType<number, number | undefined, number>;
  result_deadline_seconds: number;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A scheduled draw day moved (holiday) or skipped (`draw_day` null). Days as `YYYY-MM-DD`. */
export interface LotteryOfficialDayChangeTable {
  game_id: number;
  scheduled_day: ColumnType<Date, string, string>;
  draw_day: ColumnType<Date | null, string | null, string | null>;
  note: string | null;
}

export type LotteryResultEntryPurpose = 'result' | 'correction';
export type LotteryResultEntrySource = 'manual' | 'import';
export type LotteryResultEntryStatus = 'pending' | 'confirmed' | 'rejected';

/** One operator's entry of a draw's result, waiting for a second operator. */
export interface LotteryResultEntryTable {
  id: Generated<bigint>;
  draw_id: bigint;
  purpose: LotteryResultEntryPurpose;
  result: ColumnType<LotteryResult, string, string>;
  source: LotteryResultEntrySource;
  status: LotteryResultEntryStatus;
  entered_by: bigint;
  entered_merchant_id: number;
  decided_by: bigint | null;
  decision_reason: string | null;
  previous_result: ColumnType<LotteryResult | null, string | null, string | null>;
  created_at: Date;
  decided_at: Date | null;
}

/** What a confirmed correction changed for one member of the draw. */
export interface LotteryResultCorrectionLineTable {
  entry_id: bigint;
  merchant_id: number;
  member_id: bigint;
  old_win_minor: bigint;
  new_win_minor: bigint;
  /** Credited (positive) or taken back (negative) by the correction's posting. */
  posted_minor: bigint;
  /** What a lowered win could not take back from the member's balance. */
  unrecovered_minor: bigint;
}

export interface LotteryOfficialTables {
  lottery_official_schedule: LotteryOfficialScheduleTable;
  lottery_official_day_change: LotteryOfficialDayChangeTable;
  lottery_result_entry: LotteryResultEntryTable;
  lottery_result_correction_line: LotteryResultCorrectionLineTable;
}
