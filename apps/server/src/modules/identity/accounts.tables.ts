import type { ColumnType, Generated } from 'kysely';

/** Tables of the accounts calls (migration 0008_accounts). Timestamps are written from the app's clock. */

/** Closure of the agent tree: every (ancestor, descendant) pair at every depth, and each member to itself at depth 0. */
export interface MemberHierarchyTable {
  merchant_id: number;
  ancestor_id: bigint;
  descendant_id: bigint;
  /** 0 for the member itself, 1 for its direct upline, and so on. */
  depth: number;
}

export interface AffiliateCodeTable {
  id: Generated<bigint>;
  merchant_id: number;
  /** As the agent chose it (`LOTUS88`). */
  code: string;
  /** `lower(code)`: codes are matched without regard to case. */
  code_key: string;
  /** The agent whose team a member registering with the code joins. */
  agent_id: bigint;
  /** Lower-case host the code is bound to; null for every domain of the merchant. */
  domain: string | null;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date, never>;
}

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
  member_hierarchy: MemberHierarchyTable;
  affiliate_code: AffiliateCodeTable;
  password_reset_token: PasswordResetTokenTable;
  member_trial: MemberTrialTable;
}
