import type { ColumnType } from 'kysely';

/** Tables of sealed payloads (migration 0003_sealed). Timestamps are written from the app's clock. */

export interface SealingKeyTable {
  key_id: string;
  /** PKCS#8 PEM of the RSA private key. */
  private_key_pem: string;
  /** Base64 DER SubjectPublicKeyInfo, as GET /wps/system/publicKey gives it. */
  public_spki: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** Set when a newer key replaced this one; it still opens payloads for a grace period after. */
  retired_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface SealedNonceTable {
  merchant_id: number;
  nonce: string;
  expires_at: Date;
}

export interface SealedTables {
  sealing_key: SealingKeyTable;
  sealed_nonce: SealedNonceTable;
}
