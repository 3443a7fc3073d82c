import type { SocialProvider } from '@lotus/contract';
import type { ColumnType, Generated } from 'kysely';

/** Tables of social login (migration 0076_social_login). Timestamps are written from the app's clock. */

type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

/** A merchant's OAuth client at one provider; the secret sealed (social-secrets.ts). */
export interface SocialLoginClientTable {
  merchant_id: number;
  provider: SocialProvider;
  client_id: string;
  /** `v1.<iv>.<tag>.<ciphertext>`: AES-256-GCM, `social:<merchantId>:<provider>` as additional data. */
  sealed_secret: string;
  /** The secret's last 4 characters, for the back-office. */
  secret_hint: string;
  updated_at: Date;
  /** The operator who set it. */
  updated_by: bigint | null;
}

/** One authorization code flow, then (identity of no account) a pending registration. */
export interface SocialLoginFlowTable {
  id: Generated<bigint>;
  merchant_id: number;
  provider: SocialProvider;
  intent: 'login' | 'link';
  /** The member who links (intent `link`). */
  member_id: bigint | null;
  /** Hex SHA-256 of the flow token the browser keeps. */
  flow_token_hash: string;
  state: string;
  nonce: string;
  /** The PKCE code verifier (43 characters); useless without the code the provider gives the browser. */
  code_verifier: string;
  redirect_uri: string;
  ip: string;
  created_at: ColumnType<Date, Date, never>;
  expires_at: Date;
  consumed_at: NullableTimestamp;
  /** The provider's verified subject, once the callback found no account with it. */
  subject: string | null;
  display_name: string | null;
  email: string | null;
  /** Hex SHA-256 of the registration token. */
  registration_token_hash: string | null;
  registration_expires_at: NullableTimestamp;
  registered_at: NullableTimestamp;
}

/** A provider account linked to a member. */
export interface SocialIdentityTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  provider: SocialProvider;
  subject: string;
  display_name: string | null;
  email: string | null;
  linked_at: ColumnType<Date, Date, never>;
  last_login_at: NullableTimestamp;
}

export interface SocialLoginTables {
  social_login_client: SocialLoginClientTable;
  social_login_flow: SocialLoginFlowTable;
  social_identity: SocialIdentityTable;
}
