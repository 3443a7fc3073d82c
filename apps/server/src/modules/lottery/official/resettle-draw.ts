import { trialMemberType } from '@lotus/contract';
import type { LotteryFamily, LotteryResult } from '@lotus/fair';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { memberTypeOf } from '../../identity/index.ts';
import { adjustRoundPayout } from '../../bet-records/index.ts';
import { lockedMemberBalance, postTransfers } from '../../ledger/index.ts';
import { merchantCurrencyOf } from '../../merchant/index.ts';
import { lotteryOrderStatus } from '../lottery.tables.ts';
import { lotteryRoundId, lotteryVendorCode } from '../place-orders.ts';
import { cappedWins, refundStoppedChases } from '../settle-draws.ts';
import { sendChaseNotices, type ChaseNotice } from './chase-notices.ts';

/** The ledger kind of a correction's posting (contract ledgerTransferKinds). */
export const lotteryResultCorrectionKind = 'lottery.result_correction';

/** The ledger key of a correction's posting to one member: once per correction and member. */
export const lotteryCorrectionKey = (entryId: bigint, memberId: bigint) => `LOTTO-C-${entryId}-${memberId}`;

/** What re-settling did, for the audit row and the answer. */
export interface Resettlement {
  orders: number;
  members: number;
  creditedMinor: bigint;
  debitedMinor: bigint;
  unrecoveredMinor: bigint;
  /** Chases the corrected result stopped (their later orders on open draws refunded, status 6). */
  chasesStopped: number;
  /** Chases whose stop the corrected result took back (`win_corrected`, or running/completed again). */
  chasesUnstopped: number;
  /** Orders refunded because their chase now stops. */
  chaseOrdersRefunded: number;
}

type ChaseCorrection = Pick<Resettlement, 'chasesStopped' | 'chasesUnstopped' | 'chaseOrdersRefunded'> & {
  notices: ChaseNotice[];
};

interface SettledOrder {
  id: bigint;
  merchant_id: number;
  member_id: bigint;
  chase_id: bigint | null;
  status: number;
  play_id: number;
  bet_content: string;
  bet_num: number;
  stake_per_unit_minor: bigint;
  multiple: number;
  series: number;
  bet_amount_minor: bigint;
  reduced_numbers: string[];
  win_amount_minor: bigint | null;
}

/**
 * Re-settles a settled draw against a corrected result, inside the caller's transaction that holds the
 * draw row (settleDraw's lock) and the confirmed correction `entryId`. Every won or lost order gets its
 * win again from `orderWinMinor`, capped like the first settlement (a member's wins on the draw at
 * their stake plus the merchant's maximum profit), and its status (4 or 5); each member's total is
 * compared with what the draw paid them (`lottery_member_draw.win_minor`) and ONLY the difference is
 * posted, from the house's lottery account to the member or back, under the key
 * `LOTTO-C-<entry>-<member>` (a rerun of the same correction posts nothing twice). A lowered win takes
 * back at most the member's balance: the rest is recorded as unrecovered, never forced below zero.
 * The member's bet record of the round gets the new payout (the win as corrected). Chases with
 * stop-on-win follow the corrected result (`correctChases`), and their members are told in their
 * inbox, in this transaction (`sendChaseNotices`: once per member and correction).
 */
