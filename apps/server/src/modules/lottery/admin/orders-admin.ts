import {
  formatMinorUnits,
  type AdminLotteryOrderDetail,
  type AdminLotteryOrderPage,
  type AdminLotteryOrderRow,
  type AdminLotteryOrdersQuery,
} from '@lotus/contract';
import type { LotteryResult } from '@lotus/fair';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { findMemberSummaryByUsername, listMemberSummaries } from '../../identity/index.ts';
import type { LotteryDrawStatus } from '../lottery.tables.ts';
import { winningNumbers } from '../lottery-views.ts';

function ordersQuery(db: Kysely<Database>, merchantId: number) {
  return db
    .selectFrom('lottery_order as o')
    .innerJoin('lottery_draw as d', 'd.id', 'o.draw_id')
    .innerJoin('lottery_game as g', 'g.id', 'o.game_id')
    .leftJoin('lottery_chase as c', 'c.id', 'o.chase_id')
    .where('o.merchant_id', '=', merchantId);
}

const rowColumns = [
  'o.id',
  'o.order_no',
  'o.member_id',
  'o.game_id',
  'g.code',
  'g.name_th',
  'g.name_en',
  'd.numero',
  'o.play_code',
  'o.bet_content',
  'o.bet_num',
  'o.stake_per_unit_minor',
  'o.multiple',
  'o.series',
  'o.bet_amount_minor',
  'o.win_amount_minor',
  'o.fee_minor',
  'o.status',
  'o.reduced_numbers',
  'c.chase_no',
  'o.created_at',
  'o.settled_at',
  'o.cancelled_at',
] as const;

interface OrderRow {
  id: bigint;
  order_no: string;
  member_id: bigint;
  game_id: number;
  code: string;
  name_th: string;
  name_en: string;
  numero: string;
  play_code: string;
  bet_content: string;
  bet_num: number;
  stake_per_unit_minor: bigint;
  multiple: number;
  series: number;
  bet_amount_minor: bigint;
  win_amount_minor: bigint | null;
  fee_minor: bigint;
  status: number;
  reduced_numbers: string[];
  chase_no: string | null;
  created_at: Date;
  settled_at: Date | null;
  cancelled_at: Date | null;
}

function toRow(row: OrderRow, usernames: ReadonlyMap<bigint, string>): AdminLotteryOrderRow {
  return {
    orderId: row.id.toString(),
    orderNo: row.order_no,
    memberId: row.member_id.toString(),
    username: usernames.get(row.member_id) ?? '',
    gameId: row.game_id,
    gameCode: row.code,
    gameNameTh: row.name_th,
    gameNameEn: row.name_en,
    numero: row.numero,
    playCode: row.play_code,
    betContent: row.bet_content,
    betNum: row.bet_num,
    stakePerUnit: formatMinorUnits(row.stake_per_unit_minor),
    multiple: row.multiple,
    series: row.series,
    betAmount: formatMinorUnits(row.bet_amount_minor),
    winAmount: row.win_amount_minor === null ? null : formatMinorUnits(row.win_amount_minor),
    fee: formatMinorUnits(row.fee_minor),
    status: row.status,
    reducedNumbers: row.reduced_numbers,
    chaseNo: row.chase_no,
    createdAt: row.created_at.getTime(),
    settledAt: row.settled_at?.getTime() ?? null,
    cancelledAt: row.cancelled_at?.getTime() ?? null,
  };
}

/** The members' usernames (identity owns the member table). */
async function usernamesOf(
  db: Kysely<Database>,
  merchantId: number,
  memberIds: readonly bigint[],
): Promise<Map<bigint, string>> {
  const members = await listMemberSummaries(db, merchantId, [...new Set(memberIds)]);
  return new Map([...members.values()].map((member) => [member.id, member.username]));
}

/** The merchant's lottery orders matching the filters, newest first. */
export async function listAdminOrders(
  db: Kysely<Database>,
  merchantId: number,
  query: AdminLotteryOrdersQuery,
): Promise<AdminLotteryOrderPage> {
  let base = ordersQuery(db, merchantId);
  if (query.username) {
    const member = await findMemberSummaryByUsername(db, merchantId, query.username);
    if (!member) return { items: [], page: query.page, pageSize: query.pageSize, total: 0 };
    base = base.where('o.member_id', '=', member.id);
  }
  if (query.gameId !== undefined) base = base.where('o.game_id', '=', query.gameId);
  if (query.numero !== undefined) base = base.where('d.numero', '=', query.numero);
  if (query.status !== undefined) base = base.where('o.status', '=', query.status as never);
  if (query.orderNo !== undefined) {
    const orderNo = query.orderNo.toUpperCase();
    base = orderNo.includes('-') ? base.where('o.order_no', '=', orderNo) : base.where('o.master_no', '=', orderNo);
  }
  if (query.from !== undefined) base = base.where('o.created_at', '>=', new Date(query.from));
  if (query.to !== undefined) base = base.where('o.created_at', '<', new Date(query.to));
  const [rows, total] = await Promise.all([
    base
      .select([...rowColumns])
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  const usernames = await usernamesOf(
    db,
    merchantId,
    rows.map((row) => row.member_id),
  );
  return {
    items: (rows as OrderRow[]).map((row) => toRow(row, usernames)),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total.count),
  };
}

/** One order of the merchant's with its draw (another merchant's id: 404). */
export async function getAdminOrder(
  db: Kysely<Database>,
  merchantId: number,
  orderId: bigint,
): Promise<AdminLotteryOrderDetail> {
  const row = await ordersQuery(db, merchantId)
    .select([
      ...rowColumns,
      'c.status as chase_status',
      'd.status as draw_status',
      'd.draws_at',
      'd.locks_at',
      'd.result',
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  if (!row) throw new AppError(404, 'not.found', { field: 'orderId', params: { field: 'orderId' } });
  const status = row.draw_status as LotteryDrawStatus;
  const drawn = status === 'drawn' || status === 'settled';
  return {
    ...toRow(row as unknown as OrderRow, await usernamesOf(db, merchantId, [row.member_id])),
    drawStatus: status,
    drawsAt: row.draws_at.getTime(),
    locksAt: row.locks_at.getTime(),
    winningNumber: drawn ? winningNumbers(row.result as LotteryResult | null) : null,
    chaseStatus: row.chase_status,
  };
}
