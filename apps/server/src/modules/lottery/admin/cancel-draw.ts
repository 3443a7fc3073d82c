import {
  adminLotteryErrorCodes,
  formatMinorUnits,
  type AdminLotteryCancelDrawRequest,
  type AdminLotteryCancelDrawResult,
} from '@lotus/contract';
import type { LotteryFamily } from '@lotus/fair';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { recordAudit } from '../../backoffice/index.ts';
import { lotteryOrderStatus } from '../lottery.tables.ts';
import { refundableOrdersQuery, refundOrders } from '../refund-orders.ts';
import { isDrawCancellable } from './book-admin.ts';
import type { LotteryActor } from './settings-admin.ts';

/**
 * An operator cancels a draw for the merchant (issue 18 "Draw lifecycle": a draw whose result never
 * comes): every waiting order of the merchant on it is refunded through the seamless wallet and marked
 * 12, in one transaction with the audit row (`lottery.draw.cancel`, the reason and what was refunded).
 *
 * The draw row is shared by every merchant, so its status is left as it is: only this merchant's
 * orders change. The row is locked FOR UPDATE for the transaction, as settlement locks it: a
 * settlement running now finishes first (the draw is then settled and the cancel refused, 409
 * `lottery.draw.settled`), one starting later finds no waiting order of this merchant. A draw still
 * taking bets is refused (409 `lottery.draw.still.open`): after its lock no order can arrive, so a
 * second cancel finds nothing to refund (refundOrders touches only waiting orders) and answers 0.
 */
export async function cancelDraw(
  db: Kysely<Database>,
  actor: LotteryActor,
  body: AdminLotteryCancelDrawRequest,
): Promise<AdminLotteryCancelDrawResult> {
  return db.transaction().execute(async (trx) => {
    const draw = await trx
      .selectFrom('lottery_draw')
      .select(['id', 'status', 'locks_at'])
      .where('game_id', '=', body.gameId)
      .where('numero', '=', body.numero)
      .forUpdate()
      .executeTakeFirst();
    if (!draw) throw new AppError(404, 'not.found', { field: 'numero', params: { field: 'numero' } });
    if (draw.status === 'settled') throw new AppError(409, adminLotteryErrorCodes.drawSettled, { field: 'numero' });
    if (!isDrawCancellable(draw, actor.nowMs))
      throw new AppError(409, adminLotteryErrorCodes.drawStillOpen, { field: 'numero' });
    const orders = await refundableOrdersQuery(trx)
      .where('o.merchant_id', '=', actor.merchantId)
      .where('o.draw_id', '=', draw.id)
      .orderBy('o.member_id')
      .orderBy('o.id')
      .execute();
    const refunded = await refundOrders(
      trx,
      orders.map((order) => ({ ...order, family: order.family as LotteryFamily })),
      lotteryOrderStatus.refunded,
      actor.nowMs,
    );
    const refundedIds = new Set(refunded.map((order) => order.orderId));
    const members = new Set(orders.filter((order) => refundedIds.has(order.id)).map((order) => order.member_id));
    const result: AdminLotteryCancelDrawResult = {
      drawId: draw.id.toString(),
      refundedOrders: refunded.length,
      refundedAmount: formatMinorUnits(refunded.reduce((sum, order) => sum + order.refundMinor, 0n)),
      members: members.size,
    };
    await recordAudit(trx, {
      ...actor,
      action: 'lottery.draw.cancel',
      targetType: 'lottery_draw',
      targetId: draw.id,
      before: { gameId: body.gameId, numero: body.numero, drawStatus: draw.status, waitingOrders: orders.length },
      after: { reason: body.reason, ...result },
    });
    return result;
  });
}
