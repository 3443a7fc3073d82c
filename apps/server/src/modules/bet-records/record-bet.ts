import type { VendorRoundDetails } from '@lotus/contract';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { addWageredTurnover } from '../withdrawal/index.ts';
import type { BetRecordStatus } from './bet-records.tables.ts';

/**
 * Writes a member's bet record from a vendor's money call, inside that call's own transaction, so
 * the record commits with the ledger posting or not at all. One statement a call; the settling
 * call adds one more (the turnover). The caller must serialise the calls of one record: the
 * seamless wallet writes only while it holds the member's round row (`vendor_round`) locked, as
 * it does for every bet, win and rollback. So the status read beside each write (`before`) is the
 * one the write replaces, and the turnover is counted exactly once.
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

interface Written {
  status: BetRecordStatus;
  valid_bet: bigint;
  previous_status: BetRecordStatus | null;
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

/** The record's status before this statement, read in the same statement (see the lock above). */
const before = (key: BetRecordKey) => sql`before AS (SELECT status FROM bet_record WHERE ${keyOf(key)})`;

/**
 * A record that has just become settled adds its valid bet to the member's turnover, once. A bet
 * that lands on a record already settled (possible for a caller whose rounds are not closed by the
 * bet's own protocol) adds only itself, `lateBetMinor`.
 */
async function countTurnover(trx: Executor, write: BetRecordWrite, written: Written | undefined, lateBetMinor = 0n): Promise<void> {
  if (!written || !write.countsTurnover || written.status !== 'settled') return;
  const amountMinor = written.previous_status === 'settled' ? lateBetMinor : written.valid_bet;
  await addWageredTurnover(trx, { merchantId: write.merchantId, memberId: write.memberId, amountMinor, nowMs: write.nowMs });
}

/**
 * A bet: opens the record at the first bet of the round (copying vendor, type and category from the
 * catalogue: the game's vendor, else the calling vendor's catalogue entry) or adds to it; a bet that
 * closes the round settles the record.
 */
export async function recordBet(trx: Executor, write: BetRecordWrite & { gameId: string; isRoundClosed: boolean }): Promise<void> {
  const now = new Date(write.nowMs);
  const status: BetRecordStatus = write.isRoundClosed ? 'settled' : 'open';
  const fairness = fairnessJson(write.fairness);
  const result = await sql<Written>`
    WITH ${before(write)},
    game_row AS (
      SELECT g.vassalage, g.game_classify, v.game_type, v.game_category
      FROM game g JOIN game_vendor v ON v.merchant_id = g.merchant_id AND v.vassalage = g.vassalage
      WHERE g.merchant_id = ${write.merchantId} AND g.game_id = ${write.gameId}
    ), vendor_row AS (
      SELECT vassalage, game_type, game_category FROM game_vendor
      WHERE merchant_id = ${write.merchantId} AND (integration_code = ${write.vendorCode} OR vassalage = ${write.vendorCode})
      ORDER BY vassalage = ${write.vendorCode} DESC, sort, id LIMIT 1
    )
    INSERT INTO bet_record (
      merchant_id, vendor_code, round_id, member_id, vassalage, game_id, game_type, game_category, game_classify,
      stake, valid_bet, bet_count, status, fairness, first_bet_at, settled_at, updated_at)
    VALUES (
      ${write.merchantId}, ${write.vendorCode}, ${write.roundId}, ${write.memberId},
      coalesce((SELECT vassalage FROM game_row), (SELECT vassalage FROM vendor_row), ${write.vendorCode}),
      ${write.gameId},
      coalesce((SELECT game_type FROM game_row), (SELECT game_type FROM vendor_row)),
      coalesce((SELECT game_category FROM game_row), (SELECT game_category FROM vendor_row)),
      (SELECT game_classify FROM game_row),
      ${write.amountMinor}, ${write.amountMinor}, 1, ${status}, ${fairness}::jsonb, ${now}, ${write.isRoundClosed ? now : null}, ${now})
    ON CONFLICT ON CONSTRAINT bet_record_key DO UPDATE SET
      stake = bet_record.stake + excluded.stake,
      valid_bet = bet_record.valid_bet + excluded.valid_bet,
      bet_count = bet_record.bet_count + 1,
      -- The seamless wallet sends bets to open rounds only (the record is open, or cancelled when every
      -- bet was refunded); a settled record stays settled whoever calls.
      status = CASE WHEN bet_record.status = 'settled' THEN 'settled' ELSE excluded.status END,
      settled_at = CASE WHEN bet_record.status = 'settled' THEN bet_record.settled_at ELSE excluded.settled_at END,
      fairness = ${mergedFairness(fairness)},
      updated_at = excluded.updated_at
    RETURNING status, valid_bet, (SELECT status FROM before) AS previous_status`.execute(trx);
  await countTurnover(trx, write, result.rows[0], write.amountMinor);
}

