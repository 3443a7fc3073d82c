import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { servedGameIdsOf } from './integrations.ts';

/**
 * Keeps `game.is_served` in step with what each vendor's integration declares it serves
 * (`servedGameIdsOf`), for every merchant: a game of a connected vendor is served when its id is in its
 * integration's list. Integrations that declare nothing, and vendors with no integration, are left as
 * they are. Idempotent (rows already right are not touched, so the public cache is only dropped by a
 * real change); run at every start of the API and by the seed. Takes the database or a transaction.
 * Returns how many games changed.
 */
export async function syncServedGames(db: Kysely<Database>): Promise<number> {
  const integrations = await db
    .selectFrom('game_vendor')
    .select('integration_code')
    .distinct()
    .where('integration_code', 'is not', null)
    .execute();
  let changed = 0;
  for (const { integration_code: code } of integrations) {
    const served = servedGameIdsOf(code!);
    if (served === null) continue;
    const servedNow = served.length === 0 ? sql<boolean>`false` : sql<boolean>`game.game_id IN (${sql.join(served)})`;
    const result = await db
      .updateTable('game')
      .from('game_vendor')
      .set({ is_served: servedNow })
      .whereRef('game_vendor.merchant_id', '=', 'game.merchant_id')
      .whereRef('game_vendor.vassalage', '=', 'game.vassalage')
      .where('game_vendor.integration_code', '=', code)
      .where(sql<boolean>`game.is_served IS DISTINCT FROM (${servedNow})`)
      .executeTakeFirst();
    changed += Number(result.numUpdatedRows);
  }
  return changed;
}
