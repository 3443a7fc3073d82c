import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { settledBetRows } from '../bet-records/index.ts';
import {
  gameColumns,
  gameDayRows,
  memberColumns,
  memberDayRows,
  memberProductColumns,
  memberProductDayRows,
  summaryColumns,
  summaryDayRows,
} from './day-facts.ts';
import { storedActivityRows } from './member-activity.ts';
import { addDays, dayBounds, type ReportMerchant } from './report-window.ts';

/** A stored aggregate row that differs from the detail: absent on one side (null) or with other numbers. */
export interface AggregateMismatch {
  merchantId: number;
  day: string;
  table:
    | 'report_daily_summary'
    | 'report_daily_game'
    | 'report_daily_member'
    | 'report_daily_member_product'
    | 'report_member_month';
  /** The row's key besides merchant and day (`vassalage/game_id`, the member id, `member_id/product_type`; empty for the summary). */
  key: string;
  stored: Record<string, unknown> | null;
  detail: Record<string, unknown> | null;
}

/** The most mismatches one check lists per table (enough to see what went wrong). */
const listedPerTable = 100;

async function compare(
  db: Kysely<Database>,
  merchant: ReportMerchant,
  table: AggregateMismatch['table'],
  keyColumns: readonly string[],
  valueColumns: readonly string[],
  fresh: RawBuilder<unknown>,
  from: string,
  to: string,
  storedRows?: RawBuilder<unknown>,
): Promise<AggregateMismatch[]> {
  const list = (alias: string, columns: readonly string[]) =>
    sql.join(columns.map((column) => sql.ref(`${alias}.${column}`)));
  const stored =
    storedRows ??
    sql`(
    SELECT day::text AS day, ${sql.join([...keyColumns, ...valueColumns].map((column) => sql.ref(column)))}
    FROM ${sql.table(table)}
    WHERE merchant_id = ${merchant.id} AND day >= ${from}::date AND day <= ${to}::date
  )`;
  const joinOn = sql.join(
    ['day', ...keyColumns].map((column) => sql`${sql.ref(`s.${column}`)} = ${sql.ref(`f.${column}`)}`),
    sql` AND `,
  );
  const key =
    keyColumns.length === 0
      ? sql`''`
      : sql`concat_ws('/', ${sql.join(keyColumns.map((column) => sql`coalesce(${sql.ref(`s.${column}`)}, ${sql.ref(`f.${column}`)})::text`))})`;
  // Only days that were summed: a day without aggregates is read live from the detail, so cannot disagree.
  const { rows } = await sql<{
    day: string;
    key: string;
    stored: Record<string, unknown> | null;
    detail: Record<string, unknown> | null;
  }>`
    WITH summed AS (
      SELECT day::text AS day FROM report_daily_summary
      WHERE merchant_id = ${merchant.id} AND day >= ${from}::date AND day <= ${to}::date
    ),
    s AS (SELECT * FROM ${stored} AS s0),
    f AS (SELECT * FROM ${fresh} AS f0 WHERE f0.day IN (SELECT day FROM summed))
    SELECT coalesce(s.day, f.day) AS day, ${key} AS key,
           CASE WHEN s.day IS NULL THEN NULL ELSE jsonb_build_object(${sql.join(valueColumns.flatMap((column) => [sql.lit(column), sql`${sql.ref(`s.${column}`)}::text`]))}) END AS stored,
           CASE WHEN f.day IS NULL THEN NULL ELSE jsonb_build_object(${sql.join(valueColumns.flatMap((column) => [sql.lit(column), sql`${sql.ref(`f.${column}`)}::text`]))}) END AS detail
    FROM s FULL JOIN f ON ${joinOn}
    WHERE s.day IS NULL OR f.day IS NULL OR (${list('s', valueColumns)}) IS DISTINCT FROM (${list('f', valueColumns)})
    ORDER BY 1, 2
    LIMIT ${listedPerTable}`.execute(db);
  return rows.map((row) => ({ merchantId: merchant.id, table, ...row }));
}

/**
 * Compares every summed day of `from`..`to` with the detail as it is now: the summary, each game's
 * and each member's row. An empty list means the aggregates equal the detail. A mismatch means a
 * record reached a summed day after its last pass (or someone changed an aggregate): rebuild the days
 * (`npm run reports:rebuild`).
 */
export async function checkReportAggregates(
  db: Kysely<Database>,
  merchant: ReportMerchant,
  from: string,
  to: string,
): Promise<AggregateMismatch[]> {
  const toDayExclusive = addDays(to, 1);
  const span = {
    merchantId: merchant.id,
    timezone: merchant.timezone,
    fromDay: from,
    toDayExclusive,
    ...(await dayBounds(db, merchant.timezone, from, toDayExclusive)),
  };
  return [
    ...(await compare(db, merchant, 'report_daily_summary', [], summaryColumns, summaryDayRows(span), from, to)),
    ...(await compare(
      db,
      merchant,
      'report_daily_game',
      ['vassalage', 'game_id'],
      gameColumns,
      gameDayRows(span),
      from,
      to,
    )),
    ...(await compare(
      db,
      merchant,
      'report_daily_member',
      ['member_id'],
      memberColumns,
      memberDayRows(span),
      from,
      to,
    )),
    ...(await compare(
      db,
      merchant,
      'report_daily_member_product',
      ['member_id', 'product_type'],
      memberProductColumns,
      memberProductDayRows(span),
      from,
      to,
    )),
    // Each summed day's active players as the bits of report_member_month, against who has rounds in the detail.
    ...(await compare(
      db,
      merchant,
      'report_member_month',
      ['member_id'],
      ['active'],
      sql`(SELECT DISTINCT (b.settled_at AT TIME ZONE ${merchant.timezone})::date::text AS day, b.member_id, true AS active
           FROM ${settledBetRows(merchant.id, span.fromUtc, span.toUtc)} AS b)`,
      from,
      to,
      storedActivityRows(merchant.id, from, to),
    )),
  ];
}
