import type { BaccaratBet, BaccaratOutcome } from '@lotus/fair';
import type { ColumnType } from 'kysely';

/** Tables of schema house_games (db/migrations.ts). */
export interface HouseDatabase {
  player: {
    player_id: string;
    currency: string;
    balance: ColumnType<bigint, bigint | undefined, bigint>;
    created_at: Date;
  };
  transfer: {
    reference: string;
    player_id: string;
    direction: 'IN' | 'OUT';
    amount: bigint;
    status: 'SUCCESS' | 'FAILED';
    created_at: Date;
  };
  play_session: {
    token_hash: string;
    player_id: string;
    game_id: string;
    language: string;
    expires_at: Date;
  };
  fair_seed: {
    owner_key: string;
    server_seed: string;
    server_seed_hash: string;
    client_seed: string;
    nonce: ColumnType<number, number | undefined, number>;
    previous_server_seed: string | null;
    previous_server_seed_hash: string | null;
    rotated_at: Date | null;
  };
  slot_round: {
    round_id: string;
    player_key: string;
    game_id: string;
    wallet_ref: ColumnType<WalletRef, string, string>;
    bet_per_line: bigint;
    total_bet: bigint;
    total_win: bigint;
    server_seed_hash: string;
    client_seed: string;
    nonce: number;
    outcome: ColumnType<unknown, string, string>;
    status: 'open' | 'bet_placed' | 'settled' | 'voided';
    created_at: Date;
    settled_at: Date | null;
  };
  baccarat_round: {
    round_id: string;
    table_id: string;
    round_no: number;
    server_seed_hash: string;
    client_seed: string;
    nonce: number;
    outcome: ColumnType<BaccaratOutcome, string, string>;
    phase: 'betting' | 'dealing' | 'settled';
    betting_closes_at: Date;
    created_at: Date;
    settled_at: Date | null;
  };
  baccarat_bet: {
    transaction_id: string;
    round_id: string;
    player_key: string;
    wallet_ref: ColumnType<WalletRef, string, string>;
    bets: ColumnType<Partial<Record<BaccaratBet, number>>, string, string>;
    amount: bigint;
    status: 'placing' | 'placed' | 'refused' | 'rolled_back';
    created_at: Date;
  };
  baccarat_payout: {
    round_id: string;
    player_key: string;
    wallet_ref: ColumnType<WalletRef, string, string>;
    amount: bigint;
    status: 'pending' | 'paid';
  };
  wallet_transaction: {
    transaction_id: string;
    player_id: string;
    kind: 'bet' | 'win' | 'rollback';
    amount: bigint;
    round_id: string;
    created_at: Date;
  };
}

/** What a stored round needs to reach its player's wallet again: the brand and its credentials. */
export type WalletRef =
  | { brand: 'seamless'; sessionToken: string; playerId: string; currency: string; gameId: string }
  | { brand: 'transfer'; playerId: string; currency: string };
