import { formatMinorUnits } from '@lotus/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { sendSystemMessages, type SystemMessage } from '../../inbox/index.ts';
import { findMerchant } from '../../merchant/index.ts';

/** What a correction did to one member's stop-on-win chases (resettle-draw.ts correctChases), for their inbox. */
export interface ChaseNotice {
  merchantId: number;
  memberId: bigint;
  /** The member's chases this correction stopped, their orders refunded (count and stakes). */
  stopped: { chases: number; ordersRefunded: number; refundMinor: bigint };
  /** The member's chases whose stopping win this correction took back (`win_corrected`). */
  winCorrected: number;
}

/** The inbox message's cause: one per kind, correction (result entry) and member. */
export const chaseNoticeKey = (kind: 'stopped' | 'winCorrected', entryId: bigint, memberId: bigint) =>
  `lottery.chase.${kind}:${entryId}:${memberId}`;

/**
 * Tells members in their inbox what a correction did to their stop-on-win chases (official/README.md
 * "Corrections and chases"), in the correction's transaction: a rolled-back correction leaves no
 * message. `lottery.chase.stopped` when it stopped a chase and refunded its later orders (how many, how
 * much); `lottery.chase.winCorrected` when it took back the win that had stopped a chase (the refunded
 * orders stay refunded). Each keyed by the correction's entry and the member, so one message of a kind
 * per member and correction, and a rerun writes none twice. A stop that refunded nothing, or a chase
 * that simply runs (or completes) again, changes nothing the member has to act on: no message.
 */
export async function sendChaseNotices(
  trx: Transaction<Database>,
  draw: { gameId: number; numero: string },
  entryId: bigint,
  notices: readonly ChaseNotice[],
  nowMs: number,
): Promise<void> {
  const told = notices.filter((notice) => notice.stopped.ordersRefunded > 0 || notice.winCorrected > 0);
  if (told.length === 0) return;
  const game = await trx
    .selectFrom('lottery_game')
    .select(['name_th', 'name_en'])
    .where('id', '=', draw.gameId)
    .executeTakeFirstOrThrow();
  const currencies = new Map<number, string>();
  for (const merchantId of new Set(told.map((notice) => notice.merchantId)))
    currencies.set(merchantId, (await findMerchant(trx, { id: merchantId }))?.currency ?? '');
  const names = { gameTh: game.name_th, gameEn: game.name_en, numero: draw.numero };
  const messages: SystemMessage[] = told.flatMap((notice): SystemMessage[] => [
    ...(notice.stopped.ordersRefunded > 0
      ? [
          {
            merchantId: notice.merchantId,
            memberId: notice.memberId,
            template: 'lottery.chase.stopped' as const,
            params: {
              ...names,
              orders: String(notice.stopped.ordersRefunded),
              amount: formatMinorUnits(notice.stopped.refundMinor),
              currency: currencies.get(notice.merchantId) ?? '',
            },
            sourceKey: chaseNoticeKey('stopped', entryId, notice.memberId),
            nowMs,
          },
        ]
      : []),
    ...(notice.winCorrected > 0
      ? [
          {
            merchantId: notice.merchantId,
            memberId: notice.memberId,
            template: 'lottery.chase.winCorrected' as const,
            params: names,
            sourceKey: chaseNoticeKey('winCorrected', entryId, notice.memberId),
            nowMs,
          },
        ]
      : []),
  ]);
  await sendSystemMessages(trx, messages);
}
