import { withdrawalErrorCodes, type AdminSecondApprovalPage, type SecondApprovalStatus } from '@lotus/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { listOperatorNames } from '../backoffice/index.ts';
import { describe } from './list-withdrawals.ts';
import { findOpenSecondApproval } from './second-approval-request.ts';
import {
  lockWithdrawal,
  payoutTransfers,
  settleReview,
  unknownForOperator,
  type OperatorActionContext,
} from './withdrawal-transitions.ts';
import { toSecondApproval, withdrawalColumns, type SecondApprovalRow, type WithdrawalRow } from './withdrawal-view.ts';

/**
 * The second half of four-eyes for payouts (`approvals.review`). A payout above the merchant's
 * threshold waits as a `withdrawal_second_approval` request; another operator than the one who asked
 * either confirms it (the withdrawal is paid then, with the reference and slip given, through the
 * same settlement as a direct approval) or returns it to review with a reason.
 *
 * Returning does not reject the withdrawal: the first operator may already have sent the transfer
 * at the bank (the reference says so), and refunding the member then would pay twice. The
 * withdrawal goes back to the desk as a plain pending one; an operator rejects it there (the
 * existing reject path releases the held amount, once) or approves it again (a new request).
 *
 * Both lock the withdrawal row first and then the request, like every other transition, so two
 * confirmations at once are served one after the other: the first pays, the second finds nothing
 * waiting (409 `withdrawal.approval.none`).
 */

interface LockedRequest {
  row: WithdrawalRow;
  request: SecondApprovalRow;
}

async function lockRequest(
  trx: Transaction<Database>,
  context: OperatorActionContext,
  withdrawalId: number,
): Promise<LockedRequest> {
  const row = await lockWithdrawal(trx, context.merchantId, withdrawalId);
  if (!row) throw unknownForOperator();
  const request = row.status === 'pending' ? await findOpenSecondApproval(trx, row.id, { lock: true }) : null;
  if (!request) {
    throw new AppError(409, withdrawalErrorCodes.secondApprovalNone, { value: { status: row.status } });
  }
  // The one who asked is never the second pair of eyes, whatever role or permissions they hold.
  if (request.requested_by === context.operatorId) {
    throw new AppError(409, withdrawalErrorCodes.secondApprovalSelfRefused);
  }
  return { row, request };
}

/** POST /admin-api/withdrawals/secondApprovals/confirm: pays the waiting payout, exactly once. */
export function confirmSecondApproval(context: OperatorActionContext, withdrawalId: number): Promise<WithdrawalRow> {
  return context.db.transaction().execute(async (trx) => {
    const { row, request } = await lockRequest(trx, context, withdrawalId);
    const paid = await settleReview(
      trx,
      context,
      row,
      {
        status: 'approved',
        transfers: payoutTransfers(row),
        rejectReason: null,
        payout: { reference: request.payout_reference, slipId: request.payout_slip_id },
      },
      {
        reviewedBy: request.requested_by,
        auditAfter: { secondApprovalId: String(request.id), requestedBy: String(request.requested_by) },
      },
    );
    await trx
      .updateTable('withdrawal_second_approval')
      .set({ status: 'confirmed', decided_by: context.operatorId, decided_at: new Date(context.nowMs) })
      .where('id', '=', request.id)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    await context.audit(trx, {
      action: 'withdrawal.approval.confirm',
      targetId: row.id,
      before: { status: row.status, secondApproval: 'pending', secondApprovalId: String(request.id) },
      after: { status: paid.status, secondApproval: 'confirmed', secondApprovalId: String(request.id) },
    });
    return paid;
  });
}

/** POST /admin-api/withdrawals/secondApprovals/return: back to review with a reason; nothing is paid or released. */
export function returnSecondApproval(
  context: OperatorActionContext,
  withdrawalId: number,
  reason: string,
): Promise<WithdrawalRow> {
  return context.db.transaction().execute(async (trx) => {
    const { row, request } = await lockRequest(trx, context, withdrawalId);
    await trx
      .updateTable('withdrawal_second_approval')
      .set({
        status: 'returned',
        decided_by: context.operatorId,
        decided_at: new Date(context.nowMs),
        decision_reason: reason,
      })
      .where('id', '=', request.id)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    await context.audit(trx, {
      action: 'withdrawal.approval.return',
      targetId: row.id,
      before: { status: row.status, secondApproval: 'pending', secondApprovalId: String(request.id) },
      after: { status: row.status, secondApproval: 'returned', secondApprovalId: String(request.id), reason },
    });
    return row;
  });
}

/** GET /admin-api/withdrawals/secondApprovals: the newest 200 requests of a status with their withdrawals, and the pending count. */
export async function listSecondApprovals(
  db: Kysely<Database>,
  merchantId: number,
  status: SecondApprovalStatus,
  language: 'TH' | 'EN',
): Promise<AdminSecondApprovalPage> {
  const [requests, pending] = await Promise.all([
    db
      .selectFrom('withdrawal_second_approval')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('status', '=', status)
      .orderBy('id', 'desc')
      .limit(200)
      .execute(),
    db
      .selectFrom('withdrawal_second_approval')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('merchant_id', '=', merchantId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
  ]);
  if (requests.length === 0) return { items: [], pending: Number(pending.total) };
  const rows = await db
    .selectFrom('withdrawal')
    .select(withdrawalColumns)
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', [...new Set(requests.map((request) => request.withdrawal_id))])
    .execute();
  const operatorIds = [
    ...new Set(
      requests
        .flatMap((request) => [request.requested_by, request.decided_by])
        .filter((id): id is bigint => id !== null),
    ),
  ];
  const [withdrawals, names] = await Promise.all([describe(db, rows, language), listOperatorNames(db, operatorIds)]);
  const withdrawalOf = new Map(withdrawals.map((withdrawal) => [BigInt(withdrawal.withdrawalId), withdrawal]));
  return {
    items: requests.map((request) => ({
      ...toSecondApproval(request, names),
      withdrawal: withdrawalOf.get(request.withdrawal_id)!,
    })),
    pending: Number(pending.total),
  };
}
