import type { ColumnType, Generated } from 'kysely';

/** Tables of modules/seamless-wallet (migrations 0016_vendor_wallet, 0048_vendor_credential_secrets). */

type BigId = ColumnType<bigint, bigint | undefined, never>;

export interface VendorCredentialTable {
  merchant_id: number;
  vendor_code: string;
  /**
   * The clear HMAC secret of migration 0016: no longer written. The start seals any left here into
   * `vendor_credential_secret` and clears it (`sealClearVendorSecrets`). The house vendor's secret is
   * `HOUSE_VENDOR_SECRET`, never stored.
   */
  secret: string | null;
  /** Where the platform calls a transfer-mode integration; null for the house vendor (HOUSE_GAMES_INTERNAL_URL). Migration 0018. */
  api_url: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/**
 * One HMAC secret of an integration, sealed (migration 0048, `secret-sealing.ts`); README "Credentials".
 * Live while not revoked and `valid_until` is null (current) or later than now (a rotation's overlap).
 */
export interface VendorCredentialSecretTable {
  id: BigId;
  merchant_id: number;
  vendor_code: string;
  /** `v1.<iv>.<tag>.<ciphertext>`: AES-256-GCM under VENDOR_SECRET_KEY, the integration as additional data. */
  sealed_secret: string;
  /** The secret's last 4 characters, to tell secrets apart. */
  hint: string;
  created_at: Date;
  /** The operator who made it; null: sealed from the clear column at start. */
  created_by: bigint | null;
  /** Null: the current secret; else it stops being accepted then. */
  valid_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revoked_by: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
}

export interface VendorGameSessionTable {
  id: BigId;
  merchant_id: number;
  member_id: bigint;
  vendor_code: string;
  game_id: string;
  /** SHA-256 of the token (the token itself is only in the launch's game_url). */
  token_hash: string;
  created_at: Date;
  expires_at: Date;
}

export interface VendorRoundTable {
  merchant_id: number;
  vendor_code: string;
  round_id: string;
  member_id: bigint;
  status: 'open' | 'closed';
  has_win: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Date;
  closed_at: Date | null;
}

export type VendorTransactionKind = 'bet' | 'win' | 'rollback';

/** What a replay answers (the balance is read again: a repeat shows the current balance). */
export interface StoredAnswer {
  currency: string;
  transactionId: string;
  playerId?: string;
}

export interface VendorTransactionTable {
  id: Generated<bigint>;
  merchant_id: number;
  vendor_code: string;
  transaction_id: string;
  kind: VendorTransactionKind;
  member_id: bigint;
  round_id: string;
  /** Minor units (the column keeps its landed name; in code the value is an `amountMinor`). */
  amount: ColumnType<bigint, bigint, bigint>;
  reference_transaction_id: string | null;
  /** `cancelled`: a bet's tombstone, written by a rollback that arrived first. */
  status: 'done' | 'rolled_back' | 'cancelled';
  request_hash: string | null;
  answer: ColumnType<StoredAnswer | null, string | null, string | null>;
  posting_id: bigint | null;
  created_at: Date;
}

export interface SeamlessWalletTables {
  vendor_credential: VendorCredentialTable;
  vendor_credential_secret: VendorCredentialSecretTable;
  vendor_game_session: VendorGameSessionTable;
  vendor_round: VendorRoundTable;
  vendor_transaction: VendorTransactionTable;
}
