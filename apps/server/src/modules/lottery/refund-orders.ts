import type { LotteryFamily } from '@lotus/fair';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { postTransfers } from '../ledger/index.ts';
import { merchantCurrencyOf } from '../merchant/index.ts';
import { rollbackInHouseBet } from '../seamless-wallet/index.ts';
import { lotteryOrderStatus, type LotteryOrderStatus } from './lottery.tables.ts';
import { orderBookLines, type PricedOrder } from './order-plays.ts';
import { lotteryBetTransactionId, lotteryRoundId, lotteryVendorCode } from './place-orders.ts';

/** A waiting order to give back, with what its refund needs. */
export interface RefundableOrder extends PricedOrder {
  id: bigint;
  merchant_id: number;
  member_id: bigint;
  draw_id: bigint;
  numero: string;
  game_code: string;
  family: LotteryFamily;
  currency: string;
}

/** The ledger kind of a cancellation fee (the original's transaction type 4208). */
export const lotteryCancelFeeKind = 'lottery.cancel_fee';

/**
 * Gives back waiting orders, inside the caller's transaction: each order's bet rolled back through the
 * seamless wallet (once: its rollback id is the order's), a fee taken back from the member when one is
 * due, the member's stake on the draw and the book's lines lowered, the order marked with `status`
 * (8 cancelled by the player, 6 stopped by its chase, 12 refunded with its draw). Only orders still
 * waiting are touched (the UPDATE's guard): a second call for the same order does nothing.
 */
export async function refundOrders(
  trx: Transaction<Database>,
  orders: readonly RefundableOrder[],
  status: Extract<LotteryOrderStatus, 6 | 8 | 12>,
  nowMs: number,
  feeOf: (order: RefundableOrder) => bigint = () => 0n,
): Promise<{ orderId: bigint; refundMinor: bigint; feeMinor: bigint }[]> {
  const done: { orderId: bigint; refundMinor: bigint; feeMinor: bigint }[] = [];
  for (const order of orders) {
    const fee = feeOf(order);
    const marked = await trx
      .updateTable('lottery_order')
      .set({ status, cancelled_at: new Date(nowMs), fee_minor: fee })
      .where('id', '=', order.id)
      .where('status', '=', lotteryOrderStatus.waiting)
      .returning('id')
      .executeTakeFirst();
    if (!marked) continue;
    await rollbackInHouseBet(trx, {
      merchantId: order.merchant_id,
      currency: order.currency,
      memberId: order.member_id,
      vendorCode: lotteryVendorCode,
      gameId: order.game_code,
      roundId: lotteryRoundId(order.game_code, order.numero),
      transactionId: `LOTTO-R-${order.id}`,
      betTransactionId: lotteryBetTransactionId(order.id),
      nowMs,
    });
    if (fee > 0n)
      await postTransfers(trx, {
        merchantId: order.merchant_id,
        currency: order.currency,
        idempotency: { source: `vendor:${lotteryVendorCode}`, key: `LOTTO-F-${order.id}` },
        transfers: [
          {
            debit: { kind: 'member_main', memberId: order.member_id },
            credit: { kind: 'house_game', subKey: lotteryVendorCode },
            amount: fee,
            kind: lotteryCancelFeeKind,
            reference: `${lotteryVendorCode}:${lotteryRoundId(order.game_code, order.numero)}`,
          },
        ],
        nowMs,
      });
    await trx
      .updateTable('lottery_member_draw')
      .set({ stake_minor: sql`stake_minor - ${order.bet_amount_minor}` })
      .where('draw_id', '=', order.draw_id)
      .where('member_id', '=', order.member_id)
      .execute();
    for (const line of orderBookLines(order.family, order))
      await trx
        .updateTable('lottery_exposure')
        .set({
          stake_minor: sql`greatest(stake_minor - ${line.stakeMinor}, 0)`,
          payout_minor: sql`greatest(payout_minor - ${line.payoutMinor}, 0)`,
        })
        .where('merchant_id', '=', order.merchant_id)
        .where('draw_id', '=', order.draw_id)
        .where('play_code', '=', line.playCode)
        .where('number', '=', line.number)
        .execute();
    done.push({ orderId: order.id, refundMinor: order.bet_amount_minor - fee, feeMinor: fee });
  }
  return done;
}

/** The waiting orders matching `where`, with what refundOrders needs. */
export function refundableOrdersQuery(trx: Transaction<Database>) {
  return trx
    .selectFrom('lottery_order as o')
    .innerJoin('lottery_draw as d', 'd.id', 'o.draw_id')
    .innerJoin('lottery_game as g', 'g.id', 'o.game_id')
    .select([
      'o.id',
      'o.merchant_id',
      'o.member_id',
      'o.draw_id',
      'o.game_id',
      'o.play_id',
      'o.bet_content',
      'o.bet_num',
      'o.stake_per_unit_minor',
      'o.multiple',
      'o.series',
      'o.bet_amount_minor',
      'o.reduced_numbers',
      'o.chase_id',
      'd.numero',
      'd.locks_at',
      'g.code as game_code',
      'g.family',
      merchantCurrencyOf(sql.ref('o.merchant_id')).as('currency'),
    ])
    .where('o.status', '=', lotteryOrderStatus.waiting);
}
