import { sql, type Kysely } from 'kysely';

/**
 * Vendor credentials managed in the back-office (issue 15): an integration of a merchant may hold
 * several HMAC secrets at once, so a rotation can overlap the old secret with the new one.
 *
 * - `vendor_credential_secret`: one secret of an integration (`vendor_credential`'s merchant and vendor
 *   code), sealed with AES-256-GCM under the configuration's `VENDOR_SECRET_KEY` (the database alone
 *   never reveals a secret), with its last 4 characters as a hint, who made it and when,
 *   `valid_until` (null: the current one; a rotation gives the previous one an end) and `revoked_at`.
 *   A vendor's call is accepted with any secret neither revoked nor past its `valid_until`.
 * - `vendor_credential.secret` (the clear secret of migration 0016) is no longer written: the server
 *   seals what it still holds into the new table at start and clears it (modules/seamless-wallet
 *   `sealClearVendorSecrets`), since the key is configuration, not something a migration knows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE vendor_credential_secret (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL,
      vendor_code text NOT NULL,
      sealed_secret text NOT NULL CHECK (sealed_secret ~ '^v1\\.'),
      hint text NOT NULL CHECK (char_length(hint) BETWEEN 1 AND 4),
      created_at timestamptz NOT NULL,
      created_by bigint,
      valid_until timestamptz,
      revoked_at timestamptz,
      revoked_by bigint,
      FOREIGN KEY (merchant_id, vendor_code) REFERENCES vendor_credential (merchant_id, vendor_code),
      CHECK (revoked_by IS NULL OR revoked_at IS NOT NULL)
    )`.execute(db);
  // A vendor's call reads every live secret of its code (all merchants); the back-office one integration's.
  await sql`CREATE INDEX vendor_credential_secret_code_idx ON vendor_credential_secret (vendor_code, merchant_id, created_at DESC)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE vendor_credential_secret`.execute(db);
}
