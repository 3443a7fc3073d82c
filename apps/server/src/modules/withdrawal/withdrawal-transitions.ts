import {
  formatMinorUnits,
  payoutReferenceMaxLength,
  payoutReferencePattern,
  withdrawalErrorCodes,
  type Withdrawal,
} from '@lotus/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { findApprovalThresholdMinor } from '../backoffice/index.ts';
import { sendSystemMessage } from '../inbox/index.ts';
import { postTransfers, type TransferRequest } from '../ledger/index.ts';
import type { MemberScope } from './payment-password.ts';
import { readProofImage, type ProofImage } from './proof-image.ts';
import type { OperatorActionContext } from './operator-action-context.ts';
import { findOpenSecondApproval, requestSecondApproval } from './second-approval-request.ts';
import { toWithdrawal, withdrawalColumns, type WithdrawalRow } from './withdrawal-view.ts';
import type { WithdrawalStatus } from './withdrawal.tables.ts';

/**
 * Every step of a withdrawal after its request (spec §4 "Withdrawal confirmation"):
 *
 *   pending ──approve──▶ approved ──member: received / minutes run out / operator──▶ received
 *      │  │                 └──member: not received (proof)──▶ not_received ──operator──▶ received
 *      │  └─approve above the threshold: waits (still pending) ──second operator confirms──▶ approved
 *      │                                                      └──second operator returns──▶ pending
 *      └──reject──▶ rejected
 *
 * Each step locks the row, checks the status it starts from, posts its ledger transfers (approve:
 * held → payable and fee; reject: held → main) and writes the new status in one transaction, so a
 * withdrawal is paid or released once: a second reviewer waits for the lock and then finds the
 * status changed (409). Both review postings share one ledger key per withdrawal
 * (`withdrawal:<id>:review`), so even a bug past the status check could not post both.
 */

type Executor = Kysely<Database> | Transaction<Database>;

export function statusConflict(status: WithdrawalStatus): AppError {
  // The message names the status in words of the member's language, one text per status.
  return new AppError(409, withdrawalErrorCodes.withdrawalStatusConflict, {
    messageKey: `withdrawal.status.conflict.${status}`,
    value: { status },
  });
}

function toBigId(id: number): bigint | null {
  return Number.isSafeInteger(id) && id >= 1 ? BigInt(id) : null;
}

/** The row locked for this transaction, when it belongs to the merchant (and to the member, when given). */
export async function lockWithdrawal(
  trx: Transaction<Database>,
  merchantId: number,
  withdrawalId: number,
  memberId?: bigint,
): Promise<WithdrawalRow | null> {
  const id = toBigId(withdrawalId);
  if (id === null) return null;
  let query = trx
    .selectFrom('withdrawal')
    .select(withdrawalColumns)
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId);
  if (memberId !== undefined) query = query.where('member_id', '=', memberId);
  return (await query.forUpdate().executeTakeFirst()) ?? null;
}

/* ------------------------------------------------------------------------------------------------
 * The member's answer.
 * ---------------------------------------------------------------------------------------------- */

export interface MemberWithdrawalContext {
  db: Kysely<Database>;
  scope: MemberScope;
  language: 'TH' | 'EN';
}

function unknownForMember(): AppError {
  // Another member's id answers exactly like an id that does not exist.
  return new AppError(400, withdrawalErrorCodes.withdrawalUnknown, { field: 'withdrawalId' });
}

/** An approved withdrawal past its deadline counts as received already (the job may simply not have run yet). */
async function closeIfOverdue(trx: Transaction<Database>, row: WithdrawalRow, nowMs: number): Promise<WithdrawalRow> {
  if (row.status !== 'approved' || row.confirm_deadline === null || row.confirm_deadline.getTime() > nowMs) return row;
  return trx
    .updateTable('withdrawal')
    .set({ status: 'received', received_at: new Date(nowMs), received_by: 'auto' })
    .where('id', '=', row.id)
    .where('status', '=', 'approved')
    .returning(withdrawalColumns)
    .executeTakeFirstOrThrow();
}

/** POST /wps/v2/transaction/withdraw/received. Saying it twice is no error: the answer is the closed withdrawal. */
export async function confirmReceived(context: MemberWithdrawalContext, withdrawalId: number): Promise<Withdrawal> {
  const { db, scope } = context;
  const row = await db.transaction().execute(async (trx) => {
    const found = await lockWithdrawal(trx, scope.merchantId, withdrawalId, scope.memberId);
    if (!found) throw unknownForMember();
    if (found.status === 'received') return found;
    if (found.status !== 'approved') throw statusConflict(found.status);
    return trx
      .updateTable('withdrawal')
      .set({ status: 'received', received_at: new Date(scope.nowMs), received_by: 'member' })
      .where('id', '=', found.id)
      .where('status', '=', 'approved')
      .returning(withdrawalColumns)
      .executeTakeFirstOrThrow();
  });
  return toWithdrawal(row, context.language);
}

