import type { LotteryFamily, LotteryResult } from '@lotus/fair';
import type { ColumnType, Generated } from 'kysely';
import type { LotteryOfficialTables } from './official/official.tables.ts';
import type { LotteryYeekeeTables } from './yeekee/yeekee.tables.ts';

/** Tables of modules/lottery (migration 0068_lottery). */

/** `house`: drawn by us (provably fair); `official`: an entered result; `yeekee`: computed from members' shots. */
export type LotteryGameKind = 'house' | 'official' | 'yeekee';
export type LotteryDrawStatus = 'open' | 'locked' | 'drawn' | 'settled' | 'cancelled';

/** A lottery game: house-drawn on a schedule, or waiting for an official result. */
export interface LotteryGameTable {
  id: Generated<number>;
  code: string;
  family: LotteryFamily;
  name_th: string;
  name_en: string;
  kind: LotteryGameKind;
  /** House games: seconds between draws (divides a day); official games: null. */
  draw_interval_seconds: number | null;
  /** Bets close this long before the draw (the original's `lockTime`). */
  lock_seconds: number;
  /** The original's prize mode: LOTT 1, ZY 2, ELOTT 3, WS 4, SEA 5. */
  prize_mode: number;
  /** Tradition 1, Entertainment 2. */
  default_play_type: number;
  game_group: string;
  live_video: Generated<boolean>;
  enabled: boolean;
  sort_order: number;
  created_at: Generated<Date>;
}

/** One draw of a game (the original's numero). */
export interface LotteryDrawTable {
  id: Generated<bigint>;
  game_id: number;
  numero: string;
  opens_at: Date;
  locks_at: Date;
  draws_at: Date;
  status: LotteryDrawStatus;
  /** Secret until the draw is drawn; never in a read before. */
  server_seed: string | null;
  server_seed_hash: string | null;
  client_seed: string | null;
  result: ColumnType<LotteryResult | null, string | null, string | null>;
  drawn_at: Date | null;
}

/** A merchant's rules for one game (migration 0069; written with its defaults on first read). */
export interface LotteryGameSettingTable {
  merchant_id: number;
  game_id: number;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  min_stake_minor: ColumnType<bigint, bigint | undefined, bigint>;
  max_order_minor: ColumnType<bigint, bigint | undefined, bigint>;
  max_member_draw_minor: ColumnType<bigint, bigint | undefined, bigint>;
  max_multiple: ColumnType<number, number | undefined, number>;
  min_series: ColumnType<number, number | undefined, number>;
  max_series: ColumnType<number, number | undefined, number>;
  max_number_payout_minor: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  over_limit_mode: ColumnType<LotteryOverLimitMode, LotteryOverLimitMode | undefined, LotteryOverLimitMode>;
  max_profit_minor: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  allow_cancel: ColumnType<boolean, boolean | undefined, boolean>;
  cancel_fee_bps: ColumnType<number, number | undefined, number>;
  version: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type LotteryOverLimitMode = 'refuse' | 'reduce';

/** An operator's rule for one number of one play: closed, or its own payout limit (all draws or one). */
export interface LotteryNumberRuleTable {
  id: Generated<bigint>;
  merchant_id: number;
  game_id: number;
  draw_id: bigint | null;
  play_code: string;
  number: string;
  closed: boolean;
  max_payout_minor: bigint | null;
  created_at: Generated<Date>;
}

export type LotteryChaseStatus = 'running' | 'won_stopped' | 'completed' | 'cancelled' | 'win_corrected';

/** A chase: the same bet over the next draws. */
export interface LotteryChaseTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  game_id: number;
  chase_no: string;
  total_phases: number;
  stop_on_win: boolean;
  status: LotteryChaseStatus;
  created_at: Date;
}

/** The original's order statuses this lottery uses (README "Order statuses"). */
export const lotteryOrderStatus = {
  waiting: 2,
  won: 4,
  lost: 5,
  chaseStopped: 6,
  cancelled: 8,
  refunded: 12,
} as const;
export type LotteryOrderStatus = (typeof lotteryOrderStatus)[keyof typeof lotteryOrderStatus];

/** One bet (the original's order detail). */
export interface LotteryOrderTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  draw_id: bigint;
  game_id: number;
  master_no: string;
  order_no: string;
  chase_id: bigint | null;
  play_id: number;
  play_code: string;
  bet_content: string;
  bet_num: number;
  stake_per_unit_minor: bigint;
  multiple: number;
  series: number;
  bet_amount_minor: bigint;
  reduced_numbers: ColumnType<string[], string[] | undefined, string[]>;
  status: LotteryOrderStatus;
  win_amount_minor: bigint | null;
  fee_minor: ColumnType<bigint, bigint | undefined, bigint>;
  session_token_hash: string;
  created_at: Date;
  settled_at: Date | null;
  cancelled_at: Date | null;
}

/** What a member staked on a draw and, once settled, was paid by it. */
export interface LotteryMemberDrawTable {
  merchant_id: number;
  member_id: bigint;
  draw_id: bigint;
  stake_minor: bigint;
  win_minor: bigint | null;
  settled_at: Date | null;
}

/** The merchant's book: per draw, play and number, stakes taken and the payout if it wins. */
export interface LotteryExposureTable {
  merchant_id: number;
  draw_id: bigint;
  play_code: string;
  number: string;
  stake_minor: bigint;
  payout_minor: bigint;
}

/** Every table of the module, its official results' and Yee-Kee's included (db/schema.ts reads this one file). */
export interface LotteryTables extends LotteryOfficialTables, LotteryYeekeeTables {
  lottery_game: LotteryGameTable;
  lottery_draw: LotteryDrawTable;
  lottery_game_setting: LotteryGameSettingTable;
  lottery_number_rule: LotteryNumberRuleTable;
  lottery_chase: LotteryChaseTable;
  lottery_order: LotteryOrderTable;
  lottery_member_draw: LotteryMemberDrawTable;
  lottery_exposure: LotteryExposureTable;
}
