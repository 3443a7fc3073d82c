import { formatMinorUnits, lotteryErrorCodes, type LotteryCancelResult } from '@lotus/contract';
import type { LotteryFamily } from '@lotus/fair';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { memberBalance } from '../ledger/index.ts';
import { findGameSetting } from './game-settings.ts';
import { lotteryOrderStatus } from './lottery.tables.ts';
import { cancelFeeMinor } from './member-orders.ts';
import { refundableOrdersQuery, refundOrders } from './refund-orders.ts';

export interface CancellingMember {
  merchantId: number;
  memberId: bigint;
  currency: string;
  isTrial: boolean;
}

/**
 * POST lgw_orders_suborders_cancel (README "Cancellation"): the member cancels waiting orders of their
 * own before their draw's lock, where the game allows it; each is refunded less the game's fee (none
 * for a trial account, whose stake came from the trial wallet) and becomes status 8. A chase is
 * cancelled from its end: an order of a chase is taken only when every later order of the chase is
 * cancelled in the same call or already over. All or nothing: one order that cannot be cancelled
 * refuses the call, naming why. An id that is not the member's answers as if it did not exist.
 */
export async function cancelMemberOrders(
  db: Kysely<Database>,
  member: CancellingMember,
  orderIds: readonly bigint[],
  nowMs: number,
): Promise<LotteryCancelResult> {
  const ids = [...new Set(orderIds)].sort((a, b) => (a < b ? -1 : 1));
  const cancelled = await db.transaction().execute(async (trx) => {
    // The draws first, share-locked as a bet takes them: their settlement (which locks the draw, then
    // its orders) waits for this call, and this call never waits on an order settlement holds.
    const draws = await trx
      .selectFrom('lottery_order')
      .select('draw_id')
      .distinct()
      .where('merchant_id', '=', member.merchantId)
      .where('member_id', '=', member.memberId)
      .where('id', 'in', ids)
      .execute();
    if (draws.length > 0)
      await trx
        .selectFrom('lottery_draw')
        .select('id')
        .where(
          'id',
          'in',
          draws.map((draw) => draw.draw_id),
        )
        .orderBy('id')
        .forShare()
        .execute();
    const all = await trx
      .selectFrom('lottery_order')
      .select(['id', 'status', 'chase_id'])
      .where('merchant_id', '=', member.merchantId)
      .where('member_id', '=', member.memberId)
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
    if (all.length !== ids.length)
      throw new AppError(404, 'not.found', { field: 'orderDetailId', params: { field: 'orderDetailId' } });
    if (all.some((order) => order.status !== lotteryOrderStatus.waiting))
      throw new AppError(409, lotteryErrorCodes.orderCancelled, { field: 'orderDetailId' });
    const orders = await refundableOrdersQuery(trx).where('o.id', 'in', ids).orderBy('o.id').execute();
    const feeBpsOf = new Map<bigint, number>();
    for (const order of orders) {
      const setting = await findGameSetting(trx, member.merchantId, order.game_id);
      if (!setting.allow_cancel || order.locks_at.getTime() <= nowMs)
        throw new AppError(409, lotteryErrorCodes.cancelNotAvailable, { field: 'orderDetailId' });
      feeBpsOf.set(order.id, setting.cancel_fee_bps);
    }
    await checkChasesFromTheEnd(trx, all, ids);
    return refundOrders(
      trx,
      orders.map((order) => ({ ...order, family: order.family as LotteryFamily })),
      lotteryOrderStatus.cancelled,
      nowMs,
      (order) => (member.isTrial ? 0n : cancelFeeMinor(order.bet_amount_minor, feeBpsOf.get(order.id) ?? 0)),
    );
  });
  const balance = await memberBalance(db, member.merchantId, member.currency, {
    kind: member.isTrial ? 'member_trial' : 'member_main',
    memberId: member.memberId,
  });
  return {
    cancelled: cancelled.map((order) => ({
      orderId: order.orderId.toString(),
      refund: formatMinorUnits(order.refundMinor),
      fee: formatMinorUnits(order.feeMinor),
    })),
    balance: formatMinorUnits(balance),
  };
}

/** Refuses a chase's order while a later order of its chase stays waiting and is not in this call. */
async function checkChasesFromTheEnd(
  trx: Transaction<Database>,
  orders: readonly { id: bigint; chase_id: bigint | null }[],
  ids: readonly bigint[],
): Promise<void> {
  const chaseIds = [...new Set(orders.flatMap((order) => (order.chase_id === null ? [] : [order.chase_id])))];
  if (chaseIds.length === 0) return;
  const waiting = await trx
    .selectFrom('lottery_order')
    .select(['id', 'chase_id'])
    .where('chase_id', 'in', chaseIds)
    .where('status', '=', lotteryOrderStatus.waiting)
    .execute();
  const asked = new Set(ids.map(String));
  for (const order of orders) {
    if (order.chase_id === null) continue;
    const laterKept = waiting.some(
      (other) => other.chase_id === order.chase_id && other.id > order.id && !asked.has(other.id.toString()),
    );
    if (laterKept) throw new AppError(409, lotteryErrorCodes.chaseNotLast, { field: 'orderDetailId' });
  }
}