/**
 * POST /wps/v2/transaction/withdraw/notReceived: the proof is checked before anything is read; the
 * claim is open only while the withdrawal is paid and its minutes have not run out.
 */
export async function reportNotReceived(
  context: MemberWithdrawalContext,
  request: { withdrawalId: number; proofImage: string; remark?: string | undefined },
): Promise<Withdrawal> {
  const { db, scope } = context;
  const proof = readProofImage(request.proofImage);
  const remark = request.remark === undefined || request.remark === '' ? null : request.remark;
  const row = await db.transaction().execute(async (trx) => {
    const found = await lockWithdrawal(trx, scope.merchantId, request.withdrawalId, scope.memberId);
    if (!found) throw unknownForMember();
    const current = await closeIfOverdue(trx, found, scope.nowMs);
    if (current.status !== 'approved') return { conflict: current.status, updated: null };
    const updated = await trx
      .updateTable('withdrawal')
      .set({ status: 'not_received', not_received_at: new Date(scope.nowMs), not_received_remark: remark })
      .where('id', '=', current.id)
      .where('status', '=', 'approved')
      .returning(withdrawalColumns)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('withdrawal_proof')
      .values({
        withdrawal_id: current.id,
        merchant_id: scope.merchantId,
        content_type: proof.contentType,
        content: proof.content,
        created_at: new Date(scope.nowMs),
      })
      .execute();
    return { conflict: null, updated };
  });
  // A late claim still commits the overdue close above, then answers what the withdrawal is now.
  if (row.updated === null) throw statusConflict(row.conflict);
  return toWithdrawal(row.updated, context.language);
}

/* ------------------------------------------------------------------------------------------------
 * The operator's review. `audit` writes the audit row inside the same transaction.
 * ---------------------------------------------------------------------------------------------- */

export type { OperatorActionContext } from './operator-action-context.ts';

export function unknownForOperator(): AppError {
  return new AppError(404, withdrawalErrorCodes.withdrawalUnknown, { field: 'withdrawalId' });
}

/** The ledger key of a withdrawal's review: approve and reject share it, so only one can ever post. */
export function reviewIdempotencyKey(withdrawalId: bigint): string {
  return `withdrawal:${withdrawalId}:review`;
}

/** What paying records besides the money: the bank's reference and, when given, its slip. */
export interface Payout {
  reference: string;
  slip: ProofImage | null;
}

/**
 * The payout reference as stored: trimmed, 1-64 characters of letters, digits, spaces and `. _ / : # -`
 * (what banks print on a transfer), starting with a letter or digit; 400 naming `payoutReference` otherwise.
 */
export function checkPayoutReference(text: string): string {
  const reference = text.trim();
  if (reference === '') throw AppError.badRequest('payoutReference', 'withdrawal.payout.reference.required');
  if (reference.length > payoutReferenceMaxLength || !payoutReferencePattern.test(reference)) {
    throw new AppError(400, withdrawalErrorCodes.payoutReferenceInvalid, {
      field: 'payoutReference',
      params: { max: payoutReferenceMaxLength },
    });
  }
  return reference;
}

/** The payout of an approve request, checked before anything is read or locked. */
export function readPayout(request: { payoutReference: string; payoutSlip?: string | undefined }): Payout {
  const reference = checkPayoutReference(request.payoutReference);
  const slip =
    request.payoutSlip === undefined || request.payoutSlip.trim() === ''
      ? null
      : readProofImage(request.payoutSlip, 'payoutSlip');
  return { reference, slip };
}

/** What a review settles: the new status, its ledger transfers, and the reason or the payout (its slip stored already). */
export interface ReviewDecision {
  status: 'approved' | 'rejected';
  transfers: TransferRequest[];
  rejectReason: string | null;
  payout: { reference: string; slipId: bigint | null } | null;
}

