import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ScheduledJob } from '../../jobs/job-runner.ts';
import { findMerchant } from '../merchant/index.ts';
import { DemoPayGateway } from './demopay/demopay-gateway.ts';
import { createDemoPayAdapter } from './gateways/demopay.ts';
import type { PaymentGateways } from './gateways/payment-gateway.ts';
import { gatewayMerchantOf } from './gateway-merchant.ts';
import { unusedProofRetentionMs } from './proofs.ts';
import { approveLockedDeposit, gatewayFailedReason, lockDeposit, rejectLockedDeposit } from './settle-deposit.ts';

/** Gateway deposits looked at per run: each may ask its gateway, so a run stays short. */
const gatewayBatch = 200;

/**
 * The `deposits.expire` job. Pending BANK and PROMPTPAY deposits past their time that their member
 * never said were paid expire in one statement; a deposit said paid (a slip, "I have paid") never
 * expires: it waits for an operator, flagged overdue in the queue (a member's money is never turned
 * away because nobody looked in time). BANK deposits are said paid when made, with their slip. A pending gateway deposit past its time is first asked of its gateway, because its
 * callback may simply have been lost: paid → approved (credited), failed → rejected, anything else
 * → expired. A signed success arriving later still approves an expired gateway deposit (see
 * gateway-callback.ts): the member's money reached the gateway, so it is never kept from them.
 * Proofs that no deposit used are deleted a day after upload.
 */
export async function expireDeposits(
  db: Kysely<Database>,
  gateways: PaymentGateways,
  nowMs: number,
): Promise<Record<string, number>> {
  const now = new Date(nowMs);
  const manual = await db
    .updateTable('deposit')
    .set({ status: 'expired', settled_at: now })
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .where('method_code', 'in', ['BANK', 'PROMPTPAY'])
    // Re-checked on a row a member's "I have paid" changed meanwhile (READ COMMITTED re-evaluates the WHERE).
    .where('paid_at', 'is', null)
    .executeTakeFirst();

  const due = await db
    .selectFrom('deposit')
    .select(['id', 'merchant_id', 'method_code', 'gateway_payment_id'])
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .where('method_code', 'not in', ['BANK', 'PROMPTPAY'])
    .orderBy('expires_at')
    .limit(gatewayBatch)
    .execute();
  const counts = { expired: Number(manual.numUpdatedRows), gatewayExpired: 0, gatewayApproved: 0, gatewayRejected: 0 };
  for (const candidate of due) {
    const gateway = gateways.get(candidate.method_code);
    let status: 'pending' | 'paid' | 'failed' | 'unknown' = 'unknown';
    if (gateway && candidate.gateway_payment_id !== null) {
      const merchant = await findMerchant(db, { id: candidate.merchant_id });
      status = merchant
        ? await gateway
            .queryStatus({ merchant: gatewayMerchantOf(merchant), paymentId: candidate.gateway_payment_id })
            .catch(() => 'unknown' as const)
        : 'unknown';
    }
    await db.transaction().execute(async (trx) => {
      const deposit = await lockDeposit(trx, candidate.merchant_id, candidate.id);
      // A callback may have settled it while we asked.
      if (!deposit || deposit.status !== 'pending') return;
      if (status === 'paid') {
        await approveLockedDeposit(trx, deposit, nowMs, null);
        counts.gatewayApproved += 1;
      } else if (status === 'failed') {
        await rejectLockedDeposit(trx, deposit, nowMs, gatewayFailedReason, null);
        counts.gatewayRejected += 1;
      } else {
        await trx
          .updateTable('deposit')
          .set({ status: 'expired', settled_at: now })
          .where('id', '=', deposit.id)
          .execute();
        counts.gatewayExpired += 1;
      }
    });
  }

  const proofs = await db
    .deleteFrom('deposit_proof')
    .where('created_at', '<=', new Date(nowMs - unusedProofRetentionMs))
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('deposit').select('deposit.id').whereRef('deposit.proof_id', '=', 'deposit_proof.id')),
      ),
    )
    .executeTakeFirst();
  return { ...counts, unusedProofsDeleted: Number(proofs.numDeletedRows) };
}

export const expireDepositsJobName = 'deposits.expire';

/**
 * The scheduled job, every minute. Its gateways only answer status queries (DEMOPAY reads its own
 * book), so it needs no listening server; in production no DEMOPAY deposit can exist to ask about.
 */
export function expireDepositsJob(db: Kysely<Database>, now: () => number): ScheduledJob {
  const demoPay = new DemoPayGateway({ db, now, callbackOrigin: () => null });
  const gateways: PaymentGateways = new Map([['DEMOPAY', createDemoPayAdapter(demoPay)]]);
  return { name: expireDepositsJobName, cron: '* * * * *', run: () => expireDeposits(db, gateways, now()) };
}
