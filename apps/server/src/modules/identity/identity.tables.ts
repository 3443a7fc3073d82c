import type { AccountsTables } from './accounts.tables.ts';
import type { LoginSecurityTables } from './login-security.tables.ts';
import type { SocialLoginTables } from './social/social-login.tables.ts';
import type { ColumnType } from 'kysely';

/** Tables of members and sessions (migration 0005_identity). Timestamps are written from the app's clock. */

export type MemberStatus = 'active' | 'locked' | 'closed';
/** Spec §3: 0 member; 1, 2, 41, 42 agents; 4 trial or guest. */
export type AgentType = 0 | 1 | 2 | 4 | 41 | 42;

/** int8 comes back as bigint (db/database.ts). */
type BigId = ColumnType<bigint, bigint | undefined, never>;

export interface MemberTable {
  id: BigId;
  merchant_id: number;
  username: string;
  username_key: string;
  mobile_dialing_code: string | null;
  mobile_number: string | null;
  email: string | null;
  payee_name: string | null;
  qq_num: string | null;
  line: string | null;
  whatsapp: string | null;
  facebook: string | null;
  wechat: string | null;
  zalo: string | null;
  telegram: string | null;
  id_number: string | null;
  /** `YYYY-MM-DD`. */
  birthday: ColumnType<string | null, string | null, string | null>;
  nickname: string | null;
  avatar: string | null;
  language: 'TH' | 'EN';
  status: ColumnType<MemberStatus, MemberStatus | undefined, MemberStatus>;
  is_agent: ColumnType<AgentType, AgentType | undefined, AgentType>;
  upline_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  /** argon2id PHC string. */
  password_hash: string;
  payment_password_hash: string | null;
  must_change_password: ColumnType<boolean, boolean | undefined, boolean>;
  /** Set by an operator (migration 0042): no login, no live session. */
  login_forbidden: ColumnType<boolean, boolean | undefined, boolean>;
  /** Set by an operator (migration 0042): no game launch. */
  games_forbidden: ColumnType<boolean, boolean | undefined, boolean>;
  /** Raised by every operator status change, which names the version it read (409 when stale). */
  desk_version: ColumnType<number, number | undefined, number>;
  password_changed_at: Date;
  register_method: string;
  register_url: string | null;
  register_domain: string | null;
  register_ip: string;
  register_device: string;
  created_at: ColumnType<Date, Date, never>;
}

export interface MemberSessionTable {
  id: BigId;
  merchant_id: number;
  member_id: ColumnType<bigint, bigint, never>;
  /** Hex SHA-256 of the token. */
  token_hash: string;
  created_at: ColumnType<Date, Date, never>;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  ip: string;
  country: string;
  device: string;
  login_device_id: string | null;
}

export type LoginFailureReason = 'credentials' | 'captcha' | 'locked' | 'status';

export interface LoginEventTable {
  id: BigId;
  merchant_id: number;
  member_id: ColumnType<bigint | null, bigint | null, never>;
  username_tried: string;
  username_key: string;
  ip: string;
  country: string;
  device: string;
  login_device_id: string | null;
  succeeded: boolean;
  failure_reason: LoginFailureReason | null;
  created_at: ColumnType<Date, Date, never>;
}

export interface IdentityTables extends LoginSecurityTables, AccountsTables, SocialLoginTables {
  member: MemberTable;
  member_session: MemberSessionTable;
  login_event: LoginEventTable;
}
