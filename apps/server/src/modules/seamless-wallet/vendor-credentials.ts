import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** What `vendor_credential` stores for an integration of a merchant (the house's come from the configuration). */
export interface VendorCredential {
  secret: string | null;
  apiUrl: string | null;
}

/** The key of a merchant's integration in `findVendorCredentials`' answer. */
export const vendorCredentialKey = (merchantId: number, vendorCode: string) => `${merchantId}:${vendorCode}`;

/**
 * The stored credentials of these merchants' integrations, in one query, by `vendorCredentialKey`;
 * an integration with none stored is absent. The transfer wallet reads its integrations' secrets and
 * addresses through this instead of reading the table.
 */
export async function findVendorCredentials(
  db: Kysely<Database>,
  integrations: ReadonlyArray<{ merchantId: number; vendorCode: string }>,
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
  const rows = await db
    .selectFrom('vendor_credential')
    .select(['merchant_id', 'vendor_code', 'secret', 'api_url'])
    .where((eb) =>
      eb.or(
        distinct.map((integration) =>
          eb.and([eb('merchant_id', '=', integration.merchantId), eb('vendor_code', '=', integration.vendorCode)]),
        ),
      ),
    )
    .execute();
  return new Map(
    rows.map((row) => [
      vendorCredentialKey(row.merchant_id, row.vendor_code),
      { secret: row.secret, apiUrl: row.api_url },
    ]),
  );
}
