import {
  adminLotteryBookMaxLines,
  formatMinorUnits,
  type AdminLotteryBook,
  type AdminLotteryBookQuery,
  type AdminLotteryDrawPage,
  type AdminLotteryDrawRow,
  type AdminLotteryDrawsQuery,
} from '@lotus/contract';
import type { LotteryFamily, LotteryResult } from '@lotus/fair';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { findGameSetting } from '../game-settings.ts';
import type { LotteryDrawStatus } from '../lottery.tables.ts';
import { winningNumbers } from '../lottery-views.ts';
import { adminPlaysOf, getAdminGame } from './settings-admin.ts';

interface DrawRow {
  id: bigint;
  numero: string;
  status: LotteryDrawStatus;
  locks_at: Date;
  draws_at: Date;
  result: LotteryResult | null;
}

/**
 * Whether an operator may cancel the draw for the merchant: bets are closed (its lock time passed,
 * so no new order can arrive after the cancel and a second cancel has nothing to refund) and its
 * orders are not settled.
 */
export const isDrawCancellable = (draw: Pick<DrawRow, 'status' | 'locks_at'>, nowMs: number) =>
  draw.status !== 'settled' && draw.locks_at.getTime() <= nowMs;

async function drawRowsView(
  db: Kysely<Database>,
  merchantId: number,
  draws: readonly DrawRow[],
  nowMs: number,
): Promise<AdminLotteryDrawRow[]> {
  if (draws.length === 0) return [];
  const counts = await db
    .selectFrom('lottery_order')
    .select([
      'draw_id',
      sql<string>`count(*) FILTER (WHERE status = 2)`.as('waiting'),
      sql<string>`coalesce(sum(bet_amount_minor) FILTER (WHERE status = 2), 0)`.as('waiting_stake'),
      sql<string>`count(*) FILTER (WHERE status = 12)`.as('refunded'),
    ])
    .where('merchant_id', '=', merchantId)
    .where(
      'draw_id',
      'in',
      draws.map((draw) => draw.id),
    )
    .groupBy('draw_id')
    .execute();
  const countOf = new Map(counts.map((row) => [row.draw_id.toString(), row]));
  return draws.map((draw) => {
    const count = countOf.get(draw.id.toString());
    const drawn = draw.status === 'drawn' || draw.status === 'settled';
    return {
      drawId: draw.id.toString(),
      numero: draw.numero,
      status: draw.status,
      locksAt: draw.locks_at.getTime(),
      drawsAt: draw.draws_at.getTime(),
      winningNumber: drawn ? winningNumbers(draw.result) : null,
      waitingOrders: Number(count?.waiting ?? 0),
      waitingStake: formatMinorUnits(BigInt(count?.waiting_stake ?? 0)),
      refundedOrders: Number(count?.refunded ?? 0),
      isCancellable: isDrawCancellable(draw, nowMs),
    };
  });
}

const drawColumns = ['id', 'numero', 'status', 'locks_at', 'draws_at', 'result'] as const;

/**
 * A game's draws up to an hour ahead, newest first, each with the merchant's waiting and refunded
 * orders: where an operator finds a draw whose result never came.
 */
