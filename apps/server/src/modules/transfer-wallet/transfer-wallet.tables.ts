import type { ColumnType, Generated } from 'kysely';

/** Tables of modules/transfer-wallet (migration 0018_transfer_wallet). */

export interface VendorPlayerTable {
  merchant_id: number;
  member_id: bigint;
  integration_code: string;
  /** The id the vendor knows the member by (never the member's username). */
  player_id: string;
  /** Bumped by every transfer's start and end; a balance sync that read another value is stale. */
  wallet_version: ColumnType<bigint, bigint | undefined, bigint>;
  created_at: Date;
}

export type TransferDirection = 'IN' | 'OUT';
export type TransferStatus = 'pending' | 'succeeded' | 'failed';

export interface WalletTransferTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  vassalage: string;
  integration_code: string;
  direction: TransferDirection;
  amount: bigint;
  currency: string;
  reference: string;
  status: TransferStatus;
  failure: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: Date;
  updated_at: Date;
  resolved_at: Date | null;
}

/** Migration 0021: how far the platform has read an integration's feed of settled rounds. */
export interface VendorFeedCursorTable {
  integration_code: string;
  cursor: string;
  updated_at: Date;
}

export interface TransferWalletTables {
  vendor_player: VendorPlayerTable;
  wallet_transfer: WalletTransferTable;
  vendor_feed_cursor: VendorFeedCursorTable;
}
