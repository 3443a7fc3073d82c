import { formatMinorUnits, type AdminDeposit, type Deposit, type DepositQuestion } from '@lotus/contract';
import type { Selectable } from 'kysely';
import type { DepositQuestionTable, DepositTable } from './deposit.tables.ts';
import { maskPromptPayId, promptPayQrCode } from './promptpay.ts';
import { findThaiBank } from './thai-banks.ts';

export type DepositRow = Selectable<DepositTable>;

/** Deposit ids travel as numbers: a bigserial stays far below 2^53 for any real volume. */
export function depositIdOf(row: Pick<DepositRow, 'id'>): number {
  return Number(row.id);
}

export type DepositQuestionRow = Selectable<DepositQuestionTable>;

export function toQuestionView(row: DepositQuestionRow): DepositQuestion {
  return {
    questionId: Number(row.id),
    message: row.message,
    askedAt: row.asked_at.getTime(),
    answer: row.answer,
    answeredAt: row.answered_at?.getTime() ?? null,
  };
}

/**
 * A deposit as the member sees it, with its questions (oldest first). PromptPay's QR code is drawn
 * from the stored payload each time; lists leave it out (`withPromptPay: false`) and the detail call draws it.
 */
export async function toDepositView(
  row: DepositRow,
  questions: readonly DepositQuestionRow[],
  { withPromptPay = true } = {},
): Promise<Deposit> {
  const view: Deposit = {
    depositId: depositIdOf(row),
    methodCode: row.method_code,
    status: row.status,
    amount: formatMinorUnits(row.amount),
    feeAmount: formatMinorUnits(row.fee_amount),
    creditAmount: formatMinorUnits(row.amount - row.fee_amount),
    currency: row.currency,
    createdAt: row.created_at.getTime(),
    expiresAt: row.expires_at.getTime(),
    paidAt: row.paid_at?.getTime() ?? null,
    proofId: row.proof_id === null ? null : Number(row.proof_id),
    settledAt: row.settled_at?.getTime() ?? null,
    rejectReason: row.reject_reason,
    questions: questions.map(toQuestionView),
  };
  if (row.pay_url !== null) view.payUrl = row.pay_url;
  if (row.method_code === 'BANK' && row.bank_account_id !== null && row.proof_id !== null) {
    const bank = findThaiBank(row.bank_code ?? '');
    view.bank = {
      target: {
        bankAccountId: row.bank_account_id,
        bankCode: row.bank_code ?? '',
        bankNameTh: bank?.nameTh ?? row.bank_code ?? '',
        bankNameEn: bank?.nameEn ?? row.bank_code ?? '',
        accountName: row.bank_account_name ?? '',
        accountNumber: row.bank_account_number ?? '',
      },
      transferReference: row.transfer_reference ?? '',
      proofId: Number(row.proof_id),
    };
  }
  if (withPromptPay && row.method_code === 'PROMPTPAY' && row.promptpay_payload !== null) {
    view.promptPay = {
      payload: row.promptpay_payload,
      qrCode: await promptPayQrCode(row.promptpay_payload),
      target: maskPromptPayId(row.promptpay_target ?? ''),
      accountName: row.promptpay_account_name ?? '',
    };
  }
  return view;
}

/**
 * Pending, said paid by its member, and past the time it would have expired without that: it waits
 * for an operator and the queue shows it first in line.
 */
export function isOverdue(row: Pick<DepositRow, 'status' | 'paid_at' | 'expires_at'>, nowMs: number): boolean {
  return row.status === 'pending' && row.paid_at !== null && row.expires_at.getTime() <= nowMs;
}

/** A deposit as an operator sees it. */
export async function toAdminDepositView(
  row: DepositRow & { username: string },
  questions: readonly DepositQuestionRow[],
  nowMs: number,
  options: { withPromptPay?: boolean } = {},
): Promise<AdminDeposit> {
  return {
    ...(await toDepositView(row, questions, options)),
    memberId: String(row.member_id),
    username: row.username,
    gatewayPaymentId: row.gateway_payment_id,
    reviewedBy: row.reviewed_by_username,
    reviewRemark: row.review_remark,
    isFirstDeposit: row.is_first_deposit,
    isOverdue: isOverdue(row, nowMs),
    openQuestionCount: questions.filter((question) => question.answered_at === null).length,
  };
}