/** A win (0 records a loss): adds to the payout; a win that closes the round settles the record. */
export async function recordWin(trx: Executor, write: BetRecordWrite & { isRoundClosed: boolean }): Promise<void> {
  const now = new Date(write.nowMs);
  const fairness = fairnessJson(write.fairness);
  const result = await sql<Written>`
    WITH ${before(write)}
    UPDATE bet_record SET
      payout = payout + ${write.amountMinor},
      status = CASE WHEN ${write.isRoundClosed}::boolean THEN 'settled' WHEN status = 'cancelled' THEN 'open' ELSE status END,
      settled_at = CASE WHEN ${write.isRoundClosed}::boolean AND status <> 'settled' THEN ${now}::timestamptz ELSE settled_at END,
      fairness = ${mergedFairness(fairness)},
      updated_at = ${now}
    WHERE ${keyOf(write)}
    RETURNING status, valid_bet, (SELECT status FROM before) AS previous_status`.execute(trx);
  await countTurnover(trx, write, result.rows[0]);
}

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

/** A whole round a transfer-mode vendor reported settled (its money moved in the vendor's own wallet). */
export interface SettledRoundWrite extends BetRecordKey {
  gameId: string;
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
    WITH game_row AS (
      SELECT g.vassalage, g.game_classify, v.game_type, v.game_category
      FROM game g JOIN game_vendor v ON v.merchant_id = g.merchant_id AND v.vassalage = g.vassalage
      WHERE g.merchant_id = ${write.merchantId} AND g.game_id = ${write.gameId}
    ), vendor_row AS (
      SELECT vassalage, game_type, game_category FROM game_vendor
      WHERE merchant_id = ${write.merchantId} AND integration_code = ${write.vendorCode}
      ORDER BY sort, id LIMIT 1
    )
    INSERT INTO bet_record (
      merchant_id, vendor_code, round_id, member_id, vassalage, game_id, game_type, game_category, game_classify,
      stake, valid_bet, payout, bet_count, status, fairness, first_bet_at, settled_at, updated_at)
    VALUES (
      ${write.merchantId}, ${write.vendorCode}, ${write.roundId}, ${write.memberId},
      coalesce((SELECT vassalage FROM game_row), (SELECT vassalage FROM vendor_row), ${write.vendorCode}),
      ${write.gameId},
      coalesce((SELECT game_type FROM game_row), (SELECT game_type FROM vendor_row)),
      coalesce((SELECT game_category FROM game_row), (SELECT game_category FROM vendor_row)),
      (SELECT game_classify FROM game_row),
      ${write.stakeMinor}, ${write.stakeMinor}, ${write.payoutMinor}, 1, 'settled', ${fairnessJson(write.fairness)}::jsonb,
      ${new Date(write.betAtMs)}, ${new Date(write.settledAtMs)}, ${new Date(write.settledAtMs)})
    ON CONFLICT ON CONSTRAINT bet_record_key DO NOTHING
    RETURNING valid_bet`.execute(trx);
  const inserted = result.rows[0];
  if (inserted && write.countsTurnover) {
    await addWageredTurnover(trx, { merchantId: write.merchantId, memberId: write.memberId, amountMinor: inserted.valid_bet, nowMs: write.settledAtMs });
  }
  return inserted !== undefined;
}
