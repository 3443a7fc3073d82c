import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { validBetsByVendorOfMember } from '../bet-records/index.ts';

/**
 * What a member's withdrawal turnover leaves out (README "Turnover exclusion"): for every vendor of the
 * merchant with `turnover_exclusion_pct` above 0, that share of the member's settled valid bets with it,
 * rounded down to the minor unit. The percentage in force now applies to every bet, past ones included,
 * so an operator's change is seen at the next withdrawal. Handed to the withdrawal module by
 * modules/routes.ts (withdrawal sits below games). Zero, without reading bets, when no vendor is excluded.
 */
export async function excludedTurnoverMinor(
  db: Kysely<Database> | Transaction<Database>,
  input: { merchantId: number; memberId: bigint },
): Promise<bigint> {
  const vendors = await db
    .selectFrom('game_vendor')
    .select(['vassalage', 'turnover_exclusion_pct'])
    .where('merchant_id', '=', input.merchantId)
    .where('turnover_exclusion_pct', '>', 0)
    .execute();
  if (vendors.length === 0) return 0n;
  const validBets = await validBetsByVendorOfMember(db, {
    ...input,
    vassalages: vendors.map((vendor) => vendor.vassalage),
  });
  let excluded = 0n;
  for (const vendor of vendors) {
    excluded += ((validBets.get(vendor.vassalage) ?? 0n) * BigInt(vendor.turnover_exclusion_pct)) / 100n;
  }
  return excluded;
}

/** The merchant's vendors with a turnover exclusion above 0: vassalage → percent (the bonus turnover, modules/bonus). */
export async function turnoverExclusionPercents(
  db: Kysely<Database> | Transaction<Database>,
  merchantId: number,
): Promise<Map<string, number>> {
  const vendors = await db
    .selectFrom('game_vendor')
    .select(['vassalage', 'turnover_exclusion_pct'])
    .where('merchant_id', '=', merchantId)
    .where('turnover_exclusion_pct', '>', 0)
    .execute();
  return new Map(vendors.map((vendor) => [vendor.vassalage, Number(vendor.turnover_exclusion_pct)]));
}
