import type { LotteryFamily } from '@lotus/fair';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { lotteryOrderStatus } from '../lottery.tables.ts';
import { refundableOrdersQuery, refundOrders } from '../refund-orders.ts';

/** What the deadline pass did. */
export interface OverdueOutcome {
  /** Official draws cancelled (no result by the game's deadline): every waiting order refunded. */
  cancelledDraws: bigint[];
  /** Orders refunded (status 12), by a draw's cancellation or a merchant's own shorter deadline. */
  refundedOrders: number;
}

/**
 * The result deadline, run by the draw loop's pass. An official draw still open or locked
 * `result_deadline_seconds` (lottery_official_schedule) after its time has no result coming: it is
 * cancelled and every merchant's waiting orders on it are refunded (status 12, refundOrders), in one
 * transaction per draw that holds the draw row (confirmation and settlement lock it too, so a result
 * confirmed at the same moment either comes first, and the draw is no longer open, or finds it
 * cancelled). A merchant with its own, shorter deadline (`lottery_game_setting.result_deadline_seconds`)
 * has its waiting orders refunded at that deadline while the draw waits for the others. Exactly once
 * and rerunnable: the status guards (draw open or locked, order waiting) make a rerun, or a second
 * instance, change nothing; each refund's wallet id is the order's.
 */
export async function cancelOverdueDraws(db: Kysely<Database>, nowMs: number, limit = 50): Promise<OverdueOutcome> {
  const now = new Date(nowMs);
  const overdue = await db
    .selectFrom('lottery_draw as d')
    .innerJoin('lottery_game as g', 'g.id', 'd.game_id')
    .innerJoin('lottery_official_schedule as s', 's.game_id', 'g.id')
    .select('d.id')
    .where('g.kind', '=', 'official')
    .where('d.status', 'in', ['open', 'locked'])
    .where(sql<boolean>`d.draws_at + make_interval(secs => s.result_deadline_seconds) <= ${now}`)
    .orderBy('d.draws_at')
    .limit(limit)
    .execute();
  const outcome: OverdueOutcome = { cancelledDraws: [], refundedOrders: 0 };
  for (const { id } of overdue) {
    const refunded = await cancelOfficialDraw(db, id, nowMs);
    if (refunded !== null) {
      outcome.cancelledDraws.push(id);
      outcome.refundedOrders += refunded;
    }
  }
  outcome.refundedOrders += await refundPastMerchantDeadlines(db, nowMs, limit);
  return outcome;
}

/**
 * Cancels an official draw that has no result (still open or locked) and refunds every waiting order
 * on it (status 12). Answers how many orders it refunded, or null when the draw was no longer open or
 * locked (a result came, or another pass cancelled it).
 */
export async function cancelOfficialDraw(db: Kysely<Database>, drawId: bigint, nowMs: number): Promise<number | null> {
  return db
    .transaction()
    .execute((trx) => cancelDrawAndRefund(trx, drawId, nowMs, 'draw cancelled: no result by the deadline'));
}

/**
 * cancelOfficialDraw inside the caller's transaction (a holiday day change cancelling the day's draw):
 * the draw cancelled if still open or locked, every waiting order refunded (12), pending entries
 * rejected with `reason`. Null when the draw was no longer open or locked.
 */
export async function cancelDrawAndRefund(
  trx: Transaction<Database>,
  drawId: bigint,
  nowMs: number,
  reason: string,
): Promise<number | null> {
  const cancelled = await trx
    .updateTable('lottery_draw')
    .set({ status: 'cancelled' })
    .where('id', '=', drawId)
    .where('status', 'in', ['open', 'locked'])
    .returning('id')
    .executeTakeFirst();
  if (!cancelled) return null;
  const orders = await refundableOrdersQuery(trx).where('o.draw_id', '=', drawId).orderBy('o.id').execute();
  const refunded = await refundOrders(
    trx,
    orders.map((order) => ({ ...order, family: order.family as LotteryFamily })),
    lotteryOrderStatus.refunded,
    nowMs,
  );
  // An entry waiting for its confirmation has nothing left to confirm.
  await trx
    .updateTable('lottery_result_entry')
    .set({
      status: 'rejected',
      decision_reason: reason,
      decided_at: new Date(nowMs),
    })
    .where('draw_id', '=', drawId)
    .where('status', '=', 'pending')
    .execute();
  return refunded.length;
}

/** Each merchant's waiting orders on official draws still without a result past the merchant's own deadline. */
async function refundPastMerchantDeadlines(db: Kysely<Database>, nowMs: number, limit: number): Promise<number> {
  const { rows } = await sql<{ draw_id: string; merchant_id: number }>`
    SELECT DISTINCT o.draw_id, o.merchant_id
    FROM lottery_order o
    JOIN lottery_draw d ON d.id = o.draw_id
    JOIN lottery_game g ON g.id = d.game_id AND g.kind = 'official'
    JOIN lottery_game_setting gs ON gs.merchant_id = o.merchant_id AND gs.game_id = d.game_id
    WHERE o.status = ${lotteryOrderStatus.waiting}
      AND d.status IN ('open', 'locked')
      AND gs.result_deadline_seconds IS NOT NULL
      AND d.draws_at + make_interval(secs => gs.result_deadline_seconds) <= ${new Date(nowMs)}
    LIMIT ${limit}`.execute(db);
  let refunded = 0;
  for (const row of rows) {
    refunded += await db.transaction().execute(async (trx) => {
      // The draw row's lock: a confirmation at the same moment comes before or after, never between.
      const draw = await trx
        .selectFrom('lottery_draw')
        .select('status')
        .where('id', '=', BigInt(row.draw_id))
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (draw.status !== 'open' && draw.status !== 'locked') return 0;
      const orders = await refundableOrdersQuery(trx)
        .where('o.draw_id', '=', BigInt(row.draw_id))
        .where('o.merchant_id', '=', row.merchant_id)
        .orderBy('o.id')
        .execute();
      const done = await refundOrders(
        trx,
        orders.map((order) => ({ ...order, family: order.family as LotteryFamily })),
        lotteryOrderStatus.refunded,
        nowMs,
      );
      return done.length;
    });
  }
  return refunded;
}