export async function resettleDraw(
  trx: Transaction<Database>,
  draw: { id: bigint; gameId: number; gameCode: string; numero: string; family: LotteryFamily },
  result: LotteryResult,
  entryId: bigint,
  nowMs: number,
): Promise<Resettlement> {
  const orders: SettledOrder[] = await trx
    .selectFrom('lottery_order')
    .select([
      'id',
      'merchant_id',
      'member_id',
      'chase_id',
      'status',
      'play_id',
      'bet_content',
      'bet_num',
      'stake_per_unit_minor',
      'multiple',
      'series',
      'bet_amount_minor',
      'reduced_numbers',
      'win_amount_minor',
    ])
    .where('draw_id', '=', draw.id)
    .where('status', 'in', [lotteryOrderStatus.won, lotteryOrderStatus.lost])
    .orderBy('member_id')
    .orderBy('id')
    .forUpdate()
    .execute();
  const wins = await cappedWins(trx, draw.gameId, draw.family, result, orders);

  if (orders.length > 0)
    await sql`
      UPDATE lottery_order o
      SET status = CASE WHEN w.win > 0 THEN ${lotteryOrderStatus.won}::int2 ELSE ${lotteryOrderStatus.lost}::int2 END,
          win_amount_minor = w.win
      FROM (SELECT unnest(${orders.map((order) => order.id.toString())}::int8[]) AS id,
                   unnest(${wins.map((win) => win.toString())}::int8[]) AS win) w
      WHERE o.id = w.id`.execute(trx);

  const summary: Resettlement = {
    orders: orders.length,
    members: 0,
    creditedMinor: 0n,
    debitedMinor: 0n,
    unrecoveredMinor: 0n,
    chasesStopped: 0,
    chasesUnstopped: 0,
    chaseOrdersRefunded: 0,
  };
  const chases = await correctChases(trx, orders, wins, nowMs);
  summary.chasesStopped = chases.chasesStopped;
  summary.chasesUnstopped = chases.chasesUnstopped;
  summary.chaseOrdersRefunded = chases.chaseOrdersRefunded;
  await sendChaseNotices(trx, draw, entryId, chases.notices, nowMs);
  const roundId = lotteryRoundId(draw.gameCode, draw.numero);
  for (let start = 0; start < orders.length;) {
    const first = orders[start]!;
    let end = start;
    let newWin = 0n;
    while (end < orders.length && orders[end]!.member_id === first.member_id) {
      newWin += wins[end]!;
      end += 1;
    }
    start = end;
    summary.members += 1;
    const memberDraw = await trx
      .selectFrom('lottery_member_draw')
      .select('win_minor')
      .where('draw_id', '=', draw.id)
      .where('member_id', '=', first.member_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const oldWin = memberDraw.win_minor ?? 0n;
    const difference = newWin - oldWin;
    let posted = 0n;
    let unrecovered = 0n;
    if (difference !== 0n) {
      const { currency, account } = await memberAccountOf(trx, first.merchant_id, first.member_id);
      posted = difference;
      if (difference < 0n) {
        const balance = await lockedMemberBalance(trx, first.merchant_id, currency, {
          kind: account,
          memberId: first.member_id,
        });
        const taken = balance < -difference ? balance : -difference;
        unrecovered = -difference - taken;
        posted = -taken;
      }
      if (posted !== 0n) {
        const house = { kind: 'house_game' as const, subKey: lotteryVendorCode };
        const member = { kind: account, memberId: first.member_id };
        await postTransfers(trx, {
          merchantId: first.merchant_id,
          currency,
          idempotency: { source: `vendor:${lotteryVendorCode}`, key: lotteryCorrectionKey(entryId, first.member_id) },
          transfers: [
            {
              debit: posted > 0n ? house : member,
              credit: posted > 0n ? member : house,
              amount: posted > 0n ? posted : -posted,
              kind: lotteryResultCorrectionKind,
              reference: `${lotteryVendorCode}:${roundId}`,
            },
          ],
          nowMs,
        });
      }
      await trx
        .updateTable('lottery_member_draw')
        .set({ win_minor: newWin })
        .where('draw_id', '=', draw.id)
        .where('member_id', '=', first.member_id)
        .execute();
      // The round's record shows the win as corrected (reports, turnover and salaries read it).
      await adjustRoundPayout(
        trx,
        { merchantId: first.merchant_id, vendorCode: lotteryVendorCode, roundId, memberId: first.member_id },
        difference,
        nowMs,
      );
    }
    if (posted > 0n) summary.creditedMinor += posted;
    else summary.debitedMinor -= posted;
    summary.unrecoveredMinor += unrecovered;
    await trx
      .insertInto('lottery_result_correction_line')
      .values({
        entry_id: entryId,
        merchant_id: first.merchant_id,
        member_id: first.member_id,
        old_win_minor: oldWin,
        new_win_minor: newWin,
        posted_minor: posted,
        unrecovered_minor: unrecovered,
      })
      .execute();
  }
  return summary;
}

/** The merchant's currency and the member's wallet a lottery bet was taken from (a trial member's own). */
async function memberAccountOf(
  trx: Transaction<Database>,
  merchantId: number,
  memberId: bigint,
): Promise<{ currency: string; account: 'member_main' | 'member_trial' }> {
  const { rows } = await sql<{ currency: string; member_type: number }>`
    SELECT ${merchantCurrencyOf(sql.val(merchantId))} AS currency, ${memberTypeOf(sql.val(memberId))} AS member_type`.execute(
    trx,
  );
  const row = rows[0]!;
  return { currency: row.currency, account: row.member_type === trialMemberType ? 'member_trial' : 'member_main' };
}

/**
 * Keeps stop-on-win chases consistent with a corrected result (official/README.md "Corrections and
 * chases"), in the correction's transaction, after the draw's orders got their corrected status:
 * - a chase whose order on the draw now wins stops (`won_stopped`, from `running` or `win_corrected`):
 *   its waiting orders on draws still open and before their lock are refunded as settlement's stop
 *   refunds them (`refundStoppedChases`, status 6); orders on draws already locked or drawn stay;
 * - a chase stopped (`won_stopped`) that no longer has any winning order (the win that stopped it was
 *   taken back): the orders the stop refunded stay refunded, never debited again; the chase becomes
 *   `win_corrected` (the member's orders say why), or `running` / `completed` if the stop had refunded
 *   nothing (orders still waiting, or none).
 * Exactly once: the chase UPDATEs' status guards and refundOrders' waiting guard make a second pass
 * (a rerun, or a second instance after the first committed: the draw row lock orders them) change
 * nothing; the chase rows are locked first, so corrections of two draws of one chase take turns.
 */
async function correctChases(
  trx: Transaction<Database>,
  orders: readonly SettledOrder[],
  wins: readonly bigint[],
  nowMs: number,
): Promise<ChaseCorrection> {
  const wonBefore = new Set<bigint>();
  const wonNow = new Set<bigint>();
  orders.forEach((order, index) => {
    if (order.chase_id === null) return;
    if (order.status === lotteryOrderStatus.won) wonBefore.add(order.chase_id);
    if (wins[index]! > 0n) wonNow.add(order.chase_id);
  });
  const done: ChaseCorrection = { chasesStopped: 0, chasesUnstopped: 0, chaseOrdersRefunded: 0, notices: [] };
  const noticeOf = (merchantId: number, memberId: bigint) => {
    let notice = done.notices.find((item) => item.memberId === memberId);
    if (!notice) {
      notice = { merchantId, memberId, stopped: { chases: 0, ordersRefunded: 0, refundMinor: 0n }, winCorrected: 0 };
      done.notices.push(notice);
    }
    return notice;
  };
  const touched = [...new Set([...wonBefore, ...wonNow])].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  if (touched.length === 0) return done;
  // The chase rows first, in id order: a correction of another draw of the same chase (holding only its
  // own draw row) waits here, and reads this one's orders and refunds once it has committed.
  await trx.selectFrom('lottery_chase').select('id').where('id', 'in', touched).orderBy('id').forUpdate().execute();
  if (wonNow.size > 0) {
    const stopping = await trx
      .updateTable('lottery_chase')
      .set({ status: 'won_stopped' })
      .where('id', 'in', [...wonNow])
      .where('stop_on_win', '=', true)
      .where('status', 'in', ['running', 'win_corrected'])
      .returning(['id', 'merchant_id', 'member_id'])
      .execute();
    const ids = stopping.map((chase) => chase.id);
    const refunded = await refundStoppedChases(trx, ids, nowMs, { openBeforeMs: nowMs });
    done.chasesStopped = ids.length;
    done.chaseOrdersRefunded = refunded.length;
    if (refunded.length > 0) {
      // Each refunded order's chase, hence its member: the notice counts the member's orders and stakes.
      const chaseOfOrder = new Map(
        (
          await trx
            .selectFrom('lottery_order')
            .select(['id', 'chase_id'])
            .where(
              'id',
              'in',
              refunded.map((order) => order.orderId),
            )
            .execute()
        ).map((row) => [row.id, row.chase_id]),
      );
      const chaseById = new Map(stopping.map((chase) => [chase.id, chase]));
      const counted = new Set<bigint>();
      for (const order of refunded) {
        const chase = chaseById.get(chaseOfOrder.get(order.orderId) ?? -1n);
        if (!chase) continue;
        const notice = noticeOf(chase.merchant_id, chase.member_id);
        if (!counted.has(chase.id)) notice.stopped.chases += 1;
        counted.add(chase.id);
        notice.stopped.ordersRefunded += 1;
        notice.stopped.refundMinor += order.refundMinor;
      }
    }
  }
  const lostNow = [...wonBefore].filter((chaseId) => !wonNow.has(chaseId));
  if (lostNow.length > 0) {
    const { rows } = await sql<{ id: bigint; merchant_id: number; member_id: bigint; status: string }>`
      UPDATE lottery_chase c
      SET status = CASE
        WHEN EXISTS (SELECT 1 FROM lottery_order o WHERE o.chase_id = c.id AND o.status = ${lotteryOrderStatus.chaseStopped})
          THEN 'win_corrected'
        WHEN EXISTS (SELECT 1 FROM lottery_order o WHERE o.chase_id = c.id AND o.status = ${lotteryOrderStatus.waiting})
          THEN 'running'
        ELSE 'completed' END
      WHERE c.id = ANY (${lostNow.map(String)}::int8[]) AND c.stop_on_win AND c.status = 'won_stopped'
        AND NOT EXISTS (SELECT 1 FROM lottery_order o WHERE o.chase_id = c.id AND o.status = ${lotteryOrderStatus.won})
      RETURNING c.id, c.merchant_id, c.member_id, c.status`.execute(trx);
    done.chasesUnstopped = rows.length;
    for (const row of rows)
      if (row.status === 'win_corrected') noticeOf(row.merchant_id, BigInt(row.member_id)).winCorrected += 1;
  }
  return done;
}
