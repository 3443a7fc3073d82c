import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { addDays } from './report-window.ts';

/**
 * Which members played on which summed days, one row per merchant, month and member
 * (`report_member_month`, migration 0050): bit d − 1 of `active_days` is set when the member has
 * settled rounds on day d of the month. It answers a range's distinct active players by reading about
 * one row per member and month instead of one per member and day. The job keeps it equal to the
 * day's `report_daily_member` rows with rounds, in the same transaction (compute-day.ts); the check
 * compares it with the detail (check-aggregates.ts).
 */

/** The first day of `day`'s month, `YYYY-MM-01`. */
export function monthOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The bit of `day` in its month's `active_days`. */
export function dayBit(day: string): number {
  return 1 << (Number(day.slice(8, 10)) - 1);
}

/** The months touching `from`..`to` (both included), each with the bits of the range's days in it. */
export function monthMasks(from: string, to: string): Array<{ month: string; mask: number }> {
  const masks: Array<{ month: string; mask: number }> = [];
  for (let month = monthOf(from); month <= to; month = monthOf(addDays(month, 31))) {
    const low = month >= from ? 0 : Number(from.slice(8, 10)) - 1;
    const last = addDays(monthOf(addDays(month, 31)), -1);
    const high = (last <= to ? Number(last.slice(8, 10)) : Number(to.slice(8, 10))) - 1;
    // Bits low..high: at most bits 0..30, so 2^31 − 2^low stays a positive int4.
    masks.push({ month, mask: 2 ** (high + 1) - 2 ** low });
  }
  return masks;
}

/**
 * Sets the day's bit for the members with rounds in the day's `report_daily_member` rows (just written)
 * and clears it for everyone else, deleting rows left with no day. Runs in the day's transaction; the
 * month's advisory lock (taken by the caller) keeps two days of one month from editing the same rows.
 */
export async function replaceDayActivity(trx: Transaction<Database>, merchantId: number, day: string): Promise<void> {
  const month = monthOf(day);
  const bit = dayBit(day);
  await sql`
    WITH played AS (
      SELECT member_id FROM report_daily_member
      WHERE merchant_id = ${merchantId} AND day = ${day}::date AND rounds > 0
    ),
    dropped AS (
      DELETE FROM report_member_month r
      WHERE r.merchant_id = ${merchantId} AND r.month = ${month}::date AND r.active_days = ${bit}::int4
        AND NOT EXISTS (SELECT 1 FROM played p WHERE p.member_id = r.member_id)
    ),
    cleared AS (
      UPDATE report_member_month r SET active_days = r.active_days & ~${bit}::int4
      WHERE r.merchant_id = ${merchantId} AND r.month = ${month}::date AND r.active_days & ${bit}::int4 <> 0
        AND r.active_days <> ${bit}::int4 AND NOT EXISTS (SELECT 1 FROM played p WHERE p.member_id = r.member_id)
    )
    INSERT INTO report_member_month AS r (merchant_id, month, member_id, active_days)
    SELECT ${merchantId}, ${month}::date, p.member_id, ${bit}::int4 FROM played p
    ON CONFLICT (merchant_id, month, member_id) DO UPDATE SET active_days = r.active_days | excluded.active_days
    WHERE r.active_days & excluded.active_days = 0`.execute(trx);
}

/** The members with rounds on any summed day of `from`..`to` (one row per member and month). */
export function activeMemberRows(merchantId: number, from: string, to: string): RawBuilder<{ member_id: bigint }> {
  const masks = from <= to ? monthMasks(from, to) : [];
  return sql<{ member_id: bigint }>`(
    SELECT r.member_id
    FROM unnest(${masks.map((m) => m.month)}::date[], ${masks.map((m) => m.mask)}::int4[]) AS w(month, mask)
    JOIN report_member_month r ON r.merchant_id = ${merchantId} AND r.month = w.month AND r.active_days & w.mask <> 0
  )`;
}

/** The stored bits of `from`..`to` as (day, member) rows, for the check. */
export function storedActivityRows(merchantId: number, from: string, to: string): RawBuilder<unknown> {
  return sql`(
    SELECT (r.month + b.bit)::text AS day, r.member_id, true AS active
    FROM report_member_month r CROSS JOIN generate_series(0, 30) AS b(bit)
    WHERE r.merchant_id = ${merchantId} AND r.month >= ${monthOf(from)}::date AND r.month <= ${to}::date
      AND r.active_days & (1 << b.bit) <> 0 AND r.month + b.bit >= ${from}::date AND r.month + b.bit <= ${to}::date
  )`;
}
