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

/** The merchants' enabled transfer-mode vendors with an integration (the transfer wallet's bet-record feeds), in no order. */
export async function listTransferIntegrations(
  db: Kysely<Database>,
): Promise<Array<{ merchantId: number; integrationCode: string }>> {
  const rows = await db
    .selectFrom('game_vendor as v')
    .select(['v.merchant_id', 'v.integration_code'])
    .where('v.wallet_mode', '=', 'transfer')
    .where('v.is_enabled', '=', true)
    .where('v.integration_code', 'is not', null)
    .execute();
  return rows.map((row) => ({ merchantId: row.merchant_id, integrationCode: row.integration_code! }));
}

/** How a bet record classes a round's game (bet_record's copy of the catalogue's columns). */
export interface RoundGameClass {
  vassalage: string;
  gameType: string | null;
  gameCategory: string | null;
  gameClassify: string | null;
}

/**
 * The class of each of these games of a merchant, for the rounds an integration reports: the game's
 * vendor and classify when the catalogue has the game; otherwise the integration's first vendor (by
 * sort, then id), and its code when the merchant has no vendor for it. Two queries whatever the count.
 */
export async function classifyRoundGames(
  db: Kysely<Database>,
  merchantId: number,
  integrationCode: string,
  gameIds: readonly string[],
): Promise<Map<string, RoundGameClass>> {
  if (gameIds.length === 0) return new Map();
  const [games, vendor] = await Promise.all([
    db
      .selectFrom('game as g')
      .innerJoin('game_vendor as v', (join) =>
        join.onRef('v.merchant_id', '=', 'g.merchant_id').onRef('v.vassalage', '=', 'g.vassalage'),
      )
      .select(['g.game_id', 'g.vassalage', 'g.game_classify', 'v.game_type', 'v.game_category'])
      .where('g.merchant_id', '=', merchantId)
      .where('g.game_id', 'in', [...new Set(gameIds)])
      .execute(),
    db
      .selectFrom('game_vendor')
      .select(['vassalage', 'game_type', 'game_category'])
      .where('merchant_id', '=', merchantId)
      .where('integration_code', '=', integrationCode)
      .orderBy('sort')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const gameOf = new Map(games.map((game) => [game.game_id, game]));
  return new Map(
    gameIds.map((gameId) => {
      const game = gameOf.get(gameId);
      const gameClass: RoundGameClass = game
        ? {
            vassalage: game.vassalage,
            gameType: game.game_type,
            gameCategory: game.game_category,
            gameClassify: game.game_classify,
          }
        : {
            vassalage: vendor?.vassalage ?? integrationCode,
            gameType: vendor?.game_type ?? null,
            gameCategory: vendor?.game_category ?? null,
            gameClassify: null,
          };
      return [gameId, gameClass];
    }),
  );
}

/** A game of the merchant as the launch needs it: enabled, of this vendor, with its vendor's category. */
export async function findLaunchableGame(db: Kysely<Database>, merchantId: number, gameId: string, vassalage: string) {
  return db
    .selectFrom('game')
    .innerJoin('game_vendor', (join) =>
      join
        .onRef('game_vendor.merchant_id', '=', 'game.merchant_id')
        .onRef('game_vendor.vassalage', '=', 'game.vassalage'),
    )
    .select([
      'game.game_id',
      'game.name_th',
      'game.name_en',
      'game.min_bet_minor',
      'game.is_served',
      'game_vendor.game_category',
    ])
    .where('game.merchant_id', '=', merchantId)
    .where('game.game_id', '=', gameId)
    .where('game.vassalage', '=', vassalage)
    .where('game.is_enabled', '=', true)
    .executeTakeFirst();
}
