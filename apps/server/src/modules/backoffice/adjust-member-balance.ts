import { backofficeErrorCodes, errorCodes, formatMinorUnits, type AdminAdjustmentValue } from '@lotus/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { findMemberSummary } from '../identity/index.ts';
import { getTransferBalances, LedgerError, postTransfers, type TransferRequest } from '../ledger/index.ts';
import type { MerchantContext } from '../merchant/index.ts';
import { recordAudit } from './audit.ts';

export interface AdjustmentInput {
  merchant: MerchantContext;
  operatorId: bigint;
  memberId: bigint;
  direction: 'credit' | 'debit';
  amountMinor: bigint;
  reason: string;
  /** The page's Idempotency-Key: one per click, the same on every retry of it. */
  idempotencyKey: string;
  ip: string;
  nowMs: number;
}

/**
 * The answer of an adjustment, built from its stored rows so that a replay answers identically. Pass
 * the adjustment's transaction: the transfer is read from the ledger before it commits.
 */
async function answerOf(
  trx: Transaction<Database>,
  adjustment: { direction: 'credit' | 'debit'; amount: bigint; transfer_id: bigint | null },
): Promise<AdminAdjustmentValue & { balanceAfterMinor: bigint }> {
  const transfer = await getTransferBalances(trx, adjustment.transfer_id!);
  // The member's side of the transfer always carries its balance after (house sides are null).
  const balanceAfterMinor =
    (adjustment.direction === 'credit' ? transfer.creditBalanceAfter : transfer.debitBalanceAfter) ?? 0n;
  return {
    transferId: String(transfer.id),
    direction: adjustment.direction,
    amount: formatMinorUnits(adjustment.amount),
    balanceAfter: formatMinorUnits(balanceAfterMinor),
    balanceAfterMinor,
  };
}

/**
 * A manual change of a member's main wallet with a reason: one ledger transfer between the house
 * `house_adjustment` account and the member's `member_main`, the business record in
 * `member_adjustment`, and the audit row, all in one transaction.
 *
 * - Exactly once per Idempotency-Key: the key is unique per merchant, so a retried or doubled click
 *   (even in parallel: the second waits on the first's unique index entry) gets the first answer;
 *   the same key with another member, direction, amount or reason is 422 `idempotency.key.reused`.
 * - A debit never overdraws: the ledger's guarded update refuses it (409 `operator.adjust.overdraw`
 *   with the balance) and the whole transaction, record and audit included, rolls back.
 * - A member of another merchant is 404, like an unknown id.
 */
export async function adjustMemberBalance(db: Kysely<Database>, input: AdjustmentInput): Promise<AdminAdjustmentValue> {
  try {
    return await db.transaction().execute(async (trx) => adjustInTransaction(trx, input));
  } catch (error) {
    throw overdrawOf(error);
  }
}

/** The ledger's refusal of a debit larger than the balance as the back-office's 409; anything else as it is. */
export function overdrawOf(error: unknown): unknown {
  if (error instanceof LedgerError && error.code === 'ledger.insufficient.funds') {
    return new AppError(409, backofficeErrorCodes.adjustmentOverdraw, {
      field: 'amount',
      params: { balance: formatMinorUnits(BigInt(error.details.available ?? 0)) },
    });
  }
  return error;
}

/**
 * The adjustment inside the caller's transaction (the four-eyes approval posts through here, in the
 * transaction that marks the approval approved). Throws the ledger's error on overdraw: see overdrawOf.
 */
export async function adjustInTransaction(
  trx: Transaction<Database>,
  input: AdjustmentInput,
): Promise<AdminAdjustmentValue> {
  const { merchant } = input;
  const member = await findMemberSummary(trx, merchant.id, input.memberId);
  if (!member) throw AppError.notFound();
  const inserted = await trx
    .insertInto('member_adjustment')
    .values({
      merchant_id: merchant.id,
      member_id: input.memberId,
      operator_id: input.operatorId,
      direction: input.direction,
      currency: merchant.currency,
      amount: input.amountMinor,
      reason: input.reason,
      idempotency_key: input.idempotencyKey,
      created_at: new Date(input.nowMs),
    })
    .onConflict((oc) => oc.constraint('member_adjustment_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return replay(trx, input);

  const memberMain = { kind: 'member_main' as const, memberId: input.memberId };
  const house = { kind: 'house_adjustment' as const };
  const transfer: TransferRequest = {
    debit: input.direction === 'credit' ? house : memberMain,
    credit: input.direction === 'credit' ? memberMain : house,
    amount: input.amountMinor,
    kind: 'adjustment',
    reference: `adjustment:${inserted.id}`,
  };
  const posted = await postTransfers(trx, {
    merchantId: merchant.id,
    currency: merchant.currency,
    idempotency: { source: 'operator', key: `adjustment:${inserted.id}` },
    transfers: [transfer],
    nowMs: input.nowMs,
  });
  const transferId = posted.transfers[0]!.id;
  await trx.updateTable('member_adjustment').set({ transfer_id: transferId }).where('id', '=', inserted.id).execute();
  const { balanceAfterMinor, ...answer } = await answerOf(trx, {
    direction: input.direction,
    amount: input.amountMinor,
    transfer_id: transferId,
  });
  const balanceBeforeMinor =
    balanceAfterMinor + (input.direction === 'credit' ? -input.amountMinor : input.amountMinor);
  await recordAudit(trx, {
    merchantId: merchant.id,
    operatorId: input.operatorId,
    action: 'member.adjust',
    targetType: 'member',
    targetId: input.memberId,
    before: { mainBalance: formatMinorUnits(balanceBeforeMinor) },
    after: {
      mainBalance: answer.balanceAfter,
      direction: input.direction,
      amount: answer.amount,
      reason: input.reason,
      transferId: answer.transferId,
      adjustmentId: String(inserted.id),
    },
    ip: input.ip,
    nowMs: input.nowMs,
  });
  return answer;
}

/** The key was used: the first answer when it asked the same, 422 when it asked something else. */
async function replay(trx: Transaction<Database>, input: AdjustmentInput): Promise<AdminAdjustmentValue> {
  const first = await trx
    .selectFrom('member_adjustment')
    .select(['member_id', 'direction', 'amount', 'reason', 'transfer_id'])
    .where('merchant_id', '=', input.merchant.id)
    .where('idempotency_key', '=', input.idempotencyKey)
    .executeTakeFirstOrThrow();
  const isSame =
    first.member_id === input.memberId &&
    first.direction === input.direction &&
    first.amount === input.amountMinor &&
    first.reason === input.reason;
  if (!isSame || first.transfer_id === null)
    throw new AppError(422, errorCodes.idempotencyKeyReused, { field: 'Idempotency-Key' });
  const { balanceAfterMinor: _balance, ...answer } = await answerOf(trx, first);
  return answer;
}
