import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A round's game as a member's history names it. */
export interface RoundGame {
  gameId: string;
  /** The catalogue's name in the asked language; the game id when the catalogue no longer has it. */
  name: string;
}

/**
 * The games of some of a member's rounds, by `{vendorCode}:{roundId}` (the reference the seamless
 * wallet gives a round's ledger transfers), with their names in `language` read from the catalogue.
 * A round without a bet record (none was written) is absent from the answer.
 */
export async function findRoundGames(
  db: Kysely<Database>,
  scope: { merchantId: number; memberId: bigint },
  rounds: ReadonlyArray<{ vendorCode: string; roundId: string }>,
  language: 'TH' | 'EN',
): Promise<Map<string, RoundGame>> {
  if (rounds.length === 0) return new Map();
  const keys = sql.join(rounds.map((round) => sql`(${round.vendorCode}, ${round.roundId})`));
  const result = await sql<{ vendor_code: string; round_id: string; game_id: string; game_name: string | null }>`
    SELECT r.vendor_code, r.round_id, r.game_id, ${language === 'TH' ? sql`g.name_th` : sql`g.name_en`} AS game_name
    FROM bet_record r
    LEFT JOIN game g ON g.merchant_id = r.merchant_id AND g.game_id = r.game_id
    WHERE r.merchant_id = ${scope.merchantId} AND r.member_id = ${scope.memberId} AND (r.vendor_code, r.round_id) IN (${keys})`.execute(
    db,
  );
  return new Map(
    result.rows.map((row) => [
      `${row.vendor_code}:${row.round_id}`,
      { gameId: row.game_id, name: row.game_name ?? row.game_id },
    ]),
  );
}
