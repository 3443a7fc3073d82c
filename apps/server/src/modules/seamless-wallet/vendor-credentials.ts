import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { openSecret, sealSecret, type SealingKey } from './secret-sealing.ts';
import type { VendorCredentialSecretTable } from './seamless-wallet.tables.ts';

/**
 * An integration's credentials (README "Credentials"): `vendor_credential` holds its address, and
 * `vendor_credential_secret` its HMAC secrets, sealed (`secret-sealing.ts`). A secret is *live* while
 * it is not revoked and its `valid_until` is null (the current one) or later than now (a rotation's
 * overlap). Vendors' calls are accepted with any live secret; the platform signs its own calls with
 * the newest live one.
 */

/** What an integration of a merchant has stored (the house's come from the configuration). */
export interface VendorCredential {
  /** The newest live secret, or null when none is live: the platform cannot sign its calls. */
  secret: string | null;
  apiUrl: string | null;
}

/** The key of a merchant's integration in `findVendorCredentials`' answer. */
export const vendorCredentialKey = (merchantId: number, vendorCode: string) => `${merchantId}:${vendorCode}`;

export type VendorSecretRow = Selectable<VendorCredentialSecretTable>;
export type VendorSecretState = 'current' | 'overlap' | 'expired' | 'revoked';

/** Where a secret stands at `nowMs`. */
export function vendorSecretState(
  row: Pick<VendorSecretRow, 'valid_until' | 'revoked_at'>,
  nowMs: number,
): VendorSecretState {
  if (row.revoked_at !== null) return 'revoked';
  if (row.valid_until === null) return 'current';
  return row.valid_until.getTime() > nowMs ? 'overlap' : 'expired';
}

type Db = Kysely<Database>;

/** The live secrets of a vendor code, every merchant, newest first (opened; one that does not open is left out). */
export async function listLiveVendorSecrets(
  db: Db,
  key: SealingKey,
  vendorCode: string,
  nowMs: number,
): Promise<Array<{ merchantId: number; secret: string }>> {
  const rows = await db
    .selectFrom('vendor_credential_secret')
    .select(['merchant_id', 'vendor_code', 'sealed_secret'])
    .where('vendor_code', '=', vendorCode)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', new Date(nowMs))]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.flatMap((row) => {
    const secret = openSecret(key, row.merchant_id, row.vendor_code, row.sealed_secret);
    return secret === null ? [] : [{ merchantId: row.merchant_id, secret }];
  });
}

/**
 * The stored credentials of these merchants' integrations, in one query each for addresses and
 * secrets, by `vendorCredentialKey`; an integration with nothing stored is absent. The transfer
 * wallet and games' integrations read secrets and addresses through this instead of the tables.
 */
export async function findVendorCredentials(
  db: Db,
  key: SealingKey,
  integrations: ReadonlyArray<{ merchantId: number; vendorCode: string }>,
  nowMs: number,
): Promise<Map<string, VendorCredential>> {
  if (integrations.length === 0) return new Map();
  const distinct = [
    ...new Map(
      integrations.map((integration) => [
        vendorCredentialKey(integration.merchantId, integration.vendorCode),
        integration,
      ]),
    ).values(),
  ];
  const [addresses, secrets] = await Promise.all([
    db
      .selectFrom('vendor_credential')
      .select(['merchant_id', 'vendor_code', 'api_url'])
      .where((eb) =>
        eb.or(
          distinct.map((integration) =>
            eb.and([eb('merchant_id', '=', integration.merchantId), eb('vendor_code', '=', integration.vendorCode)]),
          ),
        ),
      )
      .execute(),
    db
      .selectFrom('vendor_credential_secret')
      .select(['merchant_id', 'vendor_code', 'sealed_secret'])
      .where((eb) =>
        eb.or(
          distinct.map((integration) =>
            eb.and([eb('merchant_id', '=', integration.merchantId), eb('vendor_code', '=', integration.vendorCode)]),
          ),
        ),
      )
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', new Date(nowMs))]))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
  ]);
  const newest = new Map<string, string>();
  for (const row of secrets) {
    const mapKey = vendorCredentialKey(row.merchant_id, row.vendor_code);
    if (newest.has(mapKey)) continue;
    const secret = openSecret(key, row.merchant_id, row.vendor_code, row.sealed_secret);
    if (secret !== null) newest.set(mapKey, secret);
  }
  return new Map(
    addresses.map((row) => {
      const mapKey = vendorCredentialKey(row.merchant_id, row.vendor_code);
      return [mapKey, { secret: newest.get(mapKey) ?? null, apiUrl: row.api_url }];
    }),
  );
}

/** An integration's address and every secret it has had (sealed, never opened here), newest first; null: nothing stored. */
export async function findIntegrationCredentials(
  db: Db,
  merchantId: number,
  vendorCode: string,
): Promise<{ apiUrl: string | null; secrets: VendorSecretRow[] } | null> {
  const integration = await db
    .selectFrom('vendor_credential')
    .select('api_url')
    .where('merchant_id', '=', merchantId)
    .where('vendor_code', '=', vendorCode)
    .executeTakeFirst();
  if (!integration) return null;
  const secrets = await db
    .selectFrom('vendor_credential_secret')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('vendor_code', '=', vendorCode)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return { apiUrl: integration.api_url, secrets };
}

