import { formatMinorUnits, type AdminAgentDebtorPage, type AdminAgentDebtorQuery } from '@lotus/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { findMemberSummaryByUsername, listMemberSummaries } from '../../identity/index.ts';

interface DebtorRow {
  debtors: string;
  merchant_debtors: string;
  merchant_outstanding: string;
  debtor_id: string | null;
  debts: string | null;
  advanced: string | null;
  recovered: string | null;
  outstanding: string | null;
  oldest_outstanding_at: Date | null;
  last_recovery_at: Date | null;
}

/**
 * The back-office's list of debtors of the carried debt (README "Carried debt"): per agent that owes or
 * owed, its debts, what the house advanced, what came back, what it owes now, the biggest debtor first.
 * One statement per page: the page, the filtered count and the merchant's totals come from the same
 * grouping (a page past the end still answers the totals: the page joins a one-row count).
 */
export async function listDebtorsForDesk(
  db: Kysely<Database>,
  merchantId: number,
  query: AdminAgentDebtorQuery,
): Promise<AdminAgentDebtorPage> {
  let debtorId: bigint | null = null;
  if (query.agent !== undefined && query.agent !== '') {
    const member = await findMemberSummaryByUsername(db, merchantId, query.agent);
    // No such member: an id no member has, so the totals are still the merchant's.
    debtorId = member?.id ?? -1n;
  }
  const onlyOutstanding = query.state === 'outstanding';
  const { rows } = await sql<DebtorRow>`
    WITH per_debtor AS (
      SELECT d.debtor_id,
             count(*) AS debts,
             sum(d.amount_minor) AS advanced,
             sum(d.recovered_minor) AS recovered,
             sum(d.amount_minor - d.recovered_minor) AS outstanding,
             min(d.created_at) FILTER (WHERE d.recovered_at IS NULL) AS oldest_outstanding_at,
             max(r.last_at) AS last_recovery_at
        FROM agent_settlement_debt d
        LEFT JOIN (SELECT debt_id, max(created_at) AS last_at
                     FROM agent_settlement_debt_recovery
                    WHERE merchant_id = ${merchantId}
                    GROUP BY debt_id) r ON r.debt_id = d.id
       WHERE d.merchant_id = ${merchantId}
       GROUP BY d.debtor_id
    ),
    listed AS (
      SELECT * FROM per_debtor
       WHERE (${onlyOutstanding}::boolean IS FALSE OR outstanding > 0)
         AND (${debtorId}::bigint IS NULL OR debtor_id = ${debtorId}::bigint)
    ),
    counts AS (
      SELECT (SELECT count(*) FROM listed) AS debtors,
             count(*) FILTER (WHERE outstanding > 0) AS merchant_debtors,
             coalesce(sum(outstanding), 0) AS merchant_outstanding
        FROM per_debtor
    )
    SELECT counts.*, page.*
      FROM counts
      LEFT JOIN LATERAL (
        SELECT * FROM listed
         ORDER BY outstanding DESC, debtor_id
         LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}
      ) page ON true`.execute(db);

  const items = rows.filter((row) => row.debtor_id !== null);
  const summaries = await listMemberSummaries(
    db,
    merchantId,
    items.map((row) => BigInt(row.debtor_id!)),
  );
  const first = rows[0]!;
  return {
    page: query.page,
    pageSize: query.pageSize,
    total: Number(first.debtors),
    totals: {
      debtors: Number(first.merchant_debtors),
      outstanding: formatMinorUnits(BigInt(first.merchant_outstanding)),
    },
    items: items.map((row) => {
      const id = BigInt(row.debtor_id!);
      return {
        memberId: id.toString(),
        username: summaries.get(id)?.username ?? '',
        debts: Number(row.debts),
        advanced: formatMinorUnits(BigInt(row.advanced!)),
        recovered: formatMinorUnits(BigInt(row.recovered!)),
        outstanding: formatMinorUnits(BigInt(row.outstanding!)),
        oldestOutstandingAt: row.oldest_outstanding_at?.getTime() ?? null,
        lastRecoveryAt: row.last_recovery_at?.getTime() ?? null,
      };
    }),
  };
}
