import type { VendorRoundDetails } from '@lotus/contract';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { addWageredTurnover } from '../withdrawal/index.ts';

/**
 * Writes of members' bet records that run in TypeScript: a seamless rollback (inside the rollback's
 * own transaction, while it holds the round row locked) and a transfer-mode vendor's settled round.
 * Bets and wins of the seamless wallet write their records inside `vendor_wallet_play` or the set
 * path of `vendor_wallet_play_batch` (db/functions/*.sql), by the same rules: README.md.
 */

type Executor = Kysely<Database> | Transaction<Database>;

/** Which record: the key of `bet_record` (and of `vendor_round`). */
export interface BetRecordKey {
  merchantId: number;
  /** The integration that called (e.g. `HOUSE`). */
  vendorCode: string;
  roundId: string;
  memberId: bigint;
}

export interface BetRecordWrite extends BetRecordKey {
  amountMinor: bigint;
  /** The house vendor's round details, merged into the record's fairness; null for any other vendor. */
  fairness: VendorRoundDetails | null;
  /** False for trial accounts (play money never counts towards a withdrawal's turnover). */
  countsTurnover: boolean;
  nowMs: number;
}

/** JSON of the known fields the call carried, or null when it carried none. */
function fairnessJson(fairness: VendorRoundDetails | null): string | null {
  if (fairness === null) return null;
  const json = JSON.stringify(fairness);
  return json === '{}' ? null : json;
}

/** Later details add to earlier ones (the server seed is revealed after the round). */
const mergedFairness = (incoming: string | null): RawBuilder<unknown> =>
  incoming === null ? sql`bet_record.fairness` : sql`coalesce(bet_record.fairness, '{}'::jsonb) || ${incoming}::jsonb`;

const keyOf = (key: BetRecordKey) =>
  sql`merchant_id = ${key.merchantId} AND vendor_code = ${key.vendorCode} AND round_id = ${key.roundId} AND member_id = ${key.memberId}`;

/**
 * A refunded bet of `amountMinor`: leaves the stake and valid bet; the record of a round whose
 * every bet was refunded (a rollback never follows a win) is cancelled. Never counts turnover.
 */
export async function recordRollback(trx: Executor, write: BetRecordWrite): Promise<void> {
  const now = new Date(write.nowMs);
  const fairness = fairnessJson(write.fairness);
  await sql`
    UPDATE bet_record SET
      stake = stake - ${write.amountMinor},
      valid_bet = valid_bet - ${write.amountMinor},
      bet_count = bet_count - 1,
      status = CASE WHEN bet_count = 1 AND payout = 0 THEN 'cancelled' ELSE status END,
      settled_at = CASE WHEN bet_count = 1 AND payout = 0 THEN NULL ELSE settled_at END,
      fairness = ${mergedFairness(fairness)},
      updated_at = ${now}
    WHERE ${keyOf(write)}`.execute(trx);
}

/**
 * A settled round's payout corrected by `deltaMinor` (never below 0): an in-house vendor whose result
 * was corrected after settlement (modules/lottery's official results) posts only the difference, and
 * the record shows the win as corrected for the reports, turnover and salaries that read it.
 */
export async function adjustRoundPayout(
  trx: Executor,
  key: BetRecordKey,
  deltaMinor: bigint,
  nowMs: number,
): Promise<void> {
  await sql`
    UPDATE bet_record SET payout = greatest(payout + ${deltaMinor}, 0), updated_at = ${new Date(nowMs)}
    WHERE ${keyOf(key)}`.execute(trx);
}

/** A whole round a transfer-mode vendor reported settled (its money moved in the vendor's own wallet). */
export interface SettledRoundWrite extends BetRecordKey {
  gameId: string;
  /**
   * How the record classes the game, as the catalogue has it when the round is stored (the caller
   * reads it: modules/games `classifyRoundGames`; games imports this module, so it cannot be read here).
   */
  gameClass: { vassalage: string; gameType: string | null; gameCategory: string | null; gameClassify: string | null };
  stakeMinor: bigint;
  payoutMinor: bigint;
  betAtMs: number;
  settledAtMs: number;
  fairness: VendorRoundDetails | null;
  countsTurnover: boolean;
}

/**
 * Stores a settled round of a transfer-mode vendor's feed as one finished record; a round already
 * stored (the feed read again) changes nothing. A new record adds its stake to the turnover once.
 */
export async function recordSettledRound(trx: Executor, write: SettledRoundWrite): Promise<boolean> {
  const result = await sql<{ valid_bet: bigint }>`
    INSERT INTO bet_record (
      merchant_id, vendor_code, round_id, member_id, vassalage, game_id, game_type, game_category, game_classify,
      stake, valid_bet, payout, bet_count, status, fairness, first_bet_at, settled_at, updated_at)
    VALUES (
      ${write.merchantId}, ${write.vendorCode}, ${write.roundId}, ${write.memberId},
      ${write.gameClass.vassalage}, ${write.gameId}, ${write.gameClass.gameType}, ${write.gameClass.gameCategory},
      ${write.gameClass.gameClassify},
      ${write.stakeMinor}, ${write.stakeMinor}, ${write.payoutMinor}, 1, 'settled', ${fairnessJson(write.fairness)}::jsonb,
      ${new Date(write.betAtMs)}, ${new Date(write.settledAtMs)}, ${new Date(write.settledAtMs)})
    ON CONFLICT ON CONSTRAINT bet_record_key DO NOTHING
    RETURNING valid_bet`.execute(trx);
  const inserted = result.rows[0];
  if (inserted && write.countsTurnover) {
    await addWageredTurnover(trx, {
      merchantId: write.merchantId,
      memberId: write.memberId,
      amountMinor: inserted.valid_bet,
      nowMs: write.settledAtMs,
    });
  }
  return inserted !== undefined;
}