/** The integration's row, made on first use and locked (FOR UPDATE): its rotations and revocations go one at a time. */
async function lockIntegration(trx: Db, merchantId: number, vendorCode: string, nowMs: number) {
  await trx
    .insertInto('vendor_credential')
    .values({ merchant_id: merchantId, vendor_code: vendorCode, secret: null, created_at: new Date(nowMs) })
    .onConflict((oc) => oc.columns(['merchant_id', 'vendor_code']).doNothing())
    .execute();
  return trx
    .selectFrom('vendor_credential')
    .select(['api_url'])
    .where('merchant_id', '=', merchantId)
    .where('vendor_code', '=', vendorCode)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** A new secret: 32 random bytes, base64url (43 characters). */
export function generateVendorSecret(): string {
  return randomBytes(32).toString('base64url');
}

export interface RotateVendorSecretInput {
  merchantId: number;
  vendorCode: string;
  operatorId: bigint | null;
  nowMs: number;
  /** How long the secrets current until now stay valid beside the new one (0: they end now). */
  overlapMs: number;
  /** The secret to store; default a new random one. Only for sealing legacy clear secrets and tests. */
  secret?: string;
}

/**
 * Makes a new current secret of the integration (the row is made if it has none) and gives the
 * secrets current until now `valid_until = now + overlap`. Pass the transaction of the audit row.
 * Answers the clear secret (to show once) with its row and the rows it ended.
 */
export async function rotateVendorSecret(
  trx: Db,
  key: SealingKey,
  input: RotateVendorSecretInput,
): Promise<{ secret: string; created: VendorSecretRow; ended: VendorSecretRow[] }> {
  const { merchantId, vendorCode, nowMs } = input;
  await lockIntegration(trx, merchantId, vendorCode, nowMs);
  const ended = await trx
    .updateTable('vendor_credential_secret')
    .set({ valid_until: new Date(nowMs + input.overlapMs) })
    .where('merchant_id', '=', merchantId)
    .where('vendor_code', '=', vendorCode)
    .where('valid_until', 'is', null)
    .where('revoked_at', 'is', null)
    .returningAll()
    .execute();
  const secret = input.secret ?? generateVendorSecret();
  const created = await trx
    .insertInto('vendor_credential_secret')
    .values({
      merchant_id: merchantId,
      vendor_code: vendorCode,
      sealed_secret: sealSecret(key, merchantId, vendorCode, secret),
      hint: secret.slice(-4),
      created_at: new Date(nowMs),
      created_by: input.operatorId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { secret, created, ended };
}

/**
 * Revokes one secret of the integration at once. Null when the integration has no secret with this
 * id (another merchant's or vendor's id answers the same); a secret revoked before is answered as it is.
 */
export async function revokeVendorSecret(
  trx: Db,
  input: { merchantId: number; vendorCode: string; secretId: bigint; operatorId: bigint | null; nowMs: number },
): Promise<{ before: VendorSecretRow; after: VendorSecretRow } | null> {
  await lockIntegration(trx, input.merchantId, input.vendorCode, input.nowMs);
  const before = await trx
    .selectFrom('vendor_credential_secret')
    .selectAll()
    .where('id', '=', input.secretId)
    .where('merchant_id', '=', input.merchantId)
    .where('vendor_code', '=', input.vendorCode)
    .executeTakeFirst();
  if (!before) return null;
  if (before.revoked_at !== null) return { before, after: before };
  const after = await trx
    .updateTable('vendor_credential_secret')
    .set({ revoked_at: new Date(input.nowMs), revoked_by: input.operatorId })
    .where('id', '=', input.secretId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { before, after };
}

/** Sets the integration's address (null: none). Answers the address before and after. */
export async function setVendorApiUrl(
  trx: Db,
  input: { merchantId: number; vendorCode: string; apiUrl: string | null; nowMs: number },
): Promise<{ before: string | null; after: string | null }> {
  const row = await lockIntegration(trx, input.merchantId, input.vendorCode, input.nowMs);
  await trx
    .updateTable('vendor_credential')
    .set({ api_url: input.apiUrl })
    .where('merchant_id', '=', input.merchantId)
    .where('vendor_code', '=', input.vendorCode)
    .execute();
  return { before: row.api_url, after: input.apiUrl };
}

/**
 * Seals the clear secrets left in `vendor_credential.secret` (migration 0016's column, written before
 * migration 0048) into `vendor_credential_secret` and clears the column, each in the transaction that
 * locks its row, so two instances starting at once seal each secret once. Runs at every start (a
 * no-op once done); answers how many it sealed.
 */
export async function sealClearVendorSecrets(db: Db, key: SealingKey, nowMs: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('vendor_credential')
      .select(['merchant_id', 'vendor_code', 'secret'])
      .where('secret', 'is not', null)
      .forUpdate()
      .execute();
    for (const row of rows) {
      await trx
        .insertInto('vendor_credential_secret')
        .values({
          merchant_id: row.merchant_id,
          vendor_code: row.vendor_code,
          sealed_secret: sealSecret(key, row.merchant_id, row.vendor_code, row.secret!),
          hint: row.secret!.slice(-4),
          created_at: new Date(nowMs),
          created_by: null,
        })
        .execute();
      await trx
        .updateTable('vendor_credential')
        .set({ secret: null })
        .where('merchant_id', '=', row.merchant_id)
        .where('vendor_code', '=', row.vendor_code)
        .execute();
    }
    return rows.length;
  });
}
