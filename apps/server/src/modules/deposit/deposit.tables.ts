import type { DepositMethodCode, DepositStatus } from '@lotus/contract';
import type { ColumnType, Generated } from 'kysely';

/** Tables of modules/deposit (migrations 0012_deposits, 0026_deposit_review). int8 columns come back as bigint. */

export interface DepositProofTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  content_type: 'image/png' | 'image/jpeg';
  size_bytes: number;
  width: number;
  height: number;
  sha256: string;
  content: Buffer;
  created_at: Date;
}

export interface DepositTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  method_code: DepositMethodCode;
  status: DepositStatus;
  currency: string;
  amount: bigint;
  fee_amount: bigint;
  idempotency_key: string;
  bank_account_id: string | null;
  bank_code: string | null;
  bank_account_name: string | null;
  bank_account_number: string | null;
  transfer_reference: string | null;
  proof_id: bigint | null;
  promptpay_payload: string | null;
  promptpay_target: string | null;
  promptpay_account_name: string | null;
  gateway_payment_id: string | null;
  pay_url: string | null;
  created_at: Date;
  expires_at: Date;
  settled_at: Date | null;
  posting_id: bigint | null;
  reject_reason: string | null;
  reviewed_by_operator_id: bigint | null;
  reviewed_by_username: string | null;
  review_remark: string | null;
  is_first_deposit: ColumnType<boolean, boolean | undefined, boolean>;
  /** When the member said it was paid (a BANK slip at creation, "I have paid", a slip attached): it then never expires. */
  paid_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface DepositQuestionTable {
  id: Generated<bigint>;
  deposit_id: bigint;
  message: string;
  asked_at: Date;
  answer: string | null;
  answered_at: Date | null;
  answered_by_operator_id: bigint | null;
  answered_by_username: string | null;
}

export interface DepositMemberStateTable {
  member_id: bigint;
  merchant_id: number;
  first_deposit_id: bigint | null;
  first_deposit_at: Date | null;
  limit_day: bigint | null;
  limit_week: bigint | null;
  limit_month: bigint | null;
  pending_day: bigint | null;
  pending_day_from: Date | null;
  pending_week: bigint | null;
  pending_week_from: Date | null;
  pending_month: bigint | null;
  pending_month_from: Date | null;
  updated_at: Date;
}

export type GatewayCallbackOutcome =
  | 'applied'
  | 'replayed'
  | 'ignored'
  | 'refused.signature'
  | 'refused.stale'
  | 'refused.malformed'
  | 'refused.unknown'
  | 'refused.mismatch';

export interface DepositGatewayCallbackTable {
  id: Generated<bigint>;
  merchant_id: number | null;
  gateway_code: string;
  payment_id: string | null;
  deposit_id: bigint | null;
  body: string;
  signature: string | null;
  remote_ip: string;
  outcome: GatewayCallbackOutcome;
  status_after: DepositStatus | null;
  received_at: Date;
}

export type DemoPayPaymentStatus = 'pending' | 'paid' | 'failed';

export interface DemoPayPaymentTable {
  id: string;
  merchant_id: number;
  merchant_reference: string;
  amount: bigint;
  currency: string;
  callback_path: string;
  status: DemoPayPaymentStatus;
  created_at: Date;
  completed_at: Date | null;
}

export interface DepositTables {
  deposit_proof: DepositProofTable;
  deposit: DepositTable;
  deposit_question: DepositQuestionTable;
  deposit_member_state: DepositMemberStateTable;
  deposit_gateway_callback: DepositGatewayCallbackTable;
  demopay_payment: DemoPayPaymentTable;
}
