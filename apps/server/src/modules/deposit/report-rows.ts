import { sql, type RawBuilder } from 'kysely';

/** An approved deposit, as the reports (modules/reports) sum it: on the day it was approved. */
export interface ApprovedDepositRow {
  settled_at: Date;
  member_id: bigint;
  amount: bigint;
  is_first_deposit: boolean;
}

/** The merchant's deposits approved in [from, to), as a subquery the reports group by day and member. */
export function approvedDepositRows(merchantId: number, from: Date, to: Date): RawBuilder<ApprovedDepositRow> {
  return sql<ApprovedDepositRow>`(
    SELECT settled_at, member_id, amount, is_first_deposit
    FROM deposit
    WHERE merchant_id = ${merchantId} AND status = 'approved' AND settled_at >= ${from} AND settled_at < ${to}
  )`;
}

/** A deposit request of any status, for the reports' channel and status table. */
export interface DepositRequestRow {
  created_at: Date;
  /** When it stopped being pending (approved, rejected, expired); null while pending. */
  settled_at: Date | null;
  channel: string;
  status: string;
  amount: bigint;
}

/** The merchant's deposit requests made in [from, to), any status, through `deposit_merchant_created_idx`. */
export function depositRequestRows(merchantId: number, from: Date, to: Date): RawBuilder<DepositRequestRow> {
  return sql<DepositRequestRow>`(
    SELECT created_at, settled_at, method_code AS channel, status, amount
    FROM deposit
    WHERE merchant_id = ${merchantId} AND created_at >= ${from} AND created_at < ${to}
  )`;
}
