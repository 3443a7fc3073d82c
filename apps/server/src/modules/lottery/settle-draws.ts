import type { LotteryFamily, LotteryResult } from '@lotus/fair';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { merchantCurrencyOf } from '../merchant/index.ts';
import { playInTransaction, type PlayCall } from '../seamless-wallet/index.ts';
import { findGameSetting } from './game-settings.ts';
import { lotteryOrderStatus } from './lottery.tables.ts';
import { orderWinMinor, type PricedOrder } from './order-plays.ts';
import { lotteryRoundId, lotteryVendorCode, requestHashOf } from './place-orders.ts';
import { refundableOrdersQuery, refundOrders } from './refund-orders.ts';

/** What settling one draw did. */
export interface SettledDraw {
  drawId: bigint;
  orders: number;
  members: number;
  paidMinor: bigint;
}

/** The wallet's id of a member's win on a draw: one per member and draw, so a rerun replays it. */
export const lotteryWinTransactionId = (drawId: bigint, memberId: bigint) => `LOTTO-W-${drawId}-${memberId}`;

/**
 * Settles every drawn draw not yet settled, oldest first: the loop calls it after each pass, and it
 * also finds a draw whose settlement a crash cut short (README "Settlement").
 */
export async function settleDrawnDraws(db: Kysely<Database>, nowMs: number, limit = 50): Promise<SettledDraw[]> {
  const drawn = await db
    .selectFrom('lottery_draw')
    .select('id')
    .where('status', '=', 'drawn')
    .orderBy('draws_at')
    .limit(limit)
    .execute();
  const settled: SettledDraw[] = [];
  for (const { id } of drawn) {
    const done = await settleDraw(db, id, nowMs);
    if (done) settled.push(done);
  }
  return settled;
}

interface WaitingOrder {
  id: bigint;
  merchant_id: number;
  member_id: bigint;
  chase_id: bigint | null;
  play_id: number;
  bet_content: string;
  bet_num: number;
  stake_per_unit_minor: bigint;
  multiple: number;
  series: number;
  bet_amount_minor: bigint;
  reduced_numbers: string[];
  session_token_hash: string;
  currency: string;
}

/**
 * Settles one drawn draw exactly once, in one transaction that holds the draw's row: every waiting
 * order won (4) or lost (5) with its win, each member's wins on the draw paid as one win call of the
 * seamless wallet that also closes the member's round (so the bet record settles and counts as
 * turnover, a win of 0 included), a member's wins capped at their stake plus the merchant's maximum
 * profit, the chases stopped by a win refunded from their next order on, the draw marked settled.
 * The draw row's lock and its status make a second settler wait and then find nothing to do; the
 * wallet's win ids (`LOTTO-W-<draw>-<member>`) would replay rather than pay again even without it.
 * Answers null when the draw is not (or no longer) waiting for settlement.
 */
