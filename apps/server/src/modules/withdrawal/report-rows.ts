import { sql, type RawBuilder } from 'kysely';

/**
 * A paid withdrawal (approved, then received or not), as the reports (modules/reports) sum it: on
 * the day an operator paid it.
 */
export interface PaidWithdrawalRow {
  reviewed_at: Date;
  member_id: bigint;
  amount: bigint;
}

/** The merchant's withdrawals paid in [from, to), as a subquery the reports group by day and member. */
export function paidWithdrawalRows(merchantId: number, from: Date, to: Date): RawBuilder<PaidWithdrawalRow> {
  return sql<PaidWithdrawalRow>`(
    SELECT reviewed_at, member_id, amount
    FROM withdrawal
    WHERE merchant_id = ${merchantId} AND status IN ('approved', 'received', 'not_received')
      AND reviewed_at >= ${from} AND reviewed_at < ${to}
  )`;
}

/** A withdrawal request of any status, for the reports' channel and status table. */
export interface WithdrawalRequestRow {
  created_at: Date;
  /** When an operator paid or rejected it; null while pending. */
  reviewed_at: Date | null;
  /** The receiving bank, the withdrawal's channel. */
  channel: string;
  status: string;
  amount: bigint;
}

/** The merchant's withdrawal requests made in [from, to), any status. */
export function withdrawalRequestRows(merchantId: number, from: Date, to: Date): RawBuilder<WithdrawalRequestRow> {
  return sql<WithdrawalRequestRow>`(
    SELECT created_at, reviewed_at, bank_code AS channel, status, amount
    FROM withdrawal
    WHERE merchant_id = ${merchantId} AND created_at >= ${from} AND created_at < ${to}
  )`;
}
