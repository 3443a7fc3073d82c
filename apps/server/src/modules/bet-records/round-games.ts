import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The game ids of some of a member's rounds, by `{vendorCode}:{roundId}` (the reference the seamless
 * wallet gives a round's ledger transfers). A round without a bet record (none was written) is absent
 * from the answer. The games' names are the catalogue's (modules/games `listGameNames`).
 */
export async function findRoundGameIds(
  db: Kysely<Database>,
  scope: { merchantId: number; memberId: bigint },
  rounds: ReadonlyArray<{ vendorCode: string; roundId: string }>,
): Promise<Map<string, string>> {
  if (rounds.length === 0) return new Map();
  const keys = sql.join(rounds.map((round) => sql`(${round.vendorCode}, ${round.roundId})`));
  const result = await sql<{ vendor_code: string; round_id: string; game_id: string }>`
    SELECT r.vendor_code, r.round_id, r.game_id
    FROM bet_record r
    WHERE r.merchant_id = ${scope.merchantId} AND r.member_id = ${scope.memberId} AND (r.vendor_code, r.round_id) IN (${keys})`.execute(
    db,
  );
  return new Map(result.rows.map((row) => [`${row.vendor_code}:${row.round_id}`, row.game_id]));
}
