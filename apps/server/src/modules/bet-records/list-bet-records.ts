import {
  formatMinorUnits,
  type BetHistory,
  type BetHistoryQuery,
  type BetRecord,
  type BetResult,
} from '@lotus/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { BetRecordFairness, BetRecordStatus } from './bet-records.tables.ts';
import type { CatalogueNames } from './catalogue-names.ts';

/** Whose records: a member of a merchant (from the token, never from the query). */
export interface BetRecordScope {
  merchantId: number;
  memberId: bigint;
}

/** The range of a query as dates; an end before its start is the caller's mistake. */
export function rangeOf(query: { startTime?: number | undefined; endTime?: number | undefined }): {
  start: Date | null;
  end: Date | null;
} {
  if (query.startTime !== undefined && query.endTime !== undefined && query.endTime < query.startTime) {
    throw AppError.badRequest('endTime', 'bet.records.range.invalid');
  }
  return {
    start: query.startTime === undefined ? null : new Date(query.startTime),
    end: query.endTime === undefined ? null : new Date(query.endTime),
  };
}

interface RecordRow {
  id: bigint;
  vassalage: string;
  game_id: string;
  game_type: string | null;
  game_category: string | null;
  round_id: string;
  stake: bigint;
  valid_bet: bigint;
  payout: bigint;
  status: BetRecordStatus;
  bet_count: number;
  first_bet_at: Date;
  settled_at: Date | null;
  fairness: BetRecordFairness | null;
}

interface TotalsRow {
  count: bigint;
  stake: bigint | null;
  valid_bet: bigint | null;
  payout: bigint | null;
  settled_profit: bigint | null;
}

function resultOf(row: Pick<RecordRow, 'status' | 'stake' | 'payout'>): BetResult | null {
  if (row.status !== 'settled') return null;
  return row.payout > row.stake ? 'win' : row.payout < row.stake ? 'loss' : 'draw';
}

/** The catalogue's names of the page's vendors and games, by code; a code it no longer has is absent. */
interface PageNames {
  vendors: Map<string, string>;
  games: Map<string, string>;
}

function toBetRecord(row: RecordRow, names: PageNames): BetRecord {
  return {
    recordId: Number(row.id),
    vassalage: row.vassalage,
    vendorName: names.vendors.get(row.vassalage) ?? row.vassalage,
    gameId: row.game_id,
    gameName: names.games.get(row.game_id) ?? row.game_id,
    gameType: row.game_type,
    gameCategory: row.game_category,
    roundId: row.round_id,
    stake: formatMinorUnits(row.stake),
    validBet: formatMinorUnits(row.valid_bet),
    payout: formatMinorUnits(row.payout),
    profit: row.status === 'settled' ? formatMinorUnits(row.payout - row.stake) : null,
    result: resultOf(row),
    status: row.status,
    betCount: row.bet_count,
    betTime: row.first_bet_at.getTime(),
    settledTime: row.settled_at?.getTime() ?? null,
    fairness: row.fairness,
  };
}

/**
 * GET /wps/relay/ODSFE2_MemBetDet: the member's records by the time of their first bet, newest
 * first, with names in the request's language (read from the catalogue at the time of reading, so
 * a renamed game shows its new name: one batched lookup for the page) and totals over the whole filter.
 */
export async function listBetRecords(
  db: Kysely<Database>,
  scope: BetRecordScope,
  query: BetHistoryQuery,
  language: 'TH' | 'EN',
  currency: string,
  catalogue: CatalogueNames,
): Promise<BetHistory> {
  const { start, end } = rangeOf(query);
  const where = sql.join(
    [
      sql`r.merchant_id = ${scope.merchantId}`,
      sql`r.member_id = ${scope.memberId}`,
      ...(query.vassalage === undefined ? [] : [sql`r.vassalage = ${query.vassalage}`]),
      ...(query.gameType === undefined
        ? []
        : [sql`(r.game_type = ${query.gameType} OR r.game_category = ${query.gameType})`]),
      ...(start === null ? [] : [sql`r.first_bet_at >= ${start}`]),
      ...(end === null ? [] : [sql`r.first_bet_at < ${end}`]),
    ],
    sql` AND `,
  );
  const [totals, page] = await Promise.all([
    sql<TotalsRow>`
      SELECT count(*)::int8 AS count, sum(r.stake)::int8 AS stake, sum(r.valid_bet)::int8 AS valid_bet, sum(r.payout)::int8 AS payout,
             sum(r.payout - r.stake) FILTER (WHERE r.status = 'settled')::int8 AS settled_profit
      FROM bet_record r WHERE ${where}`.execute(db),
    sql<RecordRow>`
      SELECT r.id, r.vassalage, r.game_id, r.game_type, r.game_category, r.round_id, r.stake, r.valid_bet, r.payout, r.status,
             r.bet_count, r.first_bet_at, r.settled_at, r.fairness
      FROM bet_record r
      WHERE ${where}
      ORDER BY r.first_bet_at DESC, r.id DESC
      LIMIT ${query.pageSize} OFFSET ${(query.pageNo - 1) * query.pageSize}`.execute(db),
  ]);
  const [vendors, games] = await Promise.all([
    catalogue.listVendorNames(
      db,
      scope.merchantId,
      page.rows.map((row) => row.vassalage),
      language,
    ),
    catalogue.listGameNames(
      db,
      scope.merchantId,
      page.rows.map((row) => row.game_id),
      language,
    ),
  ]);
  const sums = totals.rows[0];
  const total = Number(sums?.count ?? 0n);
  return {
    content: page.rows.map((row) => toBetRecord(row, { vendors, games })),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    totalElements: total,
    totalPages: Math.ceil(total / query.pageSize),
    currency,
    totals: {
      recordCount: total,
      stakeAmount: formatMinorUnits(sums?.stake ?? 0n),
      validBetAmount: formatMinorUnits(sums?.valid_bet ?? 0n),
      payoutAmount: formatMinorUnits(sums?.payout ?? 0n),
      profitAmount: formatMinorUnits(sums?.settled_profit ?? 0n),
    },
  };
}
