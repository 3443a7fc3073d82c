import {
  gamesAdminErrorCodes,
  gamesCredentialsErrorCodes,
  type AdminCredentialRotated,
  type AdminVendorCredential,
  type AdminVendorCredentials,
} from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { listOperatorNames, recordAudit } from '../../backoffice/index.ts';
import {
  findIntegrationCredentials,
  revokeVendorSecret,
  rotateVendorSecret,
  setVendorApiUrl,
  vendorSecretState,
  type SealingKey,
  type VendorSecretRow,
} from '../../seamless-wallet/index.ts';
import { isHouseIntegration } from '../integrations.ts';
import type { AuditContext } from './admin-catalogue.ts';

/**
 * The back-office's vendor credentials (README "Credentials"): the secrets and address of the
 * integration serving a catalogue vendor, stored by seamless-wallet. The clear secret leaves the
 * server once, in the answer of the call that made it; audit rows and lists carry only ids and the
 * 4-character hint. A vendor of another merchant is not found, like an unknown id.
 */

const vendorNotFound = () => new AppError(404, gamesAdminErrorCodes.vendorNotFound, { field: 'vendorId' });

/** The vendor's integration code, when the vendor is the merchant's (404 otherwise; 409 when it has none). */
async function integrationOfVendor(
  db: Kysely<Database>,
  merchantId: number,
  vendorId: number,
): Promise<{ code: string; isHouse: boolean }> {
  const vendor = await db
    .selectFrom('game_vendor')
    .select('integration_code')
    .where('merchant_id', '=', merchantId)
    .where('id', '=', vendorId)
    .executeTakeFirst();
  if (!vendor) throw vendorNotFound();
  if (vendor.integration_code === null)
    throw new AppError(409, gamesCredentialsErrorCodes.notConnected, { field: 'vendorId' });
  return { code: vendor.integration_code, isHouse: isHouseIntegration(vendor.integration_code) };
}

/** The house integrations' secret and address are the configuration's: an operator of one merchant must not change what serves all. */
async function changeableIntegration(db: Kysely<Database>, merchantId: number, vendorId: number) {
  const integration = await integrationOfVendor(db, merchantId, vendorId);
  if (integration.isHouse) throw new AppError(409, gamesCredentialsErrorCodes.houseManaged, { field: 'vendorId' });
  return integration.code;
}

function credentialView(row: VendorSecretRow, names: Map<bigint, string>, nowMs: number): AdminVendorCredential {
  const nameOf = (id: bigint | null) => (id === null ? null : (names.get(id) ?? `#${id}`));
  return {
    credentialId: String(row.id),
    hint: row.hint,
    state: vendorSecretState(row, nowMs),
    createdAt: row.created_at.getTime(),
    createdBy: nameOf(row.created_by),
    validUntil: row.valid_until?.getTime() ?? null,
    revokedAt: row.revoked_at?.getTime() ?? null,
    revokedBy: nameOf(row.revoked_by),
  };
}

async function namesOf(db: Kysely<Database>, rows: readonly VendorSecretRow[]) {
  const ids = rows.flatMap((row) => [row.created_by, row.revoked_by]).filter((id): id is bigint => id !== null);
  return listOperatorNames(db, [...new Set(ids)]);
}

/** What the audit keeps of a secret: never the secret, only what tells it apart. */
const secretAudit = (row: VendorSecretRow) => ({
  credentialId: String(row.id),
  hint: row.hint,
  validUntil: row.valid_until?.getTime() ?? null,
  revokedAt: row.revoked_at?.getTime() ?? null,
});

export async function listVendorCredentials(
  db: Kysely<Database>,
  merchantId: number,
  vendorId: number,
  nowMs: number,
): Promise<AdminVendorCredentials> {
  const integration = await integrationOfVendor(db, merchantId, vendorId);
  const stored = integration.isHouse ? null : await findIntegrationCredentials(db, merchantId, integration.code);
  const secrets = stored?.secrets ?? [];
  const names = await namesOf(db, secrets);
  return {
    vendorId,
    integrationCode: integration.code,
    isHouseManaged: integration.isHouse,
    apiUrl: stored?.apiUrl ?? null,
    credentials: secrets.map((row) => credentialView(row, names, nowMs)),
  };
}

