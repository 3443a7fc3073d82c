import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { BonusSourceKind } from './bonus.tables.ts';

/** One day (the merchant's) and source of the bonus cost report, in minor units. */
export interface BonusCostLine {
  day: string;
  sourceKind: BonusSourceKind;
  /** The grants' `source_group` (a promotion's id for a promotion's grants), or null. */
  sourceGroup: string | null;
  issuedCount: number;
  issuedMinor: bigint;
  convertedMinor: bigint;
  forfeitedMinor: bigint;
  expiredMinor: bigint;
  /** amount − closed_amount of the grants closed on the day: the bonus that went into bets. */
  spentMinor: bigint;
  activeCount: number;
  activeMinor: bigint;
}

export interface BonusCostRange {
  merchantId: number;
  /** The merchant's time zone (merchant's `merchantTimeZone`): its days begin at its midnight. */
  timezone: string;
  /** `YYYY-MM-DD`, both included. */
  from: string;
  to: string;
}

/**
 * The merchant's bonus cost per local day and source (kind, group), in one statement: grants made on
 * each day (count, amount, and those still active with what remains of them) beside grants closed on
 * each day (what the close converted, forfeited or expired, and the rest, spent in bets). Two index
 * ranges (merchant, created_at) and (merchant, closed_at) of migration 0067; the day is the merchant's
 * calendar day, so a grant at 23:30 Bangkok time falls on that Bangkok day whatever UTC says.
 */
export async function sumBonusCost(db: Kysely<Database>, range: BonusCostRange): Promise<BonusCostLine[]> {
  const fromUtc = sql`(${range.from}::date::timestamp AT TIME ZONE ${range.timezone})`;
  const toUtc = sql`((${range.to}::date + 1)::timestamp AT TIME ZONE ${range.timezone})`;
  const { rows } = await sql<{
    day: string;
    source_kind: BonusSourceKind;
    source_group: string | null;
    issued_count: string;
    issued: string;
    converted: string;
    forfeited: string;
    expired: string;
    spent: string;
    active_count: string;
    active: string;
  }>`
    WITH lines AS (
      SELECT (created_at AT TIME ZONE ${range.timezone})::date AS day, source_kind, source_group,
             1 AS issued_count, amount AS issued, 0 AS converted, 0 AS forfeited, 0 AS expired, 0 AS spent,
             (status = 'active')::int AS active_count,
             CASE WHEN status = 'active' THEN remaining ELSE 0 END AS active
      FROM member_bonus
      WHERE merchant_id = ${range.merchantId} AND created_at >= ${fromUtc} AND created_at < ${toUtc}
      UNION ALL
      SELECT (closed_at AT TIME ZONE ${range.timezone})::date, source_kind, source_group,
             0, 0,
             CASE WHEN status = 'converted' THEN closed_amount ELSE 0 END,
             CASE WHEN status = 'forfeited' THEN closed_amount ELSE 0 END,
             CASE WHEN status = 'expired' THEN closed_amount ELSE 0 END,
             amount - closed_amount,
             0, 0
      FROM member_bonus
      WHERE merchant_id = ${range.merchantId} AND closed_at >= ${fromUtc} AND closed_at < ${toUtc}
    )
    SELECT day::text AS day, source_kind, source_group,
           sum(issued_count)::text AS issued_count, sum(issued)::text AS issued,
           sum(converted)::text AS converted, sum(forfeited)::text AS forfeited, sum(expired)::text AS expired,
           sum(spent)::text AS spent, sum(active_count)::text AS active_count, sum(active)::text AS active
    FROM lines
    GROUP BY day, source_kind, source_group
    ORDER BY day, source_kind, source_group NULLS FIRST`.execute(db);
  return rows.map((row) => ({
    day: row.day,
    sourceKind: row.source_kind,
    sourceGroup: row.source_group,
    issuedCount: Number(row.issued_count),
    issuedMinor: BigInt(row.issued),
    convertedMinor: BigInt(row.converted),
    forfeitedMinor: BigInt(row.forfeited),
    expiredMinor: BigInt(row.expired),
    spentMinor: BigInt(row.spent),
    activeCount: Number(row.active_count),
    activeMinor: BigInt(row.active),
  }));
}
