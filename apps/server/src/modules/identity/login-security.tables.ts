import type { LoginVerifyMethod } from '@lotus/contract';
import type { ColumnType, Generated } from 'kysely';

/** Tables of the login-security calls (migration 0007_login_security). Timestamps are written from the app's clock. */

type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

/** A one-day "remember me" token: the site keeps the username and this, never the password. */
export interface MemberRememberTokenTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  /** Hex SHA-256 of the token (256 random bits); the token itself is only with the client. */
  token_hash: string;
  created_at: ColumnType<Date, Date, never>;
  expires_at: Date;
  revoked_at: NullableTimestamp;
}

/** A login that had the right credentials and now waits for its second proof (new IP, two-factor). */
export interface LoginVerificationTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  /** Hex SHA-256 of the verifyToken. */
  token_hash: string;
  ip: string;
  country: string;
  device: string;
  login_device_id: string | null;
  username_tried: string;
  methods: ColumnType<LoginVerifyMethod[], LoginVerifyMethod[], never>;
  /** `social`: LINE, Google or Facebook (migration 0076): the password was not used. */
  login_type: 'username' | 'remember' | 'social';
  remember_token_id: bigint | null;
  wants_remember_token: boolean;
  /** Wrong answers so far; at 5 the verification is dead. */
  attempts: Generated<number>;
  created_at: ColumnType<Date, Date, never>;
  expires_at: Date;
  consumed_at: NullableTimestamp;
}

/** A member's authenticator (two-factor login): confirmed `secret`, and an enrolment in progress. */
export interface MemberTotpTable {
  member_id: bigint;
  merchant_id: number;
  /** Base32; null while two-factor login is off. Stored as is: the server computes the same codes. */
  secret: string | null;
  enabled_at: Date | null;
  pending_secret: string | null;
  /** Newest 30-second step accepted (epoch seconds / 30): older and equal steps never pass again. */
  last_used_step: ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;
  updated_at: Date;
}

/** A wrong old password given to a password change (throttle: 5 per account in 15 minutes). */
export interface PasswordChangeFailureTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  created_at: ColumnType<Date, Date, never>;
}

/*
 * The column this migration adds to identity's `member_session`, merged into its row type here so
 * that the session table's declaration stays where it is (identity.tables.ts).
 */
declare module './identity.tables.ts' {
  interface MemberSessionTable {
    /** The login's password must be changed first: requireMember refuses every call but a few. */
    password_change_required: ColumnType<boolean, boolean | undefined, boolean>;
  }
}

export interface LoginSecurityTables {
  member_remember_token: MemberRememberTokenTable;
  login_verification: LoginVerificationTable;
  member_totp: MemberTotpTable;
  password_change_failure: PasswordChangeFailureTable;
}
