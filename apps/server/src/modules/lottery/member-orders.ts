import {
  formatMinorUnits,
  lotteryOrderStatuses,
  type Language,
  type LotteryChaseStatusCode,
  type LotteryOrderDetail,
  type LotteryOrderRow,
  type LotteryOrders,
  type LotteryOrdersQuery,
} from '@lotus/contract';
import { lotteryPlay, seriesOdds, type LotteryFamily, type LotteryResult } from '@lotus/fair';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { findGameSetting } from './game-settings.ts';
import { lotteryOrderStatus } from './lottery.tables.ts';
import { oddsDecimal, winningNumbers } from './lottery-views.ts';
import { pickLanguage } from '../../cache/public-read.ts';

/** Whose orders: always one member's (the agent centre's team view is not built). */
export interface OrderOwner {
  merchantId: number;
  memberId: bigint;
}

function ordersQuery(db: Kysely<Database>, owner: OrderOwner) {
  return db
    .selectFrom('lottery_order as o')
    .innerJoin('lottery_draw as d', 'd.id', 'o.draw_id')
    .innerJoin('lottery_game as g', 'g.id', 'o.game_id')
    .leftJoin('lottery_chase as c', 'c.id', 'o.chase_id')
    .where('o.merchant_id', '=', owner.merchantId)
    .where('o.member_id', '=', owner.memberId);
}

type OrdersQueryBuilder = ReturnType<typeof ordersQuery>;

function filtered(query: OrdersQueryBuilder, filters: LotteryOrdersQuery): OrdersQueryBuilder {
  let q = query;
  if (filters.startDate !== undefined) q = q.where('o.created_at', '>=', new Date(filters.startDate));
  if (filters.endDate !== undefined) q = q.where('o.created_at', '<=', new Date(filters.endDate));
  if (filters.gameCode !== undefined) q = q.where('g.code', '=', filters.gameCode);
  if (filters.numero !== undefined) q = q.where('d.numero', '=', filters.numero);
  if (filters.status !== undefined) q = q.where('o.status', '=', filters.status as never);
  if (filters.orderNo !== undefined) {
    const orderNo = filters.orderNo.toUpperCase();
    q = orderNo.includes('-') ? q.where('o.order_no', '=', orderNo) : q.where('o.master_no', '=', orderNo);
  }
  if (filters.chase !== undefined) q = q.where('o.chase_id', filters.chase === 1 ? 'is not' : 'is', null);
  return q;
}

const rowColumns = [
  'o.id',
  'o.order_no',
  'o.master_no',
  'o.game_id',
  'o.play_id',
  'o.play_code',
  'o.bet_content',
  'o.bet_num',
  'o.multiple',
  'o.series',
  'o.stake_per_unit_minor',
  'o.bet_amount_minor',
  'o.win_amount_minor',
  'o.fee_minor',
  'o.status',
  'o.reduced_numbers',
  'o.created_at',
  'o.settled_at',
  'o.chase_id',
  'c.chase_no',
  'c.status as chase_status',
  'd.numero',
  'd.status as draw_status',
  'd.result',
  'd.locks_at',
  'd.draws_at',
  'g.code',
  'g.name_th',
  'g.name_en',
  'g.prize_mode',
  'g.family',
] as const;

/**
 * GET ODSFE2_lottMemBet: the member's orders with the original's filters, newest first, with the
 * footer's sums over every matching row. `cancellable` says what the cancel call would accept now.
 */
