import { sql, type RawBuilder } from 'kysely';

/** Money the house gave a member as a bonus (positive) or took back (negative), as the reports sum it. */
export interface BonusTransferRow {
  created_at: Date;
  member_id: bigint;
  /** True for a rebate (a transfer kind starting with `rebate`), which NGR shows apart from other bonuses. */
  is_rebate: boolean;
  amount: bigint;
}

/**
 * Every transfer between the merchant's `house_bonus` account and a member account in [from, to),
 * signed from the member's side, as a subquery the reports (modules/reports) group by day and member.
 * Read through the (debit|credit account, id) indexes from the merchant's few bonus accounts.
 */
export function bonusTransferRows(merchantId: number, from: Date, to: Date): RawBuilder<BonusTransferRow> {
  return sql<BonusTransferRow>`(
    WITH bonus AS (SELECT id FROM ledger_account WHERE merchant_id = ${merchantId} AND kind = 'house_bonus')
    SELECT t.created_at, m.member_id, t.kind LIKE 'rebate%' AS is_rebate, t.amount
    FROM bonus JOIN ledger_transfer t ON t.debit_account_id = bonus.id
    JOIN ledger_account m ON m.id = t.credit_account_id AND m.member_id IS NOT NULL
    WHERE t.created_at >= ${from} AND t.created_at < ${to}
    UNION ALL
    SELECT t.created_at, m.member_id, t.kind LIKE 'rebate%', -t.amount
    FROM bonus JOIN ledger_transfer t ON t.credit_account_id = bonus.id
    JOIN ledger_account m ON m.id = t.debit_account_id AND m.member_id IS NOT NULL
    WHERE t.created_at >= ${from} AND t.created_at < ${to}
  )`;
}
