import type { LotteryFamily, LotteryResult } from '@lotus/fair';
import type { ColumnType, Generated } from 'kysely';

/** Tables of modules/lottery (migration 0068_lottery). */

export type LotteryGameKind = 'house' | 'official';
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

export interface LotteryTables {
  lottery_game: LotteryGameTable;
  lottery_draw: LotteryDrawTable;
}
