import type { WalletMode } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import {
  findVendorCredentials,
  houseVendorCode,
  vendorCredentialKey,
  vendorSecretKeyOf,
} from '../seamless-wallet/index.ts';
import { listMaintenanceRows, windowOfRow, type MaintenanceWindow } from './maintenance-windows.ts';

/**
 * A vendor integration: the party that serves a catalogue vendor's games. The house vendor
 * (apps/house-games) is `HOUSE` (seamless) and `HOUSE_*` brands (e.g. `HOUSE_TW`, transfer); its
 * secret is HOUSE_VENDOR_SECRET and its address HOUSE_GAMES_INTERNAL_URL. Other integrations keep
 * their address and sealed secrets in seamless-wallet (README "Credentials"; the newest live secret signs).
 */
export interface Integration {
  code: string;
  /** Where the platform calls it (transfer calls, launch); null when it has none. */
  apiUrl: string | null;
  /** Null when neither configured nor stored: every call to it is refused. */
  secret: string | null;
}

/** A catalogue vendor of the merchant with the integration serving it. */
export interface ConnectedVendor {
  vassalage: string;
  accountTypeId: number;
  displayName: { TH: string; EN: string };
  walletMode: WalletMode;
  integration: Integration | null;
  /** Its maintenance windows (the legacy one-off columns included); `maintenanceAt` tells the one in force. */
  maintenanceWindows: MaintenanceWindow[];
}

export function isHouseIntegration(code: string): boolean {
  return code === houseVendorCode || code.startsWith(`${houseVendorCode}_`);
}

/**
 * The games the house vendor serves, by the catalogue's game id: what its `/play/{gameId}` page and its
 * transfer brand's `launch` answer (apps/house-games `src/games/catalogue.ts`; a test keeps the two equal).
 * A game the house suite builds is added here and there together.
 */
export const houseServedGameIds: readonly string[] = ['lucky-lotus', 'golden-elephant', 'baccarat'];

/**
 * The game ids an integration declares it serves, or null when it declares none (its vendors' games are
 * then all listed, as before). `syncServedGames` (modules/games) keeps `game.is_served` in step with it.
 */
export function servedGameIdsOf(integrationCode: string): readonly string[] | null {
  return isHouseIntegration(integrationCode) ? houseServedGameIds : null;
}

/** The enabled vendors of the merchant (all, or those with these codes), with their integrations as of `nowMs`. */
export async function findConnectedVendors(
  db: Kysely<Database>,
  config: AppConfig,
  merchantId: number,
  vassalages: readonly string[] | undefined,
  nowMs: number,
): Promise<ConnectedVendor[]> {
  if (vassalages !== undefined && vassalages.length === 0) return [];
  let query = db
    .selectFrom('game_vendor as v')
    .select([
      'v.id',
      'v.vassalage',
      'v.display_name_th',
      'v.display_name_en',
      'v.wallet_mode',
      'v.integration_code',
      'v.maintenance_start_at',
      'v.maintenance_end_at',
    ])
    .where('v.merchant_id', '=', merchantId)
    .where('v.is_enabled', '=', true);
  if (vassalages !== undefined) query = query.where('v.vassalage', 'in', vassalages);
  const rows = await query.orderBy('v.sort').orderBy('v.id').execute();
  // The integrations' stored secrets and addresses: one lookup for the list (seamless-wallet's table).
  const [credentials, maintenanceRows] = await Promise.all([
    findVendorCredentials(
      db,
      vendorSecretKeyOf(config),
      rows.flatMap((row) => (row.integration_code === null ? [] : [{ merchantId, vendorCode: row.integration_code }])),
      nowMs,
    ),
    listMaintenanceRows(
      db,
      merchantId,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) => ({
    vassalage: row.vassalage,
    accountTypeId: row.id,
    displayName: { TH: row.display_name_th, EN: row.display_name_en },
    walletMode: row.wallet_mode,
    integration:
      row.integration_code === null
        ? null
        : integrationOf(
            config,
            row.integration_code,
            credentials.get(vendorCredentialKey(merchantId, row.integration_code))?.secret ?? null,
            credentials.get(vendorCredentialKey(merchantId, row.integration_code))?.apiUrl ?? null,
          ),
    maintenanceWindows: [
      ...(row.maintenance_start_at && row.maintenance_end_at
        ? [
            {
              kind: 'once' as const,
              startsAtMs: row.maintenance_start_at.getTime(),
              endsAtMs: row.maintenance_end_at.getTime(),
            },
          ]
        : []),
      ...maintenanceRows.filter((window) => window.vendor_id === row.id).map(windowOfRow),
    ],
  }));
}

/** The integration of a code with what seamless-wallet stores for it (`findVendorCredentials`; the house's come from the configuration). */
export function integrationOf(
  config: AppConfig,
  code: string,
  secret: string | null,
  apiUrl: string | null,
): Integration {
  if (isHouseIntegration(code)) {
    return { code, apiUrl: apiUrl ?? config.HOUSE_GAMES_INTERNAL_URL, secret: config.HOUSE_VENDOR_SECRET ?? null };
  }
  return { code, apiUrl, secret };
}
