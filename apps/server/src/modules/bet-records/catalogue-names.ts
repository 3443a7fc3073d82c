import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The catalogue's names of vendors and games (modules/games `listVendorNames`, `listGameNames`), given
 * to this module's routes by modules/routes.ts: games imports bet-records (its rank list counts
 * rounds), so bet-records cannot import games. Each is one batched lookup; a code it lacks is absent.
 */
export interface CatalogueNames {
  listVendorNames(
    db: Kysely<Database>,
    merchantId: number,
    vassalages: readonly string[],
    language: 'TH' | 'EN',
  ): Promise<Map<string, string>>;
  listGameNames(
    db: Kysely<Database>,
    merchantId: number,
    gameIds: readonly string[],
    language: 'TH' | 'EN',
  ): Promise<Map<string, string>>;
}
