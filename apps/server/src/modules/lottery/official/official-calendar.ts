/**
 * When an official game draws: Bangkok days chosen by day of the month or weekday, at a Bangkok time,
 * with holiday changes (a day moved or skipped). The numero is the day the draw happens, `YYYYMMDD`.
 * Bangkok (and Vietnam) keep UTC+7 all year, so no time-zone database is needed. Pure functions.
 */
const bangkokOffsetMs = 7 * 3_600_000;
const dayMs = 86_400_000;

export interface OfficialSchedule {
  monthDays: readonly number[];
  /** ISO weekdays, 1 Monday .. 7 Sunday. */
  weekdays: readonly number[];
  /** `HH:MM` or `HH:MM:SS`, Bangkok time. */
  drawTime: string;
  lockSeconds: number;
}

/** A scheduled day (`YYYY-MM-DD`) moved to another day, or skipped (null). */
export type DayChanges = ReadonlyMap<string, string | null>;

export interface OfficialDrawSlot {
  numero: string;
  locksAtMs: number;
  drawsAtMs: number;
}

/** The Bangkok day (`YYYY-MM-DD`) of an instant. */
export function bangkokDayOf(instantMs: number): string {
  return new Date(instantMs + bangkokOffsetMs).toISOString().slice(0, 10);
}

function secondsOfDay(drawTime: string): number {
  const [hours, minutes, seconds] = drawTime.split(':').map(Number) as [number, number, number | undefined];
  return hours * 3600 + minutes * 60 + (seconds ?? 0);
}

/** Whether the schedule draws on a Bangkok day (before holiday changes). */
export function isScheduledDay(schedule: Pick<OfficialSchedule, 'monthDays' | 'weekdays'>, day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  const isoWeekday = ((date.getUTCDay() + 6) % 7) + 1;
  return schedule.monthDays.includes(date.getUTCDate()) || schedule.weekdays.includes(isoWeekday);
}

/**
 * The draws of the schedule whose scheduled day lies from `fromDay` for `days` days, after holiday
 * changes, skipping any whose bets would already be closed at `nowMs` (nobody could bet on it).
 */
export function officialDrawSlots(
  schedule: OfficialSchedule,
  changes: DayChanges,
  fromDay: string,
  days: number,
  nowMs: number,
): OfficialDrawSlot[] {
  const slots: OfficialDrawSlot[] = [];
  const startMs = Date.parse(`${fromDay}T00:00:00Z`);
  const timeMs = secondsOfDay(schedule.drawTime) * 1000;
  for (let index = 0; index < days; index += 1) {
    const scheduled = new Date(startMs + index * dayMs).toISOString().slice(0, 10);
    if (!isScheduledDay(schedule, scheduled)) continue;
    const drawDay = changes.has(scheduled) ? changes.get(scheduled)! : scheduled;
    if (drawDay === null) continue;
    const drawsAtMs = Date.parse(`${drawDay}T00:00:00Z`) + timeMs - bangkokOffsetMs;
    const locksAtMs = drawsAtMs - schedule.lockSeconds * 1000;
    if (locksAtMs <= nowMs) continue;
    slots.push({ numero: drawDay.replaceAll('-', ''), locksAtMs, drawsAtMs });
  }
  return slots;
}

/** The draw and lock instants of a draw on a Bangkok day (`YYYY-MM-DD`) at the schedule's time. */
export function drawTimesOn(
  schedule: Pick<OfficialSchedule, 'drawTime' | 'lockSeconds'>,
  day: string,
): { drawsAtMs: number; locksAtMs: number } {
  const drawsAtMs = Date.parse(`${day}T00:00:00Z`) + secondsOfDay(schedule.drawTime) * 1000 - bangkokOffsetMs;
  return { drawsAtMs, locksAtMs: drawsAtMs - schedule.lockSeconds * 1000 };
}