/** A new current secret; the secrets current until now stay accepted `overlapHours` more. */
export async function rotateVendorCredential(
  db: Kysely<Database>,
  key: SealingKey,
  audit: AuditContext,
  body: { vendorId: number; overlapHours: number },
): Promise<AdminCredentialRotated> {
  const code = await changeableIntegration(db, audit.merchantId, body.vendorId);
  const rotated = await db.transaction().execute(async (trx) => {
    const result = await rotateVendorSecret(trx, key, {
      merchantId: audit.merchantId,
      vendorCode: code,
      operatorId: audit.operatorId,
      nowMs: audit.nowMs,
      overlapMs: body.overlapHours * 3_600_000,
    });
    await recordAudit(trx, {
      ...audit,
      action: 'games.credential.rotate',
      targetType: 'vendor_credential',
      targetId: `${code}:${result.created.id}`,
      before: { vendorId: body.vendorId, integrationCode: code, ended: result.ended.map(secretAudit) },
      after: {
        vendorId: body.vendorId,
        integrationCode: code,
        overlapHours: body.overlapHours,
        created: secretAudit(result.created),
        ended: result.ended.map((row) => ({ ...secretAudit(row) })),
      },
    });
    return result;
  });
  const names = await namesOf(db, [rotated.created]);
  return { credential: credentialView(rotated.created, names, audit.nowMs), secret: rotated.secret };
}

/** Revokes one secret at once (a revoked one is answered as it is, with no new audit row). */
export async function revokeVendorCredential(
  db: Kysely<Database>,
  audit: AuditContext,
  body: { vendorId: number; credentialId: string },
): Promise<AdminVendorCredential> {
  const code = await changeableIntegration(db, audit.merchantId, body.vendorId);
  const revoked = await db.transaction().execute(async (trx) => {
    const result = await revokeVendorSecret(trx, {
      merchantId: audit.merchantId,
      vendorCode: code,
      secretId: BigInt(body.credentialId),
      operatorId: audit.operatorId,
      nowMs: audit.nowMs,
    });
    if (!result) throw new AppError(404, gamesCredentialsErrorCodes.credentialNotFound, { field: 'credentialId' });
    if (result.before.revoked_at === null) {
      await recordAudit(trx, {
        ...audit,
        action: 'games.credential.revoke',
        targetType: 'vendor_credential',
        targetId: `${code}:${result.after.id}`,
        before: { vendorId: body.vendorId, integrationCode: code, ...secretAudit(result.before) },
        after: { vendorId: body.vendorId, integrationCode: code, ...secretAudit(result.after) },
      });
    }
    return result.after;
  });
  return credentialView(revoked, await namesOf(db, [revoked]), audit.nowMs);
}

/** Sets where the platform calls the integration. */
export async function updateVendorApiUrl(
  db: Kysely<Database>,
  audit: AuditContext,
  body: { vendorId: number; apiUrl: string | null },
): Promise<{ apiUrl: string | null }> {
  const code = await changeableIntegration(db, audit.merchantId, body.vendorId);
  return db.transaction().execute(async (trx) => {
    const change = await setVendorApiUrl(trx, {
      merchantId: audit.merchantId,
      vendorCode: code,
      apiUrl: body.apiUrl,
      nowMs: audit.nowMs,
    });
    await recordAudit(trx, {
      ...audit,
      action: 'games.credential.api_url',
      targetType: 'vendor_credential',
      targetId: code,
      before: { vendorId: body.vendorId, integrationCode: code, apiUrl: change.before },
      after: { vendorId: body.vendorId, integrationCode: code, apiUrl: change.after },
    });
    return { apiUrl: change.after };
  });
}
