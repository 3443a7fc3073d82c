import { formatMinorUnits } from '@lotus/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { sendSystemMessages, type SystemMessage } from '../inbox/index.ts';
import { findMerchant } from '../merchant/index.ts';
import type { ClaimRow, PromotionRow } from './promotion-view.ts';

/**
 * Tells members in their inbox that a reward waits for their claim, in the transaction that issued
 * it (a rolled-back grant leaves no message). Keyed by the reward, so a replay writes none twice.
 */
export async function notifyIssued(
  trx: Transaction<Database>,
  promotion: PromotionRow,
  claims: readonly ClaimRow[],
  nowMs: number,
): Promise<void> {
  if (claims.length === 0) return;
  const currency = (await findMerchant(trx, { id: promotion.merchant_id }))?.currency ?? '';
  const messages: SystemMessage[] = claims.map((claim) => ({
    merchantId: promotion.merchant_id,
    memberId: claim.member_id,
    template: 'promotion.issued',
    params: {
      nameTh: promotion.name_th,
      nameEn: promotion.name_en,
      amount: formatMinorUnits(claim.amount ?? 0n),
      currency,
    },
    sourceKey: `promotion.issued:${claim.id}`,
    nowMs,
  }));
  await sendSystemMessages(trx, messages);
}

/** Tells the member its application was rejected, with the operator's remark. */
export async function notifyRejected(
  trx: Transaction<Database>,
  promotion: PromotionRow,
  claim: ClaimRow,
  remark: string,
  nowMs: number,
): Promise<void> {
  await sendSystemMessages(trx, [
    {
      merchantId: promotion.merchant_id,
      memberId: claim.member_id,
      template: 'promotion.rejected',
      params: { nameTh: promotion.name_th, nameEn: promotion.name_en, remark },
      sourceKey: `promotion.rejected:${claim.id}`,
      nowMs,
    },
  ]);
}
