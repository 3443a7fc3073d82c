import type { WalletMode } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * What other modules read of the catalogue (`game`, `game_vendor`, this module's tables): each a
 * batched lookup by codes or one list, never one query per row. A code the catalogue does not have
 * is absent from the answer; the caller decides what to show instead (usually the code itself).
 */

/** A vendor as a wallet of the member's (its account type). */
export interface VendorWallet {
  vassalage: string;
  accountTypeId: number;
  accountTypeName: string;
}

/** The merchant's enabled vendors with their wallet mode, in the catalogue's order (sort, then id). */
export async function listEnabledVendorWallets(
  db: Kysely<Database>,
  merchantId: number,
): Promise<Array<VendorWallet & { walletMode: WalletMode }>> {
  const rows = await db
    .selectFrom('game_vendor')
    .select(['id', 'vassalage', 'account_type_name', 'wallet_mode'])
    .where('merchant_id', '=', merchantId)
    .where('is_enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    vassalage: row.vassalage,
    accountTypeId: row.id,
    accountTypeName: row.account_type_name,
    walletMode: row.wallet_mode,
  }));
}

/** The merchant's vendors with these codes (enabled or not), by code. */
export async function findVendorsByCodes(
  db: Kysely<Database>,
  merchantId: number,
  vassalages: readonly string[],
): Promise<Map<string, VendorWallet>> {
  if (vassalages.length === 0) return new Map();
  const rows = await db
    .selectFrom('game_vendor')
    .select(['id', 'vassalage', 'account_type_name'])
    .where('merchant_id', '=', merchantId)
    .where('vassalage', 'in', [...new Set(vassalages)])
    .execute();
  return new Map(
    rows.map((row) => [
      row.vassalage,
      { vassalage: row.vassalage, accountTypeId: row.id, accountTypeName: row.account_type_name },
    ]),
  );
}

/** The display names in `language` of the merchant's vendors with these codes, by code. */
export async function listVendorNames(
  db: Kysely<Database>,
  merchantId: number,
  vassalages: readonly string[],
  language: 'TH' | 'EN',
): Promise<Map<string, string>> {
  if (vassalages.length === 0) return new Map();
  const rows = await db
    .selectFrom('game_vendor')
    .select(['vassalage', language === 'TH' ? 'display_name_th as name' : 'display_name_en as name'])
    .where('merchant_id', '=', merchantId)
    .where('vassalage', 'in', [...new Set(vassalages)])
    .execute();
  return new Map(rows.map((row) => [row.vassalage, row.name]));
}

/** The names in `language` of the merchant's games with these ids (a game id is unique per merchant), by id. */
export async function listGameNames(
  db: Kysely<Database>,
  merchantId: number,
  gameIds: readonly string[],
  language: 'TH' | 'EN',
): Promise<Map<string, string>> {
  if (gameIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('game')
    .select(['game_id', language === 'TH' ? 'name_th as name' : 'name_en as name'])
    .where('merchant_id', '=', merchantId)
    .where('game_id', 'in', [...new Set(gameIds)])
    .execute();
  return new Map(rows.map((row) => [row.game_id, row.name]));
}
