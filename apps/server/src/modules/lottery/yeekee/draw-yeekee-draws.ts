import { yeekeeResult, type LotteryFamily, type ThaiStyleResult } from '@lotus/fair';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { lotteryOrderStatus } from '../lottery.tables.ts';
import { refundableOrdersQuery, refundOrders } from '../refund-orders.ts';
import { yeekeeKind, type LotteryYeekeeTables } from './yeekee.tables.ts';

/** What drawing the due Yee-Kee rounds did. */
export interface YeekeeDrawOutcome {
  /** Rounds drawn by this call (their result computed from the shots; settled by the loop's settlement). */
  drawn: { drawId: bigint; numero: string; shotCount: number; result: ThaiStyleResult }[];
  /** Rounds void (fewer than 20 shots): cancelled by this call, every waiting bet refunded (status 12). */
  cancelled: { drawId: bigint; numero: string; shotCount: number; refundedOrders: number }[];
}

/**
 * Draws every Yee-Kee round whose draw instant has come (still open or locked; overdue ones too, after a
 * restart), oldest first, each in its own transaction that first locks the draw row. Shooting takes the
 * same lock and checks the round is still open under it, so once this transaction holds the lock no shot
 * can join the round: the shots read here are all the round will ever have, and the result follows from
 * them alone (`yeekeeResult` of @lotus/fair: sum − the 16th shot). A round with fewer than 20 shots is
 * void (the helper's contract, market-rules 1.8): cancelled, and every waiting bet refunded with
 * refundOrders (status 12), as an official draw without a result. Exactly once: the status is read
 * under the lock and the UPDATEs are guarded by it, so a second instance, or a rerun, finds the round
 * drawn or cancelled and does nothing.
 */
export async function drawDueYeekeeDraws(db: Kysely<Database>, nowMs: number, limit = 50): Promise<YeekeeDrawOutcome> {
  const due = await db
    .selectFrom('lottery_draw as d')
    .innerJoin('lottery_game as g', 'g.id', 'd.game_id')
    .select(['d.id'])
    .where(sql<boolean>`g.kind = ${yeekeeKind}`)
    .where('d.status', 'in', ['open', 'locked'])
    .where('d.draws_at', '<=', new Date(nowMs))
    .orderBy('d.draws_at')
    .limit(limit)
    .execute();
  const outcome: YeekeeDrawOutcome = { drawn: [], cancelled: [] };
  for (const { id } of due) {
    await db.transaction().execute(async (trx) => {
      const draw = await trx
        .selectFrom('lottery_draw')
        .select(['id', 'numero', 'status', 'draws_at'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if ((draw.status !== 'open' && draw.status !== 'locked') || draw.draws_at.getTime() > nowMs) return;
      const shots = await trx
        .withTables<LotteryYeekeeTables>()
        .selectFrom('lottery_yeekee_shot')
        .select('number')
        .where('draw_id', '=', id)
        .orderBy('seq')
        .execute();
      const round = yeekeeResult(shots.map((shot) => shot.number));
      if (round.status === 'drawn') {
        await trx
          .updateTable('lottery_draw')
          .set({ status: 'drawn', result: JSON.stringify(round.result), drawn_at: new Date(nowMs) })
          .where('id', '=', id)
          .where('status', 'in', ['open', 'locked'])
          .execute();
        outcome.drawn.push({ drawId: id, numero: draw.numero, shotCount: shots.length, result: round.result });
        return;
      }
      await trx
        .updateTable('lottery_draw')
        .set({ status: 'cancelled' })
        .where('id', '=', id)
        .where('status', 'in', ['open', 'locked'])
        .execute();
      const orders = await refundableOrdersQuery(trx).where('o.draw_id', '=', id).orderBy('o.id').execute();
      const refunded = await refundOrders(
        trx,
        orders.map((order) => ({ ...order, family: order.family as LotteryFamily })),
        lotteryOrderStatus.refunded,
        nowMs,
      );
      outcome.cancelled.push({
        drawId: id,
        numero: draw.numero,
        shotCount: shots.length,
        refundedOrders: refunded.length,
      });
    });
  }
  return outcome;
}
