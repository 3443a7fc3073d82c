import { formatMinorUnits } from '@lotus/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { OperatorActionContext } from './operator-action-context.ts';
import type { SecondApprovalRow, WithdrawalRow } from './withdrawal-view.ts';

/**
 * The first half of four-eyes for payouts: an approval above the merchant's threshold is kept as a
 * request (its reference and slip with it) instead of paying. The withdrawal stays `pending`, so the
 * member still reads "in review"; withdrawal-second-approval.ts holds the second operator's answers.
 */

/** The request waiting on this withdrawal, if any (at most one: a partial unique index). Call under the row's lock. */
export async function findOpenSecondApproval(
  trx: Transaction<Database>,
  withdrawalId: bigint,
  options: { lock?: boolean } = {},
): Promise<SecondApprovalRow | null> {
  const query = trx
    .selectFrom('withdrawal_second_approval')
    .selectAll()
    .where('withdrawal_id', '=', withdrawalId)
    .where('status', '=', 'pending');
  return (await (options.lock ? query.forUpdate() : query).executeTakeFirst()) ?? null;
}

/** Records the request of the operator in `context` on a locked pending withdrawal, with its audit row. */
export async function requestSecondApproval(
  trx: Transaction<Database>,
  context: OperatorActionContext,
  row: WithdrawalRow,
  payout: { reference: string; slipId: bigint | null; thresholdMinor: bigint },
): Promise<SecondApprovalRow> {
  const request = await trx
    .insertInto('withdrawal_second_approval')
    .values({
      merchant_id: context.merchantId,
      withdrawal_id: row.id,
      threshold_amount: payout.thresholdMinor,
      payout_reference: payout.reference,
      payout_slip_id: payout.slipId,
      requested_by: context.operatorId,
      requested_at: new Date(context.nowMs),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await context.audit(trx, {
    action: 'withdrawal.approval.request',
    targetId: row.id,
    before: { status: row.status, secondApproval: null },
    after: {
      status: row.status,
      secondApproval: 'pending',
      secondApprovalId: String(request.id),
      amount: formatMinorUnits(row.amount),
      threshold: formatMinorUnits(payout.thresholdMinor),
      reference: payout.reference,
      slip: payout.slipId !== null,
    },
  });
  return request;
}
