import { sql, type RawBuilder } from 'kysely';

/** One side of a ledger transfer that an account of the member's is on, with the account on the other side. */
export interface MemberTransferSideRow {
  id: bigint;
  amount: bigint;
  reference: string;
  /** The ledger transfer's kind (contract ledgerTransferKinds). */
  kind: string;
  created_at: Date;
  /** True when the member's account was credited. */
  is_credit: boolean;
  own_kind: string;
  own_sub_key: string;
  other_kind: string;
  /** The member account's balance right after the transfer. */
  balance_after: bigint | null;
}

/**
 * Every transfer that touched one of the member's accounts, one row per side the member owns (a hold
 * is main -X and held +X), read through the (debit|credit account, id) indexes, as a subquery the
 * member's history (modules/wallet) types, filters, counts and pages in one statement. Read only.
 */
export function memberTransferSides(
  scope: { merchantId: number; memberId: bigint },
  startTime: Date | null,
  endTime: Date | null,
): RawBuilder<MemberTransferSideRow> {
  const start = startTime === null ? sql`` : sql`AND t.created_at >= ${startTime}`;
  const end = endTime === null ? sql`` : sql`AND t.created_at < ${endTime}`;
  return sql<MemberTransferSideRow>`(
    WITH own AS (
      SELECT id, kind, sub_key FROM ledger_account WHERE merchant_id = ${scope.merchantId} AND member_id = ${scope.memberId}
    )
    SELECT t.id, t.amount, t.reference, t.kind, t.created_at, false AS is_credit, own.kind AS own_kind, own.sub_key AS own_sub_key,
           other.kind AS other_kind, t.debit_balance_after AS balance_after
    FROM own JOIN ledger_transfer t ON t.debit_account_id = own.id ${start} ${end}
    JOIN ledger_account other ON other.id = t.credit_account_id
    UNION ALL
    SELECT t.id, t.amount, t.reference, t.kind, t.created_at, true, own.kind, own.sub_key, other.kind, t.credit_balance_after
    FROM own JOIN ledger_transfer t ON t.credit_account_id = own.id ${start} ${end}
    JOIN ledger_account other ON other.id = t.debit_account_id
  )`;
}
