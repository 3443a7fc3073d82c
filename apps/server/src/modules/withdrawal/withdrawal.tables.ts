import type { ColumnType, Generated } from 'kysely';

/** Tables of modules/withdrawal (migrations 0013_withdrawals, 0027_withdrawal_payout_reference, 0049_withdrawal_second_approval). int8 columns come back as bigint. */

export type WithdrawalStatus = 'pending' | 'approved' | 'rejected' | 'received' | 'not_received';
export type ReceivedBy = 'member' | 'auto' | 'operator';

export interface MemberBankAccountTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  bank_code: string;
  account_number: string;
  account_name: string;
  created_at: Date;
  updated_at: Date;
  removed_at: Date | null;
}

export interface WithdrawalTable {
  id: ColumnType<bigint, bigint, never>;
  merchant_id: number;
  member_id: bigint;
  bank_account_id: bigint;
  currency: string;
  amount: bigint;
  fee: bigint;
  status: WithdrawalStatus;
  bank_code: string;
  account_number: string;
  account_name: string;
  idempotency_key: string;
  hold_posting_id: bigint;
  payout_posting_id: bigint | null;
  release_posting_id: bigint | null;
  created_at: Date;
  reviewed_at: Date | null;
  reviewed_by: bigint | null;
  reject_reason: string | null;
  confirm_deadline: Date | null;
  received_at: Date | null;
  received_by: ReceivedBy | null;
  received_by_operator: bigint | null;
  received_remark: string | null;
  not_received_at: Date | null;
  not_received_remark: string | null;
  /** The bank's reference of the payout, given by the operator who paid it. */
  payout_reference: ColumnType<string | null, string | null | undefined, string | null>;
  payout_slip_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
}

export interface WithdrawalProofTable {
  withdrawal_id: bigint;
  merchant_id: number;
  content_type: 'image/png' | 'image/jpeg';
  content: Buffer;
  created_at: Date;
}

/** The slip of a payout, attached by the operator who paid it. */
export interface WithdrawalPayoutSlipTable {
  id: Generated<bigint>;
  merchant_id: number;
  content_type: 'image/png' | 'image/jpeg';
  content: Buffer;
  created_at: Date;
}

export type SecondApprovalStatus = 'pending' | 'confirmed' | 'returned';

/** Four-eyes (migration 0049): a payout above the merchant's threshold waiting for (or given) a second operator's word. */
export interface WithdrawalSecondApprovalTable {
  id: Generated<bigint>;
  merchant_id: number;
  withdrawal_id: bigint;
  status: ColumnType<SecondApprovalStatus, SecondApprovalStatus | undefined, SecondApprovalStatus>;
  threshold_amount: bigint;
  payout_reference: string;
  payout_slip_id: bigint | null;
  requested_by: bigint;
  requested_at: Date;
  decided_by: bigint | null;
  decided_at: Date | null;
  decision_reason: string | null;
}

export interface MemberTurnoverTable {
  member_id: bigint;
  merchant_id: number;
  required_amount: ColumnType<bigint, bigint | undefined, bigint>;
  wagered_amount: ColumnType<bigint, bigint | undefined, bigint>;
  counted_deposit_amount: ColumnType<bigint, bigint | undefined, bigint>;
  updated_at: Date;
}

export interface PaymentPasswordFailureTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  created_at: Date;
}

export interface WithdrawalTables {
  member_bank_account: MemberBankAccountTable;
  withdrawal: WithdrawalTable;
  withdrawal_proof: WithdrawalProofTable;
  withdrawal_payout_slip: WithdrawalPayoutSlipTable;
  withdrawal_second_approval: WithdrawalSecondApprovalTable;
  member_turnover: MemberTurnoverTable;
  payment_password_failure: PaymentPasswordFailureTable;
}