export async function settleDraw(db: Kysely<Database>, drawId: bigint, nowMs: number): Promise<SettledDraw | null> {
  return db.transaction().execute(async (trx) => {
    const draw = await trx
      .selectFrom('lottery_draw as d')
      .innerJoin('lottery_game as g', 'g.id', 'd.game_id')
      .select(['d.id', 'd.numero', 'd.status', 'd.result', 'd.game_id', 'g.code', 'g.family'])
      .where('d.id', '=', drawId)
      .forUpdate('d')
      .executeTakeFirst();
    if (!draw || draw.status !== 'drawn' || draw.result === null) return null;
    const family = draw.family as LotteryFamily;
    const result = draw.result as LotteryResult;

    const orders: WaitingOrder[] = await trx
      .selectFrom('lottery_order')
      .select([
        'id',
        'merchant_id',
        'member_id',
        'chase_id',
        'play_id',
        'bet_content',
        'bet_num',
        'stake_per_unit_minor',
        'multiple',
        'series',
        'bet_amount_minor',
        'reduced_numbers',
        'session_token_hash',
        merchantCurrencyOf(sql.ref('merchant_id')).as('currency'),
      ])
      .where('draw_id', '=', drawId)
      .where('status', '=', lotteryOrderStatus.waiting)
      .orderBy('member_id')
      .orderBy('id')
      .execute();

    const wins = await cappedWins(trx, draw.game_id, family, result, orders);
    await markOrders(trx, orders, wins, nowMs);

    // One win call per member of the draw (the member's orders are consecutive: ordered by member).
    const calls: PlayCall[] = [];
    let paid = 0n;
    for (let start = 0; start < orders.length;) {
      const first = orders[start]!;
      let end = start;
      let win = 0n;
      while (end < orders.length && orders[end]!.member_id === first.member_id) {
        win += wins[end]!;
        end += 1;
      }
      paid += win;
      calls.push(winCall(first, draw.code, draw.numero, drawId, win, nowMs));
      start = end;
    }
    const outcomes = await playInTransaction(trx, calls);
    const refused = outcomes.find((outcome) => !outcome.ok);
    // A win is refused only by a broken invariant (no round for the member): undo the whole settlement.
    if (refused && !refused.ok)
      throw new Error(`lottery settlement of draw ${drawId}: win refused (${refused.refusal})`);

    await sql`
      UPDATE lottery_member_draw md SET win_minor = w.win, settled_at = ${new Date(nowMs)}
      FROM (SELECT unnest(${calls.map((call) => call.playerId)}::int8[]) AS member_id,
                   unnest(${calls.map((call) => call.amountMinor)}::int8[]) AS win) w
      WHERE md.draw_id = ${drawId} AND md.member_id = w.member_id`.execute(trx);

    await stopWonChases(trx, orders, wins, nowMs);
    await trx.updateTable('lottery_draw').set({ status: 'settled' }).where('id', '=', drawId).execute();
    return { drawId, orders: orders.length, members: calls.length, paidMinor: paid };
  });
}

/**
 * Each order's win, in the orders' order (a member's orders consecutive). A merchant with a maximum
 * profit caps each member's wins on the draw at their stake on it plus that profit, taken from the
 * member's orders in order. Settlement and a corrected result's re-settlement (official/) both use it.
 */
export async function cappedWins(
  trx: Transaction<Database>,
  gameId: number,
  family: LotteryFamily,
  result: LotteryResult,
  orders: readonly (PricedOrder & { merchant_id: number; member_id: bigint })[],
): Promise<bigint[]> {
  const wins = orders.map((order) => orderWinMinor(family, order, result));
  const maxProfitOf = new Map<number, bigint | null>();
  for (const merchantId of new Set(orders.map((order) => order.merchant_id)))
    maxProfitOf.set(merchantId, (await findGameSetting(trx, merchantId, gameId)).max_profit_minor);
  let index = 0;
  while (index < orders.length) {
    const memberId = orders[index]!.member_id;
    const maxProfit = maxProfitOf.get(orders[index]!.merchant_id) ?? null;
    let end = index;
    let stake = 0n;
    while (end < orders.length && orders[end]!.member_id === memberId) {
      stake += orders[end]!.bet_amount_minor;
      end += 1;
    }
    if (maxProfit !== null) {
      let room = stake + maxProfit;
      for (let i = index; i < end; i += 1) {
        const win = wins[i]! < room ? wins[i]! : room;
        wins[i] = win;
        room -= win;
      }
    }
    index = end;
  }
  return wins;
}

async function markOrders(
  trx: Transaction<Database>,
  orders: readonly WaitingOrder[],
  wins: readonly bigint[],
  nowMs: number,
): Promise<void> {
  if (orders.length === 0) return;
  await sql`
    UPDATE lottery_order o
    SET status = CASE WHEN w.win > 0 THEN ${lotteryOrderStatus.won}::int2 ELSE ${lotteryOrderStatus.lost}::int2 END,
        win_amount_minor = w.win, settled_at = ${new Date(nowMs)}
    FROM (SELECT unnest(${orders.map((order) => order.id.toString())}::int8[]) AS id,
                 unnest(${wins.map((win) => win.toString())}::int8[]) AS win) w
    WHERE o.id = w.id AND o.status = ${lotteryOrderStatus.waiting}`.execute(trx);
}

