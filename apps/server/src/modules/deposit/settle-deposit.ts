import { depositErrorCodes, formatMinorUnits } from '@lotus/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { sendSystemMessage } from '../inbox/index.ts';
import { postTransfers, type TransferRequest } from '../ledger/index.ts';
import type { DepositRow } from './deposit-view.ts';

/** Why a gateway deposit was closed without money: the gateway reported the payment failed. */
export const gatewayFailedReason = 'gateway.failed';

/** Who settled a deposit: an operator (with their remark), or null for a gateway callback or a job. */
export interface Reviewer {
  operatorId: bigint;
  username: string;
  remark: string | null;
}

/** The deposit row, locked until the transaction ends: every settlement of one deposit queues here. */
export async function lockDeposit(
  trx: Transaction<Database>,
  merchantId: number,
  depositId: bigint,
): Promise<DepositRow | null> {
  return (
    (await trx
      .selectFrom('deposit')
      .selectAll()
      .where('id', '=', depositId)
      .where('merchant_id', '=', merchantId)
      .forUpdate()
      .executeTakeFirst()) ?? null
  );
}

/**
 * One of the member's deposits, locked like `lockDeposit` (so a member's change and an operator's
 * decision queue). Another member's answers exactly like an unknown one: 404 `deposit.not.found`.
 */
export async function lockMemberDeposit(
  trx: Transaction<Database>,
  merchantId: number,
  memberId: bigint,
  depositId: number,
): Promise<DepositRow> {
  const deposit = await lockDeposit(trx, merchantId, BigInt(depositId));
  if (!deposit || deposit.member_id !== memberId) throw new AppError(404, depositErrorCodes.notFound);
  return deposit;
}

/**
 * Credits a deposit locked by `lockDeposit` and marks it approved, in the caller's transaction: the
 * ledger posting (`house_deposit_clearing` of the channel → `member_main`, and the fee from
 * `member_main` to `house_fee` when there is one), the status and the first-deposit flag commit
 * together or not at all. The posting's key is the deposit's own id, so whatever path approves it
 * (an operator, a callback, the expiry job asking the gateway), the member is credited once.
 */
export async function approveLockedDeposit(
  trx: Transaction<Database>,
  deposit: DepositRow,
  nowMs: number,
  reviewer: Reviewer | null,
): Promise<DepositRow> {
  const memberMain = { kind: 'member_main' as const, memberId: deposit.member_id };
  const reference = `deposit:${deposit.id}`;
  const transfers: TransferRequest[] = [
    {
      debit: { kind: 'house_deposit_clearing', subKey: deposit.method_code },
      credit: memberMain,
      amount: deposit.amount,
      kind: 'deposit',
      reference,
    },
  ];
  if (deposit.fee_amount > 0n) {
    transfers.push({
      debit: memberMain,
      credit: { kind: 'house_fee', subKey: `deposit:${deposit.method_code}` },
      amount: deposit.fee_amount,
      kind: 'deposit.fee',
      reference,
    });
  }
  const posting = await postTransfers(trx, {
    merchantId: deposit.merchant_id,
    currency: deposit.currency,
    idempotency: { source: 'deposit', key: reference },
    transfers,
    nowMs,
  });

  // The first approved deposit of the member sets the flag; the upsert waits for a concurrent one, so only one wins.
  const first = await trx
    .insertInto('deposit_member_state')
    .values({
      member_id: deposit.member_id,
      merchant_id: deposit.merchant_id,
      first_deposit_id: deposit.id,
      first_deposit_at: new Date(nowMs),
      limit_day: null,
      limit_week: null,
      limit_month: null,
      pending_day: null,
      pending_day_from: null,
      pending_week: null,
      pending_week_from: null,
      pending_month: null,
      pending_month_from: null,
      updated_at: new Date(nowMs),
    })
    .onConflict((oc) =>
      oc
        .column('member_id')
        .doUpdateSet({ first_deposit_id: deposit.id, first_deposit_at: new Date(nowMs), updated_at: new Date(nowMs) })
        .where('deposit_member_state.first_deposit_id', 'is', null),
    )
    .returning('member_id')
    .executeTakeFirst();

  const approved = await trx
    .updateTable('deposit')
    .set({
      status: 'approved',
      settled_at: new Date(nowMs),
      posting_id: posting.postingId,
      reject_reason: null,
      is_first_deposit: first !== undefined,
      ...(reviewer
        ? {
            reviewed_by_operator_id: reviewer.operatorId,
            reviewed_by_username: reviewer.username,
            review_remark: reviewer.remark,
          }
        : {}),
    })
    .where('id', '=', deposit.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  // The member's inbox says so in this same transaction: a rolled-back approval leaves no message, and
  // the deposit's key writes it once whichever path approved it.
  await sendSystemMessage(trx, {
    merchantId: deposit.merchant_id,
    memberId: deposit.member_id,
    template: 'deposit.approved',
    params: {
      depositId: String(deposit.id),
      amount: formatMinorUnits(deposit.amount),
      creditAmount: formatMinorUnits(deposit.amount - deposit.fee_amount),
      currency: deposit.currency,
    },
    sourceKey: `deposit.approved:${deposit.id}`,
    nowMs,
  });
  return approved;
}

/** Marks a locked pending deposit rejected (no money moves: nothing was credited). */
export async function rejectLockedDeposit(
  trx: Transaction<Database>,
  deposit: DepositRow,
  nowMs: number,
  reason: string,
  reviewer: Reviewer | null,
): Promise<DepositRow> {
  return trx
    .updateTable('deposit')
    .set({
      status: 'rejected',
      settled_at: new Date(nowMs),
      reject_reason: reason,
      ...(reviewer
        ? {
            reviewed_by_operator_id: reviewer.operatorId,
            reviewed_by_username: reviewer.username,
            review_remark: reviewer.remark,
          }
        : {}),
    })
    .where('id', '=', deposit.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
