import {
  formatMinorUnits,
  type AdminWithdrawal,
  type Withdrawal,
  type WithdrawalSecondApproval,
} from '@lotus/contract';
import type { Selectable } from 'kysely';
import { maskAccountNumber } from './bank-accounts.ts';
import { bankName } from './banks.ts';
import type { WithdrawalSecondApprovalTable, WithdrawalTable } from './withdrawal.tables.ts';

export type WithdrawalRow = Selectable<WithdrawalTable>;
export type SecondApprovalRow = Selectable<WithdrawalSecondApprovalTable>;

/** Every column of `withdrawal` (the proof and payout slip images live in their own tables and are never read by lists). */
export const withdrawalColumns = [
  'id',
  'merchant_id',
  'member_id',
  'bank_account_id',
  'currency',
  'amount',
  'fee',
  'status',
  'bank_code',
  'account_number',
  'account_name',
  'idempotency_key',
  'hold_posting_id',
  'payout_posting_id',
  'release_posting_id',
  'created_at',
  'reviewed_at',
  'reviewed_by',
  'reject_reason',
  'confirm_deadline',
  'received_at',
  'received_by',
  'received_by_operator',
  'received_remark',
  'not_received_at',
  'not_received_remark',
  'payout_reference',
  'payout_slip_id',
] as const;

const timeOf = (date: Date | null) => (date === null ? null : date.getTime());

/** A withdrawal as its member sees it: the account number masked. */
export function toWithdrawal(row: WithdrawalRow, language: 'TH' | 'EN'): Withdrawal {
  return {
    withdrawalId: Number(row.id),
    amount: formatMinorUnits(row.amount),
    feeAmount: formatMinorUnits(row.fee),
    payoutAmount: formatMinorUnits(row.amount - row.fee),
    status: row.status,
    bankCode: row.bank_code,
    bankName: bankName(row.bank_code, language),
    accountNumber: maskAccountNumber(row.account_number),
    accountName: row.account_name,
    createdAt: row.created_at.getTime(),
    reviewedAt: timeOf(row.reviewed_at),
    rejectReason: row.reject_reason,
    confirmDeadline: row.status === 'approved' ? timeOf(row.confirm_deadline) : null,
    receivedAt: timeOf(row.received_at),
    receivedBy: row.received_by,
    payoutReference: row.payout_reference,
    hasPayoutSlip: row.payout_slip_id !== null,
  };
}

/** A withdrawal as an operator sees it: the full account number (to pay it), the member and the claim. */
export function toAdminWithdrawal(
  row: WithdrawalRow,
  extra: {
    account: string;
    reviewedBy: string | null;
    hasProof: boolean;
    secondApproval: WithdrawalSecondApproval | null;
  },
  language: 'TH' | 'EN',
): AdminWithdrawal {
  return {
    ...toWithdrawal(row, language),
    accountNumber: row.account_number,
    memberId: Number(row.member_id),
    account: extra.account,
    hasProof: extra.hasProof,
    notReceivedRemark: row.not_received_remark,
    notReceivedAt: timeOf(row.not_received_at),
    reviewedBy: extra.reviewedBy,
    secondApproval: extra.secondApproval,
  };
}

/** A second-approval request as operators see it, with the names of who asked and who decided. */
export function toSecondApproval(row: SecondApprovalRow, names: Map<bigint, string>): WithdrawalSecondApproval {
  return {
    id: String(row.id),
    status: row.status,
    thresholdAmount: formatMinorUnits(row.threshold_amount),
    payoutReference: row.payout_reference,
    hasPayoutSlip: row.payout_slip_id !== null,
    requestedBy: names.get(row.requested_by) ?? null,
    requestedAt: row.requested_at.getTime(),
    decidedBy: row.decided_by === null ? null : (names.get(row.decided_by) ?? null),
    decidedAt: timeOf(row.decided_at),
    decisionReason: row.decision_reason,
  };
}
