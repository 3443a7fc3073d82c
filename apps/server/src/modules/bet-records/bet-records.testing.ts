/**
 * For tests only (never imported by the server): a small catalogue of two vendors served by the test
 * integrations, so records have a vendor, a type and names to show.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export const testGames = {
  /** Vendor BRHOUSE (RNG), served by the house integration. */
  houseSlot: 'br-slot',
  /** Vendor BRLIVE (LIVE), served by the outside integration ACME. */
  liveBaccarat: 'br-baccarat',
} as const;

export async function insertTestCatalogue(db: Kysely<Database>, merchantId: number): Promise<void> {
  const vendor = (
    vassalage: string,
    integrationCode: string,
    type: 'RNG' | 'LIVE',
    nameEn: string,
    nameTh: string,
  ) => ({
    merchant_id: merchantId,
    vassalage,
    game_category: type,
    game_type: type,
    display_name_th: nameTh,
    display_name_en: nameEn,
    account_type_name: vassalage,
    logo_kind: 'SLOT' as const,
    logo_url: `/art/vendors/${vassalage}.svg`,
    wallet_mode: 'seamless' as const,
    integration_code: integrationCode,
    sort: 900,
  });
  await db
    .insertInto('game_vendor')
    .values([
      vendor('BRHOUSE', 'HOUSE', 'RNG', 'House Games', 'เกมของเรา'),
      vendor('BRLIVE', 'ACME', 'LIVE', 'Acme Live', 'แอคมี ไลฟ์'),
    ])
    .execute();
  const game = (gameId: string, vassalage: string, classify: string, nameEn: string, nameTh: string) => ({
    merchant_id: merchantId,
    game_id: gameId,
    node_id: gameId,
    vassalage,
    game_classify: classify,
    name_th: nameTh,
    name_en: nameEn,
    thumbnail_url: `/art/games/${gameId}.png`,
    min_bet_minor: 100n,
    sort: 900,
  });
  await db
    .insertInto('game')
    .values([
      game(testGames.houseSlot, 'BRHOUSE', 'SC', 'Lucky Slot', 'สล็อตนำโชค'),
      game(testGames.liveBaccarat, 'BRLIVE', 'BAC', 'Baccarat A', 'บาคาร่า เอ'),
    ])
    .execute();
}
