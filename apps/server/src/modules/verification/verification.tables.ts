import type { ColumnType, Generated } from 'kysely';

/** Tables of human verification (migration 0004). Every row is single use and short-lived. */

type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export interface ChallengeTable {
  id: string;
  merchant_id: number;
  kind: 'captcha' | 'slider';
  /** Captcha only: hex SHA-256 of `answer_salt` + the lower-cased answer. */
  answer_hash: string | null;
  answer_salt: string | null;
  /** Slider only: the gap's x in background pixels. Never leaves the server. */
  gap_x: number | null;
  client_ip: string;
  created_at: Date;
  expires_at: Date;
  attempts: Generated<number>;
  solved_at: NullableTimestamp;
  consumed_at: NullableTimestamp;
}

export interface ChallengeTokenTable {
  /** Hex SHA-256 of the 256-bit token the client holds. */
  token_hash: string;
  merchant_id: number;
  /** What spent the token (`login`, `register`, ...); null while unspent. */
  purpose: string | null;
  created_at: Date;
  expires_at: Date;
  consumed_at: NullableTimestamp;
}

export interface VerificationTables {
  challenge: ChallengeTable;
  challenge_token: ChallengeTokenTable;
}
