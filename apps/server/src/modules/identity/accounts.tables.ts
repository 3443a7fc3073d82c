import type { ColumnType, Generated } from 'kysely';

/**
 * Tables of the accounts calls (migration 0008_accounts) that identity owns. Timestamps are written from the
 * app's clock. The same migration's `member_hierarchy` and `affiliate_code` belong to modules/agents.
 */

export interface PasswordResetTokenTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  /** Hex SHA-256 of the e-mailed token. */
  token_hash: string;
  created_at: ColumnType<Date, Date, never>;
  expires_at: Date;
  /** Used, or retired by a newer token. */
  consumed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A free-play (trial, isAgent 4) account and when it ends. */
export interface MemberTrialTable {
  member_id: bigint;
  merchant_id: number;
  created_at: ColumnType<Date, Date, never>;
  trial_expires_at: Date;
}

export interface AccountsTables {
  password_reset_token: PasswordResetTokenTable;
  member_trial: MemberTrialTable;
}