/** Stores a payout slip (apart from the row, so lists never read it); its id goes on the withdrawal when paid. */
export async function storePayoutSlip(
  trx: Transaction<Database>,
  merchantId: number,
  slip: ProofImage | null,
  nowMs: number,
): Promise<bigint | null> {
  if (slip === null) return null;
  const stored = await trx
    .insertInto('withdrawal_payout_slip')
    .values({
      merchant_id: merchantId,
      content_type: slip.contentType,
      content: slip.content,
      created_at: new Date(nowMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return stored.id;
}

/** A pending withdrawal of the merchant, locked, with nothing waiting for a second approval on it; 404 / 409 otherwise. */
async function lockForReview(
  trx: Transaction<Database>,
  context: OperatorActionContext,
  withdrawalId: number,
): Promise<WithdrawalRow> {
  const row = await lockWithdrawal(trx, context.merchantId, withdrawalId);
  if (!row) throw unknownForOperator();
  if (row.status !== 'pending') throw statusConflict(row.status);
  // Under the row's lock, so a confirmation or return cannot slip in between.
  const waiting = await findOpenSecondApproval(trx, row.id);
  if (waiting) throw new AppError(409, withdrawalErrorCodes.secondApprovalAwaiting);
  return row;
}

/**
 * Settles a locked pending withdrawal: posts its transfers under the shared review key, writes the
 * status and the audit row. `reviewedBy` is who paid or refused it (for a confirmed second approval,
 * the operator who asked; the confirmer is on the request and in the audit).
 */
export async function settleReview(
  trx: Transaction<Database>,
  context: OperatorActionContext,
  row: WithdrawalRow,
  decision: ReviewDecision,
  options: { reviewedBy: bigint; auditAfter?: Record<string, unknown> } = { reviewedBy: context.operatorId },
): Promise<WithdrawalRow> {
  const { nowMs } = context;
  const posting = await postTransfers(trx, {
    merchantId: context.merchantId,
    currency: row.currency,
    idempotency: { source: 'operator', key: reviewIdempotencyKey(row.id) },
    transfers: decision.transfers,
    nowMs,
  });
  const isApproved = decision.status === 'approved';
  const { payout } = decision;
  const updated = await trx
    .updateTable('withdrawal')
    .set({
      status: decision.status,
      payout_posting_id: isApproved ? posting.postingId : null,
      release_posting_id: isApproved ? null : posting.postingId,
      reviewed_at: new Date(nowMs),
      reviewed_by: options.reviewedBy,
      reject_reason: decision.rejectReason,
      confirm_deadline: isApproved ? new Date(nowMs + context.confirmMinutes * 60_000) : null,
      payout_reference: payout?.reference ?? null,
      payout_slip_id: payout?.slipId ?? null,
    })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .returning(withdrawalColumns)
    .executeTakeFirstOrThrow();
  // Paid: the member's inbox says so in this transaction (the payout's key writes it once).
  if (isApproved)
    await sendSystemMessage(trx, {
      merchantId: context.merchantId,
      memberId: row.member_id,
      template: 'withdrawal.paid',
      params: { withdrawalId: String(row.id), amount: formatMinorUnits(row.amount - row.fee), currency: row.currency },
      sourceKey: `withdrawal.paid:${row.id}`,
      nowMs,
    });
  await context.audit(trx, {
    action: isApproved ? 'withdrawal.approve' : 'withdrawal.reject',
    targetId: row.id,
    before: { status: row.status, amount: formatMinorUnits(row.amount) },
    after: {
      status: updated.status,
      ...(isApproved
        ? {
            payout: formatMinorUnits(row.amount - row.fee),
            fee: formatMinorUnits(row.fee),
            reference: payout?.reference ?? null,
            slip: (payout?.slipId ?? null) !== null,
          }
        : { reason: decision.rejectReason }),
      ...options.auditAfter,
    },
  });
  return updated;
}

/** The transfers of paying a withdrawal: held → payable (amount − fee) and held → house fee (the fee). */
export function payoutTransfers(row: WithdrawalRow): TransferRequest[] {
  const held = { kind: 'member_held' as const, memberId: row.member_id };
  const reference = `withdrawal:${row.id}`;
  const transfers: TransferRequest[] = [
    {
      debit: held,
      credit: { kind: 'house_withdrawal_payable' },
      amount: row.amount - row.fee,
      kind: 'withdrawal.payout',
      reference,
    },
  ];
  if (row.fee > 0n)
    transfers.push({ debit: held, credit: { kind: 'house_fee' }, amount: row.fee, kind: 'withdrawal.fee', reference });
  return transfers;
}

/**
 * POST /admin-api/withdrawals/approve: paid out, held → payable (and the fee to the house), with the
 * bank's reference (and slip) of the transfer the operator made, in the same transaction. Above the
 * merchant's approval threshold nothing is paid yet: the payout waits for a second operator
 * (withdrawal-second-approval.ts) and the row stays pending.
 */
export function approveWithdrawal(
  context: OperatorActionContext,
  withdrawalId: number,
  payout: Payout,
): Promise<WithdrawalRow> {
  return context.db.transaction().execute(async (trx) => {
    const row = await lockForReview(trx, context, withdrawalId);
    const threshold = await findApprovalThresholdMinor(trx, context.merchantId);
    const slipId = await storePayoutSlip(trx, context.merchantId, payout.slip, context.nowMs);
    if (threshold !== null && row.amount > threshold) {
      await requestSecondApproval(trx, context, row, {
        reference: payout.reference,
        slipId,
        thresholdMinor: threshold,
      });
      return row;
    }
    return settleReview(trx, context, row, {
      status: 'approved',
      transfers: payoutTransfers(row),
      rejectReason: null,
      payout: { reference: payout.reference, slipId },
    });
  });
}

/** The transfer of refusing a withdrawal: the whole amount held → back to the main wallet. */
export function releaseTransfers(row: WithdrawalRow): TransferRequest[] {
  return [
    {
      debit: { kind: 'member_held', memberId: row.member_id },
      credit: { kind: 'member_main', memberId: row.member_id },
      amount: row.amount,
      kind: 'withdrawal.release',
      reference: `withdrawal:${row.id}`,
    },
  ];
}

/**
 * POST /admin-api/withdrawals/reject: the whole amount back to the main wallet, with the reason the
 * member sees. Closed while a payout waits for its second approval (return it first).
 */
export function rejectWithdrawal(
  context: OperatorActionContext,
  withdrawalId: number,
  reason: string,
): Promise<WithdrawalRow> {
  return context.db.transaction().execute(async (trx) => {
    const row = await lockForReview(trx, context, withdrawalId);
    return settleReview(trx, context, row, {
      status: 'rejected',
      transfers: releaseTransfers(row),
      rejectReason: reason,
      payout: null,
    });
  });
}

/** POST /admin-api/withdrawals/forceReceived: closes a paid withdrawal, answered or claimed not received. No money moves. */
export async function forceReceived(
  context: OperatorActionContext,
  withdrawalId: number,
  remark: string | null,
): Promise<WithdrawalRow> {
  const { db, nowMs } = context;
  return db.transaction().execute(async (trx) => {
    const row = await lockWithdrawal(trx, context.merchantId, withdrawalId);
    if (!row) throw unknownForOperator();
    if (row.status !== 'approved' && row.status !== 'not_received') throw statusConflict(row.status);
    const updated = await trx
      .updateTable('withdrawal')
      .set({
        status: 'received',
        received_at: new Date(nowMs),
        received_by: 'operator',
        received_by_operator: context.operatorId,
        received_remark: remark,
      })
      .where('id', '=', row.id)
      .where('status', 'in', ['approved', 'not_received'])
      .returning(withdrawalColumns)
      .executeTakeFirstOrThrow();
    await context.audit(trx, {
      action: 'withdrawal.force_received',
      targetId: row.id,
      before: { status: row.status },
      after: { status: 'received', remark },
    });
    return updated;
  });
}

/* ------------------------------------------------------------------------------------------------
 * The scheduled job.
 * ---------------------------------------------------------------------------------------------- */

/** Rows closed per statement: a long backlog is worked off in short transactions. */
const autoReceiveBatch = 500;

/**
 * Spec §4: a paid withdrawal the member did not answer within the merchant's `confirmMinutes`
 * (fixed into `confirm_deadline` at approval) counts as received. Rows another transaction holds
 * (a member answering right now) are skipped and taken by the next run.
 */
export async function autoReceiveWithdrawals(db: Executor, nowMs: number): Promise<number> {
  let closed = 0;
  for (;;) {
    const result = await sql<{ id: bigint }>`
      UPDATE withdrawal SET status = 'received', received_at = ${new Date(nowMs)}, received_by = 'auto'
      WHERE id IN (
        SELECT id FROM withdrawal
        WHERE status = 'approved' AND confirm_deadline <= ${new Date(nowMs)}
        ORDER BY confirm_deadline
        LIMIT ${autoReceiveBatch}
        FOR UPDATE SKIP LOCKED
      ) AND status = 'approved'
      RETURNING id`.execute(db);
    closed += result.rows.length;
    if (result.rows.length < autoReceiveBatch) return closed;
  }
}
