import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A merchant as the reports see it: its id and the time zone its days begin in. */
export interface ReportMerchant {
  id: number;
  timezone: string;
}

/**
 * Days `from`..`to` (both included, `YYYY-MM-DD` in the merchant's time zone) split into those read
 * from the aggregates and those computed live from the detail: today (open), and any closed day the
 * job has not summed yet (the days before the job first ran, or a day it missed).
 */
export interface ReportWindow {
  merchant: ReportMerchant;
  from: string;
  to: string;
  /** The merchant's today at the time of the call. */
  today: string;
  storedDays: string[];
  /** Days up to today without aggregates; days after today are empty and in neither list. */
  liveDays: string[];
  /** [liveFrom, liveTo) in UTC, covering every live day (null when there is none). */
  live: { fromDay: string; toDayExclusive: string; fromUtc: Date; toUtc: Date } | null;
  /** The range's bounds in UTC. */
  fromUtc: Date;
  toUtc: Date;
}

/** `day` plus `days` calendar days, as `YYYY-MM-DD`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The merchant's calendar day at `nowMs`. */
export async function localToday(db: Kysely<Database>, timezone: string, nowMs: number): Promise<string> {
  const { rows } = await sql<{ today: string }>`
    SELECT ((${new Date(nowMs)}::timestamptz) AT TIME ZONE ${timezone})::date::text AS today`.execute(db);
  return rows[0]!.today;
}

/** The UTC instants where the merchant's days `fromDay` and `toDayExclusive` begin. */
export async function dayBounds(
  db: Kysely<Database>,
  timezone: string,
  fromDay: string,
  toDayExclusive: string,
): Promise<{ fromUtc: Date; toUtc: Date }> {
  const { rows } = await sql<{ from_utc: Date; to_utc: Date }>`
    SELECT (${fromDay}::date::timestamp AT TIME ZONE ${timezone}) AS from_utc,
           (${toDayExclusive}::date::timestamp AT TIME ZONE ${timezone}) AS to_utc`.execute(db);
  return { fromUtc: rows[0]!.from_utc, toUtc: rows[0]!.to_utc };
}

export async function planWindow(
  db: Kysely<Database>,
  merchant: ReportMerchant,
  from: string,
  to: string,
  nowMs: number,
): Promise<ReportWindow> {
  const today = await localToday(db, merchant.timezone, nowMs);
  const { rows } = await sql<{ day: string }>`
    SELECT day::text AS day FROM report_daily_summary
    WHERE merchant_id = ${merchant.id} AND day >= ${from}::date AND day <= ${to}::date AND day < ${today}::date
    ORDER BY day`.execute(db);
  const storedDays = rows.map((row) => row.day);
  const stored = new Set(storedDays);
  const liveDays = daysOf(from, to).filter((day) => day <= today && !stored.has(day));
  const bounds = await dayBounds(db, merchant.timezone, from, addDays(to, 1));
  let live: ReportWindow['live'] = null;
  if (liveDays.length > 0) {
    const fromDay = liveDays[0]!;
    const toDayExclusive = addDays(liveDays[liveDays.length - 1]!, 1);
    live = { fromDay, toDayExclusive, ...(await dayBounds(db, merchant.timezone, fromDay, toDayExclusive)) };
  }
  return { merchant, from, to, today, storedDays, liveDays, live, ...bounds };
}
