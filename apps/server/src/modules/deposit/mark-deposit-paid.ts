import { depositErrorCodes, type AttachDepositProofRequest, type Deposit } from '@lotus/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthenticatedMember } from '../identity/index.ts';
import type { MerchantContext } from '../merchant/index.ts';
import { isManualChannel } from './channels.ts';
import { toDepositView, type DepositRow } from './deposit-view.ts';
import { listQuestions } from './deposit-questions.ts';
import { claimableProofId } from './proofs.ts';
import { lockMemberDeposit } from './settle-deposit.ts';

/** Gateways say themselves whether their deposit was paid: nothing for the member to mark. */
function refuseGateway(deposit: DepositRow): void {
  if (!isManualChannel(deposit.method_code))
    throw new AppError(409, depositErrorCodes.notReviewable, { messageKey: 'deposit.not.reviewable.member' });
}

function notPending(deposit: DepositRow): AppError {
  return new AppError(409, depositErrorCodes.notPending, { messageKey: `deposit.not.pending.${deposit.status}` });
}

async function viewOf(trx: Transaction<Database>, deposit: DepositRow): Promise<Deposit> {
  return toDepositView(deposit, (await listQuestions(trx, [deposit.id])).get(deposit.id) ?? []);
}

/**
 * POST MCSFE_confirmDepositPaid ("I have paid"). A pending deposit marked paid never expires: it
 * waits for an operator (the expiry job skips it). Idempotent: a deposit already marked paid answers
 * as it is, whatever its status now. Under the deposit's lock, and the job's update re-checks
 * `paid_at IS NULL` on the row it waited for, so a confirmation and an expiry cannot both win.
 */
export async function confirmDepositPaid(
  db: Kysely<Database>,
  merchant: MerchantContext,
  member: AuthenticatedMember,
  depositId: number,
  nowMs: number,
): Promise<Deposit> {
  return db.transaction().execute(async (trx) => {
    let deposit = await lockMemberDeposit(trx, merchant.id, member.id, depositId);
    refuseGateway(deposit);
    if (deposit.paid_at === null) {
      if (deposit.status !== 'pending') throw notPending(deposit);
      deposit = await trx
        .updateTable('deposit')
        .set({ paid_at: new Date(nowMs) })
        .where('id', '=', deposit.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    return viewOf(trx, deposit);
  });
}

/**
 * POST MCSFE_attachDepositProof: a slip for a deposit without one (PROMPTPAY; BANK deposits are made
 * with theirs). While pending it also marks the deposit paid; an expired one keeps its status, and
 * the slip is there for the operators answering the member's question. Approved and rejected
 * deposits are decided: 409. The slip must be the member's own and unused, like at create.
 */
export async function attachDepositProof(
  db: Kysely<Database>,
  merchant: MerchantContext,
  member: AuthenticatedMember,
  request: AttachDepositProofRequest,
  nowMs: number,
): Promise<Deposit> {
  return db.transaction().execute(async (trx) => {
    let deposit = await lockMemberDeposit(trx, merchant.id, member.id, request.depositId);
    refuseGateway(deposit);
    if (deposit.proof_id !== null) {
      if (deposit.proof_id === BigInt(request.proofId)) return viewOf(trx, deposit);
      throw new AppError(409, depositErrorCodes.proofExists, { field: 'proofId' });
    }
    if (deposit.status === 'approved' || deposit.status === 'rejected') throw notPending(deposit);
    const proofId = await claimableProofId(trx, merchant.id, member.id, request.proofId);
    deposit = await trx
      .updateTable('deposit')
      .set({ proof_id: proofId, paid_at: deposit.paid_at ?? new Date(nowMs) })
      .where('id', '=', deposit.id)
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch((error: unknown) => {
        // Another deposit took this slip a moment ago (its unique index), or the clean-up job deleted it as unused.
        const { code, constraint } = error as { code?: string; constraint?: string };
        if (
          (code === '23505' && constraint === 'deposit_proof_id_key') ||
          (code === '23503' && constraint?.includes('proof') === true)
        ) {
          throw new AppError(400, depositErrorCodes.proofUnknown, { field: 'proofId' });
        }
        throw error;
      });
    return viewOf(trx, deposit);
  });
}
