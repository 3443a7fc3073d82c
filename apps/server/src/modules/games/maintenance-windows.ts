import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * A vendor's maintenance windows (migration 0040, README "Maintenance windows"): one-off (`starts_at`,
 * `ends_at`) or weekly (a weekday and a time range in the window's time zone, the merchant's). The
 * launch refuses a vendor's games inside any of them (409 `vendor_under_maintenance` with games to play
 * instead, spec §8) and the back-office shows the current one.
 */
export type MaintenanceWindow =
  | { kind: 'once'; startsAtMs: number; endsAtMs: number }
  | { kind: 'weekly'; weekday: number; startMinute: number; endMinute: number; timeZone: string };

export interface MaintenanceSpan {
  startsAt: number;
  endsAt: number;
}

const minuteMs = 60_000;
const dayMinutes = 24 * 60;
const weekdays: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formats = new Map<string, Intl.DateTimeFormat>();

/** The weekday (0 = Sunday) and the minute of the day (with its fraction) at `nowMs` in `timeZone`. */
export function localClock(nowMs: number, timeZone: string): { weekday: number; minute: number } {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(nowMs)).map((part) => [part.type, part.value]));
  const minute = Number(parts.hour) * 60 + Number(parts.minute) + (Number(parts.second) + (nowMs % 1000) / 1000) / 60;
  return { weekday: weekdays[parts.weekday!] ?? 0, minute };
}

/** The span of a weekly window that contains `nowMs`, or null. An end at or before the start runs past midnight. */
function weeklySpanAt(window: Extract<MaintenanceWindow, { kind: 'weekly' }>, nowMs: number): MaintenanceSpan | null {
  const { weekday, minute } = localClock(nowMs, window.timeZone);
  const length = (window.endMinute - window.startMinute + dayMinutes) % dayMinutes || dayMinutes;
  // Minutes since the window's start on its own weekday (this week's, or yesterday's for one past midnight).
  const sinceStart =
    weekday === window.weekday && minute >= window.startMinute
      ? minute - window.startMinute
      : weekday === (window.weekday + 1) % 7 && window.startMinute + length > dayMinutes
        ? minute + dayMinutes - window.startMinute
        : -1;
  if (sinceStart < 0 || sinceStart >= length) return null;
  const startsAt = Math.round(nowMs - sinceStart * minuteMs);
  return { startsAt, endsAt: startsAt + length * minuteMs };
}

/** The window the vendor is in at `nowMs` (the one ending last when several overlap), or null. */
export function maintenanceAt(windows: readonly MaintenanceWindow[], nowMs: number): MaintenanceSpan | null {
  let found: MaintenanceSpan | null = null;
  for (const window of windows) {
    const span =
      window.kind === 'once'
        ? window.startsAtMs <= nowMs && nowMs < window.endsAtMs
          ? { startsAt: window.startsAtMs, endsAt: window.endsAtMs }
          : null
        : weeklySpanAt(window, nowMs);
    if (span && (!found || span.endsAt > found.endsAt)) found = span;
  }
  return found;
}

export interface MaintenanceRow {
  id: string;
  vendor_id: number;
  kind: 'once' | 'weekly';
  starts_at: Date | null;
  ends_at: Date | null;
  weekday: number | null;
  start_minute: number | null;
  end_minute: number | null;
  time_zone: string;
}

export function windowOfRow(row: MaintenanceRow): MaintenanceWindow {
  return row.kind === 'once'
    ? { kind: 'once', startsAtMs: row.starts_at!.getTime(), endsAtMs: row.ends_at!.getTime() }
    : {
        kind: 'weekly',
        weekday: row.weekday!,
        startMinute: row.start_minute!,
        endMinute: row.end_minute!,
        timeZone: row.time_zone,
      };
}

/** The stored windows of these vendors (row ids of the merchant's `game_vendor`), in one query. */
export async function listMaintenanceRows(
  db: Kysely<Database>,
  merchantId: number,
  vendorIds: readonly number[],
): Promise<MaintenanceRow[]> {
  if (vendorIds.length === 0) return [];
  return db
    .selectFrom('game_vendor_maintenance')
    .select(['id', 'vendor_id', 'kind', 'starts_at', 'ends_at', 'weekday', 'start_minute', 'end_minute', 'time_zone'])
    .where('merchant_id', '=', merchantId)
    .where('vendor_id', 'in', vendorIds)
    .orderBy('id')
    .execute();
}
