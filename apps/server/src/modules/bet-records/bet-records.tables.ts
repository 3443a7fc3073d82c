import type { ColumnType, Generated } from 'kysely';

/** Tables of modules/bet-records (migration 0019_bet_records). */

export type BetRecordStatus = 'open' | 'settled' | 'cancelled';

/** The provably fair data of a house round, as the house vendor reported it (roundDetails). */
export interface BetRecordFairness {
  serverSeedHash?: string;
  serverSeed?: string;
  clientSeed?: string;
  nonce?: number;
  outcome?: string;
}

/** Written only by record-bet.ts, inside the vendor call's transaction. */
export interface BetRecordTable {
  id: Generated<bigint>;
  merchant_id: number;
  vendor_code: string;
  round_id: string;
  member_id: bigint;
  vassalage: string;
  game_id: string;
  game_type: string | null;
  game_category: string | null;
  game_classify: string | null;
  stake: bigint;
  valid_bet: bigint;
  payout: ColumnType<bigint, bigint | undefined, bigint>;
  bet_count: number;
  status: BetRecordStatus;
  fairness: ColumnType<BetRecordFairness | null, string | null, string | null>;
  first_bet_at: Date;
  settled_at: Date | null;
  updated_at: Date;
}

export interface BetRecordTables {
  bet_record: BetRecordTable;
}
