import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** Tables of modules/backoffice (migrations 0014_backoffice, 0033_operator_roles). int8 columns come back as bigint. */

/** A role's code (`operator_role.code`): a built-in (`platform`, `admin`, `finance`, `support`) or the merchant's own. */
export type OperatorRole = string;
export type OperatorStatus = 'active' | 'disabled';
/** `password`: the password was right, a TOTP code (or enrolment) is still owed; `full`: may work. */
export type OperatorSessionStage = 'password' | 'full';

export interface OperatorTable {
  id: Generated<bigint>;
  merchant_id: number;
  username: string;
  username_key: string;
  /** argon2id PHC string. */
  password_hash: string;
  role: OperatorRole;
  status: ColumnType<OperatorStatus, OperatorStatus | undefined, OperatorStatus>;
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_last_used_step: ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;
  totp_enabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_by: bigint | null;
  created_at: ColumnType<Date, Date, never>;
  updated_at: Date;
  /** IPs and CIDRs this operator may work from; empty = anywhere (the role's list still applies). */
  ip_allow_list: ColumnType<string[], string[] | undefined, string[]>;
  version: ColumnType<number, number | undefined, number>;
}

/** The roles of a merchant: built-ins (read-only, kept equal to the contract) and the merchant's own. */
export interface OperatorRoleTable {
  merchant_id: number;
  code: string;
  name_th: string;
  name_en: string;
  /** Permission names; one the contract does not know is ignored. */
  permissions: string[];
  builtin: ColumnType<boolean, boolean | undefined, boolean>;
  ip_allow_list: ColumnType<string[], string[] | undefined, string[]>;
  /** A full session of this role's operators ends after this long without a call ... */
  idle_minutes: ColumnType<number, number | undefined, number>;
  /** ... and this long after login whatever happens. */
  absolute_hours: ColumnType<number, number | undefined, number>;
  version: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Date, Date, never>;
  updated_at: Date;
}

export interface OperatorSessionTable {
  id: Generated<bigint>;
  merchant_id: number;
  operator_id: ColumnType<bigint, bigint, never>;
  /** Hex SHA-256 of the token. */
  token_hash: string;
  stage: OperatorSessionStage;
  totp_failures: ColumnType<number, number | undefined, number>;
  ip: string;
  created_at: ColumnType<Date, Date, never>;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface OperatorLoginFailureTable {
  id: Generated<bigint>;
  merchant_id: number;
  username_key: string;
  ip: string;
  reason: 'password' | 'totp';
  created_at: Date;
}

/** A JSON snapshot of what an action changed (null when there was nothing before, or after). */
export type AuditSnapshot = Record<string, unknown> | null;

export interface OperatorAuditTable {
  id: Generated<bigint>;
  merchant_id: number;
  operator_id: bigint | null;
  action: string;
  target_type: string;
  target_id: string;
  before: JSONColumnType<AuditSnapshot, string | null, never>;
  after: JSONColumnType<AuditSnapshot, string | null, never>;
  ip: string;
  created_at: ColumnType<Date, Date, never>;
}

export interface MemberAdjustmentTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  operator_id: bigint;
  direction: 'credit' | 'debit';
  currency: string;
  amount: bigint;
  reason: string;
  idempotency_key: string;
  transfer_id: ColumnType<bigint | null, bigint | null | undefined, bigint>;
  created_at: ColumnType<Date, Date, never>;
}

/** Four-eyes (migration 0034): adjustments above this amount wait for a second operator. */
export interface ApprovalThresholdTable {
  merchant_id: number;
  amount_minor: bigint;
  version: ColumnType<number, number | undefined, number>;
  updated_at: Date;
}

export type MoneyApprovalStatus = 'pending' | 'approved' | 'rejected';

export interface MoneyApprovalTable {
  id: Generated<bigint>;
  merchant_id: number;
  kind: 'adjustment';
  member_id: bigint;
  direction: 'credit' | 'debit';
  currency: string;
  amount: bigint;
  reason: string;
  /** The requester's Idempotency-Key: a retried click finds its request. */
  request_key: string;
  status: ColumnType<MoneyApprovalStatus, MoneyApprovalStatus | undefined, MoneyApprovalStatus>;
  requested_by: bigint;
  requested_at: ColumnType<Date, Date, never>;
  decided_by: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  decided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  decision_reason: ColumnType<string | null, string | null | undefined, string | null>;
  transfer_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
}

export interface BackofficeTables {
  approval_threshold: ApprovalThresholdTable;
  money_approval: MoneyApprovalTable;
  member_adjustment: MemberAdjustmentTable;
  operator: OperatorTable;
  operator_role: OperatorRoleTable;
  operator_session: OperatorSessionTable;
  operator_login_failure: OperatorLoginFailureTable;
  operator_audit: OperatorAuditTable;
}