export async function listMemberOrders(
  db: Kysely<Database>,
  owner: OrderOwner,
  filters: LotteryOrdersQuery,
  language: Language,
  nowMs: number,
): Promise<LotteryOrders> {
  const base = filtered(ordersQuery(db, owner), filters);
  const [rows, totals] = await Promise.all([
    base
      .select([...rowColumns])
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(filters.size)
      .offset((filters.page - 1) * filters.size)
      .execute(),
    base
      .select([
        sql<string>`count(*)`.as('count'),
        sql<string>`coalesce(sum(o.bet_amount_minor) FILTER (WHERE o.status IN (2, 4, 5)), 0)`.as('bet'),
        sql<string>`coalesce(sum(o.win_amount_minor), 0)`.as('win'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const rules = await cancelRulesOf(db, owner.merchantId, rows);
  const lastOfChase = await lastWaitingOfChases(db, rows);
  return {
    list: rows.map((row) => rowView(row as unknown as OrderRow, language, nowMs, rules, lastOfChase)),
    totalCount: Number(totals.count),
    betAmount: formatMinorUnits(BigInt(totals.bet)),
    winAmount: formatMinorUnits(BigInt(totals.win)),
  };
}

/** GET lgw_orders_detail: one of the member's orders; another member's id answers as if it did not exist. */
export async function findMemberOrder(
  db: Kysely<Database>,
  owner: OrderOwner,
  orderId: bigint,
  language: Language,
  nowMs: number,
): Promise<LotteryOrderDetail> {
  const row = (await ordersQuery(db, owner)
    .select([...rowColumns])
    .where('o.id', '=', orderId)
    .executeTakeFirst()) as unknown as OrderRow | undefined;
  if (!row) throw new AppError(404, 'not.found', { field: 'orderId', params: { field: 'orderId' } });
  const rules = await cancelRulesOf(db, owner.merchantId, [row]);
  const lastOfChase = await lastWaitingOfChases(db, [row]);
  const play = lotteryPlay(row.family as LotteryFamily, row.play_id);
  const rule = rules.get(row.game_id)!;
  return {
    ...rowView(row, language, nowMs, rules, lastOfChase),
    odds: oddsDecimal(play ? seriesOdds(play.oddsHundredths, row.series) : 0),
    cancelFee: formatMinorUnits(
      row.status === lotteryOrderStatus.waiting ? cancelFeeMinor(row.bet_amount_minor, rule.feeBps) : row.fee_minor,
    ),
    drawTime: row.draws_at.getTime(),
    lockTime: row.locks_at.getTime(),
  };
}

export interface OrderRow {
  id: bigint;
  order_no: string;
  master_no: string;
  game_id: number;
  play_id: number;
  play_code: string;
  bet_content: string;
  bet_num: number;
  multiple: number;
  series: number;
  stake_per_unit_minor: bigint;
  bet_amount_minor: bigint;
  win_amount_minor: bigint | null;
  fee_minor: bigint;
  status: number;
  reduced_numbers: string[];
  created_at: Date;
  settled_at: Date | null;
  chase_id: bigint | null;
  chase_no: string | null;
  chase_status: LotteryChaseStatusCode | null;
  numero: string;
  draw_status: string;
  result: LotteryResult | null;
  locks_at: Date;
  draws_at: Date;
  code: string;
  name_th: string;
  name_en: string;
  prize_mode: number;
  family: string;
}

/** A cancellation fee: basis points of the stake, rounded down. */
export const cancelFeeMinor = (stake: bigint, feeBps: number) => (stake * BigInt(feeBps)) / 10_000n;

type CancelRules = Map<number, { allow: boolean; feeBps: number }>;

async function cancelRulesOf(db: Kysely<Database>, merchantId: number, rows: readonly { game_id: number }[]) {
  const rules: CancelRules = new Map();
  for (const gameId of new Set(rows.map((row) => row.game_id))) {
    const setting = await findGameSetting(db, merchantId, gameId);
    rules.set(gameId, { allow: setting.allow_cancel, feeBps: setting.cancel_fee_bps });
  }
  return rules;
}

/** Per chase of the rows, the id of its last order still waiting: a chase is cancelled from its end. */
async function lastWaitingOfChases(db: Kysely<Database>, rows: readonly { chase_id: bigint | null }[]) {
  const chaseIds = [...new Set(rows.flatMap((row) => (row.chase_id === null ? [] : [row.chase_id])))];
  if (chaseIds.length === 0) return new Map<bigint, bigint>();
  const last = await db
    .selectFrom('lottery_order')
    .select(['chase_id', sql<string>`max(id)`.as('id')])
    .where('chase_id', 'in', chaseIds)
    .where('status', '=', lotteryOrderStatus.waiting)
    .groupBy('chase_id')
    .execute();
  return new Map(last.map((row) => [row.chase_id!, BigInt(row.id)]));
}

/** Whether the cancel call would take the order now (README "Cancellation"). */
export function isCancellable(
  row: Pick<OrderRow, 'id' | 'status' | 'locks_at' | 'chase_id' | 'game_id'>,
  nowMs: number,
  rules: CancelRules,
  lastOfChase: Map<bigint, bigint>,
): boolean {
  return (
    row.status === lotteryOrderStatus.waiting &&
    nowMs < row.locks_at.getTime() &&
    (rules.get(row.game_id)?.allow ?? false) &&
    (row.chase_id === null || lastOfChase.get(row.chase_id) === row.id)
  );
}

function rowView(
  row: OrderRow,
  language: Language,
  nowMs: number,
  rules: CancelRules,
  lastOfChase: Map<bigint, bigint>,
): LotteryOrderRow {
  const counted = row.status === lotteryOrderStatuses.won || row.status === lotteryOrderStatuses.lost;
  const drawn = row.draw_status === 'drawn' || row.draw_status === 'settled';
  return {
    orderId: row.id.toString(),
    orderNo: row.order_no,
    abbrOrderNo: row.master_no,
    gameId: row.game_id,
    gameCode: row.code,
    gameName: pickLanguage(language, row.name_th, row.name_en),
    prizeModeId: row.prize_mode,
    numero: row.numero,
    playId: row.play_id,
    playCode: row.play_code,
    betContent: row.bet_content,
    betNum: row.bet_num,
    multiple: row.multiple,
    series: row.series,
    stakePerUnit: formatMinorUnits(row.stake_per_unit_minor),
    betAmount: formatMinorUnits(row.bet_amount_minor),
    validBetAmount: formatMinorUnits(counted ? row.bet_amount_minor : 0n),
    winAmount: row.win_amount_minor === null ? null : formatMinorUnits(row.win_amount_minor),
    status: row.status,
    chase: row.chase_no,
    chaseStatus: row.chase_status,
    reducedNumbers: row.reduced_numbers,
    betTimeInTimestamp: row.created_at.getTime(),
    settleTimeInTimestamp: row.settled_at?.getTime() ?? null,
    winningNumber: drawn ? winningNumbers(row.result) : null,
    cancellable: isCancellable(row, nowMs, rules, lastOfChase),
  };
}