function winCall(
  order: WaitingOrder,
  gameCode: string,
  numero: string,
  drawId: bigint,
  win: bigint,
  nowMs: number,
): PlayCall {
  const roundId = lotteryRoundId(gameCode, numero);
  return {
    call: 'win',
    vendor: lotteryVendorCode,
    merchants: [order.merchant_id],
    tokenHash: order.session_token_hash,
    playerId: order.member_id.toString(),
    gameId: gameCode,
    currency: order.currency,
    roundId,
    transactionId: lotteryWinTransactionId(drawId, order.member_id),
    amountMinor: win.toString(),
    roundClosed: true,
    requestHash: requestHashOf(['win', order.member_id.toString(), gameCode, roundId, win.toString()]),
    fairness: null,
    countFairness: false,
    now: new Date(nowMs).toISOString(),
  };
}

/**
 * A chase with stop-on-win whose order on this draw won stops: its later waiting orders are refunded
 * (status 6). A chase whose orders are all settled or refunded is over.
 */
async function stopWonChases(
  trx: Transaction<Database>,
  orders: readonly WaitingOrder[],
  wins: readonly bigint[],
  nowMs: number,
): Promise<void> {
  const chaseIds = [...new Set(orders.flatMap((order) => (order.chase_id === null ? [] : [order.chase_id])))];
  if (chaseIds.length === 0) return;
  const wonChases = [
    ...new Set(
      orders.flatMap((order, index) => (order.chase_id !== null && wins[index]! > 0n ? [order.chase_id] : [])),
    ),
  ];
  if (wonChases.length > 0) {
    const stopping = await trx
      .updateTable('lottery_chase')
      .set({ status: 'won_stopped' })
      .where('id', 'in', wonChases)
      .where('stop_on_win', '=', true)
      // A chase whose earlier stop a corrected result took back (`win_corrected`) is stopped by this win.
      .where('status', 'in', ['running', 'win_corrected'])
      .returning('id')
      .execute();
    await refundStoppedChases(
      trx,
      stopping.map((chase) => chase.id),
      nowMs,
    );
  }
  await sql`
    UPDATE lottery_chase c SET status = 'completed'
    WHERE c.id = ANY (${chaseIds.map(String)}::int8[]) AND c.status = 'running'
      AND NOT EXISTS (SELECT 1 FROM lottery_order o WHERE o.chase_id = c.id AND o.status = ${lotteryOrderStatus.waiting})`.execute(
    trx,
  );
}

/**
 * Refunds the waiting orders of chases a win just stopped (status 6, `refundOrders`: the bet rolled
 * back as `LOTTO-R-<order>`). Settlement refunds every waiting order of the chase; a corrected result
 * that stops a chase (official/resettle-draw.ts) passes `openBeforeMs` to refund only the orders whose
 * draw is still open and before its lock at that instant, those draws share-locked as a bet takes them
 * (an order on a locked draw was taken legitimately and stays).
 */
export async function refundStoppedChases(
  trx: Transaction<Database>,
  chaseIds: readonly bigint[],
  nowMs: number,
  options: { openBeforeMs?: number } = {},
): Promise<{ orderId: bigint; refundMinor: bigint }[]> {
  if (chaseIds.length === 0) return [];
  let query = refundableOrdersQuery(trx).where('o.chase_id', 'in', chaseIds);
  if (options.openBeforeMs !== undefined)
    query = query.where('d.status', '=', 'open').where('d.locks_at', '>', new Date(options.openBeforeMs)).forShare('d');
  const later = await query.orderBy('o.id').execute();
  return refundOrders(
    trx,
    later.map((order) => ({ ...order, family: order.family as LotteryFamily })),
    lotteryOrderStatus.chaseStopped,
    nowMs,
  );
}