export async function listAdminDraws(
  db: Kysely<Database>,
  merchantId: number,
  query: AdminLotteryDrawsQuery,
  nowMs: number,
): Promise<AdminLotteryDrawPage> {
  await getAdminGame(db, query.gameId);
  const base = db
    .selectFrom('lottery_draw')
    .where('game_id', '=', query.gameId)
    .where('draws_at', '<=', new Date(nowMs + 3_600_000));
  const [rows, total] = await Promise.all([
    base
      .select([...drawColumns])
      .orderBy('draws_at', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: await drawRowsView(db, merchantId, rows as DrawRow[], nowMs),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total.count),
  };
}

/**
 * The merchant's book of one draw (default: the game's current draw, the earliest still open or
 * locked): the totals of the orders that count, per number of the number plays the stakes and what
 * the house pays if that number wins (lottery_exposure, highest payout first) with the limit that
 * applies to it, and per play the orders and stakes.
 */
export async function getAdminBook(
  db: Kysely<Database>,
  merchantId: number,
  query: AdminLotteryBookQuery,
  nowMs: number,
): Promise<AdminLotteryBook> {
  const game = await getAdminGame(db, query.gameId);
  let drawQuery = db
    .selectFrom('lottery_draw')
    .select([...drawColumns])
    .where('game_id', '=', game.id);
  drawQuery =
    query.numero === undefined
      ? drawQuery.where('status', 'in', ['open', 'locked']).orderBy('draws_at').limit(1)
      : drawQuery.where('numero', '=', query.numero);
  const draw = (await drawQuery.executeTakeFirst()) as DrawRow | undefined;
  const plays = adminPlaysOf(game.family as LotteryFamily);
  const empty: AdminLotteryBook = {
    gameId: game.id,
    gameCode: game.code,
    draw: null,
    totals: { orders: 0, stake: '0.00', members: 0, maxPayout: '0.00' },
    numbers: [],
    numberCount: 0,
    plays: [],
  };
  if (!draw) {
    if (query.numero !== undefined)
      throw new AppError(404, 'not.found', { field: 'numero', params: { field: 'numero' } });
    return empty;
  }
  const counted = [2, 4, 5] as const;
  const [view, totals, lines, lineTotals, perPlay, rules, setting] = await Promise.all([
    drawRowsView(db, merchantId, [draw], nowMs),
    db
      .selectFrom('lottery_order')
      .select([
        sql<string>`count(*)`.as('orders'),
        sql<string>`coalesce(sum(bet_amount_minor), 0)`.as('stake'),
        sql<string>`count(DISTINCT member_id)`.as('members'),
      ])
      .where('merchant_id', '=', merchantId)
      .where('draw_id', '=', draw.id)
      .where('status', 'in', counted)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('lottery_exposure')
      .select(['play_code', 'number', 'stake_minor', 'payout_minor'])
      .where('merchant_id', '=', merchantId)
      .where('draw_id', '=', draw.id)
      .where((eb) => eb.or([eb('payout_minor', '>', 0n), eb('stake_minor', '>', 0n)]))
      .orderBy('payout_minor', 'desc')
      .orderBy('play_code')
      .orderBy('number')
      .limit(adminLotteryBookMaxLines)
      .execute(),
    db
      .selectFrom('lottery_exposure')
      .select([sql<string>`count(*)`.as('count'), sql<string>`coalesce(max(payout_minor), 0)`.as('max_payout')])
      .where('merchant_id', '=', merchantId)
      .where('draw_id', '=', draw.id)
      .where((eb) => eb.or([eb('payout_minor', '>', 0n), eb('stake_minor', '>', 0n)]))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('lottery_order')
      .select([
        'play_code',
        sql<string>`count(*)`.as('orders'),
        sql<string>`coalesce(sum(bet_amount_minor), 0)`.as('stake'),
      ])
      .where('merchant_id', '=', merchantId)
      .where('draw_id', '=', draw.id)
      .where('status', 'in', counted)
      .groupBy('play_code')
      .orderBy('play_code')
      .execute(),
    db
      .selectFrom('lottery_number_rule')
      .select(['play_code', 'number', 'closed', 'max_payout_minor', 'draw_id'])
      .where('merchant_id', '=', merchantId)
      .where('game_id', '=', game.id)
      .where((eb) => eb.or([eb('draw_id', 'is', null), eb('draw_id', '=', draw.id)]))
      .execute(),
    findGameSetting(db, merchantId, game.id),
  ]);
  // As a bet meets them: a rule for this draw wins over the game's rule for every draw.
  const ruleOf = new Map<string, (typeof rules)[number]>();
  for (const rule of rules) {
    const key = `${rule.play_code}:${rule.number}`;
    if (rule.draw_id !== null || !ruleOf.has(key)) ruleOf.set(key, rule);
  }
  const numberPlays = new Set(plays.filter((play) => play.isNumberPlay).map((play) => play.playCode));
  return {
    ...empty,
    draw: view[0]!,
    totals: {
      orders: Number(totals.orders),
      stake: formatMinorUnits(BigInt(totals.stake)),
      members: Number(totals.members),
      maxPayout: formatMinorUnits(BigInt(lineTotals.max_payout)),
    },
    numbers: lines.map((line) => {
      const rule = ruleOf.get(`${line.play_code}:${line.number}`);
      const limit = rule?.closed ? null : (rule?.max_payout_minor ?? setting.max_number_payout_minor);
      return {
        playCode: line.play_code,
        number: line.number,
        stake: formatMinorUnits(line.stake_minor),
        payout: formatMinorUnits(line.payout_minor),
        limit: limit === null ? null : formatMinorUnits(limit),
        isClosed: rule?.closed ?? false,
      };
    }),
    numberCount: Number(lineTotals.count),
    plays: perPlay.map((row) => ({
      playCode: row.play_code,
      isNumberPlay: numberPlays.has(row.play_code),
      orders: Number(row.orders),
      stake: formatMinorUnits(BigInt(row.stake)),
    })),
  };
}
